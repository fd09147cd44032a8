/**
 * Every game of the site, in the order the lobby shows them. The server,
 * the bots, the scripts and the client reach a game only through this list
 * (the client adds each game's board, see src/client/games.ts). Adding a
 * game: a folder `src/games/<id>/` and an entry here (see "Adding a game" in the README, and in full in docs/development.md).
 *
 * Pure: no React, DOM or Node imports, so the server and bot workers can
 * load it.
 */
import type { Game } from 'boardgame.io';
import type { BotHooks } from '../bots/hooks';
import type { TakeBackCheck } from './common/take-back';
import type { WaitRule } from './common/waiting-room';
import { lisbon } from './lisbon/def';
import { touchedOn } from './touched-on/def';
import { getOnBoard } from './get-on-board/def';

/** One game as the platform knows it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry lists games of different state types
export interface GameDef<G = any> {
  /** The boardgame.io game name: URLs, the lobby API and storage use it. */
  id: string;
  /** A short name for the command line (`--game lisbon`). */
  alias: string;
  /** The game's name as shown to players. */
  title: string;
  minPlayers: number;
  maxPlayers: number;
  /** One line for the lobby. */
  pitch: string;
  /** Publisher and year, for the lobby's small print. */
  credit: string;
  /** The rules document, relative to the repository root. */
  rulesDoc: string;
  game: Game<G>;
  bots: BotHooks<G>;
  /**
   * Whether a player may take back their last action now (boardgame.io's undo,
   * see src/games/common/take-back.ts); absent for a game with nothing to take back.
   */
  canTakeBack?: TakeBackCheck<G>;
  /**
   * Keys of `G` that hold the game's public log: entries are appended, never
   * edited (but for the last), and a take-back may shorten it. Clients that ask
   * are sent only the entries they lack (src/shared/log-suffix.ts).
   */
  logKeys?: readonly string[];
  /**
   * The seats the game waits for, when boardgame.io's ctx does not say it
   * exactly (src/games/common/waiting-room.ts); absent: the active players,
   * else the current player.
   */
  waitingOn?: WaitRule<G>;
  /** The most a median `mcts normal` decision may take, in ms, checked by `npm run bench` (absent: 1500). */
  decisionTargetMs?: number;
}

export const GAMES: readonly GameDef[] = [lisbon, touchedOn, getOnBoard];

/** The game played when none is named (today's commands keep working). */
export const DEFAULT_GAME: GameDef = lisbon;

/** The game with this id or alias, or undefined. */
export function findGame(name: string): GameDef | undefined {
  return GAMES.find((g) => g.id === name || g.alias === name);
}

/** The game with this id or alias; throws a readable error listing the games otherwise. */
export function gameNamed(name: string): GameDef {
  const def = findGame(name);
  if (!def) throw new Error(`Unknown game "${name}". Games: ${GAMES.map((g) => `${g.alias} (${g.id})`).join(', ')}.`);
  return def;
}
