/**
 * RULINGS-get-on-board R7 and R10–R18, through real clients (Local(), one
 * per seat) where it is a play.
 */
import { describe, expect, it } from 'vitest';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import {
  act,
  position,
  freshState,
  gameFrom,
  gameOn,
  mapT,
  playFrom,
  refused,
  seats,
  setRoute,
  setShape,
  startedState,
  view,
} from './helpers';
import { plotMoves, plotStatus } from '../../../src/games/get-on-board/legal';
import { sectionKey } from '../../../src/games/get-on-board/graph';
import { mapIdFor } from '../../../src/games/get-on-board/maps';
import { scoreSheet } from '../../../src/games/get-on-board/score';
import { createGetOnBoard } from '../../../src/games/get-on-board';
import type { GobResult, GobState } from '../../../src/games/get-on-board/types';

/** Any non-eliminating plot (or the only one). */
const anyPlot = (G: GobState, p: string) => {
  const all = plotMoves(G, p);
  return all.find((m) => !plotStatus(G, p, m.path).eliminated && !m.extra) ?? all[0];
};

describe('RULINGS R7, R10–R18', () => {
  it('R7 elimination: no more turns, skipped by the Inspector and objectives, markers stay, ranked last', async () => {
    mapT('R7', { '2,2': ['granny'] });
    const G = position('R7', ['2,2', '3,2', '3,3', '2,3'], 'D', 3);
    G.objectives = [
      { card: 'grannies5', side: 'yellow' },
      { card: 'students5', side: 'yellow' },
    ];
    G.players['0'].grannies = 5; // would score at phase 3, but is eliminated first
    setRoute(G, '1', ['1,1', '1,2', '2,2']);
    const cl = seats(gameFrom(G), 3);
    expect(await act(cl[0], 'plot', { path: ['2,2'] })).toBe(true);
    await refused(cl, '0', 'plot', { path: ['2,1'] });
    // Seat 1 may run along seat 0's eliminated route and earns a Connection for it.
    expect(plotStatus(view(cl[1]), '1', []).next.find((o) => o.to === '3,2')?.connections).toBe(1);
    expect(await act(cl[1], 'plot', anyPlot(view(cl[1]), '1'))).toBe(true);
    expect(await act(cl[2], 'plot', anyPlot(view(cl[2]), '2'))).toBe(true);
    let s = view(cl[1]);
    expect(s.round).toBe(2);
    expect(s.players['0'].objectives).toEqual([]);
    expect(s.objectives[0].side).toBe('yellow');
    expect(s.inspector).toBe('1');
    expect(s.players['0'].tickets).toHaveLength(1);
    // Round 2: seat 1 (Inspector), seat 2, then round 3 starts with seat 2: seat 0 is skipped throughout.
    expect(await act(cl[1], 'plot', anyPlot(view(cl[1]), '1'))).toBe(true);
    expect(await act(cl[2], 'plot', anyPlot(view(cl[2]), '2'))).toBe(true);
    s = view(cl[1]);
    expect([s.round, s.inspector, s.toPlay]).toEqual([3, '2', '2']);
  });

  it('R7 everyone eliminated: the game ends at once with no winner', async () => {
    mapT('R7b');
    const G = position('R7b', ['2,2', '3,2', '3,3', '2,3'], 'D');
    setRoute(G, '1', ['4,1', '4,2', '5,2', '5,1']);
    setShape(G, '1', 'D');
    setShape(G, '0', 'D');
    const cl = seats(gameFrom(G), 2);
    expect(await act(cl[0], 'plot', { path: ['2,2'] })).toBe(true);
    const only = plotMoves(view(cl[1]), '1').find((m) => m.path.length === 1 && m.path[0] === '4,1');
    expect(only).toBeDefined();
    expect(await act(cl[1], 'plot', only)).toBe(true);
    const over = cl[0].getState()!.ctx.gameover as GobResult;
    expect(over.winners).toEqual([]);
    expect(over.scores['0']).toMatchObject({ total: 0, eliminated: true });
  });

  it('R7 ranking: eliminated players rank last with 0; tied players share the victory', async () => {
    const departures = new Set(
      mapT('R7c')
        .intersections.filter((i) => i.departure)
        .map((i) => i.id as string),
    );
    const G = position('R7c', ['1,2', '2,2'], 'D', 3);
    G.round = 12;
    G.deck = [];
    setRoute(G, '2', ['2,2', '3,2', '3,3', '2,3']);
    G.players['2'].grannies = 8;
    G.players['2'].eliminated = true;
    G.players['2'].eliminatedRound = 5;
    const cl = seats(gameFrom(G), 3);
    expect(await act(cl[0], 'plot', { path: ['2,1'] })).toBe(true);
    const quiet = plotMoves(view(cl[1]), '1').find(
      (m) => !m.extra && m.path.every((x) => !departures.has(x)) && plotStatus(view(cl[1]), '1', m.path).turnCost === 0,
    );
    expect(await act(cl[1], 'plot', quiet)).toBe(true);
    const over = cl[0].getState()!.ctx.gameover as GobResult;
    expect(over.scores['0'].total).toBe(0);
    expect([...over.winners].sort()).toEqual(['0', '1']);
    expect(over.ranking[2]).toBe('2');
    expect(over.scores['2'].total).toBe(0);
  });

  it('R10 speedy colour: one colour for everyone, all game; the other colour is normal', async () => {
    mapT('R10', {}, { speedy: { [sectionKey('2,2', '3,2')]: 'yellow', [sectionKey('3,2', '3,3')]: 'burgundy' } });
    const G = freshState('R10', 2);
    G.deck = [8, 5, ...G.deck.filter((t) => t !== 8 && t !== 5)];
    const cl = seats(gameFrom(G), 2);
    for (const p of ['0', '1'])
      expect(await act(cl[Number(p)], 'chooseDeparture', { ticket: G.offers[p][0] })).toBe(true);
    for (const p of [view(cl[0]).toPlay!, view(cl[0]).toPlay === '0' ? '1' : '0'])
      expect(await act(cl[Number(p)], 'plot', anyPlot(view(cl[0]), p))).toBe(true);
    expect([view(cl[0]).ticket, view(cl[0]).speedy]).toEqual([5, 'yellow']);
    const S = position('R10', ['1,2', '2,2', '3,2'], 'D');
    S.speedy = 'yellow';
    expect(plotStatus(S, '0', []).next.find((o) => o.to === '3,3')).toEqual({
      to: '3,3',
      eliminates: false,
      turnCost: 0,
      connections: 0,
    });
  });

  it('R11 sharing: crossing and sharing others’ intersections and sections is free; never back on one’s own', async () => {
    mapT('R11');
    const G = position('R11', ['1,2', '2,2'], 'A');
    setRoute(G, '1', ['3,1', '3,2', '3,3', '4,3']);
    expect(plotStatus(G, '0', []).next.map((o) => o.to)).not.toContain('1,2');
    const cl = await playFrom(G, '0', { path: ['3,2', '4,2'] });
    expect(view(cl[1]).players['0'].eliminated).toBe(false);
    await refused(cl, '1', 'plot', { path: ['3,3'] });
  });

  it('R12 overflow: full zones ignore passengers; a full Tourist row never spills; memory aids have no cap', async () => {
    mapT('R12', { '3,2': ['granny', 'tourist'], '4,2': ['theaterLight'], '5,2': ['tourist'] });
    const G = position('R12', ['1,2', '2,2'], 'E');
    Object.assign(G.players['0'], { grannies: 8, theaterLight: 3 });
    G.players['0'].tourists = [
      { tourists: 2, value: 5 },
      { tourists: 2, value: 5 },
      { tourists: 4, value: null },
    ];
    const cl = await playFrom(G, '0', { path: ['3,2', '4,2', '5,2'] });
    const p = view(cl[1]).players['0'];
    expect(p.grannies).toBe(8);
    expect(p.theaterLight).toBe(4);
    expect(p.tourists[2]).toEqual({ tourists: 4, value: 14 });
  });

  it('R13 empty row: a Theater or Restaurant with nobody aboard does nothing and the row stays open', async () => {
    mapT('R13', { '3,2': ['theaterDark'], '4,2': ['restaurant'] });
    const G = position('R13', ['1,2', '2,2'], 'A');
    const cl = await playFrom(G, '0', { path: ['3,2', '4,2'] });
    const p = view(cl[1]).players['0'];
    expect(p.tourists[0]).toEqual({ tourists: 0, value: null });
    expect(p.flirts[0]).toEqual({ light: 0, dark: 0, value: null });
    expect(p.theaterDark).toBe(1);
  });

  it.each([
    [1, 1],
    [2, 2],
    [3, 4],
    [4, 7],
  ])('R14 half points: an open row of %i tourists scores %i; only the topmost open row counts', (n, half) => {
    const sheet = structuredClone(startedState('R13', 2).players['0']);
    sheet.tourists[0] = { tourists: n, value: null };
    sheet.flirts[0] = { light: 1, dark: 1, value: null };
    expect(scoreSheet(sheet, 0).theaters).toBe(half);
    expect(scoreSheet(sheet, 0).restaurants).toBe(3);
  });

  it('R15 objectives are checked only in phase 3, at the side the card shows then', async () => {
    mapT('R15', { '3,2': ['student'] });
    const G = position('R15', ['1,2', '2,2'], 'D');
    G.objectives = [
      { card: 'students5', side: 'blue' },
      { card: 'grannies5', side: 'yellow' },
    ];
    G.players['0'].students = 4;
    const cl = await playFrom(G, '0', { path: ['3,2'] });
    expect(view(cl[1]).players['0'].objectives).toEqual([]);
    expect(await act(cl[1], 'plot', anyPlot(view(cl[1]), '1'))).toBe(true);
    expect(view(cl[1]).players['0'].objectives).toEqual([{ card: 'students5', points: 6, round: 1 }]);
  });

  it('R17 map by player count: Rome for 2–3, Paris for 4–5, nothing else', () => {
    expect([2, 3, 4, 5].map(mapIdFor)).toEqual(['rome', 'rome', 'paris', 'paris']);
    expect(() => mapIdFor(1)).toThrow();
    const asked: number[] = [];
    mapT('R17');
    const game = createGetOnBoard({ mapFor: (n) => (asked.push(n), 'R17') });
    expect(InitializeGame({ game, numPlayers: 3 }).G.mapId).toBe('R17');
    expect(asked).toEqual([3]);
    expect(gameOn('R17').minPlayers).toBe(2);
    expect(gameOn('R17').maxPlayers).toBe(5);
  });

  it('R18 no passing: an empty plot is refused; the player to act always has a move', async () => {
    mapT('R18');
    const G = position('R18', ['1,2', '2,2'], 'D');
    const cl = seats(gameFrom(G), 2);
    await refused(cl, '0', 'plot', { path: [] });
    expect(plotMoves(view(cl[0]), '0').length).toBeGreaterThan(0);
    // Nor by a raw boardgame.io event: clients' events are refused whatever they send.
    const game = gameFrom(G);
    const reducer = CreateGameReducer({ game });
    const state = InitializeGame({ game, numPlayers: 2 });
    for (const type of ['endTurn', 'pass', 'endPhase', 'endGame', 'setActivePlayers']) {
      const next = reducer(state, {
        type: 'GAME_EVENT',
        payload: { type, args: type === 'setActivePlayers' ? [['1']] : [], playerID: '0' },
      } as never);
      expect(next._stateID, type).toBe(state._stateID);
      expect(next.ctx).toEqual(state.ctx);
    }
  });
});
