/**
 * The board's plot builder (plotBuilder.ts) and its state adapters
 * (sheetProps.ts) on whole seeded games through real boardgame.io clients:
 * every plot `ai.enumerate` lists can be built on the board marker by marker
 * (each next marker is one of the map's targets at that point, the extra
 * marker too), the built plot is exactly the move's arguments and the server
 * accepts it; the Connections the panel counts before Confirm are the ones
 * the sheet gains; taking a marker back drops it and those after it; the
 * running score on the sheet equals the final breakdown at the end.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EndScreen, optionText, PlotPanel } from '../../../../src/games/get-on-board/board/Panels';
import { enumerate } from '../../../../src/games/get-on-board/ai';
import {
  EMPTY_DRAFT,
  pick,
  takeBack,
  viewDraft,
  type Draft,
} from '../../../../src/games/get-on-board/board/plotBuilder';
import {
  logText,
  pawnsOf,
  routesOf,
  runningScore,
  sheetPropsOf,
} from '../../../../src/games/get-on-board/board/sheetProps';
import type { GobState, PlayerID, PointId } from '../../../../src/games/get-on-board/types';
import { plotStatus } from '../../../../src/games/get-on-board/legal';
import { gameOn, seats, act, view, type SeatClient } from '../helpers';

/** The plot panel of `me` for the plot in the making `drafted`, as markup (its buttons do nothing). */
function plotPanelHtml(G: GobState, me: PlayerID, drafted: ReturnType<typeof viewDraft>): string {
  const noop = () => undefined;
  return renderToStaticMarkup(
    createElement(PlotPanel, {
      G,
      me,
      view: drafted,
      hover: null,
      sending: false,
      onTakeBack: noop,
      onClear: noop,
      onAddExtra: noop,
      onCancelExtra: noop,
      onConfirm: noop,
    }),
  );
}

