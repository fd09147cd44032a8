/** The board inside an online client: names from the match data, and a notice while the socket is down. */
import { Board, type GameBoardProps } from './boardSlot';

/** Wraps the board for a networked client. */
export function OnlineBoard(props: GameBoardProps) {
  const names: Record<string, string> = {};
  for (const p of props.matchData ?? []) if (p.name) names[String(p.id)] = p.name;
  return (
    <div className="online-board" data-testid="online-board">
      {!props.isConnected && (
        <p className="notice warn" role="status" data-testid="reconnecting">
          Connection lost. Reconnecting…
        </p>
      )}
      <Board {...props} playerNames={names} />
    </div>
  );
}
