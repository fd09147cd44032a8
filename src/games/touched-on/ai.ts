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
  legalTrackerChoices,
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
    const tracker = legalTrackerChoices(G, playerID);
    // With no card to give, the one decision: take nothing.
    if (tracker.takeNothing) out.push({ move: 'trackerSwap', args: [{ take: null, give: null }] });
    for (const o of tracker.swaps) {
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
  const inspections = legalInspections(G, ctx, playerID);
  const batches = legalBatches(G, ctx, playerID);
  const feetOnSeat = legalFeetOnSeat(G, ctx, playerID);
  const tramTracker = legalTramTracker(G, ctx, playerID);
  const peakHour = typeof checkPeakHour(G, ctx, playerID) !== 'string';
  const freeTramZone = typeof checkFreeTramZone(G, ctx, playerID) !== 'string';
  const shedAppeal = typeof checkShedAppeal(G, ctx, playerID) !== 'string';
  // hasLegalPlay(G, ctx, playerID), from the same lists (legal.ts): checked by draw and putOut.
  const legalPlay =
    inspections.length > 0 ||
    batches.length > 0 ||
    feetOnSeat.length > 0 ||
    tramTracker.length > 0 ||
    peakHour ||
    freeTramZone ||
    shedAppeal;
  for (const card of inspections) out.push({ move: 'inspect', args: [{ card }] });
  for (const b of batches) {
    for (let n = 1; n <= Math.min(b.maxEvaders, b.maxCards); n++)
      out.push({ move: 'playEvaders', args: [{ line: b.line, count: n, prioritySeat: false }] });
    if (b.prioritySeat)
      for (let n = 0; n <= Math.min(b.maxEvaders, b.maxCards - 1); n++)
        out.push({ move: 'playEvaders', args: [{ line: b.line, count: n, prioritySeat: true }] });
  }
  for (const target of feetOnSeat) out.push({ move: 'feetOnSeat', args: [{ target }] });
  for (const target of tramTracker) out.push({ move: 'tramTracker', args: [{ target }] });
  if (peakHour) out.push({ move: 'peakHour', args: [] });
  if (freeTramZone) out.push({ move: 'freeTramZone', args: [] });
  if (shedAppeal) out.push({ move: 'shedAppeal', args: [] });
  if (typeof checkDraw(G, ctx, playerID, legalPlay) !== 'string') out.push({ move: 'draw', args: [] });
  for (const card of legalPutOuts(G, ctx, playerID, legalPlay)) out.push({ move: 'putOut', args: [{ card }] });
  if (checkEndTurn(G, ctx, playerID) === true) out.push({ move: 'endTurn', args: [] });
  return out;
}
