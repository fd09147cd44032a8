/**
 * Building the starting position and the few state changes that draw from
 * hidden or random piles: tickets, passengers and Monument cards.
 * Randomness comes only from boardgame.io's `random`.
 */
import { CARDS, CARD_BY_ID } from './data/cards';
import {
  BOARDS,
  DISPLAY_SLOTS,
  FACE_UP,
  PASSENGERS_PER_COLOR,
  PASSENGERS_PER_STOP,
  STARTING_HAND,
  TICKETS_PER_COLOR,
} from './data/boards';
import { sideForPlayers } from './data/maps';
import { COLORS, type Color, type ColorCounts } from './data/types';
import type { GameEvent, GState, PlayerID, SetupData } from './types';
import { addInto, total, zero } from './counts';
import { network } from './network';

/** The part of boardgame.io's random API the rules use. */
export interface RandomLike {
  Number(): number;
  Shuffle<T>(deck: T[]): T[];
}

/** Distributive Omit, so each event variant keeps its own fields. */
type EventBody = GameEvent extends infer E ? (E extends GameEvent ? Omit<E, 'id' | 'turn'> : never) : never;

/**
 * Record a public event. `G.events` keeps the whole game's, so the log
 * comes back whole after a reload or a reconnect (the board has nothing
 * else to rebuild it from), for players and spectators alike.
 */
export function log(G: GState, turn: number, event: EventBody): void {
  G.events.push({ ...event, id: G.nextEventId++, turn });
}

/** The turn state at the start of a turn. */
export function freshTurn(): GState['turn'] {
  return { actions: 0, freeMoveUsed: false, draw3Used: false, pushRewarded: [], ended: false, takeBack: false };
}

/** Validate match options; returns a message for bad input. */
export function validateSetupData(setupData: unknown, numPlayers: number): string | undefined {
  if (!Number.isInteger(numPlayers) || numPlayers < 2 || numPlayers > 4) return 'Lisbon Tram 28 is for 2 to 4 players.';
  if (setupData === undefined || setupData === null) return undefined;
  if (typeof setupData !== 'object' || Array.isArray(setupData)) return 'setupData must be an object.';
  const d = setupData as Record<string, unknown>;
  for (const k of Object.keys(d)) {
    if (k !== 'faceUp' && k !== 'firstPlayer') return `Unknown option "${k}". Options: faceUp, firstPlayer.`;
  }
  if (d.faceUp !== undefined && d.faceUp !== 'final' && d.faceUp !== 'early')
    return 'faceUp must be "final" (18/15/12 face-up cards for 4/3/2 players) or "early" (19/16/13).';
  if (d.firstPlayer !== undefined && d.firstPlayer !== 'random') {
    if (
      typeof d.firstPlayer !== 'number' ||
      !Number.isInteger(d.firstPlayer) ||
      d.firstPlayer < 0 ||
      d.firstPlayer >= numPlayers
    ) {
      return `firstPlayer must be "random" or a seat number from 0 to ${numPlayers - 1}.`;
    }
  }
  return undefined;
}

/** Draw one passenger at random from the bag, refilling it from the discard when empty. */
export function drawPassenger(G: GState, random: RandomLike, turn: number): Color | null {
  if (total(G.bag) === 0 && total(G.passengerDiscard) > 0) {
    const n = total(G.passengerDiscard);
    addInto(G.bag, G.passengerDiscard);
    G.passengerDiscard = zero();
    log(G, turn, { type: 'bagRefill', count: n });
  }
  const n = total(G.bag);
  if (n === 0) return null;
  let r = Math.floor(random.Number() * n);
  for (const c of COLORS) {
    if (r < G.bag[c]) {
      G.bag[c]--;
      return c;
    }
    r -= G.bag[c];
  }
  return null;
}

/** Draw up to `n` passengers; fewer when bag and discard run dry. */
export function drawPassengers(G: GState, random: RandomLike, n: number, turn: number): Color[] {
  const out: Color[] = [];
  for (let i = 0; i < n; i++) {
    const c = drawPassenger(G, random, turn);
    if (!c) break;
    out.push(c);
  }
  return out;
}

