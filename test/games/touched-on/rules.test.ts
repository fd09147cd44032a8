/**
 * Rules beyond the worked examples: line reset, the single reshuffle and the
 * stuck hand, forced play, turn limits, hidden information, client events,
 * garbage arguments, setup counts.
 */
import { describe, expect, it } from 'vitest';
import { InitializeGame } from 'boardgame.io/internal';
import { TouchedOn } from '../../../src/games/touched-on';
import { allCards, expValue, powerCards, type LineId } from '../../../src/games/touched-on/data';
import { reachableLines } from '../../../src/games/touched-on/legal';
import { playerView } from '../../../src/games/touched-on/view';
import { enumerate } from '../../../src/games/touched-on/ai';
import type { TOState } from '../../../src/games/touched-on/types';
import {
  act,
  carriage,
  emptyTable,
  flush,
  gameFrom,
  give,
  invariantErrors,
  seats,
  setPlay,
  toTop,
  view,
} from './helpers';

const A = '0';
const B = '1';
const C = '2';
const D = '3';

describe('setup', () => {
  it.each([
    [2, ['96', '86'], 6, 6],
    [3, ['19', '96', '86'], 9, 9],
    [4, ['19', '96', '86', '109'], 12, 12],
  ])(
    '%i players: Lines, 2 Powers + 9 cards each, the rest in the draw pile, one Exp under each Line',
    (n, lines, powers, pile) => {
      const G = InitializeGame({ game: { ...TouchedOn, seed: `setup-${n}` }, numPlayers: n }).G as TOState;
      expect(G.lineOrder).toEqual(lines);
      expect(powerCards(n)).toHaveLength(powers);
      expect(allCards(n)).toHaveLength(9 * lines.length + 2 * lines.length + powers);
      for (const p of Object.keys(G.players)) {
        const hand = G.players[p].hand!;
        expect(hand).toHaveLength(11);
        expect(hand.slice(0, 2).every((c) => c.startsWith('P-'))).toBe(true);
        expect(hand.slice(2).some((c) => c.startsWith('P-'))).toBe(false);
      }
      expect(G.drawCount).toBe(pile);
      for (const l of lines) expect(G.lines[l as LineId].hasExp).toBe(true);
      expect(G.expPileCount).toBe(12 - lines.length);
      expect(invariantErrors(G)).toEqual([]);
      const all = [...G.expPile, ...lines.map((l) => G.lines[l as LineId].exp!)];
      expect(all.reduce((a, e) => a + expValue(e), 0)).toBe(20);
    },
  );

  it('the player left of the dealer starts; a given dealer is respected, bad setup data refused', () => {
    const s = InitializeGame({ game: { ...TouchedOn, seed: 'd' }, numPlayers: 3, setupData: { dealer: 1 } });
    expect(s.ctx.currentPlayer).toBe('2');
    expect(TouchedOn.validateSetupData!({ dealer: 5 }, 3)).toBeTruthy();
    expect(TouchedOn.validateSetupData!({ dealer: 2 }, 3)).toBeUndefined();
  });
});

