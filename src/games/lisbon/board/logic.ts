/**
 * Pure helpers for the board: names and colours, payment picker options,
 * highlight sets, route drawing, previews, end-of-game text and the refusal
 * fingerprint (log text: logText.ts; animation: animation.ts). No React here,
 * so every function can be tested against real engine state.
 */
import type { Ctx } from 'boardgame.io';
import { CARD_BY_ID } from '../data/cards';
import { COLORS, type BonusKind, type Color, type ColorCounts, type SideId, type TramColor } from '../data/types';
import type { GameOver, GState, NodeId, PlayerID } from '../types';
import { counts, total } from '../counts';
import { network } from '../network';
import { affordableCount, cheapestPayment, payments } from '../payment';
import { rowConnections } from '../selectors';
import type { MoveOption } from '../legal';

/** Ticket and passenger colours on screen. */
export const COLOR_HEX: Record<Color, string> = {
  red: '#d8443c',
  yellow: '#f1bf2a',
  green: '#3b9b57',
  blue: '#2f6db5',
};

/** Colours that tell push branches apart, on the map and on their buttons. */
export const BRANCH_COLORS = ['#d8443c', '#2f6db5', '#8e44ad', '#3b9b57'];

/** Tram colours on screen: body, outline and text, chosen so black and white read on the map. */
export const TRAM_STYLE: Record<TramColor, { fill: string; stroke: string; text: string }> = {
  pink: { fill: '#e8609f', stroke: '#7a1f4c', text: '#ffffff' },
  black: { fill: '#1f1f1f', stroke: '#f5f0e6', text: '#ffffff' },
  white: { fill: '#fbfbf7', stroke: '#2a2a2a', text: '#1f1f1f' },
  brown: { fill: '#8b5a2b', stroke: '#3d2410', text: '#ffffff' },
};

/** Bonus names, short (on the map) and long (in panels). */
export const BONUS_LABEL: Record<BonusKind, { short: string; long: string; help: string }> = {
  freeMove: { short: 'Free move', long: 'Free move', help: 'One move per turn with no ticket and no action.' },
  seats: { short: '+2 seats', long: '+2 seats per colour', help: 'Carry 4 passengers of each colour.' },
  extraAction: { short: '+1 action', long: '+1 action', help: '3 actions per turn.' },
  draw3: {
    short: 'Draw 3',
    long: 'Bell: draw 3, keep 1',
    help: 'When ringing the bell to pick up, draw 3 and keep 1 (once per turn).',
  },
};

/** "pink" -> "Pink". */
export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export { namesFrom } from '../../../client/names';

/** How a player is called on screen: their name when given, else their tram colour ("Pink"). */
export function playerLabel(G: Pick<GState, 'players'>, id: PlayerID, names: Record<PlayerID, string> = {}): string {
  return names[id] ?? capitalise(G.players[id]?.color ?? `Player ${id}`);
}

/** A node's display name on a side. */
export function nodeName(side: SideId, id: NodeId): string {
  return network(side).node[id]?.name ?? id;
}

/** A place's short name, as the map labels it and the Monument cards name it: "Glória", "Padrão". */
export function shortName(name: string): string {
  return name.replace(/^Elevador (da |do |de )?/, '').replace('Padrão dos Descobrimentos', 'Padrão');
}

/** A card's display name, e.g. "Carmo (3 VP)". */
export function cardLabel(side: SideId, id: string): string {
  const c = CARD_BY_ID[id];
  return c ? `${nodeName(side, c.monument)} (${c.vp} VP)` : id;
}

/** Readable counts: "2 red, 1 blue"; "nothing" when empty. */
export function describeCounts(c: Partial<ColorCounts>): string {
  const parts = COLORS.filter((k) => (c[k] ?? 0) > 0).map((k) => `${c[k]} ${k}`);
  return parts.length ? parts.join(', ') : 'nothing';
}

/** A stable key for a payment. */
export function countsKey(c: Partial<ColorCounts>): string {
  return COLORS.map((k) => c[k] ?? 0).join(',');
}

/** "A", "A and B", "A, B and C". */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The player whose point of view the board takes: the seat, or the current player for a spectator. */
export function viewerOf(ctx: Pick<Ctx, 'currentPlayer'>, playerID: PlayerID | null | undefined): PlayerID {
  return playerID ?? ctx.currentPlayer;
}

// ------------------------------------------------------------------ moves

/** Move options keyed by destination: every route offered there, the first found first. */
export function destinationMap(options: readonly MoveOption[]): Record<NodeId, MoveOption[]> {
  const out: Record<NodeId, MoveOption[]> = {};
  for (const o of options) (out[o.to] ??= []).push(o);
  return out;
}

/** How a route differs from the others to its place: the named places it passes, and whom it pushes. */
export function routeLabel(G: GState, start: NodeId, option: MoveOption, names: Record<PlayerID, string>): string {
  const net = network(G.side);
  const via = option.route
    .slice(0, -1)
    .filter((n) => n !== start && net.node[n]?.kind !== 'junction')
    .map((n) => nodeName(G.side, n));
  const path = via.length ? `via ${[...new Set(via)].join(', ')}` : 'direct';
  const chooser =
    option.chooser !== undefined ? `, then ${playerLabel(G, option.chooser, names)} chooses a branch` : '';
  const pushes = option.pushed.length
    ? `pushes ${option.pushed.map((p) => playerLabel(G, p, names)).join(', ')}${chooser}`
    : option.pushes
      ? 'pushes another tram'
      : 'no push';
  return `${path} — ${pushes}`;
}

