/**
 * A finished match replayed from its stored log (`GET /replay/<matchID>`,
 * server/replay.ts) through the game's own reducer: one state per step,
 * checked against the log as it goes, and each step in words. Pure apart
 * from the fetch.
 */
import type { Ctx, Game, State } from 'boardgame.io';
import { CreateGameReducer } from 'boardgame.io/internal';
import type { ReplayData, ReplayStep } from '../../server/replay';
import type { ClientGame } from './games';
import { addedLines, spectatorLogLines } from './logLines';

export type { ReplayData, ReplayStep };

/** The replay, step by step: states[0] is the start, states[i] the state after steps[i - 1]. */
export interface Replay {
  data: ReplayData;
  steps: ReplayStep[];
  states: State[];
  /** Where the replay disagrees with the stored log (empty when it matches step for step). */
  problems: string[];
}

/** Replay `data`'s log through `game`'s reducer. */
export function buildReplay(game: Game, data: ReplayData): Replay {
  const reducer = CreateGameReducer({ game });
  // One action per state: the events a move triggers are logged after it under the same state ID, and the
  // engine's own (automatic) entries are not actions at all. Replaying the first entry of each state redoes them.
  const steps: ReplayStep[] = [];
  for (const entry of data.log)
    if (!entry.automatic && entry._stateID !== steps[steps.length - 1]?._stateID) steps.push(entry);
  const states: State[] = [data.initialState as State];
  const problems: string[] = [];
  let state = states[0];
  for (const [i, step] of steps.entries()) {
    if (state._stateID !== step._stateID)
      problems.push(`step ${i + 1}: the log was written at state ${step._stateID}, the replay is at ${state._stateID}`);
    const next = reducer(state, step.action);
    if (next._stateID === state._stateID) problems.push(`step ${i + 1}: the reducer refused the logged action`);
    state = next;
    states.push(state);
  }
  if (state._stateID !== data.finalStateID)
    problems.push(`the replay ends at state ${state._stateID}, the stored match at ${data.finalStateID}`);
  return { data, steps, states, problems };
}

/** An error of the replay endpoint, with the server's reason. */
export class ReplayError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Fetch a finished match's replay data. */
export async function fetchReplay(matchID: string): Promise<ReplayData> {
  const res = await fetch(`/replay/${encodeURIComponent(matchID)}`);
  if (!res.ok) {
    const text = (await res.text().catch(() => '')).trim().slice(0, 200);
    throw new ReplayError(res.status, text || `HTTP ${res.status}`);
  }
  return (await res.json()) as ReplayData;
}

/** A move's name in words: "takeBonus" → "take bonus". */
export function humanise(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
}

/** How the replay counts time: a number per state, the word before the jump's choice, and a number in words. */
export interface Period {
  /** The jump's label: "Round" or "Turn" before a number, or "Go to" before a game's own words. */
  word: string;
  of: (G: unknown, ctx: Ctx) => number;
  /** A period in words, as a step's label starts ("Round 3", "Journey 2 · turn 10"; 0 is the setup). */
  text: (n: number) => string;
  /** A period as the jump's choice offers it, after `word` ("3", or the game's own words). */
  option: (n: number) => string;
}

/**
 * The period a state is in: the game's own (`ClientGame.period`, as its board counts), else its round where it counts
 * rounds (the bots' `rounds`), else boardgame.io's turn.
 */
export function periodOf(game: ClientGame): Period {
  const own = game.period;
  if (own) {
    const text = (n: number) => (n === 0 ? 'Setup' : own.text(n));
    return { word: 'Go to', of: (G, ctx) => own.of(G, ctx), text, option: text };
  }
  const bots = game.def.bots;
  const word = bots.rounds ? 'Round' : 'Turn';
  return {
    word,
    of: bots.rounds ? (G, ctx) => bots.rounds?.(G, ctx) ?? ctx.turn : (_G, ctx) => ctx.turn,
    text: (n) => (n === 0 ? 'Setup' : `${word} ${n}`),
    option: (n) => (n === 0 ? 'Setup' : String(n)),
  };
}

/**
 * Step `i` (from `states[i]` to `states[i + 1]`) in words: what the game's own log says it did, else who did
 * which move ("Ana: take bonus"). `added`: the lines the step added to the game's log (none where it keeps none).
 */
export function stepWords(step: ReplayStep, added: readonly string[], names: Record<string, string>): string {
  if (added.length > 0) return added.map((l) => (/[.!?]$/.test(l) ? l : `${l}.`)).join(' ');
  const payload = (step.action as { payload?: { type?: string; playerID?: string | null } }).payload ?? {};
  const seat = payload.playerID;
  const who = seat != null ? (names[seat] ?? `Seat ${Number(seat) + 1}`) : '';
  const what = step.action.type === 'UNDO' ? 'take back the last action' : humanise(payload.type ?? step.action.type);
  return `${who ? `${who}: ` : ''}${what}`;
}

/**
 * Every step of `replay` in words, "Round 3 · Ana plots …" (or "Turn 5 · …"), and the period of each state
 * (`periods[i]` is that of `states[i]`; step `i` is labelled with the period it was played in). The game's log is
 * read as a spectator reads it, so a label never tells what the board does not show.
 */
export function stepLabels(
  game: ClientGame,
  replay: Replay,
  names: Record<string, string>,
): { labels: string[]; periods: number[] } {
  const period = periodOf(game);
  const periods = replay.states.map((s) => period.of(s.G, s.ctx));
  const logs = game.logLines ? replay.states.map((s) => spectatorLogLines(game, s.G, s.ctx, names)) : null;
  const labels = replay.steps.map(
    (step, i) => `${period.text(periods[i])} · ${stepWords(step, logs ? addedLines(logs[i], logs[i + 1]) : [], names)}`,
  );
  return { labels, periods };
}