describe('turn rules', () => {
  it('line reset: once every player has taken a turn adding nothing, the next card may go on any Line', async () => {
    const G = emptyTable(3, A);
    give(G, A, ['E19', 'E86']);
    give(G, B, ['E86']);
    give(G, C, ['E86']);
    // Every draw is an unplayable E86.
    for (let i = 0; i < 3; i++) toTop(G, 'E86');
    const cl = seats(gameFrom(G), 3);
    expect(await act(cl[0], 'playEvaders', { line: '19', count: 1 })).toBe(true);
    // 86 is not next to 19: B and C draw.
    expect(await act(cl[1], 'draw')).toBe(true);
    expect(await act(cl[2], 'draw')).toBe(true);
    // A added the last card and has not yet taken a turn adding nothing: still no reset.
    expect(reachableLines(view(cl[0]))).toEqual(['19', '96']);
    expect(await act(cl[0], 'playEvaders', { line: '86', count: 1 })).toBe(false);
    expect(await act(cl[0], 'draw')).toBe(true);
    const s = view(cl[1]);
    expect([...s.sinceAdd].sort()).toEqual([A, B, C]);
    expect(reachableLines(s)).toEqual(['19', '96', '86']);
    expect(await act(cl[1], 'playEvaders', { line: '86', count: 1 })).toBe(true);
    expect(view(cl[1]).currentLine).toBe('86');
  });

  it('the discard is reshuffled once per journey; then a stuck hand puts a card out (and DINGs if it was the last)', async () => {
    const G = emptyTable(3, A);
    const cur = carriage(G, '19', [[C, 'E19']]);
    setPlay(G, '19', C, null);
    void cur;
    give(G, A, ['E86']);
    give(G, B, ['E86']);
    give(G, C, ['E19', 'E96']);
    G.discard.push(G.drawPile.splice(G.drawPile.indexOf('A96'), 1)[0]);
    G.usedPowers.push(...G.drawPile.splice(0));
    G.drawCount = 0;
    const cl = seats(gameFrom(G), 3);
    expect(await act(cl[0], 'putOut', { card: view(cl[0]).players[A].hand![0] })).toBe(false);
    expect(await act(cl[0], 'draw')).toBe(true);
    let s = view(cl[0]);
    expect(s.reshuffled).toBe(true);
    expect(s.players[A].hand).toContain('A96');
    expect(s.discard).toEqual([]);
    // A96 is not playable on 19: A's turn is over. B: nothing playable, nothing to draw.
    expect(cl[1].getState()!.ctx.currentPlayer).toBe(B);
    expect(await act(cl[1], 'draw')).toBe(false);
    expect(await act(cl[1], 'endTurn')).toBe(false);
    expect(await act(cl[1], 'putOut', { card: 'A96' })).toBe(false);
    const e86 = view(cl[1]).players[B].hand![0];
    expect(enumerate(view(cl[1]), cl[1].getState()!.ctx, B)).toEqual([{ move: 'putOut', args: [{ card: e86 }] }]);
    expect(await act(cl[1], 'putOut', { card: e86 })).toBe(true);
    s = view(cl[2]);
    expect(s.usedPowers).toContain(e86);
    expect(s.players[B].ding).toBe(true);
    expect(cl[2].getState()!.ctx.currentPlayer).toBe(C);
  });

  it('forced play: with a playable card there is no draw and no ending before a play; one batch, one Power', async () => {
    const G = emptyTable(3, A);
    give(G, A, ['E96', 'E96', 'E86', 'peakHour', 'tramTracker']);
    give(G, B, ['E19', 'E19']);
    give(G, C, ['E19']);
    const cl = seats(gameFrom(G), 3);
    expect(await act(cl[0], 'draw')).toBe(false);
    expect(await act(cl[0], 'endTurn')).toBe(false);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 3 })).toBe(false);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 10 })).toBe(false);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 0 })).toBe(false);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 2 })).toBe(true);
    expect(await act(cl[0], 'playEvaders', { line: '86', count: 1 })).toBe(false);
    expect(await act(cl[0], 'peakHour')).toBe(true);
    // One Power per turn: the Tram Tracker is not playable, nor the E86 (one batch): the turn ended by itself.
    expect(cl[1].getState()!.ctx.currentPlayer).toBe(B);
    expect(await act(cl[0], 'tramTracker', { target: B })).toBe(false);
    expect(view(cl[0]).players[A].hand).toEqual([expect.stringMatching(/^E86-/), 'P-tramTracker-1']);
  });

  it('after a card, the player may end the turn while holding playable cards', async () => {
    const G = emptyTable(3, A);
    give(G, A, ['E96', 'peakHour']);
    give(G, B, ['E19', 'E19']);
    give(G, C, ['E19']);
    const cl = seats(gameFrom(G), 3);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    expect(await act(cl[1], 'endTurn')).toBe(false);
    expect(await act(cl[0], 'endTurn')).toBe(true);
    expect(cl[1].getState()!.ctx.currentPlayer).toBe(B);
    expect(view(cl[0]).players[A].hand).toEqual(['P-peakHour-1']);
  });

  it('Peak Hours stack: each binds every player but its owner, and ends when its owner’s next turn begins', async () => {
    const G = emptyTable(4, A);
    give(G, A, ['peakHour', 'E96', 'E96', 'E96']);
    give(G, B, ['peakHour', 'E96', 'E96']);
    give(G, C, ['E96', 'E96']);
    give(G, D, ['E19', 'E19']);
    const cl = seats(gameFrom(G), 4);
    // Every turn here ends by itself after its batch (one batch; the Power played or none held).
    expect(await act(cl[0], 'peakHour')).toBe(true);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    // B is bound by A's Peak Hour, even in the turn B plays one.
    expect(await act(cl[1], 'peakHour')).toBe(true);
    expect(await act(cl[1], 'playEvaders', { line: '96', count: 2 })).toBe(false);
    expect(await act(cl[1], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    expect(view(cl[2]).peakHours.map((ph) => ph.owner)).toEqual([A, B]);
    expect(await act(cl[2], 'playEvaders', { line: '96', count: 2 })).toBe(false);
    expect(await act(cl[2], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    expect(await act(cl[3], 'playEvaders', { line: '19', count: 2 })).toBe(false);
    expect(await act(cl[3], 'playEvaders', { line: '19', count: 1 })).toBe(true);
    // A's turn: A's own Peak Hour is used up, B's still binds A.
    let s = view(cl[0]);
    expect(cl[0].getState()!.ctx.currentPlayer).toBe(A);
    expect(s.peakHours.map((ph) => ph.owner)).toEqual([B]);
    expect(s.usedPowers).toContain('P-peakHour-1');
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 2 })).toBe(false);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    // B's turn: B's Peak Hour is used up too; nobody is bound any more.
    s = view(cl[1]);
    expect(cl[1].getState()!.ctx.currentPlayer).toBe(B);
    expect(s.peakHours).toEqual([]);
    expect(await act(cl[1], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    expect(view(cl[2]).players[C].handSize).toBe(1);
  });

  it('Inspectors come first: no Inspector after a batch; only one per turn', async () => {
    const G = emptyTable(3, B);
    const id = carriage(G, '96', [[A, 'E96']]);
    setPlay(G, '96', A, id);
    give(G, A, ['E19']);
    const [u1, u2] = give(G, B, ['U', 'U', 'E96']);
    give(G, C, ['E19']);
    const cl = seats(gameFrom(G), 3);
    expect(await act(cl[1], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    expect(await act(cl[1], 'inspect', { card: u1 })).toBe(false);
    const G2 = emptyTable(3, B);
    const id2 = carriage(G2, '96', [[A, 'E96']]);
    setPlay(G2, '96', A, id2);
    give(G2, A, ['E19']);
    give(G2, B, ['U', 'U', 'E19']);
    give(G2, C, ['E19']);
    const cl2 = seats(gameFrom(G2), 3);
    expect(await act(cl2[1], 'inspect', { card: u1 })).toBe(true);
    expect(await act(cl2[0], 'acceptInspection')).toBe(true);
    expect(await act(cl2[1], 'inspect', { card: u2 })).toBe(false);
  });

  it("Free Tram Zone: not while no Line has a card, before the journey's first card or after an inspection empties the only carriage, so the player draws (RULINGS §12.21)", async () => {
    const start = emptyTable(3, A);
    give(start, A, ['freeTramZone', 'E96']);
    give(start, B, ['E19']);
    give(start, C, ['E19']);
    const cl0 = seats(gameFrom(start), 3);
    expect(await act(cl0[0], 'freeTramZone')).toBe(false);
    expect(view(cl0[0]).players[A].hand).toContain('P-freeTramZone-1');

    const G = emptyTable(3, B);
    const id = carriage(G, '96', [[A, 'E96']]);
    setPlay(G, '96', A, id);
    give(G, A, ['E19']);
    give(G, B, ['U', 'E19']);
    give(G, C, ['freeTramZone', 'A86']);
    const cl = seats(gameFrom(G), 3);
    const u = view(cl[1]).players[B].hand!.find((c) => c.startsWith('U-'))!;
    expect(await act(cl[1], 'inspect', { card: u })).toBe(true);
    expect(await act(cl[0], 'acceptInspection')).toBe(true);
    let s = view(cl[1]);
    expect(Object.values(s.lines).every((l) => l.carriages.every((c) => c.cards.length === 0))).toBe(true);
    expect(s.currentLine).toBe('96');
    expect(await act(cl[1], 'endTurn')).toBe(true);
    // C holds a Free Tram Zone and an Authorised Inspector with no carriage to catch. No Line has a card: the
    // Free Tram Zone is refused and does not force play, so C draws.
    expect(await act(cl[2], 'freeTramZone')).toBe(false);
    expect(await act(cl[2], 'draw')).toBe(true);
    s = view(cl[2]);
    expect(s.lines['96'].freeTramZone).toBeNull();
    expect(s.players[C].hand).toContain('P-freeTramZone-1');
    expect(s.players[C].hand).toHaveLength(3);
  });

  it('garbage arguments are refused without a crash', async () => {
    const G = emptyTable(3, A);
    give(G, A, ['E96', 'tramTracker', 'U']);
    give(G, B, ['E19']);
    give(G, C, ['E19']);
    const cl = seats(gameFrom(G), 3);
    for (const [m, args] of [
      ['playEvaders', [null]],
      ['playEvaders', [{ line: '42', count: 1 }]],
      ['playEvaders', [{ line: '96', count: 1.5 }]],
      ['playEvaders', [{ line: '96', count: '1' }]],
      ['playEvaders', [{ line: '96', count: 1, prioritySeat: 'yes' }]],
      ['inspect', [{ card: 'E96-1' }]],
      ['inspect', [{}]],
      ['tramTracker', [{ target: '9' }]],
      ['tramTracker', [{ target: { toString: () => '1' } }]],
      ['trackerSwap', [{ take: 'x', give: 'y' }]],
      ['putOut', [{ card: 'E96-1' }]],
      ['appeal', []],
      ['acceptInspection', []],
    ] as [string, unknown[]][])
      expect(await act(cl[0], m, ...args), `${m} ${JSON.stringify(args)}`).toBe(false);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 1 })).toBe(true);
  });
});

