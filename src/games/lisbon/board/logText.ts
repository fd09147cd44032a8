/**
 * The game log in plain words: one line per public event, player colours
 * (or names) and node names, grouped by turn, and a history that outlives
 * the engine's bounded event window.
 */
import type { Ctx } from 'boardgame.io';
import type { GameEvent, GState, NodeId, PlayerID } from '../types';
import { total } from '../counts';
import { BONUS_LABEL, cardLabel, describeCounts, joinNames, nodeName, playerLabel } from './logic';

/** One readable line for a public event, or null for events the log leaves out. */
export function formatEvent(
  ev: GameEvent,
  G: Pick<GState, 'players' | 'side'>,
  names: Record<PlayerID, string> = {},
): string | null {
  const who = (id: PlayerID) => playerLabel(G, id, names);
  const at = (id: NodeId) => nodeName(G.side, id);
  switch (ev.type) {
    case 'move': {
      if (ev.free) return `${who(ev.player)} used the free move from ${at(ev.from)} to ${at(ev.to)}`;
      const moves = ev.steps === 1 ? '' : ` (${ev.steps} moves)`;
      return `${who(ev.player)} moved from ${at(ev.from)} to ${at(ev.to)}${moves}, paying ${describeCounts(ev.paid)}`;
    }
    case 'push':
      return `${who(ev.player)} pushed ${who(ev.pushed)} from ${at(ev.from)} to ${at(ev.to)}`;
    case 'pushReward':
      return `${joinNames(ev.players.map(who))} drew a push ticket${ev.players.length > 1 ? ' each' : ''}`;
    case 'pickUp': {
      const left = total(ev.left) > 0 ? `; ${describeCounts(ev.left)} stayed (no seat)` : '';
      return `${who(ev.player)} picked up ${describeCounts(ev.took)} at ${at(ev.stop)}, paying ${describeCounts(ev.paid)}${left}`;
    }
    case 'bell': {
      if (ev.drawn.length === 0) return `${who(ev.player)} rang the bell, but the bag was empty`;
      if (ev.drawn.length === 1) return `${who(ev.player)} rang the bell: drew ${ev.drawn[0]}`;
      const kept = ev.kept ? ` and kept ${ev.kept}` : '';
      return `${who(ev.player)} rang the bell: drew ${joinNames(ev.drawn)}${kept}`;
    }
    case 'bellFailed':
      return `${who(ev.player)} could not pay for the whole group at ${at(ev.stop)}: nothing picked up, the action is lost`;
    case 'claim':
      return `${who(ev.player)} claimed ${cardLabel(G.side, ev.card)} on the ${ev.end}, dropping off ${describeCounts(ev.passengers)}`;
    case 'place':
      return `${who(ev.player)} placed ${describeCounts(ev.passengers)} at ${at(ev.stop)}`;
    case 'noEmptyStop':
      return `No tram stop was empty, so ${who(ev.player)} placed no new passengers`;
    case 'refill':
      return ev.card
        ? `${cardLabel(G.side, ev.card)} joined the Monument display`
        : 'The Monument deck is empty: a display slot stays empty';
    case 'bonus':
      return `${who(ev.player)} took the ${BONUS_LABEL[ev.bonus].long} bonus, paying ${describeCounts(ev.paid)}`;
    case 'draw':
      return `${who(ev.player)} drew ${ev.count} ticket${ev.count === 1 ? '' : 's'}`;
    case 'reshuffle':
      return `The discard pile (${ev.count} ticket${ev.count === 1 ? '' : 's'}) was shuffled into a new deck`;
    case 'bagRefill':
      return `The bag was refilled with ${ev.count} dropped-off passenger${ev.count === 1 ? '' : 's'}`;
    case 'endTriggered':
      return `The last face-up Monument card is dealt to the display (after ${who(ev.player)}'s claim): this is the final round`;
    case 'endTurn':
      return `${who(ev.player)} ended the turn`;
    default:
      return null;
  }
}

/** The log grouped by turn: newest turn first, events in the order they happened. */
export interface LogTurn {
  turn: number;
  /** Whose turn it was, when known. */
  player: PlayerID | null;
  lines: { id: number; text: string; kind: GameEvent['type'] }[];
}

/** Group the log by turn; "ended the turn" lines become the group's heading. */
export function logTurns(
  G: Pick<GState, 'players' | 'side' | 'events'>,
  ctx: Pick<Ctx, 'turn' | 'currentPlayer'>,
  names: Record<PlayerID, string> = {},
): LogTurn[] {
  const groups: LogTurn[] = [];
  for (const ev of G.events) {
    let g = groups[groups.length - 1];
    if (!g || g.turn !== ev.turn) {
      g = { turn: ev.turn, player: ev.turn === ctx.turn ? ctx.currentPlayer : null, lines: [] };
      groups.push(g);
    }
    if (ev.type === 'endTurn') {
      g.player = ev.player;
      continue;
    }
    if (
      g.player === null &&
      (ev.type === 'move' || ev.type === 'pickUp' || ev.type === 'bonus' || ev.type === 'claim' || ev.type === 'draw')
    )
      g.player = ev.player;
    const text = formatEvent(ev, G, names);
    if (text) g.lines.push({ id: ev.id, text, kind: ev.type });
  }
  return groups.filter((g) => g.lines.length > 0).reverse();
}
