/**
 * Real engine states for the board tests: a boardgame.io Client running the
 * real game, optionally from a hand-made position (a copy of a real start
 * position with a few fields changed).
 */
import { Client } from 'boardgame.io/client';
import { Local } from 'boardgame.io/multiplayer';
import type { Ctx } from 'boardgame.io';
import { LisbonTram28 } from '../../src/games/lisbon/index';
import type { GState, PlayerID } from '../../src/games/lisbon/types';

type AnyClient = any;

/** A game whose first player is seat 0, optionally starting from a prepared G. */
export function game(seed = 'x', prepared?: GState) {
  return {
    ...LisbonTram28,
    seed,

    setup: (c: any) => (prepared ? structuredClone(prepared) : LisbonTram28.setup!(c, { firstPlayer: 0 })),
  };
}

/** A started client without a seat (it plays as the current player). */
export function client(numPlayers = 2, seed = 'x', prepared?: GState): AnyClient {
  const c = Client({ game: game(seed, prepared), numPlayers } as AnyClient);
  c.start();
  return c;
}

/** One client per seat over a Local master, for decisions outside the turn. */
export function seats(numPlayers: number, prepared: GState, seed = 'x'): AnyClient[] {
  const g = game(seed, prepared);
  const multiplayer = Local();
  const out = Array.from({ length: numPlayers }, (_, i) =>
    Client({ game: g, numPlayers, playerID: String(i), multiplayer } as AnyClient),
  );
  for (const c of out) c.start();
  return out;
}

/** The full (unfiltered) state of a client. */
export function raw(c: AnyClient): { G: GState; ctx: Ctx } {
  const s = c.store.getState();
  return { G: s.G, ctx: s.ctx };
}

/** The state as one player sees it (the board's input). */
export function viewOf(c: AnyClient, playerID: PlayerID | null): { G: GState; ctx: Ctx } {
  const { G, ctx } = raw(c);

  return { G: LisbonTram28.playerView!({ G, ctx, playerID }), ctx };
}

/** A copy of a real start position, changed by `edit`. */
export function position(edit: (G: GState) => void, numPlayers = 2, seed = 'x'): GState {
  const G = structuredClone(raw(client(numPlayers, seed)).G);
  edit(G);
  return G;
}
