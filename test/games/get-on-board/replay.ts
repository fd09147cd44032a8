/**
 * An independent re-reading of the rules for the simulation: it replays
 * every accepted plot over the map, marker by marker, and rebuilds each
 * player's sheet and score from the board alone, to compare with the game's.
 */
import { getMap } from '../../../src/games/get-on-board/maps';
import type { Icon, MapDef } from '../../../src/games/get-on-board/maps/types';
import { shapeFor } from '../../../src/games/get-on-board/data';
import type { GobState, PlayerID, PointId } from '../../../src/games/get-on-board/types';

interface Model {
  line: PointId[];
  eliminated: boolean;
  metro: number;
  crossed: number;
  turns: number;
  granny: number;
  student: number;
  cinema: number;
  tour: number[];
  tourVal: (number | null)[];
  light: number;
  dark: number;
  fl: [number, number][];
  flVal: (number | null)[];
  conn: number;
  sites: Set<string>;
  objectives: string[];
}

const key = (p: string, q: string) => [p, q].sort().join('~');

/** The replay of one game. */
export class Replay {
  map: MapDef;
  players: Record<PlayerID, Model> = {};
  sides: Record<string, 'yellow' | 'blue'> = {};
  constructor(G: GobState) {
    this.map = getMap(G.mapId);
    for (const p of G.order) {
      this.players[p] = {
        line: [...G.players[p].line],
        eliminated: false,
        metro: 0,
        crossed: 0,
        turns: 0,
        granny: 0,
        student: 0,
        cinema: 0,
        tour: [0, 0, 0],
        tourVal: [null, null, null],
        light: 0,
        dark: 0,
        fl: [
          [0, 0],
          [0, 0],
          [0, 0],
        ],
        flVal: [null, null, null],
        conn: 0,
        sites: new Set(),
        objectives: [],
      };
    }
    for (const o of G.objectives) this.sides[o.card] = o.side;
  }

  private icon(m: Model, icon: Icon): void {
    const t = m.tourVal.indexOf(null);
    const f = m.flVal.indexOf(null);
    if (icon === 'metro') m.metro = Math.min(6, m.metro + 1);
    if (icon === 'granny') m.granny = Math.min(8, m.granny + 1);
    if (icon === 'student') m.student = Math.min(6, m.student + 1);
    if (icon === 'cinema') m.cinema = Math.min(4, m.cinema + 1);
    if (icon === 'tourist' && t >= 0) m.tour[t] = Math.min(4, m.tour[t] + 1);
    if (icon === 'theaterLight') m.light++;
    if (icon === 'theaterDark') m.dark++;
    if ((icon === 'theaterLight' || icon === 'theaterDark') && t >= 0 && m.tour[t] > 0)
      m.tourVal[t] = [0, 2, 5, 9, 14][m.tour[t]];
    if (icon === 'flirtLight' && f >= 0) m.fl[f][0] = Math.min(2, m.fl[f][0] + 1);
    if (icon === 'flirtDark' && f >= 0) m.fl[f][1] = Math.min(2, m.fl[f][1] + 1);
    if (icon === 'restaurant' && f >= 0 && m.fl[f][0] + m.fl[f][1] > 0) {
      const [l, d] = m.fl[f];
      m.flVal[f] = 6 * Math.min(l, d) + 2 * Math.abs(l - d);
    }
  }

  private marker(p: PlayerID, to: PointId, speedy: string | null): void {
    const m = this.players[p];
    const from = m.line[m.line.length - 1];
    const revisit = m.line.includes(to);
    m.line.push(to);
    if (revisit) {
      m.eliminated = true;
      return;
    }
    const k = key(from, to);
    let others = 0;
    for (const q in this.players)
      if (q !== p)
        for (let i = 1; i < this.players[q].line.length; i++)
          if (key(this.players[q].line[i - 1], this.players[q].line[i]) === k) others++;
    const section = this.map.sections.find((s) => key(s.a, s.b) === k)!;
    if (speedy && section.speedy === speedy) others++;
    m.conn = Math.min(19, m.conn + others);
    const point = this.map.intersections.find((i) => i.id === to)!;
    for (const icon of point.icons) this.icon(m, icon);
    if (point.site) m.sites.add(point.site);
  }

