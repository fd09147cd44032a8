/**
 * What the pass screen tells of the last player's final action. When an action ends a player's turn, or asks another
 * player for a decision, the device goes on at once: that player never sees what the action revealed (in Lisbon, the
 * passenger the bell drew), which only the log, behind the pass screen, told. The pass screen says it, in the game's
 * own log lines, read as a spectator reads them: the next player may see all of it.
 */
import type { ClientGame } from './games';
import type { TrailState } from './hotseatStore';
import { addedLines, spectatorLogLines } from './logLines';

/** At most this many lines are told; the log, on the board, has the rest. */
export const RECAP_MAX = 6;

/** The last human's action in words, for the pass screen: whose it was, and what it did. */
export interface Recap {
  seat: string;
  lines: string[];
  /** Lines left out (past RECAP_MAX). */
  more: number;
}

/**
 * What `holder` (the last human who took the device) did since their screen last showed the game, from their seat's
 * `trail` (the states its view went through since then, that one first; hotseatStore.ts), up to the state now on the
 * table (`stateID`). Null when there is nothing to tell: a game without a log, no state since, the trail not up to
 * now, nothing logged, or a move meanwhile the game did not wait on the holder for (a bot's, which showed on screen as
 * it came: the pass screen then tells none of it, as it would have to tell several players' moves).
 */
export function lastActionRecap(
  game: ClientGame,
  holder: string | null,
  trail: readonly TrailState[] | undefined,
  stateID: number | undefined,
  names: Record<string, string>,
): Recap | null {
  if (holder === null || !game.logLines || !trail || trail.length < 2) return null;
  const now = trail[trail.length - 1];
  if (now._stateID !== stateID) return null;
  if (trail.slice(0, -1).some((s) => game.acting(s.G, s.ctx) !== holder)) return null;
  const lines = addedLines(
    spectatorLogLines(game, trail[0].G, trail[0].ctx, names),
    spectatorLogLines(game, now.G, now.ctx, names),
  );
  if (lines.length === 0) return null;
  return { seat: holder, lines: lines.slice(0, RECAP_MAX), more: Math.max(0, lines.length - RECAP_MAX) };
}
