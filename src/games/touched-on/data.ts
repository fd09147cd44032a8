/**
 * The components of Touched On (RULINGS §2): the four Lines with their names,
 * termini and colours, every card id, the counts per player count, the Power
 * types and the Exp values (6×1, 4×2, 2×3).
 */

/** A Line's route number. */
export type LineId = '19' | '96' | '86' | '109';

/** The Power types (RULINGS §2, §7). */
export type PowerType = 'appeal' | 'prioritySeat' | 'feetOnSeat' | 'peakHour' | 'tramTracker' | 'freeTramZone';

export const POWER_TYPES: readonly PowerType[] = [
  'appeal',
  'prioritySeat',
  'feetOnSeat',
  'peakHour',
  'tramTracker',
  'freeTramZone',
];

/** Display names of the Powers. */
export const POWER_NAMES: Record<PowerType, string> = {
  appeal: 'Appeal',
  prioritySeat: 'Priority Seat',
  feetOnSeat: 'Feet On Seat',
  peakHour: 'Peak Hour',
  tramTracker: 'Tram Tracker',
  freeTramZone: 'Free Tram Zone',
};

export interface LineInfo {
  id: LineId;
  /** Position 1–4, end to end, west to east. */
  position: number;
  name: string;
  from: string;
  to: string;
  colour: string;
  colourName: string;
}

/** The Lines in position order (RULINGS §2). */
export const LINES: readonly LineInfo[] = [
  {
    id: '19',
    position: 1,
    name: '19 North Coburg–Flinders St',
    from: 'North Coburg',
    to: 'Flinders St',
    colour: '#2E8B57',
    colourName: 'green',
  },
  {
    id: '96',
    position: 2,
    name: '96 East Brunswick–St Kilda Beach',
    from: 'East Brunswick',
    to: 'St Kilda Beach',
    colour: '#E0457B',
    colourName: 'pink',
  },
  {
    id: '86',
    position: 3,
    name: '86 Bundoora RMIT–Waterfront City',
    from: 'Bundoora RMIT',
    to: 'Waterfront City',
    colour: '#F2B705',
    colourName: 'yellow',
  },
  {
    id: '109',
    position: 4,
    name: '109 Box Hill–Port Melbourne',
    from: 'Box Hill',
    to: 'Port Melbourne',
    colour: '#1F6FB2',
    colourName: 'blue',
  },
];

export const LINE_BY_ID: Record<LineId, LineInfo> = Object.fromEntries(LINES.map((l) => [l.id, l])) as Record<
  LineId,
  LineInfo
>;

/** The Lines used with n players, in position order (2p: 96, 86; 3p: 19, 96, 86; 4p: all). */
export function linesFor(numPlayers: number): LineId[] {
  if (numPlayers === 2) return ['96', '86'];
  if (numPlayers === 3) return ['19', '96', '86'];
  return ['19', '96', '86', '109'];
}

/** Evaders per Line: a Line's Exp unlocks at 9 (RULINGS §9). */
export const EVADERS_PER_LINE = 9;

/** A card's identity, decoded from its id. */
export type CardInfo =
  | { kind: 'evader'; line: LineId }
  | { kind: 'authorised'; line: LineId }
  | { kind: 'undercover' }
  | { kind: 'power'; power: PowerType };

/** A card id: `E96-3` (Evader), `A96` (Authorised Inspector), `U-2` (Undercover), `P-appeal-1` (Power). */
export type CardId = string;

/** An Exp card id: `X1-4` is worth 1, `X3-2` worth 3. */
export type ExpId = string;

/** How many of each Power with n players (RULINGS §2). */
export function powerCounts(numPlayers: number): Record<PowerType, number> {
  if (numPlayers === 2)
    return { appeal: 1, prioritySeat: 1, feetOnSeat: 1, peakHour: 1, tramTracker: 1, freeTramZone: 1 };
  if (numPlayers === 3)
    return { appeal: 2, prioritySeat: 2, feetOnSeat: 1, peakHour: 1, tramTracker: 2, freeTramZone: 1 };
  return { appeal: 2, prioritySeat: 2, feetOnSeat: 2, peakHour: 2, tramTracker: 2, freeTramZone: 2 };
}

