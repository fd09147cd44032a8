/**
 * Taking back an action (RULES.md "Taking back an action"), through real
 * clients on boardgame.io's Local master: a move without a push, a plain
 * pick-up and a bonus may be taken back within the turn; the bell, a push, a
 * drop-off and anything of an earlier turn may not.
 */
import { describe, expect, it } from 'vitest';
import {
  act,
  clearBoard,
  flush,
  gameFrom,
  giveCard,
  seats,
  setDisplay,
  setHand,
  setSeats,
  setStop,
  startState,
} from '../helpers';
import { canTakeBack } from '../../src/games/lisbon/legal';
import type { GState } from '../../src/games/lisbon/types';

type Seat = ReturnType<typeof seats>[number];

/** Ask to take back, as the seat's page does; true when the state changed. */
async function takeBack(c: Seat): Promise<boolean> {
  const before = c.getState()!._stateID;
  c.undo();
  await flush();
  await flush();
  return c.getState()!._stateID !== before;
}

const G0 = (c: Seat) => c.getState()!.G;
const may = (c: Seat, seat = c.playerID!) => canTakeBack(c.getState()!.G, c.getState()!.ctx, seat);

describe('taking back (Lisbon)', () => {
  it('a move without a push comes back exactly, tickets and all; then another move can be made', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'carmo';
    setHand(G, '0', { yellow: 2, red: 1 });
    const [pink, black] = seats(gameFrom(G), 2);
    const start = JSON.stringify(G0(pink));
    expect(may(pink)).toBe(false);
    expect(await takeBack(pink)).toBe(false); // nothing to take back at the start of a turn

    expect(await act(pink, 'move', { route: ['baixa', 'castelo'] })).toBe(true);
    expect(G0(pink).players['0'].position).toBe('castelo');
    expect(may(pink)).toBe(true);
    expect(may(black, '1')).toBe(false);
    // Only the mover may take it back.
    expect(await takeBack(black)).toBe(false);
    expect(await takeBack(pink)).toBe(true);
    expect(JSON.stringify(G0(pink))).toBe(start);
    expect(pink.getState()!.ctx.currentPlayer).toBe('0');
    expect(may(pink)).toBe(false);

    // The action is Pink's again.
    expect(await act(pink, 'move', { route: ['chiado'] })).toBe(true);
    expect(G0(pink).players['0'].position).toBe('chiado');
    expect(G0(pink).turn.actions).toBe(1);
  });

  it('two actions in a row come back one at a time: a bonus, then a move', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'bica'; // green: +1 action on Pink's board
    setHand(G, '0', { green: 3, red: 3 });
    setStop(G, 'cais-sodre', { blue: 1 });
    const [pink] = seats(gameFrom(G), 2);
    const start = JSON.stringify(G0(pink));
    expect(await act(pink, 'takeBonus', {})).toBe(true);
    const afterBonus = JSON.stringify(G0(pink));
    expect(may(pink)).toBe(true);
    expect(await act(pink, 'move', { route: ['cais-sodre'] })).toBe(true);
    expect(pink.getState()!.ctx.currentPlayer).toBe('0');
    expect(may(pink)).toBe(true);
    expect(await takeBack(pink)).toBe(true);
    expect(JSON.stringify(G0(pink))).toBe(afterBonus);
    expect(await takeBack(pink)).toBe(true);
    expect(JSON.stringify(G0(pink))).toBe(start);
    expect(await takeBack(pink)).toBe(false);
  });

  it('a pick-up without the bell comes back: the passengers return to the stop, the tickets to the hand', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'baixa';
    setStop(G, 'baixa', { red: 1 });
    setHand(G, '0', { red: 3, blue: 3 });
    const [pink] = seats(gameFrom(G), 2);
    const start = JSON.stringify(G0(pink));
    expect(await act(pink, 'pickUp', {})).toBe(true);
    expect(G0(pink).players['0'].seats.red).toBe(1);
    expect(may(pink)).toBe(true);
    expect(await takeBack(pink)).toBe(true);
    expect(JSON.stringify(G0(pink))).toBe(start);
  });

  it('ringing the bell draws from the bag: it cannot be taken back, nor re-rolled', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'baixa';
    setStop(G, 'baixa', { red: 1 });
    setHand(G, '0', { red: 3, blue: 3 });
    const [pink] = seats(gameFrom(G), 2);
    expect(await act(pink, 'pickUp', { bell: 'one' })).toBe(true);
    expect(may(pink)).toBe(false);
    const after = JSON.stringify(pink.getState()!.G);
    expect(await takeBack(pink)).toBe(false);
    expect(JSON.stringify(pink.getState()!.G)).toBe(after);
  });

  it('a move that pushes a tram (a reward ticket is drawn) cannot be taken back', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'castelo';
    G.players['1'].position = 'baixa';
    setHand(G, '0', { red: 2 });
    const [pink, black] = seats(gameFrom(G), 2);
    expect(await act(pink, 'move', { route: ['baixa', 'rossio'] })).toBe(true);
    // Black is pushed through Rossio and chooses the branch beyond it.
    expect(await act(black, 'choosePushBranch', { path: ['gloria'] })).toBe(true);
    expect(G0(pink).events.map((e) => e.type)).toContain('push');
    expect(may(pink)).toBe(false);
    const after = JSON.stringify(G0(pink));
    expect(await takeBack(pink)).toBe(false);
    expect(JSON.stringify(G0(pink))).toBe(after);
  });

  it('a drop-off (the display is refilled from the deck) cannot be taken back, but a move after it can', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'se';
    setSeats(G, '0', { red: 2, green: 2 });
    setDisplay(G, ['se-1', 'carmo-1', 'castelo-1', 'ajuda-1']);
    giveCard(G, '0', 'chiado-2');
    setHand(G, '0', { blue: 3 });
    const [pink, black] = seats(gameFrom(G), 2);
    expect(await act(pink, 'dropOff', { card: 'se-1', end: 'left' })).toBe(true);
    // The player to the right may have to place the passengers first.
    if (black.getState()!.G.pending) {
      const p = black.getState()!.G.pending as Extract<GState['pending'], { kind: 'placePassengers' }>;
      expect(await act(black, 'placePassengers', { stop: p.options[0] })).toBe(true);
    }
    expect(may(pink)).toBe(false);
    const afterClaim = JSON.stringify(G0(pink));
    expect(await takeBack(pink)).toBe(false);
    expect(JSON.stringify(G0(pink))).toBe(afterClaim);
  });

  it('nothing of an earlier turn comes back: after the turn ends the last action is out of reach', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'carmo';
    setHand(G, '0', { yellow: 2, red: 2 });
    const [pink, black] = seats(gameFrom(G), 2);
    expect(await act(pink, 'move', { route: ['chiado'] })).toBe(true);
    expect(await act(pink, 'move', { route: ['carmo'] })).toBe(true);
    expect(pink.getState()!.ctx.currentPlayer).toBe('1');
    const after = JSON.stringify(G0(pink));
    expect(may(pink)).toBe(false);
    expect(await takeBack(pink)).toBe(false);
    expect(await takeBack(black)).toBe(false);
    expect(JSON.stringify(G0(pink))).toBe(after);
  });
});
