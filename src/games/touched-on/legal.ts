/**
 * The legal-move functions: one per kind of move. Each `check…(G, ctx,
 * playerID, args)` returns what the move will do, or a reason string when it
 * is illegal; the `legal…` functions list the options. The moves (moves.ts),
 * `ai.enumerate` (ai.ts) and the board all use these and nothing else.
 */
import type { Ctx } from 'boardgame.io';
import { mayTakeBack } from '../common/take-back';
import { EVADERS_PER_LINE, LINE_BY_ID, cardInfo, isEvader, parseCard, type PowerType } from './data';
import type { Carriage, CardId, LineId, PlayerID, TOState } from './types';

/** The part of ctx the checks read. */
export type CtxLike = Pick<Ctx, 'currentPlayer'>;

/**
 * Whether `p` may take back the last card they played this turn (RULES.md
 * "Taking back a card"): a batch that unlocked no Exp, a Peak Hour, a Free
 * Tram Zone or a shed Appeal, in their own turn with no decision pending. The
 * moves set `turn.takeBack`.
 */
export function canTakeBack(G: TOState, ctx: Ctx, p: PlayerID | null | undefined): boolean {
  return !G.pending && !G.gameOver && mayTakeBack(G.turn.takeBack, ctx, p);
}

// ---------------------------------------------------------------- selectors

/** Whether a player still takes turns in this journey (not finished, not on DING). */
export function takesTurns(G: TOState, p: PlayerID): boolean {
  const pl = G.players[p];
  return !!pl && !pl.out && !pl.ding;
}

/** Whether a player is still in the journey (not confirmed as finished). */
export function inJourney(G: TOState, p: PlayerID): boolean {
  const pl = G.players[p];
  return !!pl && !pl.out;
}

/** The current carriage: the last carriage of the current line, or null before the journey's first card. */
export function currentCarriage(G: TOState): Carriage | null {
  if (!G.currentLine) return null;
  const cs = G.lines[G.currentLine].carriages;
  return cs.length ? cs[cs.length - 1] : null;
}

/** A Line's count: Evaders and Priority Seats on it, across all carriages (RULINGS §5). */
export function lineCount(G: TOState, line: LineId): number {
  let n = 0;
  for (const c of G.lines[line].carriages) n += c.cards.length;
  return n;
}

/** Whether the current carriage is exposed: the previous player added to it in their turn (RULINGS §5, §12.2). */
export function isExposed(G: TOState): boolean {
  const c = currentCarriage(G);
  return !!c && !!G.lastTurn && G.lastTurn.addedTo === c.id;
}

/** Whether the line reset applies: every player still taking turns completed a turn adding nothing since the last card (RULINGS §5). */
export function lineResetAvailable(G: TOState): boolean {
  if (!G.currentLine) return false;
  for (const p in G.players) if (takesTurns(G, p) && !G.sinceAdd.includes(p)) return false;
  return true;
}

/** The Lines a card may be added to now (adjacency, first play, line reset). */
export function reachableLines(G: TOState): LineId[] {
  if (!G.currentLine || lineResetAvailable(G)) return G.lineOrder.slice();
  const pos = LINE_BY_ID[G.currentLine].position;
  const out: LineId[] = [];
  for (const l of G.lineOrder) if (Math.abs(LINE_BY_ID[l].position - pos) <= 1) out.push(l);
  return out;
}

/** Whether adding to `line` now starts a new carriage. */
export function startsNewCarriage(G: TOState, line: LineId): boolean {
  return G.currentLine !== line || lineResetAvailable(G) || currentCarriage(G) === null;
}

/** The hand of a player (empty when hidden). */
export function handOf(G: TOState, p: PlayerID): CardId[] {
  return G.players[p]?.hand ?? [];
}

/** What the checks ask of a hand: its first card of each Power type, and its Evaders per Line. */
interface HandSummary {
  powers: Partial<Record<PowerType, CardId>>;
  evaders: Partial<Record<LineId, number>>;
}

/**
 * The last hand summed up: a copy of its cards, and its summary (which
 * depends on the cards alone), for the checks that ask about the same hand
 * again: at the end of a move, then listing the next moves, in the next
 * state, which shares the hand or holds the same cards.
 */
let lastSummary: { cards: CardId[]; summary: HandSummary } | null = null;

