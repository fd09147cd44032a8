/** What the banner says of a decision the game waits on (a Tram Tracker's swap, an Appeal), for those who watch it. */
import type { PlayerID, TOState } from '../types';
import { playerLabel } from './logic';

/** The banner's line: a name, then the rest of the sentence ("Ana", " is choosing a card to swap with Bruno …"). */
export interface BannerLine {
  name: string;
  rest: string;
}

/**
 * The one thing the banner says while the game waits on a decision, for a viewer who neither makes it nor has the
 * turn (a spectator, another player, the Tram Tracker's target, a replay): who decides and what. It stood as "Ana's
 * turn" beside "Waiting for Ana", the same thing twice. Null when the banner says whose turn it is as usual: no
 * decision, the viewer's own (their prompt asks it) or their turn's ("Your turn", waiting for the Appeal), or a seat
 * nobody holds (the banner's badge says it is empty).
 */
export function decisionLine(
  G: TOState,
  current: PlayerID,
  me: PlayerID | null,
  names: Record<PlayerID, string>,
  replay?: boolean,
  empty?: ReadonlySet<PlayerID>,
): BannerLine | null {
  const p = G.pending;
  if (!p || p.player === me || current === me || empty?.has(p.player)) return null;
  const who = (id: PlayerID) => (id === me ? 'you' : playerLabel(id, names));
  const whose = (id: PlayerID) => (id === me ? 'your' : `${playerLabel(id, names)}'s`);
  // "Ana is choosing …" as it happens; "Ana to choose …" in a replay, where nobody waits (waitingText).
  const verb = (live: string, plain: string) => (replay ? ` to ${plain}` : ` is ${live}`);
  if (p.kind === 'tracker') {
    // With no card left to give (the Tram Tracker was the last), the chooser only looks at the hand.
    const rest =
      G.players[p.player]?.handSize === 0
        ? verb(`looking at ${whose(p.target)} hand`, `look at ${whose(p.target)} hand`)
        : verb(`choosing a card to swap with ${who(p.target)}`, `choose a card to swap with ${who(p.target)}`);
    return { name: playerLabel(p.player, names), rest: `${rest} (Tram Tracker)` };
  }
  const what = p.source === 'feetOnSeat' ? 'Feet On Seat' : 'inspection';
  const rest = verb(
    `deciding whether to Appeal ${whose(p.by)} ${what}`,
    `decide whether to Appeal ${whose(p.by)} ${what}`,
  );
  return { name: playerLabel(p.player, names), rest };
}
