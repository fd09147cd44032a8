/** The hot-seat bot worker: answers one `chooseMove` request per message. */
import { chooseMove } from '../bots';
import { gameNamed } from '../games/registry';
import type { BotRequest, BotResponse } from './hotseatBot';

/** Start answering requests, first those that came before this code loaded (called in the worker only). */
export function serveBots(early: MessageEvent<BotRequest>[] = []): void {
  const scope = self as unknown as {
    onmessage: ((e: MessageEvent<BotRequest>) => void) | null;
    postMessage(m: BotResponse): void;
  };
  scope.onmessage = (e) => {
    const { id, gameId, G, ctx, playerID, level, seed } = e.data;
    chooseMove(gameNamed(gameId), { G, ctx }, playerID, 'mcts', level, seed).then(
      (m) =>
        scope.postMessage({ id, move: m ? { move: m.move, args: Array.isArray(m.args) ? m.args : [m.args] } : null }),
      (err: unknown) => scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
    );
  };
  for (const e of early) scope.onmessage(e);
}
