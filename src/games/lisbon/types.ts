/**
 * The shape of the game state `G`. Ids and plain JSON only.
 * Hidden information lives in `secret` and in each `hand`; `playerView`
 * removes `secret` and the other players' hands (see view.ts).
 */
import type { BonusKind, Color, ColorCounts, SideId, TramColor } from './data/types';

/** boardgame.io player id: '0', '1', ... */
export type PlayerID = string;
/** A map node id. */
export type NodeId = string;
/** A Monument card id. */
export type CardId = string;

/** Match options, validated by `validateSetupData`. */
export interface SetupData {
  /** Face-up Monument cards: the final rulebook's 18/15/12 for 4/3/2 players (default) or the early text's 19/16/13. */
  faceUp?: 'final' | 'early';
  /** Seat index of the first player, or 'random' (default). */
  firstPlayer?: number | 'random';
}

/** One player's public and private state. */
export interface PlayerState {
  /** Tram and board colour. */
  color: TramColor;
  /** Where the tram stands. */
  position: NodeId;
  /** Tickets in hand. `null` in another player's view. */
  hand: ColorCounts | null;
  /** Number of tickets in hand (always visible). */
  handSize: number;
  /** Passengers seated on the player board. */
  seats: ColorCounts;
  /** Bonuses unlocked, in the order taken. */
  bonuses: BonusKind[];
  /** Claimed Monument cards, left to right. */
  row: CardId[];
}

/** What happened so far in the current turn. */
export interface TurnState {
  /** Actions spent this turn. */
  actions: number;
  freeMoveUsed: boolean;
  draw3Used: boolean;
  /** Players who already drew their push reward this turn. */
  pushRewarded: PlayerID[];
  /** Set once the end-of-turn draw is done (boardgame.io may run turn.onEnd twice when a phase ends). */
  ended: boolean;
  /**
   * The last action of this turn may be taken back (RULES.md "Taking back an
   * action"): it drew nothing from a deck or the bag and asked nothing of
   * another player. False at the start of a turn.
   */
  takeBack: boolean;
}

/** A decision the game is waiting for, taken by `player` in stage `stage`. */
export type Pending =
  | {
      kind: 'pushBranch';
      stage: 'pushBranch';
      /** Owner of the pushed tram, who chooses. */
      player: PlayerID;
      /** The tram being pushed (its owner). */
      tram: PlayerID;
      /** Where it is pushed from. */
      from: NodeId;
      /** The viable routes beyond the fork; each ends at a stopping place. */
      options: NodeId[][];
      /** The move being resolved. */
      move: PendingMove;
    }
  | {
      kind: 'placePassengers';
      stage: 'placePassengers';
      /** The player to the right of the claimer, who places them. */
      player: PlayerID;
      passengers: ColorCounts;
      /** Empty tram stops to choose from. */
      options: NodeId[];
    }
  | {
      kind: 'bellChoice';
      stage: 'bellChoice';
      /** The current player, who keeps one. */
      player: PlayerID;
      /** The passengers drawn (usually 3); one is kept, the others go back to the bag. */
      drawn: Color[];
      stop: NodeId;
    };

/** A move whose pushes are still being resolved. */
export interface PendingMove {
  mover: PlayerID;
  route: NodeId[];
  /** Branch choices made so far, in resolution order. */
  choices: NodeId[][];
  paid: ColorCounts;
  /** Single moves in the route. */
  steps: number;
  free: boolean;
}

/** A public event for the log and the board's animations. Never holds hidden information. */
export type GameEvent = { id: number; turn: number } & (
  | {
      type: 'move';
      player: PlayerID;
      from: NodeId;
      to: NodeId;
      path: NodeId[];
      steps: number;
      paid: ColorCounts;
      free: boolean;
    }
  | { type: 'push'; player: PlayerID; pushed: PlayerID; from: NodeId; to: NodeId; path: NodeId[] }
  | { type: 'pushReward'; players: PlayerID[] }
  | { type: 'pickUp'; player: PlayerID; stop: NodeId; took: ColorCounts; left: ColorCounts; paid: ColorCounts }
  | { type: 'bell'; player: PlayerID; stop: NodeId; drawn: Color[]; kept: Color | null }
  | { type: 'bellFailed'; player: PlayerID; stop: NodeId }
  | { type: 'claim'; player: PlayerID; card: CardId; end: 'left' | 'right'; passengers: ColorCounts }
  | { type: 'place'; player: PlayerID; stop: NodeId; passengers: ColorCounts }
  | { type: 'noEmptyStop'; player: PlayerID }
  | { type: 'refill'; slot: number; card: CardId | null }
  | { type: 'bonus'; player: PlayerID; bonus: BonusKind; color: Color; paid: ColorCounts }
  | { type: 'draw'; player: PlayerID; count: number; reason: 'endOfTurn' }
  | { type: 'reshuffle'; count: number }
  | { type: 'bagRefill'; count: number }
  | { type: 'endTriggered'; player: PlayerID }
  | { type: 'endTurn'; player: PlayerID }
);

/** Hidden state, removed by `playerView`. */
export interface SecretState {
  /** Ticket deck, top first. */
  ticketDeck: Color[];
  /** Monument deck, top first: the face-up cards, then the face-down ones. */
  monumentDeck: CardId[];
}

/** One player's final score. */
export interface ScoreLine {
  cardVP: number;
  connections: number;
  total: number;
  /** Passengers still on the board (second tie-breaker). */
  passengers: number;
  /** 1 = winner. */
  rank: number;
}

/** `ctx.gameover`. */
export interface GameOver {
  winner: PlayerID;
  scores: Record<PlayerID, ScoreLine>;
  /** Players in final order, winner first. */
  order: PlayerID[];
  /** How the winner was decided: 'score', 'connections', 'passengers' or 'seat'. */
  decidedBy: 'score' | 'connections' | 'passengers' | 'seat';
}

/** The game state. */
export interface GState {
  side: SideId;
  numPlayers: number;
  faceUpVariant: 'final' | 'early';
  firstPlayer: PlayerID;
  players: Record<PlayerID, PlayerState>;
  /** Passengers waiting at each tram stop (every stop of the side has an entry). */
  stops: Record<NodeId, ColorCounts>;
  /** Passenger bag contents (counts are public; draws are random). */
  bag: ColorCounts;
  /** Dropped-off passengers, set aside until the bag runs out. */
  passengerDiscard: ColorCounts;
  /** Face-up ticket discard pile. */
  ticketDiscard: ColorCounts;
  /** Tickets left in the deck. */
  deckSize: number;
  /** Monument display slots (3 with 2 players, else 4); `null` when the deck ran out. */
  display: (CardId | null)[];
  /** The top face-up card of the Monument deck, or null when none is face up. */
  monumentTop: CardId | null;
  /** Face-up Monument cards left on the deck. */
  faceUpLeft: number;
  /** Face-down Monument cards left on the deck. */
  faceDownLeft: number;
  /** The last face-up card has been dealt: this is the final round. */
  endTriggered: boolean;
  /** Set when the final round is over; read by `endIf`. */
  finished: boolean;
  turn: TurnState;
  pending: Pending | null;
  /** Every public event of the game, oldest first. */
  events: GameEvent[];
  /** Id of the next event. */
  nextEventId: number;
  secret?: SecretState;
}
