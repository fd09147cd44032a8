/**
 * The match chat's rules, shared by the server (which checks and stores
 * every message) and the page (which says why before sending). Pure.
 */

/** Longest message, in characters. */
export const CHAT_MAX_TEXT = 500;
/** At most this many messages from one socket within `CHAT_WINDOW_MS`. */
export const CHAT_BURST = 5;
export const CHAT_WINDOW_MS = 10_000;
/** Messages kept per match (the oldest go first). */
export const CHAT_KEPT = 200;

/** A stored chat message: boardgame.io's { id, sender, payload } with the server's payload. */
export interface ChatEntry {
  id: string;
  sender: string;
  payload: { text: string; name: string; at: number };
}

/** The text of a message a player sends ({ text }), trimmed, or why it is refused. */
export function chatText(payload: unknown): { text: string } | { error: string } {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return { error: 'A chat message is { text }.' };
  const { text, ...rest } = payload as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || typeof text !== 'string') return { error: 'A chat message is text only.' };
  const trimmed = text.trim();
  if (trimmed.length === 0) return { error: 'The message is empty.' };
  if (trimmed.length > CHAT_MAX_TEXT) return { error: `A message has at most ${CHAT_MAX_TEXT} characters.` };
  // Control characters other than line breaks and tabs have no place in a chat line.
  for (const ch of trimmed) {
    const c = ch.charCodeAt(0);
    if ((c < 32 && ch !== '\n' && ch !== '\t' && ch !== '\r') || c === 127)
      return { error: 'The message holds control characters.' };
  }
  return { text: trimmed };
}

/** A sliding-window budget: `take()` is false once `burst` calls fell within `windowMs`. */
export class ChatBudget {
  private times: number[] = [];
  constructor(
    private readonly burst = CHAT_BURST,
    private readonly windowMs = CHAT_WINDOW_MS,
  ) {}
  take(now = Date.now()): boolean {
    this.times = this.times.filter((t) => now - t < this.windowMs);
    if (this.times.length >= this.burst) return false;
    this.times.push(now);
    return true;
  }
}
