/** The match page when there is no match to show: its creator closed it, or it does not exist (any more). */
import { forgetSeat } from './lobbyApi';
import { navigate } from './route';
import { useGame } from './games';
import type { ClosedBy } from './matchNotices';

/**
 * The creator closed the match (server/close-match.ts), or it expired (server/expiry.ts, `by.reason`); `mine`: this
 * browser held the creator's seat.
 */
export function MatchClosedCard(props: { by: ClosedBy; mine: boolean }) {
  const game = useGame();
  const { by } = props;
  const expired = by.reason === 'expired';
  const mine = props.mine && !expired;
  return (
    <div className="card narrow" data-testid="match-closed">
      <h2>{expired ? 'This match expired' : mine ? 'You closed this match' : 'The creator closed this match'}</h2>
      <p role="alert">
        {expired
          ? 'It waited too long for its players to start, so the server removed it; nothing was played.'
          : `${mine ? 'You' : by.name || 'Its creator'} closed it before it started; nothing was played.`}{' '}
        Create a new match or join another in the lobby.
      </p>
      <button
        className="primary"
        autoFocus
        data-testid="back-to-lobby"
        onClick={() => navigate({ page: 'lobby', game: game.def.id })}
      >
        Back to the lobby
      </button>
    </div>
  );
}

/** No such match (a bad link, or a match removed since); "Back to the lobby" forgets this browser's seat there. */
export function NoSuchMatch(props: { matchID: string; error: string }) {
  const game = useGame();
  return (
    <div className="card narrow" data-testid="match-gone">
      <h2>No such match</h2>
      <p className="error" role="alert">
        {props.error}
      </p>
      <button
        className="primary"
        data-testid="back-to-lobby"
        onClick={() => {
          forgetSeat(props.matchID);
          navigate({ page: 'lobby', game: game.def.id });
        }}
      >
        Back to the lobby
      </button>
    </div>
  );
}
