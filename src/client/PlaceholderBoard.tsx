/**
 * Stand-in for src/board/Board.tsx until the real board lands: the turn,
 * the viewer's hand and an End turn button, with the same test ids.
 */
import type { BoardProps } from 'boardgame.io/react';
import type { GState } from '../game/types';

/** Props of the board component (boardgame.io's plus display names). */
export type GameBoardProps = BoardProps<GState> & { playerNames?: Record<string, string> };

/** A minimal board. */
export function PlaceholderBoard(props: GameBoardProps) {
  const { G, ctx, playerID, moves, playerNames } = props;
  const acting = G.pending ? G.pending.player : ctx.currentPlayer;
  const name = (id: string) => playerNames?.[id] ?? `Player ${Number(id) + 1}`;
  const me = playerID != null ? G.players[playerID] : undefined;
  return (
    <div className="placeholder-board">
      <p data-testid="turn-banner">{ctx.gameover ? 'Game over' : `Waiting for ${name(acting)}`}</p>
      {me?.hand && (
        <p data-testid="hand">
          Hand: {Object.entries(me.hand).map(([c, n]) => `${n} ${c}`).join(', ')}
        </p>
      )}
      {playerID === ctx.currentPlayer && !G.pending && !ctx.gameover && (
        <button data-testid="end-turn" onClick={() => moves.endTurn()}>
          End turn
        </button>
      )}
    </div>
  );
}
