/** What each player may see (RULINGS "What players can see"). */
import { describe, expect, it } from 'vitest';
import { seats, soloClient } from '../helpers';
import { LisbonTram28 } from '../../src/games/lisbon';
import { playerView } from '../../src/games/lisbon/view';
import { startState } from '../helpers';

describe('playerView', () => {
  it('shows a player their own hand and only the hand sizes of the others', () => {
    const G = startState(4);
    const v = playerView(G, '1');
    expect(v.players['1'].hand).toEqual(G.players['1'].hand);
    for (const id of ['0', '2', '3']) {
      expect(v.players[id].hand).toBeNull();
      expect(v.players[id].handSize).toBe(5);
    }
  });

  it('hides the ticket deck order and the face-down Monument cards from players and spectators', () => {
    const G = startState(3);
    for (const pid of ['0', null]) {
      const v = playerView(G, pid);
      expect(v.secret).toBeUndefined();
      const text = JSON.stringify(v);
      expect(text).not.toContain('ticketDeck');
      expect(text).not.toContain('monumentDeck');
      // Only the top face-up card is named; the face-down ones never are.
      const hidden = G.secret!.monumentDeck.slice(1);
      for (const c of hidden) expect(text).not.toContain(`"${c}"`);
    }
    expect(playerView(G, null).players['0'].hand).toBeNull();
  });

  it('keeps everything on the table visible: discards, bag counts, top face-up card and counts', () => {
    const G = startState(2);
    const v = playerView(G, '0');
    expect(v.ticketDiscard).toEqual(G.ticketDiscard);
    expect(v.bag).toEqual(G.bag);
    expect(v.monumentTop).toBe(G.secret!.monumentDeck[0]);
    expect(v.faceUpLeft).toBe(9);
    expect(v.faceDownLeft).toBe(10);
    expect(v.deckSize).toBe(108 - 10);
  });

  it('reaches real clients filtered: no other hand, no secret, no PRNG state', () => {
    const clients = seats({ ...LisbonTram28, seed: 'view' }, 3);
    const s = clients[2].getState()!;
    expect(s.G.secret).toBeUndefined();
    expect(s.G.players['0'].hand).toBeNull();
    expect(s.G.players['2'].hand).not.toBeNull();
    expect(JSON.stringify(s)).not.toMatch(/prngstate/);
    const spectator = soloClient({ ...LisbonTram28, seed: 'view' }, 2).getState()!;
    expect(spectator.G.players['0'].hand).toBeNull();
  });
});
