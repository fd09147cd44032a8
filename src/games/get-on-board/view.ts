/**
 * What each player may see (R16): everything, except the order of the round
 * deck (its length stays) and, until every player has chosen, the other
 * players' departure offers and which ticket each kept (whether they have
 * chosen is public: the table sees who is still deciding).
 */
import type { GobState, PlayerID } from './types';

/** The state as `playerID` (or a spectator, for null) may see it. */
export function playerView(G: GobState, playerID: PlayerID | null | undefined): GobState {
  const allChosen = G.order.every((p) => G.choices[p] !== null);
  const view: GobState = { ...G, deck: G.deck.map(() => 0) };
  if (!allChosen) {
    view.offers = {};
    view.choices = {};
    for (const p of G.order) {
      view.offers[p] = p === playerID ? G.offers[p] : G.offers[p].map(() => 0);
      // Others' choices: only whether they have chosen (0), never which ticket.
      view.choices[p] = p === playerID || G.choices[p] === null ? G.choices[p] : 0;
    }
  }
  return view;
}