/** The Evader and Inspector cards for n players (9 Evaders and 1 Authorised per Line, 1 Undercover per Line). */
export function evaderInspectorCards(numPlayers: number): CardId[] {
  const lines = linesFor(numPlayers);
  const out: CardId[] = [];
  for (const l of lines) for (let i = 1; i <= EVADERS_PER_LINE; i++) out.push(`E${l}-${i}`);
  for (const l of lines) out.push(`A${l}`);
  for (let i = 1; i <= lines.length; i++) out.push(`U-${i}`);
  return out;
}

/** The Power cards for n players. */
export function powerCards(numPlayers: number): CardId[] {
  const counts = powerCounts(numPlayers);
  const out: CardId[] = [];
  for (const p of POWER_TYPES) for (let i = 1; i <= counts[p]; i++) out.push(`P-${p}-${i}`);
  return out;
}

/** Every card of a game with n players. */
export function allCards(numPlayers: number): CardId[] {
  return [...evaderInspectorCards(numPlayers), ...powerCards(numPlayers)];
}

/** What a card is; throws on an unknown id. */
export function cardInfo(id: CardId): CardInfo {
  const info = parseCard(id);
  if (!info) throw new Error(`unknown card ${id}`);
  return info;
}

/** Parsed card ids (there are at most 66): the rules ask what a card is many times per move. */
const PARSED = new Map<string, CardInfo | null>();

/** What a card is, or null for a string that is no card id. The result is shared: do not change it. */
export function parseCard(id: unknown): CardInfo | null {
  if (typeof id !== 'string') return null;
  let info = PARSED.get(id);
  if (info === undefined) {
    info = parseCardId(id);
    // Only ids of real cards are kept, so that junk from a client cannot grow the map.
    if (info) PARSED.set(id, Object.freeze(info));
  }
  return info;
}

function parseCardId(id: string): CardInfo | null {
  let m = /^E(19|96|86|109)-([1-9])$/.exec(id);
  if (m) return { kind: 'evader', line: m[1] as LineId };
  m = /^A(19|96|86|109)$/.exec(id);
  if (m) return { kind: 'authorised', line: m[1] as LineId };
  if (/^U-[1-4]$/.test(id)) return { kind: 'undercover' };
  m = /^P-([a-zA-Z]+)-([12])$/.exec(id);
  if (m && (POWER_TYPES as readonly string[]).includes(m[1])) return { kind: 'power', power: m[1] as PowerType };
  return null;
}

/** Whether a card is an Evader (of a given Line, when given). */
export function isEvader(id: CardId, line?: LineId): boolean {
  const c = parseCard(id);
  return !!c && c.kind === 'evader' && (line === undefined || c.line === line);
}

/** Whether a card is a Power of the given type. */
export function isPower(id: CardId, power?: PowerType): boolean {
  const c = parseCard(id);
  return !!c && c.kind === 'power' && (power === undefined || c.power === power);
}

/** Whether a card is an Inspector (Authorised or Undercover). */
export function isInspector(id: CardId): boolean {
  const c = parseCard(id);
  return !!c && (c.kind === 'authorised' || c.kind === 'undercover');
}

/** The Exp deck: 6×1, 4×2, 2×3 (12 cards, 20 Exp in all). */
export const EXP_CARDS: readonly ExpId[] = [
  ...[1, 2, 3, 4, 5, 6].map((i) => `X1-${i}`),
  ...[1, 2, 3, 4].map((i) => `X2-${i}`),
  ...[1, 2].map((i) => `X3-${i}`),
];

/** The value of an Exp card. */
export function expValue(id: ExpId): number {
  const m = /^X([123])-\d$/.exec(id);
  if (!m) throw new Error(`unknown Exp card ${id}`);
  return Number(m[1]);
}

/** The Exp total of the deck. */
export const EXP_TOTAL = 20;

/** Cards dealt per player at each journey: 2 Powers, then 9 Evader/Inspector cards (RULINGS §3). */
export const DEAL_POWERS = 2;
export const DEAL_EVADERS = 9;

/** The stall safety net: a journey ends after this many turns (RULINGS §10). */
export const TURN_CAP = 200;
