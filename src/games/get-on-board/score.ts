/**
 * End-of-game scoring (RULINGS §8): nine subtotals, in the rulebook's order.
 */
import { GRANNY_SCORE, PERSONAL_SCORE, TOURIST_VALUE, TURN_SCORE, connectionScore, restaurantValue } from './data';
import type { ScoreBreakdown, Sheet } from './types';

/** The part of a sheet scoring reads. */
export type ScoredSheet = Pick<
  Sheet,
  | 'metroCircled'
  | 'metroCrossed'
  | 'turnUsed'
  | 'grannies'
  | 'students'
  | 'cinemas'
  | 'tourists'
  | 'flirts'
  | 'objectives'
  | 'connections'
>;

/** Resolved rows, plus half (rounded down) of the topmost unresolved row's value (R14). */
function rowsScore(rows: { value: number | null }[], unresolvedValue: (i: number) => number): number {
  let sum = 0;
  const top = rows.findIndex((r) => r.value === null);
  rows.forEach((r, i) => {
    if (r.value !== null) sum += r.value;
    else if (i === top) sum += Math.floor(unresolvedValue(i) / 2);
  });
  return sum;
}

/**
 * A sheet's 9 subtotals and total. `targetsReached` is the number of distinct
 * targets of the player's personal objective reached (0–3).
 */
export function scoreSheet(sheet: ScoredSheet, targetsReached: number): ScoreBreakdown {
  const s: Omit<ScoreBreakdown, 'total'> = {
    metro: 2 * (sheet.metroCircled - sheet.metroCrossed),
    turns: TURN_SCORE[sheet.turnUsed],
    grannies: GRANNY_SCORE[sheet.grannies],
    studentsCinemas: sheet.students * sheet.cinemas,
    theaters: rowsScore(sheet.tourists, (i) => TOURIST_VALUE[sheet.tourists[i].tourists]),
    restaurants: rowsScore(sheet.flirts, (i) => restaurantValue(sheet.flirts[i].light, sheet.flirts[i].dark)),
    common: sheet.objectives.reduce((a, o) => a + o.points, 0),
    personal: PERSONAL_SCORE[Math.min(3, targetsReached)],
    connections: connectionScore(sheet.connections),
  };
  const total = Object.values(s).reduce((a, b) => a + b, 0);
  return { ...s, total };
}

/** An eliminated player's score: nothing (R7). */
export const ZERO_SCORE: ScoreBreakdown = {
  metro: 0,
  turns: 0,
  grannies: 0,
  studentsCinemas: 0,
  theaters: 0,
  restaurants: 0,
  common: 0,
  personal: 0,
  connections: 0,
  total: 0,
};
