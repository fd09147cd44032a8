/**
 * RULINGS-get-on-board §12 worked examples 8–13, on test map T, played through
 * real boardgame.io clients (one per seat, Local()) where the example is a play.
 */
import { describe, expect, it } from 'vitest';
import {
  act,
  position,
  freshState,
  gameFrom,
  mapT,
  playFrom,
  refused,
  seats,
  setRoute,
  setShape,
  setToPlay,
  view,
} from './helpers';
import { extraOptions, plotMoves, plotStatus } from '../../../src/games/get-on-board/legal';
import { sectionKey } from '../../../src/games/get-on-board/graph';
import { scoreSheet } from '../../../src/games/get-on-board/score';
import type { GobResult, GobState, PointId } from '../../../src/games/get-on-board/types';

/** The first legal plot of `p` in `G` whose path reaches (or avoids) every point of `points`. */
function plotThrough(G: GobState, p: string, test: (path: PointId[]) => boolean) {
  const found = plotMoves(G, p).find((m) => !m.extra && test(m.path) && !plotStatus(G, p, m.path).eliminated);
  expect(found, `a plot for ${p}`).toBeDefined();
  return found!;
}

describe('RULINGS §12 worked examples 8–13', () => {
  it("8. Metro extra marker, same round: an opponent's departure M circled, crossed, extra marker to the 3rd Granny", async () => {
    mapT('T8', { '4,1': ['granny'] });
    const G = position('T8', ['3,3', '3,2'], 'D');
    setRoute(G, '1', ['3,1']);
    G.players['0'].grannies = 2;
    expect(extraOptions(G, '0', ['3,1']).map((o) => o.to)).toContain('4,1');
    const cl = await playFrom(G, '0', { path: ['3,1'], extra: '4,1' });
    const p = view(cl[1]).players['0'];
    expect(p).toMatchObject({ metroCircled: 1, metroCrossed: 1, grannies: 3, extraUsed: true });
    const s = scoreSheet(p, 0);
    expect([s.grannies, s.metro]).toEqual([3, 0]);
  });

  it('9. Two passengers and objectives: P scores 10 + 10, Q 10 the same round; both flip; R later scores 6', async () => {
    mapT('T9', { '3,2': ['student', 'granny'], '5,1': ['granny'], '4,2': ['granny'], '5,2': ['granny'] });
    const G = position('T9', ['1,2', '2,2'], 'D', 3);
    setRoute(G, '1', ['4,1']);
    G.objectives = [
      { card: 'grannies5', side: 'yellow' },
      { card: 'students5', side: 'yellow' },
    ];
    for (const p of ['0', '1', '2']) G.players[p].grannies = 4;
    G.players['0'].students = 4;
    const cl = seats(gameFrom(G), 3);
    expect(await act(cl[0], 'plot', { path: ['3,2'] })).toBe(true);
    const grannies = new Set(['5,1', '4,2', '5,2', '3,2']);
    const q = plotThrough(view(cl[1]), '1', (path) => path.some((x) => grannies.has(x)));
    expect(await act(cl[1], 'plot', q)).toBe(true);
    const r = plotThrough(view(cl[2]), '2', (path) => !path.some((x) => grannies.has(x)));
    expect(await act(cl[2], 'plot', r)).toBe(true);
    const s = view(cl[0]);
    expect(s.round).toBe(2);
    expect(s.players['0'].objectives.map((o) => [o.card, o.points])).toEqual([
      ['grannies5', 10],
      ['students5', 10],
    ]);
    expect(s.players['1'].objectives.map((o) => [o.card, o.points])).toEqual([['grannies5', 10]]);
    expect(s.players['2'].objectives).toEqual([]);
    expect(s.objectives.map((o) => o.side)).toEqual(['blue', 'blue']);

    // Later: R reaches a 5th Granny and scores 6.
    const M = position('T9', ['1,4'], 'D', 3);
    M.round = 2;
    M.objectives = s.objectives;
    setRoute(M, '2', ['4,3', '4,2']);
    M.players['2'].grannies = 4;
    setShape(M, '2', 'D');
    setToPlay(M, '2');
    const cl3 = seats(gameFrom(M), 3);
    expect(await act(cl3[2], 'plot', { path: ['5,2'] })).toBe(true);
    for (const p of ['0', '1'])
      expect(
        await act(
          cl3[Number(p)],
          'plot',
          plotThrough(view(cl3[0]), p, () => true),
        ),
      ).toBe(true);
    expect(view(cl3[0]).players['2'].objectives).toEqual([{ card: 'grannies5', points: 6, round: 2 }]);
  });

  it('10. Cinema cap: 6 Students and 5 Cinemas reached → 6 × 4 = 24', async () => {
    mapT('T10', { '3,2': ['cinema'] });
    const G = position('T10', ['1,2', '2,2'], 'D');
    Object.assign(G.players['0'], { students: 6, cinemas: 4 });
    const cl = await playFrom(G, '0', { path: ['3,2'] });
    const p = view(cl[1]).players['0'];
    expect([p.students, p.cinemas]).toEqual([6, 4]);
    expect(scoreSheet(p, 0).studentsCinemas).toBe(24);
  });

  it('11. Final score: the nine subtotals add up to 79, on the sheet and at the end of round 12', async () => {
    mapT('T11', {}, { sites: { '2,3': 'a', '3,3': 'b', '4,3': 'c' } });
    const G = position('T11', ['1,2', '2,2'], 'D');
    G.round = 12;
    G.deck = [];
    G.objectives = [
      { card: 'grannies5', side: 'blue' },
      { card: 'tourists5', side: 'blue' },
    ];
    Object.assign(G.players['0'], {
      metroCircled: 4,
      metroCrossed: 2,
      turnUsed: 3,
      grannies: 6,
      students: 4,
      cinemas: 3,
      tourists: [
        { tourists: 3, value: 9 },
        { tourists: 2, value: 5 },
        { tourists: 3, value: null },
      ],
      flirts: [
        { light: 2, dark: 2, value: 12 },
        { light: 1, dark: 1, value: null },
        { light: 0, dark: 0, value: null },
      ],
      objectives: [
        { card: 'grannies5', points: 10, round: 3 },
        { card: 'tourists5', points: 6, round: 7 },
      ],
      personal: 'T11-1',
      sites: ['a', 'b'],
      connections: 11,
    });
    const expected = {
      metro: 4,
      turns: -5,
      grannies: 9,
      studentsCinemas: 12,
      theaters: 18,
      restaurants: 15,
      common: 16,
      personal: 5,
      connections: 5,
      total: 79,
    };
    expect(scoreSheet(G.players['0'], 2)).toEqual(expected);
    const cl = seats(gameFrom(G), 2);
    expect(await act(cl[0], 'plot', { path: ['2,1'] })).toBe(true);
    expect(
      await act(
        cl[1],
        'plot',
        plotThrough(view(cl[1]), '1', () => true),
      ),
    ).toBe(true);
    const over = cl[0].getState()!.ctx.gameover as GobResult;
    expect(over.scores['0']).toEqual({ ...expected, eliminated: false });
  });

  it.each([
    [8, 'yellow'],
    [5, 'burgundy'],
  ])('12. Speedy colour: first ticket %i → %s for the whole game', async (first, colour) => {
    mapT('T12', {}, { speedy: { [sectionKey('2,2', '3,2')]: 'yellow', [sectionKey('3,2', '3,3')]: 'burgundy' } });
    const G = freshState('T12', 2);
    G.deck = [first, ...G.deck.filter((t) => t !== first)];
    const cl = seats(gameFrom(G), 2);
    for (const p of ['0', '1'])
      expect(await act(cl[Number(p)], 'chooseDeparture', { ticket: G.offers[p][0] })).toBe(true);
    const s = view(cl[0]);
    expect([s.round, s.ticket, s.speedy]).toEqual([1, first, colour]);
  });

  it('13. Fallback off the map: shape E, all Turn spaces used: 1 marker to (1,2), (2,3) or (2,1) (eliminates)', async () => {
    mapT('T13');
    const G = position('T13', ['2,1', '3,1', '3,2', '2,2'], 'E');
    G.players['0'].turnUsed = 5;
    const status = plotStatus(G, '0', []);
    expect(status.fallback).toBe(true);
    expect(status.next.map((o) => [o.to, o.eliminates]).sort()).toEqual([
      ['1,2', false],
      ['2,1', true],
      ['2,3', false],
    ]);
    const cl = seats(gameFrom(G), 2);
    await refused(cl, '0', 'plot', { path: ['1,2', '0,2'] });
    await refused(cl, '0', 'plot', { path: ['2,3', '2,4'] });
    expect(await act(cl[0], 'plot', { path: ['2,3'] })).toBe(true);
    expect(view(cl[0]).players['0'].line.at(-1)).toBe('2,3');
  });
});
