/**
 * `ai.enumerate`: every legal move for `playerID` now, built only from the
 * legal-move functions. Evaders of one Line are alike, so a batch is listed
 * once per count (1..n) with and without a Priority Seat; an Inspector once
 * per distinct effect (the Line's Authorised, one Undercover).
 */
import type { Ctx } from 'boardgame.io';
import type { PlayerID, TOState } from './types';
import {
  checkAccept,
  checkAppeal,
  checkDraw,
  checkEndTurn,
  checkFreeTramZone,
  checkPeakHour,
  checkShedAppeal,
  legalBatches,
  legalFeetOnSeat,
  legalInspections,
  legalPutOuts,
  legalTrackerSwaps,
  legalTramTracker,
} from './legal';

/** A move as boardgame.io's bots take it. */
export interface AiMove {
  move: string;
  args: unknown[];
}

/** Every legal move for `playerID` now ([] when it is not their decision). */
export function enumerate(G: TOState, ctx: Pick<Ctx, 'currentPlayer'>, playerID: PlayerID): AiMove[] {
  if (G.gameOver) return [];
  const out: AiMove[] = [];
  const p = G.pending;
  if (p) {
    if (p.player !== playerID) return [];
    if (p.kind === 'appeal') {
      if (typeof checkAppeal(G, ctx, playerID) !== 'string') out.push({ move: 'appeal', args: [] });
      if (checkAccept(G, ctx, playerID) === true) out.push({ move: 'acceptInspection', args: [] });
      return out;
    }
    for (const o of legalTrackerSwaps(G, playerID)) {
      const seen = new Set<string>();
      for (const give of o.give) {
        if (seen.has(give)) continue;
        seen.add(give);
        out.push({ move: 'trackerSwap', args: [{ take: o.take, give }] });
      }
    }
    return out;
  }
  if (playerID !== ctx.currentPlayer) return [];
  for (const card of legalInspections(G, ctx, playerID)) out.push({ move: 'inspect', args: [{ card }] });
  for (const b of legalBatches(G, ctx, playerID)) {
    for (let n = 1; n <= Math.min(b.maxEvaders, b.maxCards); n++)
      out.push({ move: 'playEvaders', args: [{ line: b.line, count: n, prioritySeat: false }] });
    if (b.prioritySeat)
      for (let n = 0; n <= Math.min(b.maxEvaders, b.maxCards - 1); n++)
        out.push({ move: 'playEvaders', args: [{ line: b.line, count: n, prioritySeat: true }] });
  }
  for (const target of legalFeetOnSeat(G, ctx, playerID)) out.push({ move: 'feetOnSeat', args: [{ target }] });
  for (const target of legalTramTracker(G, ctx, playerID)) out.push({ move: 'tramTracker', args: [{ target }] });
  if (typeof checkPeakHour(G, ctx, playerID) !== 'string') out.push({ move: 'peakHour', args: [] });
  if (typeof checkFreeTramZone(G, ctx, playerID) !== 'string') out.push({ move: 'freeTramZone', args: [] });
  if (typeof checkShedAppeal(G, ctx, playerID) !== 'string') out.push({ move: 'shedAppeal', args: [] });
  if (typeof checkDraw(G, ctx, playerID) !== 'string') out.push({ move: 'draw', args: [] });
  for (const card of legalPutOuts(G, ctx, playerID)) out.push({ move: 'putOut', args: [{ card }] });
  if (checkEndTurn(G, ctx, playerID) === true) out.push({ move: 'endTurn', args: [] });
  return out;
}
