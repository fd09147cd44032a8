/**
 * Chooses a bot's move in hot-seat from that seat's own view of the game
 * (the bots apply `playerView` themselves). The search runs in a worker
 * started from the client's entry file (see main.tsx) so the page stays responsive,
 * and on the page's thread if workers are unavailable. A random move of the bots' list
 * is the fallback when a choice is refused.
 */
import type { Ctx } from 'boardgame.io';
import { gameNamed } from '../games/registry';
import type { BotLevel } from './seats';

/** A move to make through a client. */
export interface BotChoice {
  move: string;
  args: unknown[];
}

/** A request to the bot worker. */
export interface BotRequest {
  id: number;
  /** The game (its registry id). */
  gameId: string;
  G: unknown;
  ctx: Ctx;
  playerID: string;
  level: BotLevel;
  seed: string;
}

/** The bot worker's answer. */
export type BotResponse = { id: number; move: BotChoice | null } | { id: number; error: string };

/** A random legal move for `playerID`, or null when there is none. */
export function randomMove(gameId: string, G: unknown, ctx: Ctx, playerID: string): BotChoice | null {
  const options = gameNamed(gameId).bots.moves(G, ctx, playerID);
  if (options.length === 0) return null;
  const pick = options[Math.floor(Math.random() * options.length)];
  return { move: pick.move, args: pick.args };
}

let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (m: BotChoice | null) => void; reject: (e: Error) => void }>();

let entryURL: string | null = null;

/** Remember the entry file's URL (see main.tsx): the worker runs that file. */
export function setEntryURL(url: string): void {
  entryURL = url || null;
}

function getWorker(): Worker | null {
  if (worker !== undefined) return worker;
  worker = null;
  const url = entryURL;
  if (typeof Worker === 'undefined' || !url) return null;
  try {
    const w = new Worker(url, { type: 'module', name: 'lt28-bots' });
    w.onmessage = (e: MessageEvent<BotResponse>) => {
      const p = waiting.get(e.data.id);
      if (!p) return;
      waiting.delete(e.data.id);
      if ('error' in e.data) p.reject(new Error(e.data.error));
      else p.resolve(e.data.move);
    };
    w.onerror = (e) => {
      // The worker cannot run here: fail what is waiting and use the page's thread from now on.
      e.preventDefault();
      worker = null;
      for (const p of waiting.values()) p.reject(new Error('bot worker failed'));
      waiting.clear();
    };
    worker = w;
  } catch {
    worker = null;
  }
  return worker;
}

async function chooseHere(
  gameId: string,
  G: unknown,
  ctx: Ctx,
  playerID: string,
  level: BotLevel,
  seed: string,
): Promise<BotChoice | null> {
  const { chooseMove } = await import('../bots');
  const m = await chooseMove(gameNamed(gameId), { G, ctx }, playerID, 'mcts', level, seed);
  return m ? { move: m.move, args: Array.isArray(m.args) ? m.args : [m.args] } : null;
}

/** The MCTS bot's choice for this seat at this level (its time budget grows with the level). */
export async function chooseBotMove(
  gameId: string,
  G: unknown,
  ctx: Ctx,
  playerID: string,
  level: BotLevel,
  seed: string,
): Promise<BotChoice | null> {
  const w = getWorker();
  if (!w) return chooseHere(gameId, G, ctx, playerID, level, seed);
  const id = ++nextId;
  try {
    return await new Promise<BotChoice | null>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      w.postMessage({ id, gameId, G, ctx, playerID, level, seed } satisfies BotRequest);
    });
  } catch {
    return chooseHere(gameId, G, ctx, playerID, level, seed);
  }
}
