/**
 * Seeded random play through boardgame.io's own reducer, choosing only among
 * the bots' moves (`botMoves`) computed on the acting player's view. At every step:
 * the chosen move must be accepted, the conservation invariants must hold,
 * no two trams may share a node outside Rossio, the state must be plain JSON
 * data and survive a JSON round-trip (play continues from the round-tripped copy, as it would
 * from storage; `LogRoundTrip` takes each log entry through it once).
 */
import { describe, expect, it } from 'vitest';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import type { State } from 'boardgame.io';
import { LisbonTram28 } from '../src/games/lisbon';
import { Rng } from '../src/bots/rng';
import { botMoves } from '../src/games/lisbon/bots/candidates';
import { playerView } from '../src/games/lisbon/view';
import { CARDS } from '../src/games/lisbon/data/cards';
import { network } from '../src/games/lisbon/network';
import { total } from '../src/games/lisbon/counts';
import type { GameOver, GState } from '../src/games/lisbon/types';
import { LogRoundTrip, sameAsWhole } from './roundTrip';

/** Every broken invariant of a full state (empty when all hold). */
export function invariantErrors(G: GState): string[] {
  const errors: string[] = [];
  const secret = G.secret!;
  let tickets = secret.ticketDeck.length + total(G.ticketDiscard);
  let passengers = total(G.bag) + total(G.passengerDiscard);
  let cards = secret.monumentDeck.length + G.display.filter(Boolean).length;
  const net = network(G.side);
  const occupied = new Set<string>();
  for (const id in G.players) {
    const p = G.players[id];
    tickets += total(p.hand!);
    passengers += total(p.seats);
    cards += p.row.length;
    if (p.handSize !== total(p.hand!)) errors.push(`handSize of ${id}`);
    if (!net.node[p.position]) errors.push(`tram ${id} off the map`);
    if (p.position !== 'rossio') {
      if (occupied.has(p.position)) errors.push(`two trams at ${p.position}`);
      occupied.add(p.position);
    }
  }
  for (const s in G.stops) passengers += total(G.stops[s]);
  if (G.pending?.kind === 'placePassengers') passengers += total(G.pending.passengers);
  if (G.pending?.kind === 'bellChoice') passengers += G.pending.drawn.length;
  if (tickets !== 108) errors.push(`tickets: ${tickets}`);
  if (passengers !== 60) errors.push(`passengers: ${passengers}`);
  if (cards !== CARDS.length) errors.push(`cards: ${cards}`);
  if (G.deckSize !== secret.ticketDeck.length) errors.push('deckSize');
  if (G.faceUpLeft + G.faceDownLeft !== secret.monumentDeck.length) errors.push('face-up/face-down counts');
  if (G.monumentTop !== (G.faceUpLeft > 0 ? secret.monumentDeck[0] : null)) errors.push('monumentTop');
  return errors;
}

/** The result of one simulated game. */
export interface SimResult {
  steps: number;
  turns: number;
  gameover: GameOver;
}

const reducer = CreateGameReducer({ game: LisbonTram28 });

/** Play one seeded random game to the end; throws on any broken rule or refused move. */
export function simulateGame(numPlayers: number, seed: number, maxSteps = 20000): SimResult {
  const rnd = new Rng(seed);
  let state = InitializeGame({ game: { ...LisbonTram28, seed: `sim-${seed}` }, numPlayers }) as State<GState>;
  let steps = 0;
  const roundTrip = new LogRoundTrip('events');
  while (!state.ctx.gameover) {
    if (steps >= maxSteps) throw new Error(`game ${seed} did not end in ${maxSteps} steps`);
    const G = state.G;
    const actor = G.pending ? G.pending.player : state.ctx.currentPlayer;
    const moves = botMoves(playerView(G, actor), state.ctx, actor);
    if (moves.length === 0) throw new Error(`no move for ${actor} at step ${steps}`);
    const m = moves[rnd.int(moves.length)];
    const next = roundTrip.move(reducer as never, state, actor, m, `step ${steps}`);
    const errors = invariantErrors(next.G);
    if (errors.length) throw new Error(`step ${steps} (${m.move}): ${errors.join('; ')}`);
    // Continue from a JSON round-tripped copy, as the server does from storage.
    state = roundTrip.copy(next);
    steps++;
  }
  if (!sameAsWhole(state)) throw new Error(`game ${seed}: the final state does not survive a whole JSON round trip`);
  return { steps, turns: state.ctx.turn, gameover: state.ctx.gameover as GameOver };
}

/**
 * The simulation suite for one player count: `games` seeded random games in
 * batches of 10, one test per batch. It yields to the event loop after every
 * game so the vitest worker stays responsive; files split by player count run
 * in parallel.
 */
export function simulationSuite(numPlayers: number, games = 100, batch = 10): void {
  describe(`seeded random play, ${numPlayers} players (${numPlayers === 4 ? 'large' : 'small'} side)`, () => {
    for (let first = 1; first <= games; first += batch) {
      const last = Math.min(games, first + batch - 1);
      it(`plays games ${first}–${last} to the end, every enumerated move accepted and every invariant holding`, async () => {
        for (let seed = first; seed <= last; seed++) {
          const r = simulateGame(numPlayers, numPlayers * 1000 + seed);
          const { scores, winner, order } = r.gameover;
          expect(Object.keys(scores)).toHaveLength(numPlayers);
          expect(scores[winner].rank).toBe(1);
          expect(order[0]).toBe(winner);
          for (let i = 1; i < order.length; i++)
            expect(scores[order[i - 1]].total).toBeGreaterThanOrEqual(scores[order[i]].total);
          await new Promise((resolve) => setImmediate(resolve));
        }
      }, 300_000);
    }
  });
}
