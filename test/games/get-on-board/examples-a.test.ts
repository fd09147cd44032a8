/**
 * RULINGS-get-on-board §12 worked examples 1–7, on test map T, played through
 * real boardgame.io clients (one per seat, Local()) where the example is a play.
 */
import { describe, expect, it } from 'vitest';
import { act, position, mapT, playFrom, refused, seats, gameFrom, setRoute, setShape, view } from './helpers';
import { shapeFor } from '../../../src/games/get-on-board/data';
import { plotStatus } from '../../../src/games/get-on-board/legal';
import { sectionKey } from '../../../src/games/get-on-board/graph';
import { gameResult } from '../../../src/games/get-on-board/flow';
import { scoreSheet } from '../../../src/games/get-on-board/score';
import type { GobState } from '../../../src/games/get-on-board/types';
import { waitingOn } from '../../../src/games/common/waiting-room';
import { getOnBoard } from '../../../src/games/get-on-board/def';

/** A 2- or 3-player position on `mapId` in round 1, seat 0 to plot shape `shape` from `line`. */
function examplePosition(
  mapId: string,
  line: string[],
  shape: Parameters<typeof setShape>[2],
  numPlayers = 2,
): GobState {
  return position(mapId, line, shape, numPlayers, ['5,4', '5,1']);
}

