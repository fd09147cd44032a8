/** The whole Get on Board board rendered to static markup, as a seat, a spectator or a replay shows it. */
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Ctx } from 'boardgame.io';
import { GetOnBoardBoard, type GetOnBoardBoardProps } from '../../../../src/games/get-on-board/board/Board';
import type { GobState } from '../../../../src/games/get-on-board/types';

/** The seats' names of a 3-player table, as the lobby gives them. */
export const NAMES = [
  { id: 0, name: 'Ana' },
  { id: 1, name: 'Bruno' },
  { id: 2, name: 'Carla' },
];

/** The board's markup for `G` (already the view of `playerID`) in `ctx`. */
export function renderBoard(G: GobState, ctx: Ctx, playerID: string | null, replay?: boolean): string {
  return renderToStaticMarkup(
    <GetOnBoardBoard
      {...({
        G,
        ctx,
        playerID,
        matchData: NAMES,
        moves: {},
        isMultiplayer: true,
        isConnected: true,
        replay,
      } as unknown as GetOnBoardBoardProps)}
    />,
  );
}
