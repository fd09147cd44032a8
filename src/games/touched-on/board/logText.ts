/** The public log (`G.log`) in plain words, grouped by journey. */
import type { CardId, LogEntry, PlayerID } from '../types';
import { parseCard, POWER_NAMES } from '../data';
import { cardName, playerLabel } from './logic';

/** One line of the log. */
export interface LogLine {
  id: number;
  text: string;
  /** Shown in bold: DING, finishes, unlocks, journey and game ends. */
  strong: boolean;
}

/** A journey's lines. */
export interface LogJourney {
  journey: number;
  lines: LogLine[];
}

/** Evader cards by Line, in plain words: "line 96 ×2, line 86". */
function linesOf(cards: readonly CardId[]): string {
  const byLine = new Map<string, number>();
  for (const c of cards) {
    const info = parseCard(c);
    const line = info && info.kind === 'evader' ? info.line : '?';
    byLine.set(line, (byLine.get(line) ?? 0) + 1);
  }
  return [...byLine].map(([line, k]) => `line ${line}${k > 1 ? ` ×${k}` : ''}`).join(', ');
}

/** An entry in plain words. */
export function logText(e: LogEntry, names: Record<PlayerID, string>): string {
  const n = (p: PlayerID) => playerLabel(p, names);
  switch (e.type) {
    case 'journey':
      return `Journey ${e.journey}: ${n(e.dealer)} deals.`;
    case 'batch': {
      const what = [
        e.count > 0 ? `${e.count} Evader${e.count > 1 ? 's' : ''}` : '',
        e.prioritySeat ? 'a Priority Seat' : '',
      ]
        .filter(Boolean)
        .join(' and ');
      return `${n(e.player)} plays ${what} on line ${e.line}${e.newCarriage ? ' (new carriage)' : ''}.`;
    }
    case 'inspect':
      return `${n(e.player)} plays ${cardName(e.card)} on line ${e.line}: ${n(e.victim)} is inspected.`;
    case 'feetOnSeat':
      return `${n(e.player)} plays Feet On Seat against ${n(e.victim)} on line ${e.line}.`;
    case 'appeal':
      return `${n(e.player)} Appeals: ${e.success ? 'upheld' : 'refused (Authorised Inspector)'}.`;
    case 'accept':
      // Feet On Seat only hands a player's own Evaders back: no fine.
      return e.feet ? `${n(e.player)} does not Appeal.` : `${n(e.player)} accepts the fine.`;
    case 'take':
      // Not "back": an inspection hands over every Evader of the carriage, other players' too.
      return `${n(e.player)} takes ${e.count} Evader${e.count === 1 ? '' : 's'}${e.cards?.length ? ` (${linesOf(e.cards)})` : ''} into their hand.`;
    case 'power':
      if (e.power === POWER_NAMES.appeal) return `${n(e.player)} plays an Appeal with no effect, to get rid of it.`;
      return `${n(e.player)} plays ${e.power}${e.target ? ` on ${n(e.target)}` : ''}${e.line ? ` on line ${e.line}` : ''}.`;
    case 'trackerSwap':
      return `${n(e.player)} takes a card from ${n(e.target)} and gives one back.`;
    case 'trackerNothing':
      return `${n(e.player)} looks at ${n(e.target)}'s hand and takes nothing: they have no other card to give.`;
    case 'unlock':
      return `${n(e.player)} fills line ${e.line} and takes its Exp!`;
    case 'draw':
      return `${n(e.player)} draws a card${e.reshuffled ? ' (the discard pile is shuffled into a new draw pile)' : ''}.`;
    case 'putOut':
      return `${n(e.player)} is stuck and puts ${cardName(e.card)} out of the journey.`;
    case 'ding':
      return `DING! ${n(e.player)} has no cards left.`;
    case 'dingCancelled':
      return `${n(e.player)} gets cards back: the DING is cancelled.`;
    case 'finish':
      return `${n(e.player)} finishes ${e.place === 1 ? '1st' : e.place === 2 ? '2nd' : `#${e.place}`} and takes ${e.exp} Exp card${e.exp === 1 ? '' : 's'}.`;
    case 'journeyEnd':
      return `Journey ${e.journey} ends${e.reason === 'stall' ? ' (stalled: places go by fewest cards)' : ''}.`;
    case 'gameEnd':
      return 'No Exp is left: the game ends.';
  }
}

const STRONG = new Set<LogEntry['type']>(['ding', 'finish', 'unlock', 'journeyEnd', 'gameEnd', 'journey']);

/** The log grouped by journey, newest journey first, each journey oldest line first. */
export function logJourneys(log: readonly LogEntry[], names: Record<PlayerID, string>): LogJourney[] {
  const out: LogJourney[] = [];
  let cur: LogJourney | null = null;
  log.forEach((e, id) => {
    if (e.type === 'journey' || !cur) {
      cur = { journey: e.type === 'journey' ? e.journey : 0, lines: [] };
      out.push(cur);
    }
    cur.lines.push({ id, text: logText(e, names), strong: STRONG.has(e.type) });
  });
  return out.reverse();
}
