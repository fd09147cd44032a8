/**
 * The board's move calls. Each runs the rules' matching check (legal.ts)
 * first and reports the reason instead of sending a move the engine would
 * refuse, so no click is ever a silent no-op.
 */
import type { Ctx } from 'boardgame.io';
import type { CardId, LineId, PlayerID, TOState } from '../types';
import {
  checkAccept,
  checkAppeal,
  checkBatch,
  checkDraw,
  checkEndTurn,
  checkFeetOnSeat,
  checkFreeTramZone,
  checkInspect,
  checkPeakHour,
  checkPutOut,
  checkShedAppeal,
  checkTrackerSwap,
  checkTramTracker,
} from '../legal';

/** What the board can do for the viewer. */
export interface Actions {
  inspect: (card: CardId) => void;
  playBatch: (line: LineId, count: number, prioritySeat: boolean) => void;
  feetOnSeat: (target: PlayerID) => void;
  tramTracker: (target: PlayerID) => void;
  trackerSwap: (take: CardId, give: CardId) => void;
  /** The Tram Tracker as the last card: take nothing (no card to give). */
  trackerNothing: () => void;
  peakHour: () => void;
  freeTramZone: () => void;
  shedAppeal: () => void;
  appeal: () => void;
  accept: () => void;
  draw: () => void;
  putOut: (card: CardId) => void;
  endTurn: () => void;
}

/** boardgame.io's move dispatchers, as the board uses them. */
export type MoveCalls = Record<string, (...args: unknown[]) => void>;

/**
 * Build the actions for `me`. `refuse` shows a reason; `send(label, call)`
 * sends a move (and may watch for the server not applying it).
 */
export function makeActions(
  G: TOState,
  ctx: Pick<Ctx, 'currentPlayer'>,
  me: PlayerID | null,
  moves: MoveCalls,
  refuse: (reason: string) => void,
  send: (label: string, call: () => void) => void,
): Actions {
  const who = me ?? '';
  /** Run `check`; on a reason, show it; else send the move. */
  const run = (label: string, check: string | object | true, call: () => void) => {
    if (typeof check === 'string') return refuse(check);
    send(label, call);
  };
  return {
    inspect: (card) => run('inspect', checkInspect(G, ctx, who, { card }), () => moves.inspect({ card })),
    playBatch(line, count, prioritySeat) {
      const args = { line, count, prioritySeat };
      run('play Evaders', checkBatch(G, ctx, who, args), () => moves.playEvaders(args));
    },
    feetOnSeat: (target) =>
      run('Feet On Seat', checkFeetOnSeat(G, ctx, who, { target }), () => moves.feetOnSeat({ target })),
    tramTracker: (target) =>
      run('Tram Tracker', checkTramTracker(G, ctx, who, { target }), () => moves.tramTracker({ target })),
    trackerSwap: (take, give) =>
      run('take and give', checkTrackerSwap(G, ctx, who, { take, give }), () => moves.trackerSwap({ take, give })),
    trackerNothing: () => {
      const args = { take: null, give: null };
      run('take nothing', checkTrackerSwap(G, ctx, who, args), () => moves.trackerSwap(args));
    },
    peakHour: () => run('Peak Hour', checkPeakHour(G, ctx, who), () => moves.peakHour()),
    freeTramZone: () => run('Free Tram Zone', checkFreeTramZone(G, ctx, who), () => moves.freeTramZone()),
    shedAppeal: () => run('play Appeal', checkShedAppeal(G, ctx, who), () => moves.shedAppeal()),
    appeal: () => run('Appeal', checkAppeal(G, ctx, who), () => moves.appeal()),
    accept: () => run('accept', checkAccept(G, ctx, who), () => moves.acceptInspection()),
    draw: () => run('draw', checkDraw(G, ctx, who), () => moves.draw()),
    putOut: (card) => run('put a card out', checkPutOut(G, ctx, who, { card }), () => moves.putOut({ card })),
    endTurn: () => run('end turn', checkEndTurn(G, ctx, who), () => moves.endTurn()),
  };
}
