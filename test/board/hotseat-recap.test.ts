/**
 * What hot-seat's pass screen tells of the last player's final action (src/client/hotseatRecap.ts): the log lines
 * added since the holder's screen last showed the game, read through the game's `playerView` for no seat; nothing
 * when a bot moved meanwhile, when the trail is not up to the state on the table, or when nothing was logged; at most
 * RECAP_MAX lines, the rest counted.
 */
import { describe, expect, it } from 'vitest';
import type { Ctx } from 'boardgame.io';
import type { ClientGame } from '../../src/client/games';
import type { TrailState } from '../../src/client/hotseatStore';
import { RECAP_MAX, lastActionRecap } from '../../src/client/hotseatRecap';

/** A state of a made-up game: whom it waits on, its public log, and a secret only a seat's view holds. */
interface G {
  acting: string;
  log: string[];
  secret?: string;
}

const game = {
  def: { game: { playerView: ({ G }: { G: G }) => ({ ...G, log: G.log.filter((l) => !l.includes('secret')) }) } },
  acting: (g: unknown) => (g as G).acting,
  logLines: (g: unknown) => (g as G).log,
} as unknown as ClientGame;

let id = 0;
const at = (acting: string, log: string[]): TrailState => ({ G: { acting, log }, ctx: {} as Ctx, _stateID: id++ });

describe("hot-seat's pass screen: the last player's final action", () => {
  it('tells the lines the final action added, as a spectator reads them', () => {
    const trail = [at('0', ['a']), at('1', ['a', 'Ana rang the bell: drew red', 'secret: Ana holds 2 red', 'b'])];
    expect(lastActionRecap(game, '0', trail, trail[1]._stateID, {})).toEqual({
      seat: '0',
      lines: ['Ana rang the bell: drew red', 'b'],
      more: 0,
    });
  });

  it('tells nothing after a bot moved, off the table now, with no trail or nothing logged', () => {
    const bot = [at('0', ['a']), at('2', ['a', 'b']), at('1', ['a', 'b', 'c'])];
    expect(lastActionRecap(game, '0', bot, bot[2]._stateID, {})).toBeNull();
    const stale = [at('0', ['a']), at('1', ['a', 'b'])];
    expect(lastActionRecap(game, '0', stale, stale[1]._stateID + 1, {})).toBeNull();
    expect(lastActionRecap(game, null, stale, stale[1]._stateID, {})).toBeNull();
    expect(lastActionRecap(game, '0', stale.slice(0, 1), stale[0]._stateID, {})).toBeNull();
    const quiet = [at('0', ['a']), at('1', ['a'])];
    expect(lastActionRecap(game, '0', quiet, quiet[1]._stateID, {})).toBeNull();
    const noLog = { ...game, logLines: undefined } as ClientGame;
    expect(lastActionRecap(noLog, '0', stale, stale[1]._stateID, {})).toBeNull();
  });

  it(`tells at most ${RECAP_MAX} lines and counts the rest`, () => {
    const many = Array.from({ length: RECAP_MAX + 3 }, (_, i) => `line ${i}`);
    const trail = [at('0', []), at('1', many)];
    expect(lastActionRecap(game, '0', trail, trail[1]._stateID, {})).toEqual({
      seat: '0',
      lines: many.slice(0, RECAP_MAX),
      more: 3,
    });
  });
});
