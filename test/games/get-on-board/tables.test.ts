/**
 * The sheet's tables (RULINGS §2, §5–§8), one row per entry.
 */
import { describe, expect, it } from 'vitest';
import {
  GRANNY_SCORE,
  PERSONAL_SCORE,
  SHAPES,
  TOURIST_VALUE,
  TURN_SCORE,
  TURN_SPACES,
  connectionScore,
  restaurantValue,
  shapeFor,
  ticketBorder,
} from '../../../src/games/get-on-board/data';
import { scoreSheet } from '../../../src/games/get-on-board/score';
import { blankSheet } from '../../../src/games/get-on-board/setup';

describe('Get on Board tables', () => {
  it('sheet 1 shows A–F for tickets 1–6 and again for 7–12; sheet s shifts by s − 1', () => {
    expect([1, 2, 3, 4, 5, 6].map((t) => shapeFor(1, t).id).join('')).toBe('ABCDEF');
    expect([7, 8, 9, 10, 11, 12].map((t) => shapeFor(1, t).id).join('')).toBe('ABCDEF');
    expect([1, 2, 3, 4, 5, 6].map((t) => shapeFor(2, t).id).join('')).toBe('FABCDE');
    expect(SHAPES.map((s) => `${s.id}${s.markers}:${s.joints.join('/')}`)).toEqual([
      'A2:straight',
      'B2:turn',
      'C2:any',
      'D1:',
      'E3:straight/straight',
      'F3:turn/turn',
    ]);
  });

  it.each([
    [1, 'burgundy'],
    [5, 'burgundy'],
    [8, 'yellow'],
    [12, 'yellow'],
  ] as const)('ticket %i has a %s border', (t, colour) => expect(ticketBorder(t)).toBe(colour));

  it('the Turn zone: spaces −1, −2, −2, −2, −3 add up to the subtotals', () => {
    TURN_SCORE.forEach((v, n) => expect(v).toBe(TURN_SPACES.slice(0, n).reduce((a: number, b) => a + b, 0)));
  });

  it.each([
    [0, 0],
    [1, 1],
    [3, 3],
    [4, 5],
    [6, 9],
    [8, 15],
  ])('%i Grannies score %i', (n, v) => expect(GRANNY_SCORE[n]).toBe(v));

  it.each([
    [0, 0],
    [1, 2],
    [2, 5],
    [3, 9],
    [4, 14],
  ])('a Theater on %i tourists writes %i', (n, v) => expect(TOURIST_VALUE[n]).toBe(v));

  it.each([
    [1, 0, 2],
    [2, 0, 4],
    [1, 1, 6],
    [2, 1, 8],
    [0, 2, 4],
    [2, 2, 12],
  ])('a Restaurant on %i light + %i dark writes %i', (l, d, v) => expect(restaurantValue(l, d)).toBe(v));

  it.each([
    [0, 0],
    [1, 0],
    [2, 1],
    [11, 5],
    [18, 9],
    [19, 10],
  ])('%i Connections score %i', (c, v) => expect(connectionScore(c)).toBe(v));

  it('personal objective 0–3 targets: 0 / 2 / 5 / 10; a blank sheet scores 0', () => {
    expect(PERSONAL_SCORE).toEqual([0, 2, 5, 10]);
    expect(scoreSheet(blankSheet(1, 0, 'x'), 0).total).toBe(0);
  });
});
