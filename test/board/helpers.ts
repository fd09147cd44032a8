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

/** Pink claims Estrela's card with two stops left empty: Black's view, asked to place the new passengers, and Pink's. */
export async function placingPassengers() {
  const G = position((g) => {
    g.players['0'].position = 'estrela';
    g.players['0'].seats = { red: 1, yellow: 0, green: 0, blue: 1 };
    g.display[2] = 'estrela-1';
    g.stops.rato = { red: 0, yellow: 0, green: 0, blue: 0 };
    g.stops.graca = { red: 0, yellow: 0, green: 0, blue: 0 };
  });
  const [pink, black] = seats(2, G);
  pink.moves.dropOff({ card: 'estrela-1', end: 'left' });
  await new Promise((r) => setTimeout(r, 20));
  return { ...viewOf(black, '1'), pink: viewOf(pink, '0') };
}

/** Pink moves Baixa -> Castelo, where Black's tram stands: Black's view, asked to choose the pushed tram's branch, and Black's client. */
export async function pushedTram() {
  const G = position((g) => {
    g.players['0'].position = 'baixa';
    g.players['1'].position = 'castelo';
  });
  const [pink, black] = seats(2, G);
  pink.moves.move({ route: ['castelo'] });
  await new Promise((r) => setTimeout(r, 20));
  return { ...viewOf(black, '1'), black };
}
