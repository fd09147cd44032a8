/** Read-only questions about the state, shared by the rules, the board and the bots. */
import { CARD_BY_ID } from './data/cards';
import { ACTIONS, SEATS } from './data/boards';
import type { ColorCounts } from './data/types';
import type { CardId, GState, NodeId, PlayerID } from './types';
import { total } from './counts';
import { network } from './network';

const PLAYER_IDS = [0, 1, 2, 3, 4].map((n) => Array.from({ length: n }, (_, i) => String(i)));

/** The player ids, '0' to numPlayers - 1, in seat order (a shared array: do not change it). Faster than walking `G.players` by key. */
export function playerIds(G: Pick<GState, 'numPlayers'>): readonly PlayerID[] {
  return PLAYER_IDS[G.numPlayers] ?? Array.from({ length: G.numPlayers }, (_, i) => String(i));
}

/** Seats per colour on a player's board: 2, or 4 with the +2 seats bonus. */
export function seatCapacity(G: GState, player: PlayerID): number {
  return G.players[player].bonuses.includes('seats') ? SEATS.withBonus : SEATS.base;
}

/** Actions allowed this turn: 2, or 3 with the +1 action bonus. */
export function maxActions(G: GState, player: PlayerID): number {
  return G.players[player].bonuses.includes('extraAction') ? ACTIONS.withBonus : ACTIONS.base;
}

/** Actions the current player has left this turn. */
export function actionsLeft(G: GState, player: PlayerID): number {
  return Math.max(0, maxActions(G, player) - G.turn.actions);
}

/** Whether the player owns the free move and has not used it this turn. */
export function freeMoveAvailable(G: GState, player: PlayerID): boolean {
  return G.players[player].bonuses.includes('freeMove') && !G.turn.freeMoveUsed;
}

/** Whether the player owns draw-3-keep-1 and has not used it this turn. */
export function draw3Available(G: GState, player: PlayerID): boolean {
  return G.players[player].bonuses.includes('draw3') && !G.turn.draw3Used;
}

/** Cones on the board: monument id -> number of displayed cards for it. */
export function cones(G: GState): Record<NodeId, number> {
  const out: Record<NodeId, number> = {};
  for (const id of G.display) if (id) out[CARD_BY_ID[id].monument] = (out[CARD_BY_ID[id].monument] ?? 0) + 1;
  return out;
}

/** Tram stops with no passengers and no tram: where new passengers may be placed. */
export function emptyStops(G: GState): NodeId[] {
  const occupied = new Set(Object.values(G.players).map((p) => p.position));
  return network(G.side).stops.filter((s) => total(G.stops[s]) === 0 && !occupied.has(s));
}

/** The player to the right: the one who plays just before (RULINGS "Turn"). */
export function playerToRight(playOrder: readonly PlayerID[], player: PlayerID): PlayerID {
  const i = playOrder.indexOf(player);
  return playOrder[(i - 1 + playOrder.length) % playOrder.length];
}

/** Completed tickets between neighbouring cards of a row. */
export function rowConnections(row: readonly CardId[]): number {
  let n = 0;
  for (let i = 0; i + 1 < row.length; i++) {
    const a = CARD_BY_ID[row[i]].right;
    const b = CARD_BY_ID[row[i + 1]].left;
    for (let k = 0; k < 4; k++) if (a[k] !== null && a[k] === b[k]) n++;
  }
  return n;
}

/** A player's current score: card VP plus connections. */
export function scoreOf(G: GState, player: PlayerID): { cardVP: number; connections: number; total: number } {
  const row = G.players[player].row;
  const cardVP = row.reduce((s, id) => s + CARD_BY_ID[id].vp, 0);
  const connections = rowConnections(row);
  return { cardVP, connections, total: cardVP + connections };
}

/** Passengers seated on a player's board. */
export function passengersOnBoard(G: GState, player: PlayerID): number {
  return total(G.players[player].seats);
}

/** How many of a waiting group fit into free seats. */
export function fitting(G: GState, player: PlayerID, group: ColorCounts): ColorCounts {
  const cap = seatCapacity(G, player);
  const seats = G.players[player].seats;
  return {
    red: Math.min(group.red, cap - seats.red),
    yellow: Math.min(group.yellow, cap - seats.yellow),
    green: Math.min(group.green, cap - seats.green),
    blue: Math.min(group.blue, cap - seats.blue),
  };
}

/** Who the game is waiting for: the player with a pending decision, else the current player. */
export function waitingFor(G: GState, currentPlayer: PlayerID): PlayerID {
  return G.pending ? G.pending.player : currentPlayer;
}
