/**
 * The rematch, once a match is over (boardgame.io's `playAgain`): "Play
 * again" creates the next match with the same game, options and number of
 * seats, seats the clicker in their own seat and the old match's bots in
 * theirs; every other player sees "Join the rematch" and takes their seat with
 * one click. Nobody is seated without clicking. It sits in the page's
 * game-over bar (OnlineBoard), between "The game is over." and the links to
 * the replay and back to the lobby, so that the end of a match is one bar.
 * Someone watching without a seat is offered no rematch of their own, but is
 * told when the players have made one and may follow them there
 * (`RematchToWatch`).
 */
import { useState } from 'react';
import {
  creatorKeyOf,
  describeError,
  lobby,
  loadName,
  loadSeat,
  saveSeat,
  seatBot,
  setWatching,
  type Match,
  type StoredSeat,
} from './lobbyApi';
import { hrefOf, navigate } from './route';
import { useGame } from './games';
import { botLevelOf } from './seats';

export function Rematch(props: { matchID: string; match: Match | null; seat: StoredSeat; onChanged?: () => void }) {
  const { matchID, match, seat } = props;
  const game = useGame();
  const gameId = game.def.id;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const next = match?.nextMatchID;
  const mine = next ? loadSeat(next) : null;

  /** Take my seat (or, if it is gone, the first open one) in the next match, and go there. */
  const join = async (nextID: string, creator: { creatorKey?: string } = {}): Promise<StoredSeat> => {
    const name = seat.playerName || loadName() || `Player ${Number(seat.playerID) + 1}`;
    const target = await lobby.getMatch(gameId, nextID);
    const same = target.players.find((p) => String(p.id) === seat.playerID && !p.name);
    const free = same ?? target.players.find((p) => !p.name);
    if (!free) throw new Error('every seat of the rematch is taken');
    const joined = await lobby.joinMatch(gameId, nextID, { playerID: String(free.id), playerName: name, ...creator });
    const s: StoredSeat = {
      gameId,
      matchID: nextID,
      playerID: joined.playerID,
      credentials: joined.playerCredentials,
      playerName: name,
      joinedAt: Date.now(),
    };
    saveSeat(s);
    return s;
  };

  const run = async (what: () => Promise<string>) => {
    setBusy(true);
    setError('');
    try {
      const to = await what();
      navigate({ page: 'match', game: gameId, matchID: to });
    } catch (err) {
      setError(describeError(err, 'rematch'));
      props.onChanged?.();
    } finally {
      setBusy(false);
    }
  };

  const playAgain = () =>
    run(async () => {
      const again = await lobby.playAgain(gameId, matchID, {
        playerID: seat.playerID,
        credentials: seat.credentials,
      });
      // Whoever made the rematch is its creator (the key comes only to them).
      const { nextMatchID } = again;
      const s = await join(nextMatchID, creatorKeyOf(again));
      // The bots come back in their seats (seated by this player, who now holds a seat there).
      for (const p of match?.players ?? []) {
        const level = botLevelOf(p);
        if (level) await seatBot(nextMatchID, p.id, level, s);
      }
      return nextMatchID;
    });

  return (
    <span className="rematch" data-testid="rematch">
      {mine ? (
        <button
          type="button"
          className="primary"
          onClick={() => navigate({ page: 'match', game: gameId, matchID: mine.matchID })}
          data-testid="rematch-go"
        >
          Go to the rematch
        </button>
      ) : next ? (
        <>
          <span className="end-note">A rematch is ready.</span>
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => void run(async () => (await join(next)).matchID)}
            data-testid="rematch-join"
          >
            {busy ? 'Joining…' : 'Join the rematch'}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="primary"
          disabled={busy}
          onClick={() => void playAgain()}
          data-testid="rematch-play-again"
        >
          {busy ? 'Starting…' : 'Play again'}
        </button>
      )}
      {error && (
        <span className="error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

/**
 * For a spectator of a finished match, or a visitor of its link: once its players have made a rematch, a link to
 * the rematch's page. Nothing before that. With `watch` (a spectator's), the rematch opens watched, as the match
 * was: its join form would have invited the spectator into a seat its player had not yet taken back. A visitor of
 * the link lands on the join form, to watch or to take a seat left open.
 */
export function RematchToWatch(props: { match: Match | null; testId: string; watch?: boolean }) {
  const game = useGame();
  const next = props.match?.nextMatchID;
  if (!next) return null;
  return (
    <span className="rematch">
      <span className="end-note">The players started a rematch.</span>
      <a
        className="button primary"
        href={hrefOf({ page: 'match', game: game.def.id, matchID: next })}
        onClick={props.watch ? () => setWatching(next, true) : undefined}
        data-testid={props.testId}
      >
        See the rematch
      </a>
    </span>
  );
}
