/**
 * A bot-seat worker thread: receives `{ id, gameId, state, seat, level, seed }`,
 * decides with the MCTS bot from that player's view, and answers
 * `{ id, choice }` or `{ id, error }`. Bundled to dist/bot-worker.cjs by
 * scripts/build.mjs (and on demand by server/bot-pool.ts when the server runs
 * from source).
 */
import { parentPort } from 'node:worker_threads';
import { chooseMove, type Level } from '../src/bots';
import { gameNamed } from '../src/games/registry';
import type { BotJob } from './bot-pool';

async function decide(job: BotJob): Promise<void> {
  try {
    const choice = await chooseMove(
      gameNamed(job.gameId),
      job.state as never,
      job.seat,
      'mcts',
      job.level as Level,
      job.seed,
    );
    parentPort!.postMessage({ id: job.id, choice });
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
  }
}

parentPort!.on('message', (job: BotJob) => void decide(job));
