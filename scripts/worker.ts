/**
 * Worker thread for `npm run bots`: plays the games it is sent and posts
 * each result back. Bundled to dist/scripts/worker.cjs.
 */
import { parentPort } from 'node:worker_threads';
import { parseBot, playGame } from '../src/bots/match';
import { gameNamed } from '../src/games/registry';

interface Job {
  gameId: string;
  game: number;
  bots: string[];
  seed: string;
  budgetMs: number | null | undefined;
  maxRounds: number;
}

async function run(job: Job): Promise<void> {
  try {
    const result = await playGame(
      gameNamed(job.gameId),
      job.bots.map(parseBot),
      job.seed,
      job.game,
      job.budgetMs,
      job.maxRounds,
    );
    parentPort!.postMessage({ ok: true, result });
  } catch (e) {
    parentPort!.postMessage({
      ok: false,
      game: job.game,
      error: e instanceof Error ? (e.stack ?? e.message) : String(e),
    });
  }
}

parentPort!.on('message', (job: Job | null) => {
  if (job === null) process.exit(0);
  void run(job);
});