  /** Replay one accepted plot of `p` in the state `G` it was made in. */
  plot(G: GobState, p: PlayerID, path: PointId[], extra?: PointId): void {
    const m = this.players[p];
    const shape = shapeFor(G.players[p].variant, G.ticket!);
    const dir = (a: string, b: string) => {
      const [ax, ay] = a.split(',').map(Number);
      const [bx, by] = b.split(',').map(Number);
      return `${bx - ax},${by - ay}`;
    };
    const start = m.line.length - 1;
    for (const to of path) {
      this.marker(p, to, G.speedy);
      if (m.eliminated) break;
    }
    // Turn spaces: the internal joints of the markers placed whose type differs from the shape's (R4, R7).
    const placed = m.line.slice(start);
    for (let j = 1; j < placed.length - 1; j++) {
      const turn = dir(placed[j - 1], placed[j]) !== dir(placed[j], placed[j + 1]);
      const need = shape.joints[j - 1];
      if (need !== 'any' && (need === 'turn') !== turn) m.turns++;
    }
    if (!m.eliminated && extra) {
      m.crossed++;
      this.marker(p, extra, G.speedy);
    }
  }

  /** Phase 3 of a round (R15). */
  objectives(round: number, cards: string[]): void {
    const flips: string[] = [];
    for (const card of cards)
      for (const p in this.players) {
        const m = this.players[p];
        if (m.eliminated || m.objectives.some((o) => o.startsWith(card))) continue;
        const count = {
          grannies5: m.granny,
          students5: m.student,
          tourists5: m.tour.reduce((a, b) => a + b, 0),
          flirts5: m.fl.reduce((a, [l, d]) => a + l + d, 0),
          theaterLight3: m.light,
          theaterDark3: m.dark,
        }[card]!;
        if (count < (card.startsWith('theater') ? 3 : 5)) continue;
        m.objectives.push(`${card}:${this.sides[card] === 'yellow' ? 10 : 6}:${round}`);
        flips.push(card);
      }
    for (const c of flips) this.sides[c] = 'blue';
  }

  /** A player's total from the replayed board (0 when eliminated). */
  total(G: GobState, p: PlayerID): number {
    const m = this.players[p];
    if (m.eliminated) return 0;
    const half = (vals: (number | null)[], open: (i: number) => number) => {
      const top = vals.indexOf(null);
      return vals.reduce<number>((a, v, i) => a + (v ?? (i === top ? Math.floor(open(i) / 2) : 0)), 0);
    };
    const card = this.map.personalObjectives.find((o) => o.id === G.players[p].personal)!;
    const targets = card.sites.filter((s) => m.sites.has(s)).length;
    return (
      2 * (m.metro - m.crossed) +
      [0, -1, -3, -5, -7, -10][m.turns] +
      [0, 1, 2, 3, 5, 7, 9, 12, 15][m.granny] +
      m.student * m.cinema +
      half(m.tourVal, (i) => [0, 2, 5, 9, 14][m.tour[i]]) +
      half(m.flVal, (i) => 6 * Math.min(...m.fl[i]) + 2 * Math.abs(m.fl[i][0] - m.fl[i][1])) +
      m.objectives.reduce((a, o) => a + Number(o.split(':')[1]), 0) +
      [0, 2, 5, 10][targets] +
      (m.conn >= 19 ? 10 : Math.floor(m.conn / 2))
    );
  }

  /** Every difference between the replayed sheets and the game's. */
  errors(G: GobState): string[] {
    const errors: string[] = [];
    for (const p in this.players) {
      const m = this.players[p];
      const s = G.players[p];
      const same = (what: string, a: unknown, b: unknown) => {
        if (JSON.stringify(a) !== JSON.stringify(b))
          errors.push(`${p} ${what}: replay ${JSON.stringify(a)} game ${JSON.stringify(b)}`);
      };
      same('line', m.line, s.line);
      same('eliminated', m.eliminated, s.eliminated);
      if (m.eliminated) continue;
      same('metro', [m.metro, m.crossed], [s.metroCircled, s.metroCrossed]);
      same('turns', m.turns, s.turnUsed);
      same(
        'passengers',
        [m.granny, m.student, m.cinema, m.light, m.dark],
        [s.grannies, s.students, s.cinemas, s.theaterLight, s.theaterDark],
      );
      same('tourists', [m.tour, m.tourVal], [s.tourists.map((r) => r.tourists), s.tourists.map((r) => r.value)]);
      same('flirts', [m.fl, m.flVal], [s.flirts.map((r) => [r.light, r.dark]), s.flirts.map((r) => r.value)]);
      same('connections', m.conn, s.connections);
      same(
        'objectives',
        m.objectives,
        s.objectives.map((o) => `${o.card}:${o.points}:${o.round}`),
      );
    }
    return errors;
  }
}
