/**
 * The Tram Tracker as the player's last card (RULINGS §7.5, ruling 27): the
 * target still shows their hand, to the chooser only; with no other card to
 * give, the chooser takes nothing (`trackerSwap({ take: null, give: null })`,
 * their one legal decision), the reveal ends, and with an empty hand the turn
 * ends by itself: a DING. Through real boardgame.io clients, one per seat and
 * a spectator, connected through one Local() master.
 */
import { describe, expect, it } from 'vitest';
import { Client } from 'boardgame.io/client';
import { Local } from 'boardgame.io/multiplayer';
import { act, emptyTable, gameFrom, give, type SeatClient } from './helpers';
import { enumerate } from '../../../src/games/touched-on/ai';
import { logText } from '../../../src/games/touched-on/board/logText';
import type { TOState } from '../../../src/games/touched-on/types';

const A = '0';
const B = '1';
const C = '2';
const NAMES = { [A]: 'Ana', [B]: 'Ben', [C]: 'Cleo' };
const TAKE_NOTHING = { take: null, give: null };

/** One client per seat and a spectator (no player ID), all through one Local() master. */
function table(G: TOState, numPlayers: number) {
  const multiplayer = Local();
  const game = gameFrom(G);
  const make = (playerID?: string) => {
    const c = Client({ game, numPlayers, playerID, multiplayer });
    c.start();
    return c;
  };
  const seats = Array.from({ length: numPlayers }, (_, i) => make(String(i)));
  const spectator = make();
  return { seats, spectator, all: [...seats, spectator] };
}

/** Every client's state, to check a refused move changed nothing anywhere. */
const snapshot = (clients: SeatClient[]) =>
  clients.map((c) => {
    const s = c.getState()!;
    return JSON.stringify({ G: s.G, ctx: s.ctx, id: s._stateID });
  });

/** A move the master refuses (INVALID_MOVE): no client's state changes. */
async function refused(clients: SeatClient[], who: SeatClient, move: string, ...args: unknown[]) {
  const before = snapshot(clients);
  expect(await act(who, move, ...args), `${move} ${JSON.stringify(args)} should be refused`).toBe(false);
  expect(snapshot(clients)).toEqual(before);
}

const CARD_ID = /"(E(?:19|96|86|109)-\d|A(?:19|96|86|109)|U-\d|P-[a-zA-Z]+-\d)"/;

