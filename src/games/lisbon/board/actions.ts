/**
 * The board's move calls. Each runs the engine's matching check first and
 * reports the reason instead of sending a move the engine would refuse, so
 * no click is ever a silent no-op.
 */
import type { Ctx } from 'boardgame.io';
import type { Color, ColorCounts } from '../data/types';
import type { GState, NodeId, PlayerID } from '../types';
import {
  checkDropOff,
  checkKeepPassenger,
  checkMove,
  checkPickUp,
  checkTakeBonus,
  legalPlacements,
  legalPushBranches,
  samePath,
  turnBlocked,
  type Bell,
  type MoveOption,
} from '../legal';

/** What the board can do for the viewer. */
export interface Actions {
  move: (option: MoveOption, free: boolean, pay: ColorCounts | null) => void;
  pickUp: (bell: Bell, pay: ColorCounts | null) => void;
  dropOff: (card: string, end: 'left' | 'right') => void;
  takeBonus: (pay: ColorCounts | null) => void;
  endTurn: () => void;
  branch: (path: NodeId[]) => void;
  place: (stop: NodeId) => void;
  keep: (color: Color, pay: ColorCounts | null) => void;
}

/** boardgame.io's move dispatchers, as the board uses them. */
export type MoveCalls = Record<string, (...args: unknown[]) => void>;

/**
 * Build the actions for `me`. `refuse` shows a reason; `send(label, call)`
 * sends a move (and may watch for the server not applying it).
 */
export function makeActions(
  G: GState,
  ctx: Pick<Ctx, 'currentPlayer'>,
  me: PlayerID | null,
  moves: MoveCalls,
  refuse: (reason: string) => void,
  send: (label: string, call: () => void) => void,
): Actions {
  const cur = ctx.currentPlayer;
  const who = me ?? '';
  return {
    move(opt, free, pay) {
      const args = { route: opt.route, ...(free ? { free: true } : {}), ...(pay ? { pay } : {}) };
      const r = checkMove(G, cur, who, args);
      if (typeof r === 'string') return refuse(r);
      send('move', () => moves.move(args));
    },
    pickUp(bell, pay) {
      const args = { bell, ...(pay ? { pay } : {}) };
      const r = checkPickUp(G, cur, who, args);
      if (typeof r === 'string') return refuse(r);
      send('pick up', () => moves.pickUp(args));
    },
    dropOff(card, end) {
      const r = checkDropOff(G, cur, who, { card, end });
      if (typeof r === 'string') return refuse(r);
      send('drop off', () => moves.dropOff({ card, end }));
    },
    takeBonus(pay) {
      const args = pay ? { pay } : {};
      const r = checkTakeBonus(G, cur, who, args);
      if (typeof r === 'string') return refuse(r);
      send('take bonus', () => moves.takeBonus(args));
    },
    endTurn() {
      const r = turnBlocked(G, cur, who);
      if (r) return refuse(r);
      send('end turn', () => moves.endTurn());
    },
    branch(path) {
      if (!legalPushBranches(G, who).some((o) => samePath(o, path)))
        return refuse('That branch is not one of your options.');
      send('choose branch', () => moves.choosePushBranch({ path }));
    },
    place(stop) {
      if (!legalPlacements(G, who).includes(stop))
        return refuse('Passengers can only go on one of the highlighted empty tram stops.');
      send('place passengers', () => moves.placePassengers({ stop }));
    },
    keep(color, pay) {
      const args = { color, ...(pay ? { pay } : {}) };
      const r = checkKeepPassenger(G, who, args);
      if (typeof r === 'string') return refuse(r);
      send('keep passenger', () => moves.keepPassenger(args));
    },
  };
}
