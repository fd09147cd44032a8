/**
 * The client's side of the game registry: each game's board and the few
 * things the generic pages (lobby, hot-seat, online match) ask of it. The
 * pages get the game of the current route from `useGame()`.
 */
import { createContext, useContext, type ComponentType, type CSSProperties } from 'react';
import type { ShellBoardProps } from '../games/common/board-props';
import type { Ctx } from 'boardgame.io';
import type { GameDef } from '../games/registry';
import { lisbonClient } from '../games/lisbon/board/client';
import { touchedOnClient } from '../games/touched-on/board/client';
import { getOnBoardClient } from '../games/get-on-board/board/client';

/** A seat's colour: its name in words and its CSS colour. */
export interface SeatColour {
  name: string;
  css: string;
}

/** The props a game's board gets: boardgame.io's, plus what the shell adds (names, a table still waiting). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each game's board takes its own state type
export type GameBoardProps = ShellBoardProps<any>;

/** A game's rule options on the "New match" and hot-seat forms. */
export interface RulesFieldsProps<R> {
  value: R;
  numPlayers: number;
  /** What each seat is called on the form (`seatLabels` in SetupFields): a field naming a seat says who it is. */
  seatNames: readonly string[];
  onChange: (value: R) => void;
  /** Prefix of the fields' test ids. */
  testid: string;
}

/** One game as the client knows it. */
export interface ClientGame<R = unknown> {
  def: GameDef;
  /** The board component. */
  Board: ComponentType<GameBoardProps>;
  /** "How to play", in brief (shown in the game's lobby). */
  Help: ComponentType;
  /** The seats' colours, seat 0 first, as the board draws them (the lobby's seat chips use them too). */
  seatColours: readonly SeatColour[];
  /**
   * A seat's mark, `size` px square: its colour and shape as the board draws
   * them beside a player's name (src/client/SeatDot.tsx shows it on the site's
   * own pages); absent, a dot of the seat's colour.
   */
  SeatMark?: ComponentType<{ seat: number; size: number }>;
  /** The game's picture, on the games page (120 × 80) and in the header of its pages (60 × 40): an SVG of 3:2, decorative. */
  Picture: ComponentType;
  /** The rule options: the form fields, the options a new form starts with, and the setupData they make. */
  rules: {
    initial: R;
    Fields: ComponentType<RulesFieldsProps<R>>;
    toSetupData(value: R, numPlayers: number): unknown;
  };
  /** The player the game waits for now (a decision's owner, else the current player). */
  acting(G: unknown, ctx: Ctx): string;
  /** Whether the game waits for this player now, when several may act at once (default: `acting` is them). */
  waitsFor?(G: unknown, ctx: Ctx, playerID: string): boolean;
  /** What a player deciding outside their turn must do, in words after their name ("must …"), or null. */
  decision(G: unknown, ctx: Ctx): string | null;
  /** A match's rule options in a few words, for the open-matches list. */
  describeSetup(setupData: unknown): string;
  /**
   * The game's own log at a state (its G as a spectator sees it), in plain words, oldest line first, names in place
   * of seats: the replay labels each step with the lines it added, and hot-seat's pass screen tells with them what the
   * last player's final action did (src/client/hotseatRecap.ts). Absent: the steps are named after their moves, and
   * the pass screen tells nothing.
   */
  logLines?(G: unknown, names: Record<string, string>): string[];
  /**
   * What a spectator does not see that a player does, in words after "and" ("no one's hand"), for the line telling
   * them they watch ("you see what every player may see, and …"); absent, or null at a state (the board's, as the
   * spectator sees it) where nothing is hidden any more, the line says no more. The match page reads it of the state
   * once the board has it (OnlineBoard's `onSpectatorUnseen`).
   */
  spectatorUnseen?: string | ((G: unknown) => string | null);
  /**
   * How the replay counts the game's time, when neither boardgame.io's turns nor the bots' `rounds` are what its
   * board shows (Touched On: "Journey 2 · turn 10", where boardgame.io counts turn 21): a number per state, growing
   * as the game goes on, and that number in words ("Journey 2 · turn 10").
   */
  period?: { of(G: unknown, ctx: Ctx): number; text(n: number): string };
}

/** Every game, in the registry's order. */
export const CLIENT_GAMES: readonly ClientGame[] = [
  lisbonClient as ClientGame,
  touchedOnClient as ClientGame,
  getOnBoardClient as ClientGame,
];

/** The client entry of a registry id (Lisbon's for an unknown one, as old links are Lisbon's). */
export function clientGame(id: string): ClientGame {
  return CLIENT_GAMES.find((g) => g.def.id === id) ?? CLIENT_GAMES[0];
}

/** The game of the page being shown. */
export const GameContext = createContext<ClientGame>(CLIENT_GAMES[0]);

/** The game of the page being shown. */
export function useGame(): ClientGame {
  return useContext(GameContext);
}

/**
 * What a spectator of `game` does not see, in words after "and", at a state `G` (none given: before the board has
 * one), or null when nothing is hidden from them.
 */
export function spectatorUnseen(game: ClientGame, G?: unknown): string | null {
  const words = game.spectatorUnseen;
  if (typeof words !== 'function') return words ?? null;
  return G === undefined ? null : words(G);
}

/** A seat's colour in this game. */
export function seatColour(game: ClientGame, seat: number | string): SeatColour {
  const all = game.seatColours;
  return all[Number(seat) % all.length] ?? { name: `seat ${Number(seat) + 1}`, css: '#999' };
}

/** The style that gives a seat chip, dot or card its seat's colour (CSS variable --seat). */
export function seatStyle(game: ClientGame, seat: number | string): CSSProperties {
  return { ['--seat' as string]: seatColour(game, seat).css };
}