/** Draw up to `n` tickets into a player's hand, reshuffling the discard into a new deck when needed. */
export function drawTickets(G: GState, random: RandomLike, player: PlayerID, n: number, turn: number): number {
  const secret = G.secret!;
  const hand = G.players[player].hand!;
  let drawn = 0;
  while (drawn < n) {
    if (secret.ticketDeck.length === 0) {
      const pile: Color[] = [];
      for (const c of COLORS) for (let k = 0; k < G.ticketDiscard[c]; k++) pile.push(c);
      if (pile.length === 0) break;
      secret.ticketDeck = random.Shuffle(pile);
      G.ticketDiscard = zero();
      log(G, turn, { type: 'reshuffle', count: pile.length });
    }
    // Take from the top with one slice rather than shift(): under Immer, shift()
    // on a drafted array moves every card through the proxy.
    const deck = secret.ticketDeck;
    const k = Math.min(n - drawn, deck.length);
    for (let i = 0; i < k; i++) hand[deck[i]]++;
    secret.ticketDeck = deck.slice(k);
    drawn += k;
  }
  G.players[player].handSize = total(hand);
  G.deckSize = secret.ticketDeck.length;
  return drawn;
}

/** Discard a payment from a player's hand to the face-up pile. */
export function discardTickets(G: GState, player: PlayerID, paid: ColorCounts): void {
  const p = G.players[player];
  for (const c of COLORS) {
    p.hand![c] -= paid[c];
    G.ticketDiscard[c] += paid[c];
  }
  p.handSize = total(p.hand!);
}

/**
 * Deal the top Monument card into a display slot. Dealing the last face-up
 * card triggers the end of the game (RULINGS "Refilling the display").
 * Returns the card, or null when the deck is empty.
 */
export function dealMonument(G: GState, slot: number): { card: string | null; triggered: boolean } {
  const card = G.secret!.monumentDeck[0] ?? null;
  const deck = G.secret!.monumentDeck.slice(1);
  G.secret!.monumentDeck = deck;
  G.display[slot] = card;
  let triggered = false;
  if (card) {
    if (G.faceUpLeft > 0) {
      G.faceUpLeft--;
      if (G.faceUpLeft === 0 && !G.endTriggered) {
        G.endTriggered = true;
        triggered = true;
      }
    } else {
      G.faceDownLeft--;
    }
  }
  G.monumentTop = G.faceUpLeft > 0 ? deck[0] : null;
  return { card, triggered };
}

/** The starting position (rulebook "Game Setup", RULINGS "Setup"). */
export function setupState(
  numPlayers: number,
  random: RandomLike & { Die(n: number): number },
  setupData?: SetupData,
): GState {
  const side = sideForPlayers(numPlayers).id;
  const net = network(side);
  const variant = setupData?.faceUp ?? 'final';
  const first = typeof setupData?.firstPlayer === 'number' ? setupData.firstPlayer : random.Die(numPlayers) - 1;

  const bag: ColorCounts = {
    red: PASSENGERS_PER_COLOR,
    yellow: PASSENGERS_PER_COLOR,
    green: PASSENGERS_PER_COLOR,
    blue: PASSENGERS_PER_COLOR,
  };
  const tickets: Color[] = [];
  for (const c of COLORS) for (let i = 0; i < TICKETS_PER_COLOR; i++) tickets.push(c);

  const G: GState = {
    side,
    numPlayers,
    faceUpVariant: variant,
    firstPlayer: String(first),
    players: {},
    stops: {},
    bag,
    passengerDiscard: zero(),
    ticketDiscard: zero(),
    deckSize: 0,
    display: new Array<string | null>(DISPLAY_SLOTS[numPlayers]).fill(null),
    monumentTop: null,
    faceUpLeft: FACE_UP[variant][numPlayers],
    faceDownLeft: CARDS.length - FACE_UP[variant][numPlayers],
    endTriggered: false,
    finished: false,
    turn: freshTurn(),
    pending: null,
    events: [],
    nextEventId: 1,
    secret: {
      ticketDeck: random.Shuffle(tickets),
      monumentDeck: random.Shuffle(CARDS.map((c) => c.id)),
    },
  };
  for (let i = 0; i < numPlayers; i++) {
    G.players[String(i)] = {
      color: BOARDS[i].id,
      position: 'rossio',
      hand: zero(),
      handSize: 0,
      seats: zero(),
      bonuses: [],
      row: [],
    };
  }
  for (const s of net.stops) {
    G.stops[s] = zero();
    for (const c of drawPassengers(G, random, PASSENGERS_PER_STOP, 0)) G.stops[s][c]++;
  }
  for (let i = 0; i < numPlayers; i++) drawTickets(G, random, String(i), STARTING_HAND, 0);
  for (let slot = 0; slot < G.display.length; slot++) dealMonument(G, slot);
  return G;
}

/** The card in a display slot, for readable messages. */
export function cardName(id: string): string {
  const c = CARD_BY_ID[id];
  return c ? `${c.monument} (${c.vp} VP)` : id;
}
