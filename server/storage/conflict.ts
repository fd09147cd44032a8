/**
 * A state write refused because the match moved on since the state was read:
 * another process (or an older write) stored the next state first.
 */
export class StateConflict extends Error {
  readonly code = 'STATE_CONFLICT';
  constructor(
    readonly matchID: string,
    readonly stateID: number,
  ) {
    super(`match ${matchID}: state ${stateID} was not stored, another move was stored first`);
  }
}

/** True for a `StateConflict` (also across bundles, by its code). */
export function isStateConflict(err: unknown): err is StateConflict {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'STATE_CONFLICT';
}
