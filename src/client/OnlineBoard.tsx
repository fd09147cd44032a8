/**
 * The board inside an online client: names from the match data, a notice
 * while the socket is down, the tab title flags when the game waits for
 * this player (on their turn or for a decision outside it), and once the
 * game is over a bar, above any end screen, back to the game's lobby.
 */
import { useEffect } from 'react';
import { useGame, type GameBoardProps } from './games';
import { SITE_NAME } from './site';
import { Deferred } from './Deferred';
import { hrefOf } from './route';

/** Wraps the board for a networked client. */
export function OnlineBoard(props: GameBoardProps) {
  const game = useGame();
  const { Board, def } = game;
  const TITLE = `${def.title} · ${SITE_NAME}`;
  const names: Record<string, string> = {};
  for (const p of props.matchData ?? []) if (p.name) names[String(p.id)] = p.name;
  const pid = props.playerID;
  const mine =
    pid != null &&
    !props.ctx.gameover &&
    (game.waitsFor ? game.waitsFor(props.G, props.ctx, pid) : game.acting(props.G, props.ctx) === pid);
  useEffect(() => {
    document.title = mine ? `(Your move) ${TITLE}` : TITLE;
    return () => {
      document.title = TITLE;
    };
  }, [mine, TITLE]);
  return (
    <div className="online-board" data-testid="online-board">
      {!props.isConnected && (
        <p className="notice warn" role="status" data-testid="reconnecting">
          Connection lost. Reconnecting…
        </p>
      )}
      <Deferred what="the board">
        <Board {...props} playerNames={names} />
      </Deferred>
      {props.ctx.gameover !== undefined && (
        <div className="game-over-bar" role="status" data-testid="game-over-bar">
          <span>The game is over.</span>
          <a className="button primary" href={hrefOf({ page: 'lobby', game: def.id })} data-testid="to-lobby">
            Back to the lobby
          </a>
        </div>
      )}
    </div>
  );
}
