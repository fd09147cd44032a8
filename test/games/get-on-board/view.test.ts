/**
 * Hidden information (R16, RULINGS §2 step 5): the deck order, the other
 * players' departure offers and choices until all have chosen, and ever after
 * the ticket each let go. Everything else is public. (A raw-socket test of the server comes separately.)
 */
import { describe, expect, it } from 'vitest';
import { act, freshState, gameFrom, mapT, refused, seats, view } from './helpers';
import { playerView } from '../../../src/games/get-on-board/view';
import { actingPlayers, enumerate } from '../../../src/games/get-on-board/ai';

describe('playerView and the secret departure choice', () => {
  mapT('V');

  it('hides the deck order (not its length) from every seat and spectators', () => {
    const G = freshState('V', 3);
    for (const who of ['0', '1', '2', null]) {
      const v = playerView(G, who);
      expect(v.deck).toHaveLength(12);
      expect(v.deck.every((t) => t === 0)).toBe(true);
    }
    expect(new Set(G.deck).size).toBe(12);
  });

  it('shows each player only their own offer and choice until all have chosen, then the kept tickets, never the one let go', async () => {
    const G = freshState('V', 3);
    const all = G.order.flatMap((p) => G.offers[p]);
    expect(new Set(all).size).toBe(6); // dealt pairs never overlap
    const cl = seats(gameFrom(G), 3);
    for (const p of ['0', '1', '2']) {
      const v = view(cl[Number(p)]);
      expect(v.offers[p]).toEqual(G.offers[p]);
      for (const q of ['0', '1', '2'].filter((x) => x !== p)) expect(v.offers[q]).toEqual([0, 0]);
      expect(enumerate(v, p).map((m) => m.args[0])).toEqual(G.offers[p].map((ticket) => ({ ticket })));
    }
    // Not dealt to you, twice, or malformed: refused.
    await refused(cl, '0', 'chooseDeparture', { ticket: G.offers['1'][0] });
    await refused(cl, '0', 'chooseDeparture', { ticket: '1' });
    await refused(cl, '0', 'chooseDeparture', null);
    await refused(cl, '0', 'plot', { path: ['1,2'] });
    const kept = G.offers['0'][1];
    expect(await act(cl[0], 'chooseDeparture', { ticket: kept })).toBe(true);
    await refused(cl, '0', 'chooseDeparture', { ticket: G.offers['0'][0] });
    expect(view(cl[0]).choices['0']).toBe(kept);
    expect(JSON.stringify(cl[0].getState()!.log)).toContain('ticket');
    for (const seat of [1, 2]) {
      const v = view(cl[seat]);
      // Whether seat 0 has chosen (0), never which ticket; seat 0 is no longer waited for.
      expect(v.choices['0']).toBe(0);
      expect(actingPlayers(v)).not.toContain('0');
      expect(v.players['0'].departure).toBeNull();
      // Neither the state nor boardgame.io's move log tells the other seats which ticket was kept.
      expect(JSON.stringify(cl[seat].getState()!.log)).not.toContain('ticket');
      expect(JSON.stringify(v.log)).not.toMatch(new RegExp(`\\b${kept}\\b`));
    }
    expect(await act(cl[1], 'chooseDeparture', { ticket: G.offers['1'][0] })).toBe(true);
    expect(await act(cl[2], 'chooseDeparture', { ticket: G.offers['2'][0] })).toBe(true);
    const after = view(cl[2]);
    expect(after.choices).toEqual({ '0': kept, '1': G.offers['1'][0], '2': G.offers['2'][0] });
    // The kept tickets are public now; the one each player let go is not, as at a table (it goes back unseen).
    // Every seat's view, a player's own offer included, is then the spectator's.
    expect(after.offers).toEqual({ '0': [kept, 0], '1': [G.offers['1'][0], 0], '2': [G.offers['2'][0], 0] });
    for (const seat of [0, 1, 2]) expect(view(cl[seat])).toEqual(playerView(cl[2].getState()!.G, null));
    const letGo = [G.offers['0'][0], G.offers['1'][1]];
    for (const ticket of letGo) expect(Object.values(after.offers).flat()).not.toContain(ticket);
    expect(after.players['0'].line).toHaveLength(1);
    expect(after.round).toBe(1);
    expect(after.deck).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('strips nothing else (R16): sheets, personal objectives, routes and objectives are public', () => {
    const G = freshState('V', 3);
    const v = playerView(G, '2');
    expect({ ...v, deck: G.deck, offers: G.offers, choices: G.choices }).toEqual(G);
    expect(v.players['0'].personal).toBe(G.players['0'].personal);
  });
});
