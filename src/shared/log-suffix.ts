/**
 * Game logs sent as the entries a socket lacks. Pure; shared by the server
 * (server/socket-guard.ts) and the clients that ask for it.
 *
 * A game's state keeps its whole public log (Lisbon's `events`, Touched On's
 * and Get on Board's `log`): late in a game it is most of the state. Sent
 * whole on every move, it is most of what the server encodes and every
 * client decodes. A client that sets `LOG_SUFFIX_AUTH` in its socket's
 * handshake is sent, in each `update`, only the entries after those it was
 * last sent, with a fourth argument `{ logFrom: { key: index } }` naming
 * where the sent entries start; it puts the log back together before
 * boardgame.io's client sees the state (`restoreLogs`). Other clients get
 * whole states, as boardgame.io sends them.
 *
 * A game declares its log keys (`GameDef.logKeys`); their entries must be
 * appended, never edited, except the last one, and a take-back may shorten
 * the log. Whenever the new log does not start with what the socket was
 * sent (checked on the last two entries sent), the whole log goes.
 */

/** The handshake `auth` a client sends to be sent logs as suffixes. */
export const LOG_SUFFIX_AUTH = { logSuffix: 1 } as const;

/** Whether a socket handshake's `auth` asks for suffixes. */
export function wantsLogSuffix(auth: unknown): boolean {
  return typeof auth === 'object' && auth !== null && (auth as Record<string, unknown>).logSuffix === 1;
}

/** What was sent of one log: its length and its last two entries as JSON. */
export interface LogMark {
  length: number;
  tail: string;
}

/** The fourth argument of an `update` whose logs were cut. */
export interface LogCuts {
  /** Per log key, the index of the first entry sent. */
  logFrom: Record<string, number>;
}

type GLike = Record<string, unknown>;

function tailOf(entries: unknown[], end: number): string {
  return JSON.stringify(entries.slice(Math.max(0, end - 2), end));
}

/** The marks of `G`'s logs, as a client holding `G` has them. */
export function markLogs(G: unknown, keys: readonly string[]): Record<string, LogMark> {
  const marks: Record<string, LogMark> = {};
  if (typeof G !== 'object' || G === null) return marks;
  for (const key of keys) {
    const entries = (G as GLike)[key];
    if (Array.isArray(entries)) marks[key] = { length: entries.length, tail: tailOf(entries, entries.length) };
  }
  return marks;
}

/**
 * `G` with each log cut to the entries after those `sent` marks, when the
 * log starts with them; `cuts` is undefined when nothing was cut. `G` itself
 * is not changed.
 */
export function cutLogs(
  G: unknown,
  keys: readonly string[],
  sent: Record<string, LogMark> | undefined,
): { G: unknown; cuts?: LogCuts } {
  if (!sent || typeof G !== 'object' || G === null) return { G };
  let cut: GLike | undefined;
  const logFrom: Record<string, number> = {};
  for (const key of keys) {
    const entries = (G as GLike)[key];
    const mark = sent[key];
    if (!mark || !Array.isArray(entries) || entries.length < mark.length) continue;
    if (tailOf(entries, mark.length) !== mark.tail) continue;
    cut ??= { ...(G as GLike) };
    cut[key] = entries.slice(mark.length);
    logFrom[key] = mark.length;
  }
  return cut ? { G: cut, cuts: { logFrom } } : { G };
}

/** Whether an `update`'s fourth argument says its logs were cut. */
export function isLogCuts(value: unknown): value is LogCuts {
  if (typeof value !== 'object' || value === null) return false;
  const from = (value as Record<string, unknown>).logFrom;
  return (
    typeof from === 'object' &&
    from !== null &&
    Object.values(from).every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0)
  );
}

/**
 * Puts back the logs of a cut `G` (changed in place) from `previous`, the
 * last whole `G` the socket got. False when it cannot (no previous `G`, or
 * one with a shorter log): the client must then sync.
 */
export function restoreLogs(previous: unknown, G: unknown, cuts: LogCuts): boolean {
  if (typeof G !== 'object' || G === null) return false;
  for (const [key, from] of Object.entries(cuts.logFrom)) {
    const before = typeof previous === 'object' && previous !== null ? (previous as GLike)[key] : undefined;
    const after = (G as GLike)[key];
    if (!Array.isArray(before) || before.length < from || !Array.isArray(after)) return false;
    (G as GLike)[key] = before.slice(0, from).concat(after);
  }
  return true;
}

/** A socket's event listener, as `socket.prependAny` takes it. */
type AnyListener = (event: string, ...args: unknown[]) => void;

/**
 * Listens to `socket` before every other listener and puts back the logs of
 * each cut `update`, so that the socket's `update` handlers see whole states.
 * `resync` is called (with the match) when an update cannot be put back; its
 * state is then marked stale (`_stateID` -1) so that boardgame.io's client
 * ignores it.
 */
export function restoreLogsOn(
  socket: { prependAny(listener: AnyListener): unknown },
  resync: (matchID: string) => void,
): void {
  const last = new Map<string, unknown>();
  /** Matches a sync was asked for (one is enough until it comes). */
  const resyncing = new Set<string>();
  socket.prependAny((event, ...args) => {
    const matchID = args[0];
    if (typeof matchID !== 'string') return;
    if (event === 'sync') {
      const state = (args[1] as { state?: { G?: unknown } } | undefined)?.state;
      if (state) last.set(matchID, state.G);
      resyncing.delete(matchID);
      return;
    }
    if (event !== 'update') return;
    const state = args[1] as { G?: unknown; _stateID?: number } | undefined;
    if (!state) return;
    if (isLogCuts(args[3]) && !restoreLogs(last.get(matchID), state.G, args[3])) {
      state._stateID = -1;
      last.delete(matchID);
      if (!resyncing.has(matchID)) {
        resyncing.add(matchID);
        resync(matchID);
      }
      return;
    }
    last.set(matchID, state.G);
  });
}
