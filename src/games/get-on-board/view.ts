/**
 * What each player may see (R16): everything, except the order of the round
 * deck (its length stays) and, until every player has chosen, the other
 * players' departure offers and which ticket each kept (whether they have
 * chosen is public: the table sees who is still deciding). Once all have
 * chosen, each kept ticket is public; the ticket a player let go never is,
 * as at a table, where it goes back unseen: every offer then shows as
 * `[kept, 0]`, the kept one first whatever its number (a player's own too:
 * what every seat sees is then what a spectator sees).
 */
import type { GobState, PlayerID } from './types';

/** The state as `playerID` (or a spectator, for null) may see it. */
export function playerView(G: GobState, playerID: PlayerID | null | undefined): GobState {
  const allChosen = G.order.every((p) => G.choices[p] !== null);
  const view: GobState = { ...G, deck: G.deck.map(() => 0) };
  view.offers = {};
  view.choices = {};
  for (const p of G.order) {
    const kept = G.choices[p];
    if (allChosen && kept !== null) {
      // Everyone's, their own too: the ticket let go is out of the game, so every seat's view is the spectator's
      // (and hot-seat passes the device without its pass screen from here, src/client/HotSeatGame.tsx).
      view.offers[p] = [kept, 0];
      view.choices[p] = kept;
    } else if (p === playerID) {
      view.offers[p] = G.offers[p];
      view.choices[p] = kept;
    } else {
      view.offers[p] = G.offers[p].map(() => 0);
      // Others' choices: only whether they have chosen (0), never which ticket.
      view.choices[p] = kept === null ? null : 0;
    }
  }
  return view;
}
