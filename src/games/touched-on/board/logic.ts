/**
 * Pure helpers for the Touched On board: names and seat colours, what each
 * card in the viewer's hand may do now (from the rules' legal-move
 * functions only), who took a Line's Exp, the last journey's result, the
 * tie-break steps and the refusal fingerprint. No React here.
 */
import type { Ctx } from 'boardgame.io';
import { LINE_BY_ID, expValue, parseCard, type LineId } from '../data';
import type { CardId, GameOver, LogEntry, PlayerID, TOState } from '../types';
import {
  checkBatch,
  checkFeetOnSeat,
  checkFreeTramZone,
  checkInspect,
  checkPeakHour,
  checkShedAppeal,
  checkTramTracker,
  legalBatches,
  legalFeetOnSeat,
  legalTramTracker,
  turnBlocked,
} from '../legal';

/** Seat colours (chips beside names and on every card a player added), distinct from the Line colours. */
export const SEAT_COLOURS = ['#7b4fb8', '#e8702a', '#12a4b6', '#6d4c41'];
/** The seat colours in words. */
export const SEAT_COLOUR_NAMES = ['purple', 'orange', 'teal', 'brown'];

/** A seat's colour. */
export function seatColour(id: PlayerID): string {
  return SEAT_COLOURS[Number(id) % SEAT_COLOURS.length];
}

export { namesFrom } from '../../../client/names';

/** How a player is called on screen: their name, else "Player n" (seat + 1). */
export function playerLabel(id: PlayerID, names: Record<PlayerID, string> = {}): string {
  return names[id] ?? `Player ${Number(id) + 1}`;
}

/** A card's name in plain words. */
export function cardName(id: CardId): string {
  const c = parseCard(id);
  if (!c) return 'a card';
  switch (c.kind) {
    case 'evader':
      return `Evader ${c.line}`;
    case 'authorised':
      return `Authorised Inspector ${c.line}`;
    case 'undercover':
      return 'Undercover Inspector';
    case 'power':
      return {
        appeal: 'Appeal',
        prioritySeat: 'Priority Seat',
        feetOnSeat: 'Feet On Seat',
        peakHour: 'Peak Hour',
        tramTracker: 'Tram Tracker',
        freeTramZone: 'Free Tram Zone',
      }[c.power];
  }
}

/** Sort key for a hand: Evaders and Authorised by Line position, then Undercover, then Powers. */
function sortKey(id: CardId): string {
  const c = parseCard(id);
  if (!c) return `9${id}`;
  if (c.kind === 'evader') return `1${LINE_BY_ID[c.line].position}a${id}`;
  if (c.kind === 'authorised') return `1${LINE_BY_ID[c.line].position}b${id}`;
  if (c.kind === 'undercover') return `2${id}`;
  return `3${c.power}${id}`;
}

/** A hand sorted by Line, then Inspectors, then Powers. */
export function sortHand(hand: readonly CardId[]): CardId[] {
  return [...hand].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
}

/** The group a hand card is shown in: a Line id, "inspector" or "power". */
export function handGroup(id: CardId): string {
  const c = parseCard(id);
  if (!c) return 'other';
  if (c.kind === 'evader' || c.kind === 'authorised') return c.line;
  if (c.kind === 'undercover') return 'inspector';
  return 'power';
}

/** What one hand card may do now: null when playable, else the reason it is not. */
export type Playability = Record<CardId, string | null>;

/**
 * For each card in `me`'s hand: null when a legal play uses it now, else why
 * not. Built only from legal.ts: Evaders from the batch options (their reason
 * from `checkBatch`), Inspectors from `checkInspect`, each Power from its check
 * or its target list.
 */
export function playability(G: TOState, ctx: Pick<Ctx, 'currentPlayer'>, me: PlayerID): Playability {
  const out: Playability = {};
  const hand = G.players[me]?.hand ?? [];
  const blocked = turnBlocked(G, ctx, me);
  const batches = legalBatches(G, ctx, me);
  const reason = (r: string | object): string | null => (typeof r === 'string' ? r : null);
  // Any opponent: the checks then give the reason no target would do.
  const rival = Object.keys(G.players).find((p) => p !== me) ?? me;
  for (const id of hand) {
    if (blocked) {
      out[id] = blocked;
      continue;
    }
    const c = parseCard(id);
    if (!c) {
      out[id] = 'Unknown card.';
      continue;
    }
    switch (c.kind) {
      case 'evader': {
        const opt = batches.find((b) => b.line === c.line && b.maxEvaders > 0);
        out[id] = opt ? null : (reason(checkBatch(G, ctx, me, { line: c.line, count: 1 })) ?? 'Not playable now.');
        break;
      }
      case 'authorised':
      case 'undercover':
        out[id] = reason(checkInspect(G, ctx, me, { card: id }));
        break;
      case 'power':
        switch (c.power) {
          case 'prioritySeat': {
            const opt = batches.find((b) => b.prioritySeat);
            out[id] = opt
              ? null
              : (reason(
                  checkBatch(G, ctx, me, { line: G.currentLine ?? G.lineOrder[0], count: 0, prioritySeat: true }),
                ) ?? 'Not playable now.');
            break;
          }
          case 'feetOnSeat':
            out[id] =
              legalFeetOnSeat(G, ctx, me).length > 0
                ? null
                : (reason(checkFeetOnSeat(G, ctx, me, { target: rival })) ?? 'Not playable now.');
            break;
          case 'tramTracker':
            out[id] =
              legalTramTracker(G, ctx, me).length > 0
                ? null
                : (reason(checkTramTracker(G, ctx, me, { target: rival })) ?? 'Not playable now.');
            break;
          case 'peakHour':
            out[id] = reason(checkPeakHour(G, ctx, me));
            break;
          case 'freeTramZone':
            out[id] = reason(checkFreeTramZone(G, ctx, me));
            break;
          case 'appeal':
            out[id] = reason(checkShedAppeal(G, ctx, me));
            break;
        }
    }
  }
  return out;
}

