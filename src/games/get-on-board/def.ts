/** Get on Board: Paris & Rome as the platform knows it (src/games/registry.ts). */
import type { GameDef } from '../registry';
import { GetOnBoard } from './index';
import type { GobState } from './types';
import { getOnBoardBots } from './bots';
import { actingPlayers } from './ai';

export const getOnBoard: GameDef<GobState> = {
  id: GetOnBoard.name!,
  alias: 'get-on-board',
  title: 'Get on Board: Paris & Rome',
  minPlayers: 2,
  maxPlayers: 5,
  pitch:
    'Draw your metro line across Rome or Paris in the shape each ticket dictates, and pick up passengers on the way.',
  credit: 'Saashi, 2023',
  rulesDoc: 'src/games/get-on-board/RULES.md',
  game: GetOnBoard,
  logKeys: ['log'],
  bots: getOnBoardBots,
  // A round is one boardgame.io turn with every seat active: the rules name the seats they wait for (the
  // departure choosers, then the one seat whose plot they take).
  waitingOn: (G) => actingPlayers(G),
};
