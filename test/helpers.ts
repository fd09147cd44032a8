/**
 * Test helpers: hand-built positions from a real seeded setup, real
 * boardgame.io clients (one per seat, through Local()), and the conservation
 * invariants.
 */
import { InitializeGame } from 'boardgame.io/internal';
import { Client } from 'boardgame.io/client';
import { Local } from 'boardgame.io/multiplayer';
import type { Game } from 'boardgame.io';
import { expect } from 'vitest';
import { LisbonTram28 } from '../src/games/lisbon';
import { COLORS, type ColorCounts } from '../src/games/lisbon/data/types';
import { CARDS } from '../src/games/lisbon/data/cards';
import { addInto, counts, subInto, total, zero } from '../src/games/lisbon/counts';
import { network } from '../src/games/lisbon/network';
import type { GState, PlayerID, SetupData } from '../src/games/lisbon/types';

/** The full (unfiltered) starting state of a seeded game. */
export function startState(numPlayers: number, seed = 'test', setupData: SetupData = { firstPlayer: 0 }): GState {
  const state = InitializeGame({ game: { ...LisbonTram28, seed }, numPlayers, setupData });
  return structuredClone(state.G) as GState;
}

/** Empty every stop into the bag, every hand into the deck and every seat into the bag; all trams to Rossio. */
export function clearBoard(G: GState): GState {
  for (const s in G.stops) {
    addInto(G.bag, G.stops[s]);
    G.stops[s] = zero();
  }
  for (const id in G.players) {
    const p = G.players[id];
    returnHand(G, id);
    addInto(G.bag, p.seats);
    p.seats = zero();
    p.position = 'rossio';
  }
  return G;
}

function returnHand(G: GState, pid: PlayerID) {
  const p = G.players[pid];
  for (const c of COLORS) for (let i = 0; i < p.hand![c]; i++) G.secret!.ticketDeck.push(c);
  p.hand = zero();
  p.handSize = 0;
  G.deckSize = G.secret!.ticketDeck.length;
}

/** Give a player exactly this hand, taking the tickets out of the deck (or the discard). */
export function setHand(G: GState, pid: PlayerID, hand: Partial<ColorCounts>): void {
  returnHand(G, pid);
  const want = counts(hand);
  const p = G.players[pid];
  for (const c of COLORS) {
    for (let i = 0; i < want[c]; i++) {
      const k = G.secret!.ticketDeck.indexOf(c);
      if (k >= 0) G.secret!.ticketDeck.splice(k, 1);
      else if (G.ticketDiscard[c] > 0) G.ticketDiscard[c]--;
      else throw new Error(`no ${c} ticket left to give`);
      p.hand![c]++;
    }
  }
  p.handSize = total(p.hand!);
  G.deckSize = G.secret!.ticketDeck.length;
}

/** Put exactly this group at a stop, moving passengers between the bag and the stop. */
export function setStop(G: GState, stop: string, group: Partial<ColorCounts>): void {
  addInto(G.bag, G.stops[stop]);
  G.stops[stop] = counts(group);
  subInto(G.bag, G.stops[stop]);
  if (COLORS.some((c) => G.bag[c] < 0)) throw new Error('not enough passengers in the bag');
}

/** Seat exactly these passengers on a player's board, from the bag. */
export function setSeats(G: GState, pid: PlayerID, seats: Partial<ColorCounts>): void {
  addInto(G.bag, G.players[pid].seats);
  G.players[pid].seats = counts(seats);
  subInto(G.bag, G.players[pid].seats);
}

/** Put these cards on display (slot order), keeping the deck's other cards in order behind them. */
export function setDisplay(G: GState, cards: string[]): void {
  const all = [...G.display.filter((c): c is string => !!c), ...G.secret!.monumentDeck];
  const rest = all.filter((c) => !cards.includes(c));
  G.display = [...cards];
  G.secret!.monumentDeck = rest;
  G.monumentTop = G.faceUpLeft > 0 ? (rest[0] ?? null) : null;
}