/** Whether two hands hold the same cards in the same order. */
function sameCards(a: readonly CardId[], b: readonly CardId[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** `p`'s hand summed up in one pass. */
function handSummary(G: TOState, p: PlayerID): HandSummary {
  const hand = handOf(G, p);
  if (lastSummary && sameCards(hand, lastSummary.cards)) return lastSummary.summary;
  // Every key up front: objects of one shape.
  const summary: HandSummary = {
    powers: {
      appeal: undefined,
      prioritySeat: undefined,
      feetOnSeat: undefined,
      peakHour: undefined,
      tramTracker: undefined,
      freeTramZone: undefined,
    },
    evaders: { '19': 0, '96': 0, '86': 0, '109': 0 },
  };
  for (const c of hand) {
    const info = parseCard(c);
    if (!info) continue;
    if (info.kind === 'power') summary.powers[info.power] ??= c;
    else if (info.kind === 'evader') summary.evaders[info.line]! += 1;
  }
  lastSummary = { cards: hand.slice(), summary };
  return summary;
}

/** The first card of a Power type in a hand, or null. */
export function powerInHand(G: TOState, p: PlayerID, power: PowerType): CardId | null {
  return handSummary(G, p).powers[power] ?? null;
}

/** Whether a Peak Hour of another player binds `p` (at most 1 card added per turn, RULINGS §7.4). */
export function peakBound(G: TOState, p: PlayerID): boolean {
  return G.peakHours.some((ph) => ph.owner !== p);
}

// ---------------------------------------------------------------- who may act

/** Why `player` may not make a play of their own turn now, or null when they may. */
export function turnBlocked(G: TOState, ctx: CtxLike, player: PlayerID): string | null {
  if (G.gameOver) return 'The game is over.';
  if (G.pending) return 'A decision is pending.';
  if (player !== ctx.currentPlayer) return 'It is not your turn.';
  if (!takesTurns(G, player)) return 'You are not playing this journey.';
  if (G.turn.putOut) return 'Your turn is over.';
  return null;
}

/** Why a Power may not be played now (one per turn), or null. */
function powerBlocked(G: TOState, ctx: CtxLike, player: PlayerID, power: PowerType): string | null {
  const b = turnBlocked(G, ctx, player);
  if (b) return b;
  if (G.turn.powerPlayed) return 'You already played a Power this turn.';
  if (!powerInHand(G, player, power)) return 'You hold no such Power.';
  return null;
}

// ---------------------------------------------------------------- Inspectors

export interface CheckedInspect {
  card: CardId;
  source: 'authorised' | 'undercover';
  line: LineId;
  carriage: number;
  victim: PlayerID;
  evaders: CardId[];
}

/** Why no Inspector may be played now, or null (RULINGS §6). */
export function inspectBlocked(G: TOState, ctx: CtxLike, player: PlayerID): string | null {
  const b = turnBlocked(G, ctx, player);
  if (b) return b;
  if (G.turn.inspectorPlayed) return 'Only one Inspector per turn.';
  if (G.turn.batchPlayed) return 'Inspectors cannot be played after Evaders.';
  const c = currentCarriage(G);
  if (!c || !G.currentLine) return 'There is no carriage to inspect.';
  if (!isExposed(G)) return 'The current carriage is not exposed: the previous player added nothing to it.';
  if (!c.cards.some((pc) => isEvader(pc.card))) return 'The carriage holds no Evader.';
  if (G.lines[G.currentLine].freeTramZone) return 'No inspections in a Free Tram Zone.';
  return null;
}

/** Check `inspect({ card })`. */
export function checkInspect(G: TOState, ctx: CtxLike, player: PlayerID, args: unknown): CheckedInspect | string {
  const card = (args as { card?: unknown } | null)?.card;
  const info = parseCard(card);
  if (!info || (info.kind !== 'authorised' && info.kind !== 'undercover')) return 'Name an Inspector card.';
  const b = inspectBlocked(G, ctx, player);
  if (b) return b;
  if (!handOf(G, player).includes(card as CardId)) return 'You do not hold that card.';
  const line = G.currentLine!;
  if (info.kind === 'authorised' && info.line !== line) return 'An Authorised Inspector works on its own Line only.';
  const c = currentCarriage(G)!;
  return {
    card: card as CardId,
    source: info.kind,
    line,
    carriage: c.id,
    victim: G.lastTurn!.player,
    evaders: c.cards.filter((pc) => isEvader(pc.card)).map((pc) => pc.card),
  };
}

/** The Inspector cards `player` may play now, one per distinct effect (Authorised of the line, one Undercover). */
export function legalInspections(G: TOState, ctx: CtxLike, player: PlayerID): CardId[] {
  if (inspectBlocked(G, ctx, player)) return [];
  const out: CardId[] = [];
  const hand = handOf(G, player);
  const auth = hand.find((c) => c === `A${G.currentLine}`);
  if (auth) out.push(auth);
  const under = hand.find((c) => cardInfo(c).kind === 'undercover');
  if (under) out.push(under);
  return out;
}

// ---------------------------------------------------------------- Evaders (the batch)

export interface CheckedBatch {
  line: LineId;
  evaders: CardId[];
  prioritySeat: CardId | null;
  newCarriage: boolean;
}

/** One Line a batch may go on now, with the most Evaders and whether a Priority Seat may join. */
export interface BatchOption {
  line: LineId;
  maxEvaders: number;
  prioritySeat: boolean;
  /** Most cards in all (Peak Hour of another player: 1). */
  maxCards: number;
}

/** Why no batch may be played now, or null. */
export function batchBlocked(G: TOState, ctx: CtxLike, player: PlayerID): string | null {
  const b = turnBlocked(G, ctx, player);
  if (b) return b;
  if (G.turn.batchPlayed) return 'Only one batch of Evaders per turn.';
  return null;
}

/** The Lines a batch may go on now (RULINGS §4, §5, §7.2, §7.4). */
export function legalBatches(G: TOState, ctx: CtxLike, player: PlayerID): BatchOption[] {
  if (batchBlocked(G, ctx, player)) return [];
  const ps = !G.turn.powerPlayed && !!powerInHand(G, player, 'prioritySeat');
  const maxCards = peakBound(G, player) ? 1 : EVADERS_PER_LINE + 1;
  const { evaders } = handSummary(G, player);
  const out: BatchOption[] = [];
  for (const line of reachableLines(G)) {
    const e = Math.min(EVADERS_PER_LINE, evaders[line] ?? 0, maxCards);
    if (e === 0 && !ps) continue;
    out.push({ line, maxEvaders: e, prioritySeat: ps, maxCards });
  }
  return out;
}

/** Check `playEvaders({ line, count, prioritySeat? })`: `count` Evaders of `line` (0–9), plus an optional Priority Seat. */
export function checkBatch(G: TOState, ctx: CtxLike, player: PlayerID, args: unknown): CheckedBatch | string {
  const a = (args ?? {}) as { line?: unknown; count?: unknown; prioritySeat?: unknown };
  if (typeof a.line !== 'string' || !G.lineOrder.includes(a.line as LineId)) return 'Name a Line in play.';
  if (typeof a.count !== 'number' || !Number.isInteger(a.count) || a.count < 0) return 'count must be 0 or more.';
  if (a.prioritySeat !== undefined && typeof a.prioritySeat !== 'boolean') return 'prioritySeat must be true or false.';
  const b = batchBlocked(G, ctx, player);
  if (b) return b;
  const line = a.line as LineId;
  const withSeat = a.prioritySeat === true;
  const opt = legalBatches(G, ctx, player).find((o) => o.line === line);
  if (!opt) {
    if (!reachableLines(G).includes(line))
      return 'Lines cannot be skipped: play on the current line or one next to it.';
    return 'You have nothing to play on that Line.';
  }
  if (a.count + (withSeat ? 1 : 0) < 1) return 'Play at least one card.';
  if (a.count > opt.maxEvaders)
    return `You may play at most ${opt.maxEvaders} Evader${opt.maxEvaders === 1 ? '' : 's'} of ${line} now.`;
  if (withSeat && !opt.prioritySeat) return 'You cannot play a Priority Seat now.';
  if (a.count + (withSeat ? 1 : 0) > opt.maxCards) return 'Peak Hour: you may add only 1 card this turn.';
  const hand = handOf(G, player);
  return {
    line,
    evaders: hand.filter((c) => isEvader(c, line)).slice(0, a.count),
    prioritySeat: withSeat ? powerInHand(G, player, 'prioritySeat') : null,
    newCarriage: startsNewCarriage(G, line),
  };
}

// ---------------------------------------------------------------- Powers

/** The opponents Feet On Seat may target: in the journey, with Evaders in the current carriage (RULINGS §7.3). */
export function legalFeetOnSeat(G: TOState, ctx: CtxLike, player: PlayerID): PlayerID[] {
  if (powerBlocked(G, ctx, player, 'feetOnSeat')) return [];
  const c = currentCarriage(G);
  if (!c) return [];
  const out: PlayerID[] = [];
  for (const pc of c.cards)
    if (pc.player !== player && inJourney(G, pc.player) && isEvader(pc.card) && !out.includes(pc.player))
      out.push(pc.player);
  return out.sort();
}

export interface CheckedFeetOnSeat {
  card: CardId;
  target: PlayerID;
  line: LineId;
  carriage: number;
  evaders: CardId[];
}

/** Check `feetOnSeat({ target })`. */
export function checkFeetOnSeat(G: TOState, ctx: CtxLike, player: PlayerID, args: unknown): CheckedFeetOnSeat | string {
  const target = (args as { target?: unknown } | null)?.target;
  if (typeof target !== 'string' || !G.players[target]) return 'Name a target player.';
  const b = powerBlocked(G, ctx, player, 'feetOnSeat');
  if (b) return b;
  if (!legalFeetOnSeat(G, ctx, player).includes(target)) return 'That player has no Evader in the current carriage.';
  const c = currentCarriage(G)!;
  return {
    card: powerInHand(G, player, 'feetOnSeat')!,
    target,
    line: G.currentLine!,
    carriage: c.id,
    evaders: c.cards.filter((pc) => pc.player === target && isEvader(pc.card)).map((pc) => pc.card),
  };
}

/** Check `peakHour()`. */
export function checkPeakHour(G: TOState, ctx: CtxLike, player: PlayerID): { card: CardId } | string {
  const b = powerBlocked(G, ctx, player, 'peakHour');
  return b ?? { card: powerInHand(G, player, 'peakHour')! };
}

/** The opponents Tram Tracker may target: in the journey, holding at least 1 card (RULINGS §7.5, §12.10). */
export function legalTramTracker(G: TOState, ctx: CtxLike, player: PlayerID): PlayerID[] {
  if (powerBlocked(G, ctx, player, 'tramTracker')) return [];
  return Object.keys(G.players)
    .filter((p) => p !== player && inJourney(G, p) && G.players[p].handSize > 0)
    .sort();
}

/**
 * Check `tramTracker({ target })`. The target's hand is revealed to the chooser even when the Tram Tracker
 * is their last card: then they only look and take nothing (RULINGS §7.5; see `legalTrackerChoices`).
 */
export function checkTramTracker(
  G: TOState,
  ctx: CtxLike,
  player: PlayerID,
  args: unknown,
): { card: CardId; target: PlayerID } | string {
  const target = (args as { target?: unknown } | null)?.target;
  if (typeof target !== 'string' || !G.players[target]) return 'Name a target player.';
  const b = powerBlocked(G, ctx, player, 'tramTracker');
  if (b) return b;
  if (!legalTramTracker(G, ctx, player).includes(target)) return 'Choose an opponent in the journey holding cards.';
  return { card: powerInHand(G, player, 'tramTracker')!, target };
}

/** The Tram Tracker chooser's options in stage `tracker` (`legalTrackerChoices`). */
export interface TrackerChoices {
  /** The cards to take (the target's hand) and, for each, the cards that may be given; empty with `takeNothing`. */
  swaps: { take: CardId; give: CardId[] }[];
  /** The chooser holds no other card to give: the one decision is to take nothing (`trackerSwap({ take: null, give: null })`). */
  takeNothing: boolean;
}

/**
 * The Tram Tracker choices of `player` now: with a card to give, a swap (take one, give one); with none
 * (the Tram Tracker was their last card), only taking nothing (RULINGS §7.5 "If you hold no other card,
 * you take nothing"). Nothing at all when it is not their decision.
 */
export function legalTrackerChoices(G: TOState, player: PlayerID): TrackerChoices {
  const p = G.pending;
  const reveal = G.trackerReveal;
  if (G.gameOver || !p || p.kind !== 'tracker' || p.player !== player || !reveal || reveal.chooser !== player)
    return { swaps: [], takeNothing: false };
  const mine = handOf(G, player);
  if (mine.length === 0) return { swaps: [], takeNothing: true };
  return { swaps: reveal.cards.map((take) => ({ take, give: [...mine] })), takeNothing: false };
}

/**
 * Check `trackerSwap({ take, give })`: take one of the target's cards, give one of yours other than it; or,
 * holding no other card, `trackerSwap({ take: null, give: null })`: take nothing. Each form only when it is
 * the one the chooser's hand allows.
 */
export function checkTrackerSwap(
  G: TOState,
  _ctx: CtxLike,
  player: PlayerID,
  args: unknown,
): { take: CardId; give: CardId; target: PlayerID } | { take: null; give: null; target: PlayerID } | string {
  const a = (args ?? {}) as { take?: unknown; give?: unknown };
  const { swaps, takeNothing } = legalTrackerChoices(G, player);
  if (!takeNothing && swaps.length === 0) return 'There is no Tram Tracker choice for you.';
  const target = (G.pending as { target: PlayerID }).target;
  if (a.take === null && a.give === null) {
    if (!takeNothing) return 'You hold a card to give: take one card and give one.';
    return { take: null, give: null, target };
  }
  if (takeNothing) return 'You have no other card to give: you take nothing.';
  if (typeof a.take !== 'string' || typeof a.give !== 'string') return 'Name the card to take and the card to give.';
  const opt = swaps.find((o) => o.take === a.take);
  if (!opt) return 'The target does not hold that card.';
  if (!opt.give.includes(a.give)) return 'Give a card from your own hand, other than the one you take.';
  return { take: a.take, give: a.give, target };
}

/** Check `freeTramZone()`: on the current line, one per Line (RULINGS §7.6, §12.21). */
export function checkFreeTramZone(G: TOState, ctx: CtxLike, player: PlayerID): { card: CardId; line: LineId } | string {
  const b = powerBlocked(G, ctx, player, 'freeTramZone');
  if (b) return b;
  if (!G.currentLine) return 'There is no current line yet.';
  // RULINGS §12.21: not while no Line has a card, so also once an inspection has emptied the only carriage.
  if (!G.lineOrder.some((l) => lineCount(G, l) > 0))
    return 'No Line has a card: a Free Tram Zone waits until one does.';
  if (G.lines[G.currentLine].freeTramZone) return 'That Line already has a Free Tram Zone.';
  return { card: powerInHand(G, player, 'freeTramZone')!, line: G.currentLine };
}

/** Check `shedAppeal()`: an Appeal played in your own turn as your Power, with no effect (RULINGS §7.1). */
export function checkShedAppeal(G: TOState, ctx: CtxLike, player: PlayerID): { card: CardId } | string {
  const b = powerBlocked(G, ctx, player, 'appeal');
  return b ?? { card: powerInHand(G, player, 'appeal')! };
}

// ---------------------------------------------------------------- the Appeal prompt

/** Why `player` may not answer an Appeal prompt now, or null. */
function appealPromptBlocked(G: TOState, player: PlayerID): string | null {
  if (G.gameOver) return 'The game is over.';
  const p = G.pending;
  if (!p || p.kind !== 'appeal') return 'Nobody is being inspected.';
  if (p.player !== player) return 'You are not the one inspected.';
  return null;
}

/** Check `appeal()`: the victim plays an Appeal; it succeeds unless an Authorised Inspector caught them. */
export function checkAppeal(G: TOState, _ctx: CtxLike, player: PlayerID): { card: CardId; success: boolean } | string {
  const b = appealPromptBlocked(G, player);
  if (b) return b;
  const card = powerInHand(G, player, 'appeal');
  if (!card) return 'You hold no Appeal.';
  return { card, success: (G.pending as { source: string }).source !== 'authorised' };
}

/** Check `acceptInspection()`: the victim takes the Evaders. */
export function checkAccept(G: TOState, _ctx: CtxLike, player: PlayerID): true | string {
  return appealPromptBlocked(G, player) ?? true;
}

// ---------------------------------------------------------------- drawing, stuck hands, ending the turn

/** Whether `player` has any legal play of their turn now (forced play, RULINGS §4). */
export function hasLegalPlay(G: TOState, ctx: CtxLike, player: PlayerID): boolean {
  if (turnBlocked(G, ctx, player)) return false;
  return (
    legalInspections(G, ctx, player).length > 0 ||
    legalBatches(G, ctx, player).length > 0 ||
    legalFeetOnSeat(G, ctx, player).length > 0 ||
    legalTramTracker(G, ctx, player).length > 0 ||
    typeof checkPeakHour(G, ctx, player) !== 'string' ||
    typeof checkFreeTramZone(G, ctx, player) !== 'string' ||
    typeof checkShedAppeal(G, ctx, player) !== 'string'
  );
}

/** Whether a card can be drawn now: the pile, or the journey's single reshuffle of the discard (RULINGS §8). */
export function canDrawFromPile(G: TOState): boolean {
  return G.drawCount > 0 || (!G.reshuffled && G.discard.length > 0);
}

/**
 * Why the player may not draw or put a card out now (nothing played, nothing
 * playable), or null. `legalPlay`, when given, is `hasLegalPlay(G, ctx,
 * player)`, already known to the caller.
 */
function stuckBlocked(G: TOState, ctx: CtxLike, player: PlayerID, legalPlay?: boolean): string | null {
  const b = turnBlocked(G, ctx, player);
  if (b) return b;
  if (G.turn.played > 0 || G.turn.drew) return 'You already played or drew this turn.';
  if (legalPlay ?? hasLegalPlay(G, ctx, player)) return 'You have a playable card: you must play.';
  return null;
}

/** Check `draw()`: only with nothing playable, once per turn (`legalPlay`: see `stuckBlocked`). */
export function checkDraw(
  G: TOState,
  ctx: CtxLike,
  player: PlayerID,
  legalPlay?: boolean,
): { reshuffle: boolean } | string {
  const b = stuckBlocked(G, ctx, player, legalPlay);
  if (b) return b;
  if (!canDrawFromPile(G)) return 'The draw pile is empty.';
  return { reshuffle: G.drawCount === 0 };
}

/** Check `putOut({ card })`: a stuck hand (nothing playable, nothing to draw) puts one card out of the journey. */
export function checkPutOut(G: TOState, ctx: CtxLike, player: PlayerID, args: unknown): { card: CardId } | string {
  const card = (args as { card?: unknown } | null)?.card;
  const b = stuckBlocked(G, ctx, player);
  if (b) return b;
  if (canDrawFromPile(G)) return 'You can still draw.';
  if (typeof card !== 'string' || !handOf(G, player).includes(card)) return 'Name a card from your hand.';
  return { card };
}

/** The cards `player` may put out now (empty unless their hand is stuck; `legalPlay`: see `stuckBlocked`). */
export function legalPutOuts(G: TOState, ctx: CtxLike, player: PlayerID, legalPlay?: boolean): CardId[] {
  if (stuckBlocked(G, ctx, player, legalPlay) || canDrawFromPile(G)) return [];
  return [...new Set(handOf(G, player))];
}

/** Check `endTurn()`: after at least one card played. */
export function checkEndTurn(G: TOState, ctx: CtxLike, player: PlayerID): true | string {
  const b = turnBlocked(G, ctx, player);
  if (b) return b;
  if (G.turn.played === 0) return 'Play at least one card first.';
  return true;
}

/** Whether the current turn is over: ended by the player, a card put out, or something done and no legal play left. */
export function turnOver(G: TOState, ctx: CtxLike): boolean {
  if (G.gameOver || G.pending) return false;
  const p = ctx.currentPlayer;
  if (G.turn.putOut || G.turn.ended) return true;
  if (!takesTurns(G, p) || G.players[p].handSize === 0) return true;
  if (G.turn.played === 0 && !G.turn.drew) return false;
  return !hasLegalPlay(G, ctx, p);
}

/** Who the game waits for now: a pending decision's owner, else the current player; null when over. */
export function actingPlayer(G: TOState, ctx: CtxLike): PlayerID | null {
  if (G.gameOver) return null;
  return G.pending ? G.pending.player : ctx.currentPlayer;
}

export { isEvader };
