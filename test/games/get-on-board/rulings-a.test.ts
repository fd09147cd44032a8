/**
 * RULINGS-get-on-board R1–R9, each through real clients (Local(), one per
 * seat) where it is a play; every refused move leaves every view unchanged.
 */
import { describe, expect, it } from 'vitest';
import {
  act,
  position,
  gameFrom,
  lattice,
  mapT,
  playFrom,
  refused,
  seats,
  setRoute,
  startedState,
  view,
} from './helpers';
import { checkPlot, extraOptions, plotMoves, plotStatus } from '../../../src/games/get-on-board/legal';
import { MARKER_SUPPLY, shapeFor } from '../../../src/games/get-on-board/data';

describe('RULINGS R1–R9', () => {
  it('R1 reach: the own departure gives nothing and reaching it eliminates; others’ departures are normal M', async () => {
    mapT('R1');
    const start = startedState('R1', 2);
    for (const p of start.order) expect(start.players[p].metroCircled).toBe(0);
    const G = position('R1', ['3,1', '3,2', '4,2', '4,1'], 'D');
    const cl = await playFrom(G, '0', { path: ['3,1'] });
    expect(view(cl[1]).players['0']).toMatchObject({ eliminated: true, metroCircled: 0 });
    const H = position('R1', ['4,2', '4,1'], 'D');
    setRoute(H, '1', ['3,1']);
    const cl2 = await playFrom(H, '0', { path: ['3,1'] });
    expect(view(cl2[1]).players['0']).toMatchObject({ eliminated: false, metroCircled: 1 });
  });

  it('R2 order of effects: marker by marker (Flirt, Restaurant, Flirt); Connections see earlier plots of the round', async () => {
    mapT('R2', { '3,2': ['flirtLight'], '4,2': ['restaurant'], '5,2': ['flirtDark'] });
    const G = position('R2', ['1,2', '2,2'], 'E');
    setRoute(G, '1', ['5,1', '5,2']);
    const cl = seats(gameFrom(G), 2);
    expect(await act(cl[0], 'plot', { path: ['3,2', '4,2', '5,2'] })).toBe(true);
    const p = view(cl[1]).players['0'];
    expect(p.flirts.slice(0, 2)).toEqual([
      { light: 1, dark: 0, value: 2 },
      { light: 0, dark: 1, value: null },
    ]);
    // Seat 1 plots next over seat 0's fresh marker and crosses 1 circle for it.
    const over = plotMoves(view(cl[1]), '1').find((m) => m.path[0] === '4,2' && !m.extra);
    expect(over).toBeDefined();
    expect(plotStatus(view(cl[1]), '1', []).next.find((o) => o.to === '4,2')?.connections).toBe(1);
    expect(await act(cl[1], 'plot', over)).toBe(true);
    expect(view(cl[0]).players['1'].connections).toBeGreaterThanOrEqual(1);
    expect(view(cl[0]).players['0'].connections).toBe(0);
  });

  it('R3 atomic turn: malformed, unknown, out-of-turn or incomplete plots are refused, state untouched', async () => {
    mapT('R3');
    const G = position('R3', ['1,2', '2,2'], 'E');
    const cl = seats(gameFrom(G), 2);
    for (const bad of [
      undefined,
      null,
      'x',
      [],
      {},
      { path: '2,3' },
      { path: [] },
      { path: [1, 2, 3] },
      { path: ['9,9'] },
      { path: ['3,2', '4,2'] },
      { path: ['3,2', '4,2', '5,2', '5,3'] },
      { path: ['3,2', '4,2', '5,2'], extra: '5,3' },
      { path: ['3,2', '4,2', '5,2'], extra: 7 },
      { path: ['3,2', '4,2', '5,2'], other: 1 },
    ])
      await refused(cl, '0', 'plot', bad);
    await refused(cl, '1', 'plot', { path: ['5,3'] });
    for (const seat of ['constructor', '__proto__', '7', ''])
      expect([checkPlot(G, seat, { path: ['3,2', '4,2', '5,2'] }), plotStatus(G, seat, []).error]).toEqual([
        'There is no such player.',
        'There is no such player.',
      ]);
    await refused(cl, '0', 'chooseDeparture', { ticket: 1 });
    expect(await act(cl[0], 'plot', { path: ['3,2', '4,2', '5,2'] })).toBe(true);
  });

  it('R4 Turn zone use is automatic: shape C never needs one; a mismatch always crosses one', async () => {
    mapT('R4');
    const C = position('R4', ['1,2', '2,2'], 'C');
    C.players['0'].turnUsed = 5;
    expect(
      plotStatus(C, '0', ['3,2'])
        .next.map((o) => [o.to, o.turnCost])
        .sort(),
    ).toEqual([
      ['3,1', 0],
      ['3,3', 0],
      ['4,2', 0],
    ]);
    const A = position('R4', ['1,2', '2,2'], 'A');
    expect(plotStatus(A, '0', ['3,2']).next.find((o) => o.to === '3,3')?.turnCost).toBe(1);
    const cl = await playFrom(A, '0', { path: ['3,2', '3,3'] });
    expect(view(cl[1]).players['0'].turnUsed).toBe(1);
    A.players['0'].turnUsed = 5;
    await refused(seats(gameFrom(A), 2), '0', 'plot', { path: ['3,2', '3,3'] });
  });

  it('R5 off the map: edges and gaps are missing sections', async () => {
    const T = mapT('R5');
    lattice('R5gap', 5, 4, {}, { '1,1': 1, '3,1': 2, '5,1': 3, '1,4': 4, '3,4': 5, '5,4': 6 });
    const gap = { ...T, id: 'R5gap', sections: T.sections.filter((s) => !(s.a === '3,2' && s.b === '4,2')) };
    (await import('../../../src/games/get-on-board/maps')).registerMap(gap);
    const G = position('R5gap', ['1,2', '2,2', '3,2'], 'D');
    expect(
      plotStatus(G, '0', [])
        .next.map((o) => o.to)
        .sort(),
    ).toEqual(['3,1', '3,3']);
    await refused(seats(gameFrom(G), 2), '0', 'plot', { path: ['4,2'] });
    const E = position('R5', ['4,1', '5,1'], 'D');
    expect(plotStatus(E, '0', []).next.map((o) => o.to)).toEqual(['5,2']);
  });

  it('R6 fallback: too few Turn spaces (not only none) earns it; a shape that fits only through visited points does not', async () => {
    lattice('R6line', 5, 1, {}, { '1,1': 1, '2,1': 2, '3,1': 3, '4,1': 4 });
    const F = position('R6line', ['1,1', '2,1'], 'F');
    F.players['0'].turnUsed = 4; // 1 space left; F on a straight corridor needs 2
    expect(plotStatus(F, '0', [])).toMatchObject({ fallback: true, turnSpacesLeft: 1 });
    const B = position('R6line', ['1,1', '2,1'], 'B');
    B.players['0'].turnUsed = 4; // 1 space left: B can be laid straight for 1 space, and must be
    expect(plotStatus(B, '0', []).fallback).toBe(false);
    const cl = seats(gameFrom(B), 2);
    await refused(cl, '0', 'plot', { path: ['3,1'] });
    expect(await act(cl[0], 'plot', { path: ['3,1', '4,1'] })).toBe(true);
    expect(view(cl[1]).players['0'].turnUsed).toBe(5);

    mapT('R6');
    const V = position('R6', ['2,2', '2,1', '1,1', '1,2'], 'E');
    V.players['0'].turnUsed = 5;
    const status = plotStatus(V, '0', []);
    expect(status.fallback).toBe(false);
    expect(status.next).toEqual([{ to: '2,2', eliminates: true, turnCost: 0, connections: 0 }]);
    expect(plotMoves(V, '0')).toEqual([{ path: ['2,2'] }]);
    const cl2 = seats(gameFrom(V), 2);
    await refused(cl2, '0', 'plot', { path: ['1,3'] });
    expect(await act(cl2[0], 'plot', { path: ['2,2'] })).toBe(true);
    expect(view(cl2[1]).players['0'].eliminated).toBe(true);
  });

  it('R8 Metro extra marker: needs a circle, once per round, never after elimination; free joint; it can eliminate', async () => {
    mapT('R8', { '3,2': ['metro'], '4,2': ['metro'], '3,3': ['granny'] });
    const none = position('R8', ['1,3', '2,3'], 'D');
    expect(extraOptions(none, '0', ['3,3'])).toEqual([]);
    await refused(seats(gameFrom(none), 2), '0', 'plot', { path: ['3,3'], extra: '4,3' });
    const used = position('R8', ['1,3', '2,3'], 'D');
    Object.assign(used.players['0'], { metroCircled: 2, extraUsed: true });
    expect(extraOptions(used, '0', ['3,3'])).toEqual([]);
    const G = position('R8', ['1,2', '2,2'], 'D');
    // Circled this very plot; then the extra marker goes straight on at no Turn cost and circles another M.
    expect(
      extraOptions(G, '0', ['3,2'])
        .map((o) => [o.to, o.turnCost])
        .sort(),
    ).toEqual([
      ['3,1', 0],
      ['3,3', 0],
      ['4,2', 0],
    ]);
    const cl = await playFrom(G, '0', { path: ['3,2'], extra: '4,2' });
    expect(view(cl[1]).players['0']).toMatchObject({ metroCircled: 2, metroCrossed: 1, turnUsed: 0 });
    // With all 6 circles used, reaching an M does nothing and earns no extra marker.
    const full = position('R8', ['1,2', '2,2'], 'D');
    Object.assign(full.players['0'], { metroCircled: 6, metroCrossed: 6 });
    expect(extraOptions(full, '0', ['3,2'])).toEqual([]);
    const cl4 = await playFrom(full, '0', { path: ['3,2'] });
    expect(view(cl4[1]).players['0']).toMatchObject({ metroCircled: 6, metroCrossed: 6 });
    // After an eliminating plot: no extra marker.
    const E = position('R8', ['2,2', '2,3', '3,3', '3,2'], 'D');
    E.players['0'].metroCircled = 1;
    expect(extraOptions(E, '0', ['2,2'])).toEqual([]);
    await refused(seats(gameFrom(E), 2), '0', 'plot', { path: ['2,2'], extra: '1,2' });
    // The extra marker itself can eliminate.
    const X = position('R8', ['2,2', '2,3', '3,3', '4,3'], 'D');
    X.players['0'].metroCircled = 1;
    expect(extraOptions(X, '0', ['4,2']).find((o) => o.to === '3,2')).toBeDefined();
    const cl2 = await playFrom(X, '0', { path: ['4,2'], extra: '3,2' });
    expect(view(cl2[1]).players['0'].eliminated).toBe(false);
    const Y = position('R8', ['3,2', '2,2', '2,3', '3,3', '4,3'], 'D');
    Y.players['0'].metroCircled = 1;
    expect(extraOptions(Y, '0', ['4,2']).find((o) => o.to === '3,2')?.eliminates).toBe(true);
    const cl3 = await playFrom(Y, '0', { path: ['4,2'], extra: '3,2' });
    expect(view(cl3[1]).players['0']).toMatchObject({ eliminated: true, metroCrossed: 1 });
  });

  it('R9 markers: each sheet shows 26 shape markers over 12 tickets; with 6 extras, the supply of 32', () => {
    for (let sheet = 1; sheet <= 5; sheet++) {
      let markers = 0;
      for (let t = 1; t <= 12; t++) markers += shapeFor(sheet, t).markers;
      expect(markers + 6).toBe(MARKER_SUPPLY);
    }
  });
});