/** Move a card from wherever it is into a player's row (for scoring scenarios). */
export function giveCard(G: GState, pid: PlayerID, card: string): void {
  const d = G.secret!.monumentDeck.indexOf(card);
  if (d >= 0) {
    G.secret!.monumentDeck.splice(d, 1);
    if (G.faceDownLeft > 0) G.faceDownLeft--;
    else G.faceUpLeft--;
  } else {
    const s = G.display.indexOf(card);
    if (s < 0) throw new Error(`${card} is not available`);
    G.display[s] = G.secret!.monumentDeck.shift() ?? null;
    if (G.faceUpLeft > 0) G.faceUpLeft--;
    else G.faceDownLeft--;
  }
  G.players[pid].row.push(card);
  G.monumentTop = G.faceUpLeft > 0 ? (G.secret!.monumentDeck[0] ?? null) : null;
}

/** The game, starting from a prepared state. */
export function gameFrom(G: GState, seed = 'scenario'): Game<GState> {
  return { ...LisbonTram28, seed, setup: () => structuredClone(G) } as Game<GState>;
}

/** One real client per seat, all connected through one Local() master. */
export function seats(game: Game<GState>, numPlayers: number) {
  const multiplayer = Local();
  const clients = Array.from({ length: numPlayers }, (_, i) => {
    const c = Client({ game, numPlayers, playerID: String(i), multiplayer });
    c.start();
    return c;
  });
  return clients;
}

/** A single local client that can act for any seat (for fast simulations). */
export function soloClient(game: Game<GState>, numPlayers: number) {
  const c = Client({ game, numPlayers });
  c.start();
  return c;
}

/** Let the Local master process queued actions. */
export const flush = () => new Promise((r) => setTimeout(r, 0));

/** Make a move as a seat and wait for the master; returns whether the state changed. */
export async function act(
  client: ReturnType<typeof seats>[number],
  move: string,
  ...args: unknown[]
): Promise<boolean> {
  const before = client.getState()!._stateID;

  (client.moves as any)[move](...args);
  await flush();
  await flush();
  return client.getState()!._stateID !== before;
}

/** Assert the conservation invariants and the public counts on a full state. */
export function checkInvariants(G: GState): void {
  const secret = G.secret!;
  let tickets = secret.ticketDeck.length + total(G.ticketDiscard);
  for (const id in G.players) {
    const p = G.players[id];
    tickets += total(p.hand!);
    expect(p.handSize).toBe(total(p.hand!));
    for (const c of COLORS) expect(p.hand![c]).toBeGreaterThanOrEqual(0);
  }
  expect(tickets).toBe(108);
  expect(G.deckSize).toBe(secret.ticketDeck.length);

  let passengers = total(G.bag) + total(G.passengerDiscard);
  for (const s in G.stops) passengers += total(G.stops[s]);
  for (const id in G.players) passengers += total(G.players[id].seats);
  if (G.pending?.kind === 'placePassengers') passengers += total(G.pending.passengers);
  if (G.pending?.kind === 'bellChoice') passengers += G.pending.drawn.length;
  expect(passengers).toBe(60);

  let cards = secret.monumentDeck.length + G.display.filter(Boolean).length;
  for (const id in G.players) cards += G.players[id].row.length;
  expect(cards).toBe(CARDS.length);
  expect(G.faceUpLeft + G.faceDownLeft).toBe(secret.monumentDeck.length);
  expect(G.monumentTop).toBe(G.faceUpLeft > 0 ? secret.monumentDeck[0] : null);

  const net = network(G.side);
  const seen = new Set<string>();
  for (const id in G.players) {
    const at = G.players[id].position;
    expect(net.node[at]).toBeDefined();
    if (at === 'rossio') continue;
    expect(seen.has(at), `two trams at ${at}`).toBe(false);
    seen.add(at);
  }
}

/** Who must act now. */
export function actor(G: GState, currentPlayer: PlayerID): PlayerID {
  return G.pending ? G.pending.player : currentPlayer;
}
