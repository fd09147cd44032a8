/**
 * Fair play: a bot decides only from what its player can see. Before each
 * search the bot rebuilds a full state from the player's view, dealing the
 * unknown cards at random from its own seeded generator:
 *
 * - tickets: 108 minus the player's own hand minus the face-up discard are
 *   unseen; they are dealt to the other hands (their public `handSize`) and
 *   to the deck (`deckSize`);
 * - Monument cards: the face-up stack's top card is known (`monumentTop`);
 *   the rest of the stack is dealt from the cards not seen (not displayed, in
 *   nobody's row), `faceUpLeft` face up then `faceDownLeft` face down;
 * - the PRNG gets a fresh seed from the bot's generator.
 */
import { CARDS } from '../data/cards';
import { TICKETS_PER_COLOR } from '../data/boards';
import { COLORS, type Color } from '../data/types';
import { zero } from '../counts';
import type { GState } from '../types';
import { playerView } from '../view';
import { clone } from './driver';
import type { BotRng } from '../../../bots/hooks';

/** A full state consistent with `playerID`'s view, hidden parts dealt at random. */
export function determinize(view: GState, playerID: string, rng: BotRng): GState {
  const G = clone(playerView(view, playerID));
  const me = G.players[playerID];
  if (!me || !me.hand) throw new Error(`determinize: the view has no hand for player ${playerID}`);

  // Tickets.
  const pool: Color[] = [];
  for (const c of COLORS) {
    const unseen = TICKETS_PER_COLOR - me.hand[c] - G.ticketDiscard[c];
    for (let i = 0; i < unseen; i++) pool.push(c);
  }
  const tickets = rng.shuffle(pool);
  let k = 0;
  for (const id of Object.keys(G.players).sort()) {
    if (id === playerID) continue;
    const p = G.players[id];
    const hand = zero();
    for (let i = 0; i < p.handSize; i++) {
      const t = tickets[k++];
      if (t === undefined) throw new Error('determinize: more tickets in hands than unseen');
      hand[t]++;
    }
    p.hand = hand;
  }
  const ticketDeck = tickets.slice(k, k + G.deckSize);
  if (ticketDeck.length !== G.deckSize) throw new Error('determinize: deck size does not match the unseen tickets');

  // Monument cards.
  const seen = new Set<string>();
  for (const id of G.display) if (id) seen.add(id);
  for (const p of Object.values(G.players)) for (const id of p.row) seen.add(id);
  if (G.monumentTop) seen.add(G.monumentTop);
  const unseen = rng.shuffle(CARDS.map((c) => c.id).filter((id) => !seen.has(id)));
  const monumentDeck = G.faceUpLeft > 0 && G.monumentTop ? [G.monumentTop, ...unseen] : unseen;
  monumentDeck.length = Math.min(monumentDeck.length, G.faceUpLeft + G.faceDownLeft);

  G.secret = { ticketDeck, monumentDeck };
  return G;
}
