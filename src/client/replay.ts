/**
 * A finished match replayed from its stored log (`GET /replay/<matchID>`,
 * server/replay.ts) through the game's own reducer: one state per step,
 * checked against the log as it goes. Pure apart from the fetch.
 */
import type { Game, State } from 'boardgame.io';
import { CreateGameReducer } from 'boardgame.io/internal';
import type { ReplayData, ReplayStep } from '../../server/replay';

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
