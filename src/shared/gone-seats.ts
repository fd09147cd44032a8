/**
 * Which seats a game waits on whose player is gone: the rule by which a
 * seated player may start a turn clock on a match that has none
 * (server/start-clock.ts checks it, the match page offers the button by it,
 * src/client/ClockOffer.tsx). Pure.
 */

/** What the lobby knows of a seat: its player's name, whether they are connected, whether the server seated a bot. */
export interface SeatPresence {
  name?: string;
  isConnected?: boolean;
  bot?: boolean;
}

/**
 * The seats of `waiting` (the seats the game waits on now) other than `asker`'s that hold a person (a name, not a
 * bot) who is not connected. An empty seat (its player left) is not one: nobody holds its credentials for the
 * clock's bot to play with, and the leave notice offers to hand it to a bot instead.
 */
export function goneSeats(
  waiting: readonly string[],
  asker: string | null | undefined,
  seat: (id: string) => SeatPresence | undefined,
): string[] {
  return waiting.filter((id) => {
    if (id === asker) return false;
    const s = seat(id);
    return !!s?.name && !s.bot && s.isConnected !== true;
  });
}