describe('hidden information', () => {
  it('a view strips other hands, the draw pile, Exp values and others’ collected Exp; a spectator sees no hand', () => {
    const G = structuredClone(InitializeGame({ game: { ...TouchedOn, seed: 'view' }, numPlayers: 4 }).G as TOState);
    G.players['2'].exp = ['X3-1'];
    G.players['2'].expCount = 1;
    const v = playerView(G, '1');
    expect(v.players['1'].hand).toEqual(G.players['1'].hand);
    for (const p of ['0', '2', '3']) {
      expect(v.players[p].hand).toBeNull();
      expect(v.players[p].handSize).toBe(11);
    }
    expect(v.players['2'].exp).toBeNull();
    expect(v.players['2'].expCount).toBe(1);
    expect(v.drawPile).toEqual([]);
    expect(v.drawCount).toBe(12);
    expect(v.expPile).toEqual([]);
    expect(v.expPileCount).toBe(8);
    for (const l of v.lineOrder) {
      expect(v.lines[l].exp).toBeNull();
      expect(v.lines[l].hasExp).toBe(true);
    }
    const spectator = playerView(G, null);
    for (const p of Object.keys(G.players)) expect(spectator.players[p].hand).toBeNull();
    // The full state is untouched.
    expect(G.drawPile).toHaveLength(12);
    // At game end, collected Exp are shown to all.
    G.gameOver = { winner: '2', scores: {} };
    expect(playerView(G, '1').players['2'].exp).toEqual(['X3-1']);
  });

  it('every victim gets the same Appeal prompt, holding an Appeal or not', async () => {
    for (const withAppeal of [true, false]) {
      const G = emptyTable(3, B);
      const id = carriage(G, '96', [[A, 'E96']]);
      setPlay(G, '96', A, id);
      give(G, A, withAppeal ? ['appeal', 'E19'] : ['E86', 'E19']);
      const [u] = give(G, B, ['U', 'E19']);
      give(G, C, ['E19']);
      const cl = seats(gameFrom(G), 3);
      expect(await act(cl[1], 'inspect', { card: u })).toBe(true);
      await flush();
      const seenByB = view(cl[1]);
      expect(seenByB.pending).toMatchObject({ kind: 'appeal', player: A });
      expect(cl[1].getState()!.ctx.activePlayers).toEqual({ [A]: 'appeal' });
      expect(enumerate(seenByB, cl[1].getState()!.ctx, B)).toEqual([]);
    }
  });
});

describe('client events', () => {
  it('are not offered, and a raw endTurn from the current player changes nothing', async () => {
    const G = emptyTable(3, A);
    give(G, A, ['E96', 'E19']);
    give(G, B, ['E19']);
    give(G, C, ['E19']);
    const cl = seats(gameFrom(G), 3);
    expect((cl[0].events as Record<string, unknown>).endTurn).toBeUndefined();
    const before = cl[0].getState()!;
    cl[0].store.dispatch({ type: 'GAME_EVENT', payload: { type: 'endTurn', args: [], playerID: A } } as never);
    await flush();
    expect(cl[0].getState()!._stateID).toBe(before._stateID);
    expect(cl[0].getState()!.ctx.currentPlayer).toBe(A);
  });
});
