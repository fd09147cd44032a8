/**
 * Why a lobby request failed, in a sentence for the player. No DOM: the
 * tests run it against a real server's answers.
 */
import { LobbyClientError } from 'boardgame.io/client';

/** What was being attempted, for error messages. */
export type LobbyAction =
  'list' | 'create' | 'join' | 'leave' | 'load' | 'bot' | 'rematch' | 'close' | 'clock' | 'handover';

const ACTION_TEXT: Record<LobbyAction, string> = {
  list: 'load the list of open matches',
  create: 'create the match',
  join: 'join the match',
  leave: 'leave the match',
  load: 'load the match',
  bot: 'seat the bot',
  rematch: 'start the rematch',
  close: 'close the match',
  clock: 'start the turn clock',
  handover: 'take the seat the link gives',
};

/** The server's own explanation, if it sent one. */
function serverDetail(details: unknown): string {
  if (typeof details === 'string') return details.trim().slice(0, 200);
  if (details && typeof details === 'object') {
    const d = details as Record<string, unknown>;
    for (const k of ['error', 'message', 'detail']) if (typeof d[k] === 'string') return d[k].slice(0, 200);
  }
  return '';
}

/** The HTTP status of a failed lobby request, or 0 when it is not one (e.g. the network failed). */
export function httpStatus(err: unknown): number {
  if (!(err instanceof LobbyClientError || err instanceof HttpError)) return 0;
  return Number(/(\d{3})/.exec(err.message)?.[1] ?? 0);
}

/**
 * A sentence for the player explaining why a lobby request failed. Where the
 * status says it all, the sentence is ours alone (the server's own words, in
 * English of its own making, go to the console); a refused request (400) and
 * a cap reached (429) quote the server, whose reason is the only explanation
 * there is.
 */
export function describeError(err: unknown, action: LobbyAction): string {
  const what = `Could not ${ACTION_TEXT[action]}`;
  if (err instanceof LobbyClientError || err instanceof HttpError) {
    const status = httpStatus(err);
    const detail = serverDetail(err.details);
    if (detail && status !== 400 && status !== 429) console.info(`lobby ${action}: HTTP ${status}: ${detail}`);
    if ((status === 404 || status === 405) && action === 'bot')
      return `${what}: this server does not run bots in online matches yet.`;
    if (status === 404) {
      return action === 'list' || action === 'create'
        ? `${what}: the server does not offer this game.`
        : `${what}: there is no such match (the link may be mistyped, or the match was removed).`;
    }
    if (status === 409 && action === 'close') return `${what}: it has started, so it can no longer be closed.`;
    if (status === 403 && action === 'close') return `${what}: only the player who created it may close it.`;
    // Why a clock was not started is the server's to say: the match has one already, nobody is gone, it is over.
    if (status === 409 && action === 'clock')
      return detail
        ? `${what}: ${detail[0].toLowerCase()}${detail.slice(1).replace(/[.!]?$/, '.')}`
        : `${what}: the match has changed. Look at it again.`;
    if (status === 409) return `${what}: that seat was just taken by someone else. Pick another seat.`;
    if (status === 403 || status === 401)
      return `${what}: the server did not accept this browser's credentials for the seat.`;
    // A cap's own words say which cap and what frees it ("You already have 4 bots playing; …").
    if (status === 429)
      return detail
        ? `${what}: ${detail[0].toLowerCase()}${detail.slice(1).replace(/[.!]?$/, '.')}`
        : `${what}: too many requests. Wait a moment and try again.`;
    if (status >= 500) return `${what}: the server had a problem. Try again in a moment.`;
    if (status === 400) return `${what}: the server refused the request${detail ? `: ${detail}` : '.'}`;
    return `${what}: the server answered HTTP ${status || 'error'}.`;
  }
  if (err instanceof TypeError) return `${what}: the server cannot be reached. Check your connection and try again.`;
  return `${what}: ${err instanceof Error ? err.message : String(err)}`;
}

/** An HTTP failure from a plain fetch, shaped like LobbyClientError. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly details: unknown,
  ) {
    super(message);
  }
}
