/**
 * What the bots' move list (`botMoves`) offers on hand-built positions (src/games/lisbon/RULES.md,
 * "The bots' move list"): only the monument with a card to claim when one is in
 * reach, moves to stops only where a displayed card needs the passengers and
 * the hand can pay for them, and ending the turn early only when nothing has a
 * use now.
 */
import { describe, expect, it } from 'vitest';
import type { Ctx } from 'boardgame.io';
import { clearBoard, setDisplay, setHand, setSeats, setStop, startState } from '../helpers';
import { botMoves } from '../../src/games/lisbon/bots/candidates';
import type { GState } from '../../src/games/lisbon/types';

/** Tram 0 at Carmo; one red and one yellow ticket (one single move, then a yellow passenger paid); padrao-1 (2 yellow) and torre-belem-1 (2 blue, 1 yellow) on display. */
function position(baixa: Record<string, number>, hand: Record<string, number> = { red: 1, yellow: 1 }): GState {
  const G = clearBoard(startState(4));
  G.players['0'].position = 'carmo';
  setHand(G, '0', hand);
  setDisplay(G, ['padrao-1', 'torre-belem-1']);
  setStop(G, 'baixa', baixa);
  return G;
}

const ctx = { currentPlayer: '0', numPlayers: 4, playOrder: ['0', '1', '2', '3'], turn: 1 } as unknown as Ctx;
const destinations = (G: GState) =>
  botMoves(G, ctx, '0')
    .filter((m) => m.move === 'move')
    .map((m) => (m.args[0] as { route: string[] }).route.at(-1));
const offersEndTurn = (G: GState) => botMoves(G, ctx, '0').some((m) => m.move === 'endTurn');

describe("the bots' move list", () => {
  it('heads for passengers a displayed card needs, and does not offer to end the turn instead', () => {
    const G = position({ yellow: 1 });
    expect(destinations(G)).toEqual(['baixa']);
    expect(offersEndTurn(G)).toBe(false);
  });

  it('treats passengers it could not pay for once the move is paid as a place with a purpose only, and then offers to end the turn', () => {
    const G = position({ yellow: 1 }, { red: 1 });
    expect(destinations(G)).toEqual(['baixa']);
    expect(offersEndTurn(G)).toBe(true);
  });

  it('treats passengers no displayed card needs as a place with a purpose only, and then offers to end the turn', () => {
    const G = position({ red: 1 });
    expect(destinations(G)).toEqual(['baixa']);
    expect(offersEndTurn(G)).toBe(true);
  });

  it('heads only for a card it can claim when one is in reach, before any passengers', () => {
    const G = position({ yellow: 1 });
    setHand(G, '0', { red: 2, yellow: 1 }); // Castelo is two single moves away, beyond Baixa's passengers
    setDisplay(G, ['padrao-1', 'castelo-2']);
    expect(destinations(G)).toEqual(['baixa']);
    setSeats(G, '0', { blue: 2 });
    expect(destinations(G)).toEqual(['castelo']);
    expect(offersEndTurn(G)).toBe(false);
  });

  it('offers no pick-up, bell or not, of a group the hand cannot pay for', () => {
    const pickUps = (hand: Record<string, number>) => {
      const G = position({ yellow: 1 }, hand);
      G.players['0'].position = 'baixa';
      return botMoves(G, ctx, '0')
        .filter((m) => m.move === 'pickUp')
        .map((m) => (m.args[0] as { bell: string }).bell);
    };
    expect(pickUps({ red: 1, yellow: 1 })).toEqual(['none', 'one']);
    expect(pickUps({ red: 2 })).toEqual([]);
  });

  it('offers no pick-up where no waiting passenger fits the seats', () => {
    const pickUps = (seats: Record<string, number>) => {
      const G = position({ yellow: 1 }, { red: 3, yellow: 3 });
      G.players['0'].position = 'baixa';
      setSeats(G, '0', seats);
      return botMoves(G, ctx, '0')
        .filter((m) => m.move === 'pickUp')
        .map((m) => (m.args[0] as { bell: string }).bell);
    };
    expect(pickUps({})).toEqual(['none', 'one']);
    // Every yellow seat taken (two seats per colour without the bonus): nothing fits.
    expect(pickUps({ yellow: 2 })).toEqual([]);
  });

  it('offers to end the turn when nothing at all has a purpose', () => {
    const G = position({});
    expect(destinations(G).sort()).toEqual(['castelo', 'chiado', 'rossio']);
    expect(offersEndTurn(G)).toBe(true);
  });
});