/** The log entries of the current journey (after its `journey` entry). */
export function journeyLog(log: readonly LogEntry[]): LogEntry[] {
  for (let i = log.length - 1; i >= 0; i--) if (log[i].type === 'journey') return log.slice(i + 1);
  return [...log];
}

/** Who unlocked each Line's Exp this journey (from the public log). */
export function expTakenBy(log: readonly LogEntry[]): Partial<Record<LineId, PlayerID>> {
  const out: Partial<Record<LineId, PlayerID>> = {};
  for (const e of journeyLog(log)) if (e.type === 'unlock') out[e.line] = e.player;
  return out;
}

/** The result of a finished journey, from the public log. */
export interface JourneyResult {
  journey: number;
  reason: 'finishes' | 'stall';
  /** `exp`: how many Exp cards each finisher took (values stay hidden). */
  finishes: { player: PlayerID; place: number; exp: number }[];
  unlocks: { player: PlayerID; line: LineId }[];
}

/** The most recent finished journey, or null before the first one ends. */
export function lastJourneyResult(log: readonly LogEntry[]): JourneyResult | null {
  let end = -1;
  for (let i = log.length - 1; i >= 0; i--)
    if (log[i].type === 'journeyEnd') {
      end = i;
      break;
    }
  if (end < 0) return null;
  let start = 0;
  for (let i = end; i >= 0; i--)
    if (log[i].type === 'journey') {
      start = i;
      break;
    }
  const e = log[end] as Extract<LogEntry, { type: 'journeyEnd' }>;
  const out: JourneyResult = { journey: e.journey, reason: e.reason, finishes: [], unlocks: [] };
  for (const x of log.slice(start, end)) {
    if (x.type === 'finish') out.finishes.push({ player: x.player, place: x.place, exp: x.exp });
    if (x.type === 'unlock') out.unlocks.push({ player: x.player, line: x.line });
  }
  return out;
}

/** Whether the current journey has just been dealt: nothing logged after its deal yet. */
export function journeyJustDealt(G: Pick<TOState, 'log' | 'journey'>): boolean {
  return G.journey > 1 && journeyLog(G.log).length === 0;
}

/** One round of the tie-break: each still-tied player's total after removing their highest cards. */
export interface TieRound {
  round: number;
  totals: Record<PlayerID, number>;
}

/**
 * The tie-break as steps, for the end screen: the rounds of "remove your
 * highest Exp card, count again" the rules ran (`over.tieBreak.rounds`),
 * with each still-tied player's total after each round.
 */
export function tieBreakRounds(over: GameOver): TieRound[] {
  const tb = over.tieBreak;
  if (!tb) return [];
  const left: Record<PlayerID, number[]> = {};
  for (const p of tb.tied) left[p] = over.scores[p].exp.map(expValue).sort((a, b) => b - a);
  let tied = [...tb.tied];
  const out: TieRound[] = [];
  for (let r = 1; r <= tb.rounds; r++) {
    const totals: Record<PlayerID, number> = {};
    for (const p of tied) {
      left[p].shift();
      totals[p] = left[p].reduce((a, b) => a + b, 0);
    }
    out.push({ round: r, totals });
    const top = Math.max(...Object.values(totals));
    tied = tied.filter((p) => totals[p] === top);
  }
  return out;
}

/** The tie-break in plain words (empty when there was no tie). */
export function tieBreakText(over: GameOver, names: Record<PlayerID, string>): string {
  const tb = over.tieBreak;
  if (!tb) return '';
  const tied = tb.tied.map((p) => playerLabel(p, names));
  const who = tied.length > 1 ? `${tied.slice(0, -1).join(', ')} and ${tied[tied.length - 1]}` : tied.join('');
  const total = over.scores[tb.tied[0]].total;
  const win = playerLabel(over.winner, names);
  const rounds = tieBreakRounds(over);
  const totalsOf = (r: (typeof rounds)[number]) =>
    Object.entries(r.totals)
      .map(([p, t]) => `${playerLabel(p, names)} ${t}`)
      .join(', ');
  const steps = rounds.map((r) => `after ${r.round} card${r.round === 1 ? '' : 's'}: ${totalsOf(r)}`).join('; ');
  if (tb.by === 'removal' && rounds.length === 1)
    return `${who} tied on ${total} Exp. Each removed their highest Exp card and counted again: ${totalsOf(rounds[0])}. ${win} wins.`;
  if (tb.by === 'removal')
    return `${who} tied on ${total} Exp. Each removed their highest Exp cards one at a time and counted again (${steps}): ${win} wins.`;
  return `${who} tied on ${total} Exp, and were still tied when their cards ran out${steps ? ` (${steps})` : ''}: ${win} took an Exp card most recently and wins.`;
}

/** A short string that changes whenever a move is applied (to report a move the server did not apply). */
export function stateFingerprint(G: Pick<TOState, 'log' | 'journey' | 'pending' | 'turn'>, ctx: Pick<Ctx, 'turn'>) {
  return `${G.log.length}|${G.journey}|${ctx.turn}|${G.turn.played}|${G.turn.drew}|${JSON.stringify(G.pending)}`;
}
