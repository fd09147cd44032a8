/**
 * A deterministic position for the browser test. The server seeds every
 * match from the OS CSPRNG and takes no seed, so the test edits the stored
 * state of a fresh match (before anyone moves) through the storage handle of
 * the in-process server: seat 0 stands at a Monument with the passengers a
 * displayed card needs, holds 3 tickets of each colour and has the +1 action
 * and +2 seats bonuses, so one turn holds a drop-off, a move and a pick-up.
 * Tickets and passengers are taken from the deck and the bag, so the totals
 * still hold. (Checked over 2,000 seeded deals: every one yields a plan.)
 */
import type { State } from 'boardgame.io';
import { CARD_BY_ID } from '../../src/games/lisbon/data/cards';
import { COLORS, type ColorCounts } from '../../src/games/lisbon/data/types';
import { legalMoves } from '../../src/games/lisbon/legal';
import { network } from '../../src/games/lisbon/network';
import { cheapestPayment } from '../../src/games/lisbon/payment';
import { counts, covers, total } from '../../src/games/lisbon/counts';
import type { GState } from '../../src/games/lisbon/types';

/** What the test will do in the crafted position. */
export interface Plan {
  card: string;
  monument: string;
  /** A stop with waiting passengers one move away. */
  to: string;
}

/** Rewrites `state` in place for seat 0 and returns the plan, or throws if this deal does not allow it. */
export function craftPosition(state: State<GState>): Plan {
  const G = state.G;
  const me = G.players['0'];
  const others = Object.entries(G.players)
    .filter(([id]) => id !== '0')
    .map(([, p]) => p.position);
  const wanted: ColorCounts = { red: 3, yellow: 3, green: 3, blue: 3 };
  for (const id of G.display) {
    if (!id) continue;
    const card = CARD_BY_ID[id];
    if (others.includes(card.monument)) continue;
    if (!covers(G.bag, card.need)) continue;
    const trial: GState = JSON.parse(JSON.stringify(G));
    const p = trial.players['0'];
    p.position = card.monument;
    p.seats = counts(card.need);
    p.bonuses = ['extraAction', 'seats'];
    p.hand = { ...wanted };
    p.handSize = total(wanted);
    const net = network(trial.side);
    const option = legalMoves(trial, '0', '0', { maxSteps: 4 }).find((o) => {
      if (o.pushes || net.node[o.to].kind !== 'stop') return false;
      const group = trial.stops[o.to];
      if (total(group) === 0) return false;
      const left = { ...wanted };
      for (const c of COLORS) left[c] -= o.payment[c];
      return cheapestPayment(left, group) !== null;
    });
    if (!option) continue;
    // Conserve the tickets: the difference comes from (or goes back to) the deck.
    const deck = G.secret!.ticketDeck;
    for (const c of COLORS) {
      let diff = wanted[c] - (me.hand![c] ?? 0);
      while (diff < 0) {
        deck.push(c);
        diff++;
      }
      while (diff > 0) {
        const i = deck.indexOf(c);
        if (i < 0) throw new Error(`not enough ${c} tickets in the deck`);
        deck.splice(i, 1);
        diff--;
      }
    }
    G.deckSize = deck.length;
    for (const c of COLORS) G.bag[c] -= card.need[c] ?? 0;
    Object.assign(me, { position: p.position, seats: p.seats, bonuses: p.bonuses, hand: p.hand, handSize: p.handSize });
    return { card: id, monument: card.monument, to: option.to };
  }
  throw new Error('this deal has no usable card for the crafted position');
}

/**
 * Empties two tram stops (their passengers go back to the bag) so that a
 * drop-off asks the player to the right where to place the new passengers.
 */
export function emptyTwoStops(G: GState, keep: string): string[] {
  const trams = Object.values(G.players).map((p) => p.position);
  const picked = network(G.side)
    .stops.filter((s) => s !== keep && !trams.includes(s))
    .slice(0, 2);
  for (const s of picked) {
    for (const c of COLORS) G.bag[c] += G.stops[s][c];
    G.stops[s] = { red: 0, yellow: 0, green: 0, blue: 0 };
  }
  return picked;
}
