/**
 * What each player may see (RULINGS "What players can see"). The ticket deck
 * and the Monument deck's order leave with `secret`; other players' hands
 * become `null`, keeping `handSize`. Everything on the table stays: discard
 * piles, the bag's counts, the top face-up card and the counts of face-up and
 * face-down cards.
 */
import type { GState, PlayerID } from './types';

/** The state as `playerID` (or a spectator, for null) may see it. */
export function playerView(G: GState, playerID: PlayerID | null | undefined): GState {
  const { secret: _secret, ...rest } = G;
  const players: GState['players'] = {};
  for (const id in G.players) {
    players[id] = id === playerID ? G.players[id] : { ...G.players[id], hand: null };
  }
  return { ...rest, players };
}
