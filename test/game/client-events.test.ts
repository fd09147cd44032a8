/**
 * boardgame.io's client events cannot end or lock a game, whatever the
 * transport: they are not offered on `client.events`, and a raw `GAME_EVENT`
 * action (what `client.events.endGame()` would send, or a forged one) is
 * refused by the Game itself through `Local()` and on a single hot-seat
 * client, leaving the state as it was. The rules' own `endTurn` move works.
 */
import { Client } from 'boardgame.io/client';
import { INVALID_MOVE } from 'boardgame.io/core';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import type { Game, State } from 'boardgame.io';
import { describe, expect, it } from 'vitest';
import { LisbonTram28 } from '../../src/games/lisbon';
import { noClientEvents, NO_CLIENT_EVENTS } from '../../src/games/common/no-client-events';
import { act, flush, seats, soloClient } from '../helpers';

const EVENTS = ['endGame', 'endTurn', 'endPhase', 'setPhase', 'pass', 'setActivePlayers', 'endStage', 'setStage'];

const rawEvent = (type: string, playerID: string, args: unknown[] = []) => ({
  type: 'GAME_EVENT',
  payload: { type, args, playerID },
});

describe('client events', () => {
  it('are not offered on client.events', () => {
    const [client] = seats({ ...LisbonTram28, seed: 'events' }, 2);
    for (const e of EVENTS) expect((client.events as Record<string, unknown>)[e], e).toBeUndefined();
  });

  it.each([
    ['endGame', [{ winner: '0' }]],
    ['endTurn', []],
    ['setActivePlayers', [{ all: 'pushBranch' }]],
    ['endStage', []],
  ])('a raw %s from the current player through Local() changes nothing', async (type, args) => {
    const clients = seats({ ...LisbonTram28, seed: 'events', setup: LisbonTram28.setup }, 2);
    await flush();
    const before = clients[0].getState()!;
    const current = before.ctx.currentPlayer;
    clients[Number(current)].store.dispatch(rawEvent(type, current, args) as never);
    await flush();
    const after = clients[0].getState()!;
    expect(after._stateID).toBe(before._stateID);
    expect(after.ctx).toEqual(before.ctx);
    expect(after.ctx.gameover).toBeUndefined();
    // The game goes on: the rules' own endTurn move still ends the turn.
    expect(await act(clients[Number(current)], 'endTurn')).toBe(true);
    expect(clients[0].getState()!.ctx.currentPlayer).not.toBe(current);
  });

  it('leave the starting state plain data (the guard lets the setup through)', () => {
    const initial = InitializeGame({ game: { ...LisbonTram28, seed: 'events' }, numPlayers: 3 });
    expect(() => structuredClone(initial)).not.toThrow();
    // No state of its own (it would be copied into every hook's context).
    expect(initial.plugins['no-client-events']).toBeUndefined();
    // The setup passed: its plugins were flushed (a refused setup keeps the unflushed state), so the
    // random numbers the setup drew are recorded, and the first move does not draw them again.
    expect((initial.plugins.random.data as { prngstate?: unknown }).prngstate).toBeDefined();
    expect(initial.ctx.turn).toBe(1);
  });

  it('a raw endGame on a single hot-seat client changes nothing', () => {
    const client = soloClient({ ...LisbonTram28, seed: 'events' }, 2);
    const before = client.getState()!;
    client.store.dispatch(rawEvent('endGame', before.ctx.currentPlayer, [{ winner: '1' }]) as never);
    const after = client.getState()!;
    expect(after.ctx.gameover).toBeUndefined();
    expect(after._stateID).toBe(before._stateID);
  });
});

/**
 * The guard keeps its mark outside the state, for one reducer call: a move
 * refused with INVALID_MOVE, a move that throws, a hook that throws after a
 * move, or a game's setup must not leave it for the event that follows, in
 * the same match or another.
 */
describe('the guard’s mark', () => {
  const game: Game<{ n: number }> = {
    name: 'guarded',
    setup: () => ({ n: 0 }),
    plugins: [noClientEvents],
    events: NO_CLIENT_EVENTS,
    moves: {
      add: ({ G }) => ({ n: G.n + 1 }),
      refuse: () => INVALID_MOVE,
      boom: () => {
        throw new Error('boom');
      },
      // Ends the turn, whose onEnd hook throws at n = 100: the move has run when the hook throws.
      jumpAndEnd: ({ events }) => {
        events.endTurn();
        return { n: 100 };
      },
    },
    turn: {
      onEnd: ({ G }) => {
        if (G.n === 100) throw new Error('onEnd');
      },
    },
  };
  const reducer = CreateGameReducer({ game });
  const run = (state: State, action: unknown) => reducer(state as never, action as never) as unknown as State;
  const move = (type: string) => ({ type: 'MAKE_MOVE', payload: { type, args: [], playerID: '0' } });
  const endTurn = rawEvent('endTurn', '0');
  const refused = (before: State, after: State) => {
    expect(after._stateID).toBe(before._stateID);
    expect(after.ctx).toEqual(before.ctx);
    expect(after.G).toEqual(before.G);
  };

  it('lets a move through, and refuses the event right after it', () => {
    const start = InitializeGame({ game, numPlayers: 2 });
    const moved = run(start, move('add'));
    expect(moved.G).toEqual({ n: 1 });
    expect(moved._stateID).toBe(start._stateID + 1);
    refused(moved, run(moved, endTurn));
  });

  it('is not left by a move refused with INVALID_MOVE', () => {
    const start = InitializeGame({ game, numPlayers: 2 });
    refused(start, run(start, move('refuse')));
    refused(start, run(start, endTurn));
  });

  it('is not left by a move that throws', () => {
    const start = InitializeGame({ game, numPlayers: 2 });
    expect(() => run(start, move('boom'))).toThrow('boom');
    refused(start, run(start, endTurn));
  });

  it('is not left by a hook that throws after the move ran', () => {
    const start = InitializeGame({ game, numPlayers: 2 });
    expect(() => run(start, move('jumpAndEnd'))).toThrow('onEnd');
    // An event that runs no hook of its own: nothing but the guard stands in its way.
    const setActive = rawEvent('setActivePlayers', '0', [{ all: 'anything' }]);
    refused(start, run(start, setActive));
  });

  it('is not left by a setup, for this match or another', () => {
    const first = InitializeGame({ game, numPlayers: 2 });
    const second = InitializeGame({ game, numPlayers: 2 });
    refused(first, run(first, endTurn));
    refused(second, run(second, endTurn));
    // A setup that throws after the plugins' setup marks nothing that another state carries.
    const failing: Game = {
      ...game,
      setup: () => {
        throw new Error('bad setup');
      },
    };
    expect(() => InitializeGame({ game: failing, numPlayers: 2 })).toThrow('bad setup');
    refused(first, run(first, endTurn));
  });

  it('refuses events on a hot-seat client of this game too', () => {
    const client = Client({ game, numPlayers: 2 });
    client.start();
    client.moves.add();
    const before = client.getState()!;
    client.store.dispatch(rawEvent('endTurn', '0') as never);
    expect(client.getState()!._stateID).toBe(before._stateID);
    expect(client.getState()!.ctx.turn).toBe(before.ctx.turn);
    client.stop();
  });
});
