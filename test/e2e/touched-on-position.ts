/**
 * A known Touched On position for the browser tests: a fresh two-seat match
 * (created and joined through the lobby API) whose hands are replaced, before
 * anyone moves, through the storage handle of the in-process server. The
 * seat on turn holds two Evaders of 96, two of 86 and an Appeal; the other
 * seat an Undercover Inspector and two Evaders of 86. Cards come from the
 * draw pile, so the totals still hold.
 */
import type { State } from 'boardgame.io';
import type { TOState } from '../../src/games/touched-on/types';
import { give } from '../games/touched-on/helpers';
import { createJoined, type E2EServer } from './harness';

/** The match, its credentials, the seat on turn and the cards it was given. */
export interface KnownMatch {
  matchID: string;
  creds: string[];
  seat: string;
  cards: { e96: string[]; e86: string[]; appeal: string };
}

/** Creates the match and deals the known hands. */
export async function knownMatch(server: E2EServer): Promise<KnownMatch> {
  const { matchID, creds } = await createJoined(server.url, 'touched-on', 2);
  const state = structuredClone((await server.db.fetch(matchID, { state: true })).state as State<TOState>);
  const G = state.G;
  const seat = state.ctx.currentPlayer;
  const other = seat === '0' ? '1' : '0';
  for (const p of Object.values(G.players)) {
    G.drawPile.push(...p.hand!);
    p.hand = [];
    p.handSize = 0;
  }
  const [a, b, c, d, appeal] = give(G, seat, ['E96', 'E96', 'E86', 'E86', 'appeal']);
  give(G, other, ['U', 'E86', 'E86']);
  G.drawCount = G.drawPile.length;
  await server.db.setState(matchID, state);
  return { matchID, creds, seat, cards: { e96: [a, b], e86: [c, d], appeal } };
}

/** The stored state of a match. */
export async function storedState(server: E2EServer, matchID: string): Promise<State<TOState>> {
  return (await server.db.fetch(matchID, { state: true })).state as State<TOState>;
}