/** A tiny seeded PRNG for choosing among the listed plots (the game itself uses boardgame.io's random). */
function mulberry(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Build `path` (+ `extra`) on the board as a player would, checking each step is offered. */
function build(G: GobState, p: PlayerID, path: PointId[], extra?: PointId): Draft {
  let d: Draft = EMPTY_DRAFT;
  for (const to of path) {
    const v = viewDraft(G, p, d);
    expect(
      v.targets.map((o) => o.to),
      `marker ${to} of ${path.join(' ')}`,
    ).toContain(to);
    d = pick(d, v, to);
  }
  if (extra !== undefined) {
    const v = viewDraft(G, p, d);
    expect(v.extras.map((o) => o.to)).toContain(extra);
    d = pick({ ...d, addingExtra: true }, viewDraft(G, p, { ...d, addingExtra: true }), extra);
  }
  return d;
}

async function playGame(mapId: string, numPlayers: number, seed: number) {
  const rand = mulberry(seed);
  const clients: SeatClient[] = seats({ ...gameOn(mapId), seed: `builder-${seed}` }, numPlayers);
  let plots = 0;
  let checkedConnections = 0;
  let extrasAsked = 0;
  let doomedSeen = 0;
  for (let step = 0; step < 200; step++) {
    const state = clients[0].getState()!;
    if (state.ctx.gameover) break;
    const G0 = state.G;
    if (G0.round === 0) {
      for (const c of clients) {
        const G = view(c);
        const p = c.playerID!;
        if (G.choices[p] === null) expect(await act(c, 'chooseDeparture', { ticket: G.offers[p][0] })).toBe(true);
      }
      continue;
    }
    const p = G0.toPlay!;
    const client = clients[Number(p)];
    const G = view(client);
    const moves = enumerate(G, p);
    expect(moves.length).toBeGreaterThan(0);
    // A first marker is flagged doomed exactly when every listed plot through it (without the extra marker)
    // eliminates the player, though the marker itself does not.
    const safeFirst = new Set(
      moves
        .map((m) => m.args[0] as { path: PointId[]; extra?: PointId })
        .filter((a) => !plotStatus(G, p, a.path).eliminated)
        .map((a) => a.path[0]),
    );
    for (const t of viewDraft(G, p, EMPTY_DRAFT).targets) {
      // An eliminating marker is not said to bring what it does not (its Connections, a speedy section).
      if (t.eliminates) expect(optionText(t)).not.toMatch(/Connection|speedy/);
      if (t.eliminates) continue;
      expect(t.doomed === true, `first marker ${t.to} doomed`).toBe(!safeFirst.has(t.to));
      if (t.doomed) doomedSeen++;
    }
    const chosen = moves[Math.floor(rand() * moves.length)].args[0] as { path: PointId[]; extra?: PointId };
    const draft = build(G, p, chosen.path, chosen.extra);
    const v = viewDraft(G, p, draft);
    expect(v.args).toEqual(chosen);

    // Taking back the first marker empties the plot; taking back the extra marker keeps the path.
    expect(takeBack(draft, 0).path).toEqual([]);
    if (chosen.extra) expect(viewDraft(G, p, takeBack(draft, chosen.path.length)).args).toEqual({ path: chosen.path });
    if (chosen.extra) {
      // Asked for the extra marker, the panel says where to put it and offers the button no more.
      const asking = viewDraft(G, p, { path: chosen.path, extra: null, addingExtra: true });
      const panel = (v: ReturnType<typeof viewDraft>) => plotPanelHtml(G, p, v);
      const whole = viewDraft(G, p, { path: chosen.path, extra: null, addingExtra: false });
      const before = panel(whole);
      // Where every place for the extra marker would eliminate the player (the rules allow it), the panel says so.
      const allEliminate = whole.extras.every((o) => o.eliminates);
      expect(before).toContain('data-testid="add-extra"');
      expect(before).toContain(
        allEliminate
          ? 'Confirm your plot. A Metro extra marker could only end your line here.'
          : 'Confirm, or add the Metro extra marker.',
      );
      const html = panel(asking);
      expect(html).toContain(
        allEliminate
          ? 'Every place for the Metro extra marker ends your line: choose one to be eliminated, or confirm without it.'
          : 'Choose a ringed intersection for the Metro extra marker, or confirm without it.',
      );
      expect(html).toContain('data-testid="cancel-extra"');
      expect(html).not.toContain('data-testid="add-extra"');
      extrasAsked++;
    }

    const before = G.players[p].connections;
    expect(await act(client, 'plot', v.args)).toBe(true);
    plots++;
    const after = view(client).players[p];
    // Also when the plot eliminates: its eliminating marker brings no Connection, and the panel counts none for it.
    if (before + v.connections < 19) {
      expect(after.connections - before).toBe(v.connections);
      checkedConnections++;
    }
  }
  const end = clients[0].getState()!;
  expect(end.ctx.gameover).toBeTruthy();
  const G = end.G;
  for (const p of G.order) {
    expect(runningScore(G, p)).toBe(G.result!.scores[p].total);
    expect(sheetPropsOf(G, p, {}).score).toBe(G.result!.scores[p].total);
  }
  return { plots, checkedConnections, extrasAsked, doomedSeen, G };
}

describe('the board builds every listed plot, marker by marker', () => {
  it('on Rome, 3 players', async () => {
    const { plots, checkedConnections, doomedSeen } = await playGame('rome', 3, 1);
    expect(plots).toBeGreaterThan(12);
    // The check of doomed first markers above met at least one.
    expect(doomedSeen).toBeGreaterThan(0);
    expect(checkedConnections).toBeGreaterThan(5);
  });

  it('on Paris, 5 players', async () => {
    const { plots, G, extrasAsked, doomedSeen } = await playGame('paris', 5, 2);
    expect(doomedSeen).toBeGreaterThan(0);
    expect(plots).toBeGreaterThan(20);
    expect(extrasAsked, 'plots with the Metro extra marker').toBeGreaterThan(0);
    // Every line is drawn, in seat order, and names replace "Player n" in the log.
    expect(routesOf(G, {}).map((r) => r.points)).toEqual(G.order.map((p) => G.players[p].line));
    const named = G.log.map((e) => logText(e, G, { '0': 'Ana' }));
    expect(named.some((t) => t.includes('Ana (orange)'))).toBe(true);
    // The end screen says how each line of the scores was counted, and what elimination costs when it happened.
    const end = renderToStaticMarkup(createElement(EndScreen, { G, names: {}, onClose: () => undefined }));
    expect(end.match(/class="gob-score-how"/g)).toHaveLength(9);
    expect(end).toContain('2, 5 or 10 for 1, 2 or 3 of its sites');
    const anyEliminated = G.order.some((p) => G.result!.scores[p].eliminated);
    expect(end.includes('data-testid="eliminated-note"')).toBe(anyEliminated);
    // A bot's name keeps one pair of brackets: its level and its colour.
    const bot = G.log.map((e) => logText(e, G, { '1': 'Bot 2 (normal)' }));
    expect(bot.some((t) => /Bot 2 \(normal, \w+\)/.test(t))).toBe(true);
    expect(bot.some((t) => t.includes(') ('))).toBe(false);
    expect(named.some((t) => t.includes('Player 1 ('))).toBe(false);
  });

  it('offers no target that the move would refuse, and nothing once the plot is whole', async () => {
    const clients = seats({ ...gameOn('rome'), seed: 'builder-targets' }, 2);
    for (const c of clients) await act(c, 'chooseDeparture', { ticket: view(c).offers[c.playerID!][0] });
    const G = view(clients[0]);
    const p = G.toPlay!;
    const listed = new Set(enumerate(G, p).map((m) => JSON.stringify((m.args[0] as { path: PointId[] }).path)));
    // Walk every branch of targets: each complete draft is a listed plot, and each listed plot is reached.
    const reached = new Set<string>();
    const walk = (d: Draft) => {
      const v = viewDraft(G, p, d);
      if (v.status.complete) {
        expect(v.targets).toEqual([]);
        reached.add(JSON.stringify(d.path));
        return;
      }
      expect(v.targets.length).toBeGreaterThan(0);
      for (const o of v.targets) walk(pick(d, v, o.to));
    };
    walk(EMPTY_DRAFT);
    expect([...reached].sort()).toEqual([...listed].sort());
  });

  it('asks for the markers of a plot, and for "more" only once one is placed', async () => {
    const clients = seats({ ...gameOn('rome'), seed: 'builder-prompt' }, 2);
    for (const c of clients) await act(c, 'chooseDeparture', { ticket: view(c).offers[c.playerID!][0] });
    const G = view(clients[0]);
    const p = G.toPlay!;
    const prompt = (d: Draft) => {
      const v = viewDraft(G, p, d);
      const html = plotPanelHtml(G, p, v);
      return { v, text: /data-testid="plot-prompt"[^>]*>([^<]*)</.exec(html)![1] };
    };
    const first = prompt(EMPTY_DRAFT);
    const n = first.v.status.markersLeft;
    expect(first.text).toMatch(new RegExp(`^Place ${n} markers? on ringed intersections[,.]`));
    // This seed's first shape has 3 markers: after the first, 2 more.
    expect(n).toBe(3);
    const next = prompt(pick(EMPTY_DRAFT, first.v, first.v.targets[0].to));
    expect(next.text).toMatch(/^Place 2 more markers on ringed intersections[,.]/);
  });

  it("shows a player their own chosen departure before the reveal, and nobody else's", async () => {
    const clients = seats({ ...gameOn('paris'), seed: 'builder-pawns' }, 4);
    await act(clients[0], 'chooseDeparture', { ticket: view(clients[0]).offers['0'][1] });
    await act(clients[1], 'chooseDeparture', { ticket: view(clients[1]).offers['1'][0] });
    const mine = pawnsOf(view(clients[0]), {}, '0');
    expect(mine.map((p) => p.player)).toEqual(['0']);
    expect(pawnsOf(view(clients[1]), {}, '1').map((p) => p.player)).toEqual(['1']);
    // Seat 2 has not chosen, and sees no pawn at all.
    expect(pawnsOf(view(clients[2]), {}, '2')).toEqual([]);
    for (const c of clients.slice(2)) await act(c, 'chooseDeparture', { ticket: view(c).offers[c.playerID!][0] });
    expect(pawnsOf(view(clients[3]), {}, '3').map((p) => p.player)).toEqual(['0', '1', '2', '3']);
    expect(pawnsOf(view(clients[3]), {}, '3')[0].point).toBe(mine[0].point);
  });
});
