/**
 * End of the game (rulebook "End of the game", RULINGS "Last round") and the
 * tie-breakers, through real clients.
 */
import { describe, expect, it } from 'vitest';
import { act, clearBoard, gameFrom, giveCard, seats, setDisplay, setSeats, startState } from '../helpers';
import type { GameOver, GState } from '../../src/games/lisbon/types';

/** Leave exactly one face-up card on the Monument deck. */
function lastFaceUp(G: GState) {
  const deck = G.secret!.monumentDeck;
  G.faceUpLeft = 1;
  G.faceDownLeft = deck.length - 1;
  G.monumentTop = deck[0];
}

/** Claim a card and settle the right-hand player's placement decision. */
async function claim(clients: ReturnType<typeof seats>, who: number, card: string, end: 'left' | 'right' = 'right') {
  expect(await act(clients[who], 'dropOff', { card, end })).toBe(true);
  const p = clients[who].getState()!.G.pending;
  if (p?.kind === 'placePassengers')
    expect(await act(clients[Number(p.player)], 'placePassengers', { stop: p.options[0] })).toBe(true);
}

describe('the final round', () => {
  it('is triggered by dealing the last face-up card and completes the round: everyone plays the same number of turns', async () => {
    const G = clearBoard(startState(3));
    G.players['1'].position = 'carmo';
    G.players['2'].position = 'castelo';
    setSeats(G, '1', { red: 2, blue: 1 });
    setSeats(G, '2', { blue: 2 });
    setDisplay(G, ['carmo-1', 'castelo-2', 'se-1', 'ajuda-1']);
    lastFaceUp(G);
    const clients = seats(gameFrom(G), 3);
    expect(await act(clients[0], 'endTurn')).toBe(true);
    await claim(clients, 1, 'carmo-1');
    let s = clients[0].getState()!;
    expect(s.G.endTriggered).toBe(true);
    expect(s.G.faceUpLeft).toBe(0);
    expect(s.G.events.map((e) => e.type)).toContain('endTriggered');
    expect(await act(clients[1], 'endTurn')).toBe(true);
    expect(clients[0].getState()!.ctx.gameover).toBeUndefined();
    // In the last round, claimed cards are replaced from the face-down deck.
    const faceDown = clients[2].getState()!.G.faceDownLeft;
    await claim(clients, 2, 'castelo-2');
    expect(clients[2].getState()!.G.faceDownLeft).toBe(faceDown - 1);
    expect(await act(clients[2], 'endTurn')).toBe(true);
    s = clients[0].getState()!;
    const over = s.ctx.gameover as GameOver;
    expect(over).toBeDefined();
    // Seat 0 did not get another turn; each seat had exactly one.
    expect(s.ctx.turn).toBe(3);
    expect(await act(clients[0], 'endTurn')).toBe(false);
    expect(over.scores['1'].cardVP).toBe(3);
    expect(over.scores['2'].cardVP).toBe(2);
    expect(over.winner).toBe('1');
  });

  /** 2 players; seat 0 passes, then seat 1 (last in the round) claims the card that deals the last face-up one. */
  async function lastPlayerTriggers() {
    const G = clearBoard(startState(2));
    G.players['1'].position = 'carmo';
    setSeats(G, '1', { red: 2, blue: 1 });
    setDisplay(G, ['carmo-1', 'se-1', 'ajuda-1']);
    lastFaceUp(G);
    const clients = seats(gameFrom(G), 2);
    expect(await act(clients[0], 'endTurn')).toBe(true);
    await claim(clients, 1, 'carmo-1');
    return clients;
  }

  it('ends right away when the last player in the round triggers it', async () => {
    const clients = await lastPlayerTriggers();
    expect(clients[0].getState()!.ctx.gameover).toBeUndefined();
    expect(await act(clients[1], 'endTurn')).toBe(true);
    expect((clients[0].getState()!.ctx.gameover as GameOver).winner).toBe('1');
  });

  it('draws the end-of-turn tickets only once for the turn that ends the game', async () => {
    const clients = await lastPlayerTriggers();
    await act(clients[1], 'endTurn');
    const s = clients[1].getState()!;
    expect(s.G.players['1'].handSize).toBe(4);
  });
});

describe('final scoring and tie-breakers (rulebook "Final scoring")', () => {
  /** Seat 0 claims `card` at `at`, triggering the end; seat 1 already holds `row1`. */
  async function finish(opts: {
    at: string;
    card: string;
    seats0: object;
    row0?: string[];
    row1: string[];
    seats1?: object;
  }) {
    const G = clearBoard(startState(2));
    G.players['0'].position = opts.at;
    setSeats(G, '0', opts.seats0);
    if (opts.seats1) setSeats(G, '1', opts.seats1);
    for (const c of opts.row0 ?? []) giveCard(G, '0', c);
    for (const c of opts.row1) giveCard(G, '1', c);
    const others = G.secret!.monumentDeck.filter((c) => c !== opts.card).slice(0, 2);
    setDisplay(G, [opts.card, ...others]);
    lastFaceUp(G);
    const clients = seats(gameFrom(G), 2);
    await claim(clients, 0, opts.card);
    expect(await act(clients[0], 'endTurn')).toBe(true);
    expect(await act(clients[1], 'endTurn')).toBe(true);
    return clients[1].getState()!.ctx.gameover as GameOver;
  }

  it('gives the win to the highest score (card VP + connections)', async () => {
    const over = await finish({
      at: 'se',
      card: 'se-1',
      seats0: { red: 2, green: 2 },
      row0: ['chiado-2', 'estrela-1'],
      row1: ['castelo-2'],
    });
    expect(over.scores['0']).toMatchObject({ cardVP: 6, connections: 4, total: 10, rank: 1 });
    expect(over.scores['1']).toMatchObject({ cardVP: 2, connections: 0, total: 2, rank: 2 });
    expect(over).toMatchObject({ winner: '0', decidedBy: 'score', order: ['0', '1'] });
  });

  it('breaks a tie by the most connections', async () => {
    const over = await finish({
      at: 'se',
      card: 'se-1',
      seats0: { red: 2, green: 2 },
      row0: ['chiado-2', 'estrela-1'],
      row1: ['jeronimos-2', 'estrela-2'],
    });
    expect(over.scores['0'].total).toBe(10);
    expect(over.scores['1']).toMatchObject({ total: 10, connections: 0 });
    expect(over).toMatchObject({ winner: '0', decidedBy: 'connections' });
  });

  it('then by the most passengers still on the tram', async () => {
    const over = await finish({
      at: 'castelo',
      card: 'castelo-2',
      seats0: { blue: 2 },
      row1: ['se-2'],
      seats1: { red: 1 },
    });
    expect(over.scores['0']).toMatchObject({ total: 2, connections: 0, passengers: 0 });
    expect(over.scores['1']).toMatchObject({ total: 2, connections: 0, passengers: 1 });
    expect(over).toMatchObject({ winner: '1', decidedBy: 'passengers' });
  });

  it('then by the player farthest in turn order from the first player', async () => {
    const over = await finish({
      at: 'castelo',
      card: 'castelo-2',
      seats0: { blue: 2, yellow: 1 },
      row1: ['se-2'],
      seats1: { red: 1 },
    });
    expect(over.scores['0']).toMatchObject({ total: 2, connections: 0, passengers: 1 });
    expect(over.scores['1']).toMatchObject({ total: 2, connections: 0, passengers: 1 });
    expect(over).toMatchObject({ winner: '1', decidedBy: 'seat', order: ['1', '0'] });
  });
});