/** One way to pay, as offered in the payment picker. */
export interface PayChoice {
  key: string;
  payment: ColorCounts;
  /** Tickets spent. */
  tickets: number;
  /** Plain words, e.g. "2 green" or "3 red (for 1 yellow)". */
  label: string;
}

function choice(payment: ColorCounts, label: string): PayChoice {
  return { key: countsKey(payment), payment, tickets: total(payment), label };
}

/**
 * Every exact way to pay a move of `steps` single moves (the engine's
 * automatic payment `auto` first, then the rest cheapest first): for each colour the
 * hand can afford (substitutes count), the engine's `payments` list. Each
 * payment appears once, cheapest first.
 */
export function movePaymentChoices(
  hand: Partial<ColorCounts> | null,
  steps: number,
  auto?: Partial<ColorCounts>,
): PayChoice[] {
  if (!hand || steps <= 0) return [];
  const seen = new Map<string, PayChoice>();
  for (const c of COLORS) {
    if (affordableCount(hand, c) < steps) continue;
    for (const p of payments(hand, { [c]: steps })) {
      const key = countsKey(p);
      if (seen.has(key)) continue;
      const direct = p[c];
      const label = direct === total(p) ? describeCounts(p) : `${describeCounts(p)} (as ${steps} ${c})`;
      seen.set(key, choice(p, label));
    }
  }
  return autoFirst(
    [...seen.values()].sort((a, b) => a.tickets - b.tickets || a.key.localeCompare(b.key)),
    auto,
  );
}

/** Put the engine's automatic payment first: the picker's default must be what the engine pays without `pay`. */
function autoFirst(choices: PayChoice[], auto?: Partial<ColorCounts>): PayChoice[] {
  if (!auto) return choices;
  const key = countsKey(auto);
  const i = choices.findIndex((c) => c.key === key);
  if (i <= 0) return choices;
  return [choices[i], ...choices.slice(0, i), ...choices.slice(i + 1)];
}

/** Every exact way to pay for a group (passengers, or 3 tickets of a bonus colour), cheapest first. */
export function groupPaymentChoices(hand: Partial<ColorCounts> | null, need: Partial<ColorCounts>): PayChoice[] {
  if (!hand || total(need) === 0) return [];
  return autoFirst(
    payments(hand, need).map((p) => choice(p, describeCounts(p))),
    cheapestPayment(hand, need) ?? undefined,
  );
}

/** The nodes a route passes, starting point included, as drawing coordinates. */
export function routePoints(side: SideId, start: NodeId, route: readonly NodeId[]): { x: number; y: number }[] {
  const node = network(side).node;
  return [start, ...route].filter((id) => node[id]).map((id) => ({ x: node[id].x, y: node[id].y }));
}

/** An SVG path through points. */
export function pathD(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');
}

// ------------------------------------------------------------------ previews

/** Passengers of a group that would not find a seat (they stay at the stop). */
export function staying(group: Partial<ColorCounts>, fits: Partial<ColorCounts>): ColorCounts {
  const g = counts(group);
  const f = counts(fits);
  return { red: g.red - f.red, yellow: g.yellow - f.yellow, green: g.green - f.green, blue: g.blue - f.blue };
}

/** How many new connections a card would complete at one end of a row. */
export function connectionGain(row: readonly string[], card: string, end: 'left' | 'right'): number {
  const next = end === 'left' ? [card, ...row] : [...row, card];
  return rowConnections(next) - rowConnections(row);
}

/** Colour names as a list of single passengers, for drawing dots: {red:2} -> ['red','red']. */
export function expand(c: Partial<ColorCounts>): Color[] {
  const out: Color[] = [];
  for (const k of COLORS) for (let i = 0; i < (c[k] ?? 0); i++) out.push(k);
  return out;
}

// ------------------------------------------------------------------ end of game

/** How the winner was decided, in plain words. */
export function tieBreakText(over: GameOver, G: Pick<GState, 'players'>, names: Record<PlayerID, string> = {}): string {
  const w = playerLabel(G, over.winner, names);
  switch (over.decidedBy) {
    case 'score':
      return `${w} wins with the most points.`;
    case 'connections':
      return `Tied on points: ${w} wins with the most connections between Monument cards.`;
    case 'passengers':
      return `Tied on points and connections: ${w} wins with the most passengers still on the tram.`;
    case 'seat':
      return `Tied on points, connections and passengers: ${w} wins as the player latest in turn order (farthest from the first player).`;
  }
}

// ------------------------------------------------------------------ refused moves

/**
 * A fingerprint of the state a move must change: new events, a new pending
 * decision, a new turn or stage. Used to notice a move the server refused.
 */
export function stateFingerprint(
  G: Pick<GState, 'nextEventId' | 'pending' | 'turn'>,
  ctx: Pick<Ctx, 'turn' | 'currentPlayer'>,
): string {
  return `${G.nextEventId}|${ctx.turn}|${ctx.currentPlayer}|${G.turn.actions}|${JSON.stringify(G.pending)}`;
}