describe('Tram Tracker as the last card', () => {
  it('shows the target’s hand to the chooser only; taking nothing is the one decision; then a DING', async () => {
    const G = emptyTable(3, A);
    const [tracker] = give(G, A, ['tramTracker']);
    const [e19, u] = give(G, B, ['E19', 'U']);
    give(G, C, ['E86', 'E86']);
    const { seats, spectator, all } = table(G, 3);
    const [ana, ben, cleo] = seats;

    expect(await act(ana, 'tramTracker', { target: B })).toBe(true);
    // Ana alone sees Ben's hand, and is asked for her decision.
    let s = ana.getState()!;
    expect(s.G.trackerReveal).toEqual({ chooser: A, target: B, cards: [e19, u] });
    expect(s.G.pending).toEqual({ kind: 'tracker', stage: 'tracker', player: A, target: B });
    expect(s.ctx.activePlayers).toEqual({ [A]: 'tracker' });
    expect(s.G.players[A].hand).toEqual([]);
    expect(s.G.usedPowers).toContain(tracker);
    for (const other of [ben, cleo, spectator]) {
      const v = other.getState()!.G;
      expect(v.trackerReveal).toBeNull();
      expect(v.pending).toEqual(s.G.pending);
    }
    // Ben's cards reach nobody else.
    for (const other of [cleo, spectator]) {
      const text = JSON.stringify(other.getState()!.G);
      expect(text).not.toContain(`"${e19}"`);
      expect(text).not.toContain(`"${u}"`);
    }
    // The one legal decision, as the bots see it.
    expect(enumerate(s.G, s.ctx, A)).toEqual([{ move: 'trackerSwap', args: [TAKE_NOTHING] }]);

    // With no card to give, no take and give (nor a half of one), and nothing but Ana's decision, is accepted.
    await refused(all, ana, 'trackerSwap', { take: e19, give: e19 });
    await refused(all, ana, 'trackerSwap', { take: e19, give: null });
    await refused(all, ana, 'trackerSwap', { take: null, give: e19 });
    await refused(all, ana, 'trackerSwap', {});
    await refused(all, ana, 'trackerSwap');
    await refused(all, ben, 'trackerSwap', TAKE_NOTHING);
    await refused(all, ana, 'endTurn');

    expect(await act(ana, 'trackerSwap', TAKE_NOTHING)).toBe(true);
    s = ana.getState()!;
    // Hands unchanged, the reveal gone for everyone, the stage over; Ana's hand is empty: her turn ended, DING.
    expect(s.G.players[A].hand).toEqual([]);
    expect(ben.getState()!.G.players[B].hand).toEqual([e19, u]);
    for (const c of all) {
      expect(c.getState()!.G.trackerReveal).toBeNull();
      expect(c.getState()!.G.pending).toBeNull();
    }
    expect(s.G.players[A].ding).toBe(true);
    expect(s.ctx.currentPlayer).toBe(B);
    expect(s.ctx.activePlayers).toBeNull();
    // The public log says she looked and took nothing, and names no card.
    const entries = s.G.log.slice(-3);
    expect(entries).toEqual([
      { type: 'power', player: A, power: 'Tram Tracker', target: B },
      { type: 'trackerNothing', player: A, target: B },
      { type: 'ding', player: A },
    ]);
    expect(logText(entries[1], NAMES)).toBe(
      "Ana looks at Ben's hand and takes nothing: they have no other card to give.",
    );
    expect(JSON.stringify(s.G.log)).not.toMatch(CARD_ID);
    // boardgame.io's own log carries the move's arguments to the mover alone (redacted for the others).
    for (const c of [ben, cleo, spectator]) {
      const own = c.getState()!.log.filter((e) => e.action.payload.type === 'trackerSwap');
      expect(own).toHaveLength(1);
      expect(own[0].action.payload.args).toBeNull();
    }

    // Ben's turn is Ana's chance; it ends with her hand still empty: she finishes 1st.
    expect(await act(ben, 'playEvaders', { line: '19', count: 1 })).toBe(true);
    expect(ben.getState()!.G.finishers).toEqual([A]);
  });

  it('works after a batch in the same turn: the Tram Tracker, played last, still reveals; taking nothing ends the turn', async () => {
    const G = emptyTable(3, A);
    give(G, A, ['E96', 'tramTracker']);
    const [e86] = give(G, B, ['E86']);
    give(G, C, ['E19']);
    const { seats, all } = table(G, 3);
    const [ana, ben, cleo] = seats;

    expect(await act(ana, 'playEvaders', { line: '96', count: 1 })).toBe(true);
    // The Tram Tracker is still playable: the turn goes on.
    expect(ana.getState()!.ctx.currentPlayer).toBe(A);
    expect(await act(ana, 'tramTracker', { target: B })).toBe(true);
    expect(ana.getState()!.G.trackerReveal).toEqual({ chooser: A, target: B, cards: [e86] });
    expect(cleo.getState()!.G.trackerReveal).toBeNull();
    await refused(all, ana, 'trackerSwap', { take: e86, give: e86 });
    expect(await act(ana, 'trackerSwap', TAKE_NOTHING)).toBe(true);
    const s = ben.getState()!;
    expect(s.ctx.currentPlayer).toBe(B);
    expect(s.G.players[A].ding).toBe(true);
    expect(s.G.players[B].hand).toEqual([e86]);
    expect(s.G.lastTurn).toEqual({ player: A, addedTo: expect.any(Number) });
  });

  it('a Tram Tracker played with another card in hand refuses taking nothing: take and give are compulsory', async () => {
    const G = emptyTable(3, A);
    const [, e96] = give(G, A, ['tramTracker', 'E96']);
    const [e19] = give(G, B, ['E19', 'E19']);
    give(G, C, ['E86']);
    const { seats, all } = table(G, 3);
    const [ana, ben] = seats;

    expect(await act(ana, 'tramTracker', { target: B })).toBe(true);
    const s = ana.getState()!;
    expect(enumerate(s.G, s.ctx, A).some((m) => JSON.stringify(m.args) === JSON.stringify([TAKE_NOTHING]))).toBe(false);
    await refused(all, ana, 'trackerSwap', TAKE_NOTHING);
    expect(await act(ana, 'trackerSwap', { take: e19, give: e96 })).toBe(true);
    expect(ana.getState()!.G.players[A].hand).toEqual([e19]);
    expect(ben.getState()!.G.players[B].hand).toContain(e96);
    expect(ana.getState()!.G.log.at(-1)).toEqual({ type: 'trackerSwap', player: A, target: B });
  });
});
