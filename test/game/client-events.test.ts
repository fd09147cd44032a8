/**
 * boardgame.io's client events cannot end or lock a game, whatever the
 * transport: they are not offered on `client.events`, and a raw `GAME_EVENT`
 * action (what `client.events.endGame()` would send, or a forged one) is
 * refused by the Game itself through `Local()` and on a single hot-seat
 * client, leaving the state as it was. The rules' own `endTurn` move works.
 */
import { InitializeGame } from 'boardgame.io/internal';
import { describe, expect, it } from 'vitest';
import { LisbonTram28 } from '../../src/games/lisbon';
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
    expect(initial.plugins['no-client-events']).toEqual({ data: { moved: true } });
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
