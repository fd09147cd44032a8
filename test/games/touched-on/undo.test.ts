/**
 * Taking back a card (RULES.md "Taking back a card"), through real clients on
 * boardgame.io's Local master: a batch that unlocks nothing and a Peak Hour,
 * Free Tram Zone or shed Appeal may be taken back within the turn; a draw, an
 * unlock (the Exp is seen), an Inspector (the victim is asked) and anything of
 * an earlier turn may not.
 */
import { describe, expect, it } from 'vitest';
import { canTakeBack } from '../../../src/games/touched-on/legal';
import {
  act,
  carriage,
  emptyTable,
  flush,
  gameFrom,
  give,
  seats,
  setLineExp,
  setPlay,
  toTop,
  view,
  type SeatClient,
} from './helpers';

const A = '0';
const B = '1';
const C = '2';

/** Ask to take back, as the seat's page does; true when the state changed. */
async function takeBack(c: SeatClient): Promise<boolean> {
  const before = c.getState()!._stateID;
  c.undo();
  await flush();
  await flush();
  return c.getState()!._stateID !== before;
}

const may = (c: SeatClient, seat = c.playerID!) => canTakeBack(c.getState()!.G, c.getState()!.ctx, seat);
const snapshot = (c: SeatClient) => JSON.stringify(view(c));

describe('taking back (Touched On)', () => {
  it('a batch or a Peak Hour comes back, cards to the hand, while the turn lasts; then another play is made', async () => {
    const G = emptyTable(3, A);
    give(G, A, ['E96', 'E96', 'E86', 'peakHour']);
    give(G, B, ['E19', 'E19']);
    give(G, C, ['E19']);
    const cl = seats(gameFrom(G), 3);
    const start = snapshot(cl[0]);
    expect(may(cl[0])).toBe(false);
    expect(await takeBack(cl[0])).toBe(false);

    // A batch: the Peak Hour is still playable, so the turn goes on.
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 2 })).toBe(true);
    expect(may(cl[0])).toBe(true);
    expect(may(cl[1], B)).toBe(false);
    expect(await takeBack(cl[1])).toBe(false);
    expect(await takeBack(cl[0])).toBe(true);
    expect(snapshot(cl[0])).toBe(start);

    // The Peak Hour instead, taken back too.
    expect(await act(cl[0], 'peakHour')).toBe(true);
    expect(may(cl[0])).toBe(true);
    expect(await takeBack(cl[0])).toBe(true);
    expect(snapshot(cl[0])).toBe(start);
    expect(view(cl[0]).players[A].hand).toHaveLength(4);

    // Another batch, then the Power: one of each ends the turn, out of reach.
    expect(await act(cl[0], 'playEvaders', { line: '86', count: 1 })).toBe(true);
    expect(view(cl[0]).lines['86'].carriages.at(-1)!.cards).toHaveLength(1);
    expect(await act(cl[0], 'peakHour')).toBe(true);
    expect(cl[0].getState()!.ctx.currentPlayer).toBe(B);
    expect(may(cl[0])).toBe(false);
    expect(await takeBack(cl[0])).toBe(false);
  });

  it('a drawn card cannot be put back, nor drawn again', async () => {
    const G = emptyTable(3, A);
    const id = carriage(G, '19', [[C, 'E19']]);
    setPlay(G, '19', C, id);
    give(G, A, ['E86']);
    give(G, B, ['E19']);
    give(G, C, ['E19']);
    toTop(G, 'E19');
    const cl = seats(gameFrom(G), 3);
    expect(await act(cl[0], 'draw')).toBe(true);
    expect(cl[0].getState()!.ctx.currentPlayer).toBe(A); // the drawn E19 is playable
    expect(may(cl[0])).toBe(false);
    const after = snapshot(cl[0]);
    expect(await takeBack(cl[0])).toBe(false);
    expect(snapshot(cl[0])).toBe(after);
  });

  it('a batch that unlocks an Exp (seen by its taker) cannot be taken back', async () => {
    const G = emptyTable(2, A);
    setLineExp(G, '86', 'X3-2');
    carriage(
      G,
      '86',
      Array.from({ length: 8 }, () => [B, 'E86'] as [string, string]),
    );
    give(G, A, ['E86', 'E96', 'peakHour']);
    give(G, B, ['E96']);
    const cl = seats(gameFrom(G), 2);
    expect(await act(cl[0], 'playEvaders', { line: '86', count: 1 })).toBe(true);
    expect(view(cl[0]).players[A].exp).toContain('X3-2');
    expect(cl[0].getState()!.ctx.currentPlayer).toBe(A);
    expect(may(cl[0])).toBe(false);
    const after = snapshot(cl[0]);
    expect(await takeBack(cl[0])).toBe(false);
    expect(snapshot(cl[0])).toBe(after);
  });

  it('an Inspector asks its victim: it cannot be taken back, even once the victim has answered', async () => {
    const G = emptyTable(3, B);
    const id = carriage(G, '96', [[A, 'E96']]);
    setPlay(G, '96', A, id);
    give(G, A, ['E19']);
    const [u1] = give(G, B, ['U', 'E19', 'E19']);
    give(G, C, ['E19']);
    const cl = seats(gameFrom(G), 3);
    expect(await act(cl[1], 'inspect', { card: u1 })).toBe(true);
    expect(may(cl[1])).toBe(false);
    expect(await takeBack(cl[1])).toBe(false);
    expect(await act(cl[0], 'acceptInspection')).toBe(true);
    expect(cl[1].getState()!.ctx.currentPlayer).toBe(B);
    expect(may(cl[1])).toBe(false);
    const after = snapshot(cl[1]);
    expect(await takeBack(cl[1])).toBe(false);
    expect(snapshot(cl[1])).toBe(after);
  });

  it('nothing of an earlier turn comes back', async () => {
    const G = emptyTable(3, A);
    give(G, A, ['E96', 'peakHour']);
    give(G, B, ['E19', 'E19']);
    give(G, C, ['E19']);
    const cl = seats(gameFrom(G), 3);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    expect(await act(cl[0], 'endTurn')).toBe(true);
    expect(cl[1].getState()!.ctx.currentPlayer).toBe(B);
    const after = snapshot(cl[0]);
    expect(may(cl[0])).toBe(false);
    expect(await takeBack(cl[0])).toBe(false);
    expect(await takeBack(cl[1])).toBe(false);
    expect(snapshot(cl[0])).toBe(after);
  });
});