describe('RULINGS §12 worked examples 1–7', () => {
  it('1. Shape lookup: sheet 3 ticket 8 → F, sheet 5 ticket 12 → B, sheet 1 ticket 4 → D', () => {
    expect(shapeFor(3, 8).id).toBe('F');
    expect(shapeFor(5, 12).id).toBe('B');
    expect(shapeFor(1, 4).id).toBe('D');
    // Every round, different sheets show different shapes.
    for (let t = 1; t <= 12; t++) expect(new Set([1, 2, 3, 4, 5].map((s) => shapeFor(s, t).id)).size).toBe(5);
    mapT('T1');
    const G = examplePosition('T1', ['1,2', '2,2'], 'A');
    G.players['0'].variant = 3;
    G.players['1'].variant = 5;
    G.ticket = 8;
    const cl = seats(gameFrom(G), 2);
    expect(plotStatus(view(cl[1]), '0', []).shape.id).toBe('F');
    expect(plotStatus(view(cl[1]), '1', []).shape.id).toBe(shapeFor(5, 8).id);
  });

  it('2. Free joint, turn count: (1,2)→(2,2), shape F, plot (2,3),(3,3),(3,2) uses no Turn space', async () => {
    mapT('T2');
    const G = examplePosition('T2', ['1,2', '2,2'], 'F');
    const first = plotStatus(G, '0', ['2,3']);
    expect(first.next.find((o) => o.to === '3,3')).toMatchObject({ turnCost: 0, eliminates: false });
    expect(first.jointsLeft).toEqual(['turn', 'turn']);
    const cl = await playFrom(G, '0', { path: ['2,3', '3,3', '3,2'] });
    const s = view(cl[1]);
    expect(s.players['0'].turnUsed).toBe(0);
    expect(s.players['0'].line).toEqual(['1,2', '2,2', '2,3', '3,3', '3,2']);
  });

  it('3. Forced Turn space: shape E with 4 spaces used; with all 5 used, the 1-marker fallback', async () => {
    mapT('T3');
    const G = examplePosition('T3', ['2,2', '3,2'], 'E');
    G.players['0'].turnUsed = 4;
    const status = plotStatus(G, '0', []);
    expect(status.fallback).toBe(false);
    const cl = seats(gameFrom(G), 2);
    await refused(cl, '0', 'plot', { path: ['4,2'] });
    expect(await act(cl[0], 'plot', { path: ['4,2', '5,2', '5,3'] })).toBe(true);
    const s = view(cl[1]);
    expect(s.players['0'].turnUsed).toBe(5);
    expect(scoreSheet(s.players['0'], 0).turns).toBe(-10);

    const H = examplePosition('T3', ['2,2', '3,2'], 'E');
    H.players['0'].turnUsed = 5;
    const fb = plotStatus(H, '0', []);
    expect(fb.fallback).toBe(true);
    expect(fb.next.map((o) => o.to).sort()).toEqual(['3,1', '3,3', '4,2']);
    expect(fb.next.every((o) => o.turnCost === 0 && !o.eliminates)).toBe(true);
    const cl2 = seats(gameFrom(H), 2);
    await refused(cl2, '0', 'plot', { path: ['4,2', '5,2'] });
    await refused(cl2, '0', 'plot', { path: ['2,2'] });
    expect(await act(cl2[0], 'plot', { path: ['3,1'] })).toBe(true);
    expect(view(cl2[1]).players['0'].turnUsed).toBe(5);
  });

  it('4. Elimination: going north from (2,3) reaches the departure (2,2) after 1 marker', async () => {
    mapT('T4');
    const G = examplePosition('T4', ['2,2', '3,2', '3,3', '2,3'], 'A');
    const north = plotStatus(G, '0', []).next.find((o) => o.to === '2,2');
    expect(north).toMatchObject({ eliminates: true });
    const cl = seats(gameFrom(G), 2);
    await refused(cl, '0', 'plot', { path: ['2,2', '2,1'] });
    expect(await act(cl[0], 'plot', { path: ['2,2'] })).toBe(true);
    const s = view(cl[1]);
    expect(s.players['0']).toMatchObject({ eliminated: true, eliminatedRound: 1 });
    // The markers stay on the board.
    expect(s.players['0'].line).toEqual(['2,2', '3,2', '3,3', '2,3', '2,2']);
    expect(gameResult(s).scores['0']).toMatchObject({ total: 0, eliminated: true });
    const after = cl[1].getState()!;
    expect(waitingOn(after.ctx, after.G, getOnBoard.waitingOn)).toEqual(['1']);
  });

  it('5. Connections: 2 other markers → +2 (score 3 at 7); Rome yellow +1 with 1 other; burgundy +0; cap 19', async () => {
    mapT('T5');
    const G = examplePosition('T5', ['1,2', '2,2', '3,2'], 'D', 3);
    setRoute(G, '1', ['4,1', '4,2', '3,2', '3,1']);
    setRoute(G, '2', ['5,2', '4,2', '3,2', '3,3']);
    G.players['0'].connections = 5;
    let cl = await playFrom(G, '0', { path: ['4,2'] });
    expect(view(cl[1]).players['0'].connections).toBe(7);
    expect(scoreSheet(view(cl[1]).players['0'], 0).connections).toBe(3);

    const speedy = { [sectionKey('3,2', '4,2')]: 'yellow', [sectionKey('4,2', '4,3')]: 'burgundy' } as const;
    mapT('T5r', {}, { speedy });
    const R = examplePosition('T5r', ['1,2', '2,2', '3,2'], 'B', 3);
    R.speedy = 'yellow';
    setRoute(R, '1', ['4,1', '4,2', '3,2', '3,1']);
    expect(plotStatus(R, '0', []).next.find((o) => o.to === '4,2')).toMatchObject({ speedy: 'yellow', connections: 2 });
    cl = await playFrom(R, '0', { path: ['4,2', '4,3'] });
    expect(view(cl[1]).players['0'].connections).toBe(2);

    const C = examplePosition('T5r', ['1,2', '2,2', '3,2'], 'D', 3);
    C.speedy = 'yellow';
    setRoute(C, '1', ['4,1', '4,2', '3,2', '3,1']);
    setRoute(C, '2', ['5,2', '4,2', '3,2', '3,3']);
    C.players['0'].connections = 18;
    cl = await playFrom(C, '0', { path: ['4,2'] });
    expect(view(cl[1]).players['0'].connections).toBe(19);
    expect(scoreSheet(view(cl[1]).players['0'], 0).connections).toBe(10);
  });

  it('6. Tourists and Theaters: row 1 with 2 tourists; Tourist, dark Theater, Tourist', async () => {
    mapT('T6', { '3,2': ['tourist'], '4,2': ['theaterDark'], '5,2': ['tourist'] });
    const G = examplePosition('T6', ['1,2', '2,2'], 'E');
    G.players['0'].tourists[0].tourists = 2;
    const cl = await playFrom(G, '0', { path: ['3,2', '4,2', '5,2'] });
    const p = view(cl[1]).players['0'];
    expect(p.tourists).toEqual([
      { tourists: 3, value: 9 },
      { tourists: 1, value: null },
      { tourists: 0, value: null },
    ]);
    expect(p.theaterDark).toBe(1);
    expect(scoreSheet(p, 0).theaters).toBe(10);
  });

  it('7. Flirts and Restaurants: light, light, dark, Restaurant → 8; later three dark: the third is ignored', async () => {
    mapT('T7', { '3,2': ['flirtLight'], '4,2': ['flirtLight'], '5,2': ['flirtDark'], '5,3': ['restaurant'] });
    const G = examplePosition('T7', ['1,2', '2,2'], 'E');
    G.players['0'].metroCircled = 1;
    let cl = await playFrom(G, '0', { path: ['3,2', '4,2', '5,2'], extra: '5,3' });
    expect(view(cl[1]).players['0'].flirts[0]).toEqual({ light: 2, dark: 1, value: 8 });

    mapT('T7b', { '2,2': ['flirtDark'], '3,2': ['flirtDark'], '4,2': ['flirtDark'] });
    const H = examplePosition('T7b', ['1,2'], 'E');
    H.players['0'].flirts[0] = { light: 2, dark: 1, value: 8 };
    cl = await playFrom(H, '0', { path: ['2,2', '3,2', '4,2'] });
    const p = view(cl[1]).players['0'];
    expect(p.flirts[1]).toEqual({ light: 0, dark: 2, value: null });
    expect(scoreSheet(p, 0).restaurants).toBe(8 + 2);
  });
});
