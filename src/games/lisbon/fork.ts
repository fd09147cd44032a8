/**
 * Copy-on-call for boardgame.io: a move or hook runs on `fork(state)`, a
 * copy it may change freely, and boardgame.io gets the result frozen (see
 * `freezeState`).
 *
 * Arrays are copied with spread syntax: V8's `slice` is ten times slower on
 * a frozen array.
 *
 * The copy is shallow where the rules never write (the logged events, the
 * ticket and Monument decks, the immutable setup fields) and fresh
 * everywhere else. Outside production, `freezeState`
 * freezes every object a move created, so a rule that writes to something `fork`
 * shares throws at once ("Cannot assign to read only property") instead of
 * changing an earlier state: the test suite plays many whole games, which
 * is what keeps `fork` complete when `GState` grows.
 */
import type { ColorCounts } from './data/types';
import type { GState, PlayerState } from './types';
import { counts } from './counts';

/** A plain-data deep copy (for the small, rarely present `pending`). */
function copyTree<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map(copyTree) as T;
  const out: Record<string, unknown> = {};
  for (const k in v) out[k] = copyTree((v as Record<string, unknown>)[k]);
  return out as T;
}

/** A copy of `G` that a move may change anywhere without touching `G`. */
export function fork(G: GState): GState {
  const players: Record<string, PlayerState> = {};
  for (const id in G.players) {
    const p = G.players[id];
    players[id] = {
      color: p.color,
      position: p.position,
      hand: p.hand && counts(p.hand),
      handSize: p.handSize,
      seats: counts(p.seats),
      bonuses: [...p.bonuses],
      row: [...p.row],
    };
  }
  const stops: Record<string, ColorCounts> = {};
  for (const s in G.stops) stops[s] = counts(G.stops[s]);
  const t = G.turn;
  return {
    ...G,
    players,
    stops,
    bag: counts(G.bag),
    passengerDiscard: counts(G.passengerDiscard),
    ticketDiscard: counts(G.ticketDiscard),
    display: [...G.display],
    turn: {
      actions: t.actions,
      freeMoveUsed: t.freeMoveUsed,
      draw3Used: t.draw3Used,
      pushRewarded: [...t.pushRewarded],
      ended: t.ended,
      takeBack: t.takeBack,
    },
    pending: G.pending && copyTree(G.pending),
    // Logged events are never changed: the entries are shared.
    events: [...G.events],
    // The decks are only ever replaced (drawn by slicing, reshuffled into a new array), never changed: shared.
    secret: G.secret && { ticketDeck: G.secret.ticketDeck, monumentDeck: G.secret.monumentDeck },
  };
}

export { deepFreeze, freezeState } from '../common/copy-on-call';
