/**
 * Every game's board under React's development build, which checks what the
 * production build does not (a list without keys, an unknown DOM property, a
 * bad ARIA attribute…) and says so with a console error. The `rules` tests
 * render the boards with the production build (test/react-production.ts), so
 * this file runs in the `io` project, which keeps the development one: it
 * renders each board at states of a seeded random game, from every seat and
 * a spectator's, and fails on any error React reports. (The one message left
 * out is React's note that layout effects do not run in a static render.)
 */
import React, { Suspense } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import { CLIENT_GAMES, type GameBoardProps } from '../../src/client/games';
import { actingPlayerOf } from '../../src/bots/mcts';
import { Rng } from '../../src/bots/rng';

const SSR_LAYOUT_NOTE = 'useLayoutEffect does nothing on the server';

let errors: string[] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (!text.includes(SSR_LAYOUT_NOTE)) errors.push(text);
  });
});
afterEach(() => vi.restoreAllMocks());

/** The markup of the board, or the fallback's while its code (loaded on first use, as on the page) comes in. */
const LOADING = '<i>loading</i>';

describe.each(CLIENT_GAMES.map((g) => [g.def.id, g] as const))(
  '%s board under React’s development build',
  (_id, cg) => {
    it('renders states of a seeded game from every seat without a React warning', async () => {
      expect(React.version).toMatch(/^18\./);
      // The development build is the one loaded here: it has the checks this test is for.
      expect(process.env.NODE_ENV).not.toBe('production');
      const { def, Board } = cg;
      const game = { ...def.game, seed: `react-warnings-${def.id}` };
      const numPlayers = def.maxPlayers;
      let state = InitializeGame({ game, numPlayers });
      const reducer = CreateGameReducer({ game });
      const rng = new Rng(`react-warnings-${def.id}`);
      const names = Array.from({ length: numPlayers }, (_, i) => ({ id: i, name: `Player ${i + 1}` }));
      const markup = (props: object) =>
        renderToStaticMarkup(
          <Suspense fallback={<i>loading</i>}>
            <Board {...(props as unknown as GameBoardProps)} />
          </Suspense>,
        );
      const render = (s: State) => {
        for (const seat of [...Array.from({ length: numPlayers }, (_, i) => String(i)), null]) {
          const G = def.game.playerView ? def.game.playerView({ G: s.G, ctx: s.ctx, playerID: seat }) : s.G;
          const props = {
            G,
            ctx: s.ctx,
            moves: new Proxy({}, { get: () => () => undefined }),
            events: {},
            playerID: seat,
            isActive: true,
            isMultiplayer: true,
            isConnected: true,
            matchData: names,
            log: [],
          };
          expect(markup(props), `seat ${seat}`).not.toBe(LOADING);
        }
      };
      // The board's code is loaded by its first render, as on the page.
      const first = { G: state.G, ctx: state.ctx, moves: {}, events: {}, playerID: null, matchData: names, log: [] };
      for (let i = 0; i < 100 && markup(first) === LOADING; i++) await new Promise((r) => setTimeout(r, 20));
      // A whole game, with the bots' candidate moves (they bring a random game to its end), then 16 of its states.
      const states = [state];
      for (let step = 0; step < 5000 && !state.ctx.gameover; step++) {
        const seat = actingPlayerOf(def, state)!;
        const options = def.bots.moves(state.G, state.ctx, seat) as { move: string; args?: unknown }[];
        const m = options[rng.int(options.length)];
        const args = m.args === undefined ? [] : Array.isArray(m.args) ? m.args : [m.args];
        const next = reducer(state, {
          type: 'MAKE_MOVE',
          payload: { type: m.move, args, playerID: seat },
        } as never) as State;
        expect(next._stateID, `${m.move} at step ${step}`).toBeGreaterThan(state._stateID);
        states.push((state = next));
      }
      expect(state.ctx.gameover, 'the game ends').toBeDefined();
      const picked = new Set(Array.from({ length: 16 }, (_, i) => Math.round((i * (states.length - 1)) / 15)));
      for (const i of picked) render(states[i]);
      expect(errors).toEqual([]);
    });
  },
);
