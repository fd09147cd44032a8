/**
 * Each player's latest plot is drawn emphasised on the map (a play-through review: "you can't tell what a bot just
 * did without hunting for it"): the whole board rendered to static markup mid-round 2 of a 3-player Rome game, from
 * a seat and from a spectator. The player who has plotted in round 2 shows that plot; the others, who have not yet,
 * their round-1 plot; their older markers are not marked. The map's description says each in words, by station.
 * A match whose log holds no plot (as one stored before) shows no highlight and does not crash. The log and the
 * replay's steps (the same lines, logText) name an intersection by its station where it has a name.
 */
import type { Ctx, State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import { describe, expect, it } from 'vitest';
import { logText } from '../../../../src/games/get-on-board/board/sheetProps';
import { actingPlayers, enumerate } from '../../../../src/games/get-on-board/ai';
import { graphOf } from '../../../../src/games/get-on-board/graph';
import { playerView } from '../../../../src/games/get-on-board/view';
import type { GobState, PointId } from '../../../../src/games/get-on-board/types';
import { gameOn } from '../helpers';
import { renderBoard } from './render-board';

const NAME_BY_SEAT: Record<string, string> = { '0': 'Ana', '1': 'Bruno', '2': 'Carla' };

/** A 3-player Rome game played with each seat's first legal move until `stop` says so. */
function playUntil(stop: (G: GobState) => boolean): State<GobState> {
  const game = gameOn('rome');
  const reducer = CreateGameReducer({ game });
  let state = InitializeGame({ game: { ...game, seed: 'latest-plot' }, numPlayers: 3 }) as State<GobState>;
  for (let guard = 0; !stop(state.G); guard++) {
    if (guard > 60) throw new Error('the game did not reach the position');
    const actor = actingPlayers(state.G)[0];
    const [m] = enumerate(playerView(state.G, actor), actor);
    state = reducer(state, {
      type: 'MAKE_MOVE',
      payload: { type: m.move, args: m.args, playerID: actor },
    } as never) as State<GobState>;
  }
  return state;
}

function render(G: GobState, playerID: string | null) {
  const ctx = { numPlayers: 3, turn: 2, currentPlayer: G.inspector, playOrder: G.order, phase: null } as unknown as Ctx;
  return renderBoard(playerView(G, playerID), ctx, playerID);
}

/** Each emphasised plot on the map: its player, round and points. */
const latestOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<g class="gob-latest" data-latest="(\d)" data-round="(\d+)" data-points="([^"]*)"/g)].map(
      (m) => [m[1], { round: Number(m[2]), points: m[3].split(' ') }],
    ),
  );

/** The plot's points as the log's own entry lists them (the raw log names every point "column,row"). */
const loggedPlot = (G: GobState, p: string, round: number) => {
  const e = G.log.find((l) => l.player === p && l.round === round && l.text.includes(' plots '))!;
  return e.text.slice(e.text.indexOf(' plots ')).match(/\d+,\d+/g)!;
};

describe("Get on Board's map shows each player's latest plot", () => {
  // Round 2, after its first plot: one player has plotted this round, the other two not yet.
  const state = playUntil((G) => G.round === 2 && G.toPlay !== G.inspector);
  const G = state.G;
  const first = G.inspector;

  it.each<[string, string | null]>([
    ['a seat', '0'],
    ['a spectator', null],
  ])('marks the latest plot, not older markers (%s)', (_, seat) => {
    const html = render(G, seat);
    const latest = latestOf(html);
    expect(Object.keys(latest).sort()).toEqual(['0', '1', '2']);
    for (const p of G.order) {
      const round = p === first ? 2 : 1;
      const line = G.players[p].line;
      expect(latest[p], `player ${p}`).toEqual({ round, points: loggedPlot(G, p, round) });
      // Only the plot's tail of the line: the markers before it (round 1's, for the player who plotted in round 2) are
      // drawn in the subdued line alone.
      expect(line.slice(line.length - latest[p].points.length)).toEqual(latest[p].points);
      if (p === first) expect(latest[p].points.length).toBeLessThan(line.length);
    }
    expect(html).toContain('class="gob-routes gob-routes--latest"');
    // The map's text alternative: its description names each latest plot, by station where the point has a name.
    const desc = /<desc id="([^"]+)">([^<]*)<\/desc>/.exec(html)!;
    expect(html).toContain(`aria-describedby="${desc[1]}"`);
    const map = graphOf(G.mapId).map;
    const label = (q: string) => map.intersections.find((i) => i.id === q)?.name ?? q;
    for (const p of G.order) {
      const round = p === first ? 2 : 1;
      const words = `${NAME_BY_SEAT[p]}'s latest plot, round ${round}: ${latest[p].points.map(label).join(' → ')}.`;
      expect(desc[2].replace(/&#x27;/g, "'")).toContain(words);
    }
  });

  it('marks nothing at the departures, nor in a match whose log holds no plot', () => {
    const start = playUntil((g) => g.round === 1).G;
    expect(latestOf(render(start, '0'))).toEqual({});
    const old = { ...G, log: G.log.filter((e) => !e.text.includes(' plots ')) };
    const html = render(old, null);
    expect(latestOf(html)).toEqual({});
    expect(html).not.toContain('gob-routes--latest');
    expect(html).not.toContain('<desc');
  });

  it("no longer marks a plot two rounds old (an eliminated player's last)", () => {
    const later = { ...G, round: 4 };
    expect(latestOf(render(later, null))).toEqual({});
  });
});

describe("Get on Board's log names intersections by station", () => {
  const G = playUntil((g) => g.round === 2).G;
  const names = { '0': 'Ana', '1': 'Bruno', '2': 'Carla' };
  const points = graphOf('rome').points;
  const named = graphOf('rome').map.intersections.find((i) => i.name)!;
  const unnamed = graphOf('rome').map.intersections.find((i) => !i.name)!;

  it('says the station where the point has a name, column,row where it has none', () => {
    const entry = { round: 2, player: '0', text: `Player 1 (orange) plots ${named.id} → ${unnamed.id}.` };
    expect(logText(entry, G, names)).toBe(`Ana (orange) plots ${named.name} → ${unnamed.id}.`);
    const extra = {
      round: 2,
      player: '1',
      text: `Player 2 (blue) plots ${unnamed.id} → ${named.id}, then crosses a Metro circle for an extra marker to ${named.id}.`,
    };
    expect(logText(extra, G, names)).toBe(
      `Bruno (blue) plots ${unnamed.id} → ${named.name}, then crosses a Metro circle for an extra marker to ${named.name}.`,
    );
  });

  it("says every point of the game's own plot lines by its map label", () => {
    const plots = G.log.filter((e) => e.text.includes(' plots '));
    expect(plots.length).toBeGreaterThan(0);
    for (const e of plots) {
      const ids = e.text.match(/\d+,\d+/g)!;
      const text = logText(e, G, names);
      for (const id of ids) {
        const name = points.get(id as PointId)!.name;
        if (name) expect(text).toContain(name);
      }
      expect(text.match(/\d+,\d+/g) ?? []).toEqual(ids.filter((id) => !points.get(id as PointId)!.name));
    }
    // A departure line: "Ana (orange) departs from 3 (Piazza del Popolo)."
    const departure = G.log.find((e) => e.text.includes('departs from'))!;
    const at = /\((\d+,\d+)\)/.exec(departure.text)![1] as PointId;
    expect(logText(departure, G, names)).toContain(`(${points.get(at)!.name ?? at})`);
  });
});
