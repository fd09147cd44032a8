/**
 * The rulebook's own worked examples ([RB n] = line n of the rulebook OCR)
 * that RULINGS §12 does not already restate, on test map T, played through
 * real boardgame.io clients (one per seat, Local()). The others are in
 * examples-a/b: RB 110 = example 12, RB 161 = 2, RB 195 = 8, RB 223 = 4,
 * RB 375 = 9.
 */
import { describe, expect, it } from 'vitest';
import { act, position, gameFrom, mapT, playFrom, refused, seats, view } from './helpers';
import { plotStatus } from '../../../src/games/get-on-board/legal';
import type { GobState, ShapeId } from '../../../src/games/get-on-board/types';

/** A 2-player position on `mapId` in round 1, seat 0 to plot shape `shape` from `line`, seat 1 at 5,1. */
function rulebookPosition(mapId: string, line: string[], shape: ShapeId): GobState {
  return position(mapId, line, shape, 2, ['5,1']);
}

describe('Rulebook worked examples', () => {
  // The line runs west along row 3, down to (1,4) and east to (2,4); the shape is B (2 markers, 1 turn).
  // After a first marker east to (3,4), the turn can only go north, onto (3,3), already on the line.
  const LINE = ['4,3', '3,3', '2,3', '1,3', '1,4', '2,4'];

  it('RB 207: a Turn space changes the turn into a straight line and avoids the visited intersection', async () => {
    mapT('RB207');
    const G = rulebookPosition('RB207', LINE, 'B');
    expect(plotStatus(G, '0', []).fallback).toBe(false);
    expect(
      plotStatus(G, '0', ['3,4'])
        .next.map((o) => [o.to, o.eliminates, o.turnCost])
        .sort(),
    ).toEqual([
      ['3,3', true, 0],
      ['4,4', false, 1],
    ]);
    const cl = await playFrom(G, '0', { path: ['3,4', '4,4'] });
    const p = view(cl[1]).players['0'];
    expect(p).toMatchObject({ eliminated: false, turnUsed: 1 });
    expect(p.line.slice(-2)).toEqual(['3,4', '4,4']);
  });

  it('RB 207 + RB 221: with no Turn space left, the same shape must be played into the visited intersection', async () => {
    mapT('RB207b');
    const G = rulebookPosition('RB207b', LINE, 'B');
    G.players['0'].turnUsed = 5;
    // The shape fits the map (through a visited intersection): no single-marker fallback.
    expect(plotStatus(G, '0', []).fallback).toBe(false);
    expect(plotStatus(G, '0', ['3,4']).next.map((o) => [o.to, o.eliminates])).toEqual([['3,3', true]]);
    const cl = seats(gameFrom(G), 2);
    await refused(cl, '0', 'plot', { path: ['3,4', '4,4'] });
    await refused(cl, '0', 'plot', { path: ['3,4'] });
    expect(await act(cl[0], 'plot', { path: ['3,4', '3,3'] })).toBe(true);
    expect(view(cl[1]).players['0']).toMatchObject({ eliminated: true, turnUsed: 5 });
  });

  it('RB 298: a light Flirt takes the free light space; a dark one finds both dark spaces crossed and does nothing', async () => {
    mapT('RB298', { '3,2': ['flirtLight'], '4,2': ['flirtDark'] });
    const G = rulebookPosition('RB298', ['1,2', '2,2'], 'A');
    G.players['0'].flirts[0] = { light: 1, dark: 2, value: null };
    const cl = await playFrom(G, '0', { path: ['3,2', '4,2'] });
    const p = view(cl[1]).players['0'];
    expect(p.flirts).toEqual([
      { light: 2, dark: 2, value: null },
      { light: 0, dark: 0, value: null },
      { light: 0, dark: 0, value: null },
    ]);
  });
});
