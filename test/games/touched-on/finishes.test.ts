/**
 * DING, confirmations, journeys, the stall cap and the end of the game, beyond
 * the worked examples, through real clients.
 */
import { describe, expect, it } from 'vitest';
import { act, carriage, emptyTable, gameFrom, give, seats, setLineExp, setPlay, view } from './helpers';
import { EXP_CARDS } from '../../../src/games/touched-on/data';
import type { TOState } from '../../../src/games/touched-on/types';

const A = '0';
const B = '1';
const C = '2';

/** Put these Exp first in the pile, in this order. */
function pileTop(G: TOState, top: string[]) {
  for (const l of G.lineOrder) if (top.includes(G.lines[l].exp ?? '')) setLineExp(G, l, null);
  G.expPile = [...top, ...G.expPile.filter((e) => !top.includes(e))];
  G.expPileCount = G.expPile.length;
}

describe('DING and confirmations', () => {
  it('Feet On Seat on a player on DING gives them cards back and cancels the DING', async () => {
    const G = emptyTable(3, A);
    give(G, A, ['E96']);
    give(G, B, ['feetOnSeat', 'E19', 'E19']);
    give(G, C, ['E19']);
    const cl = seats(gameFrom(G), 3);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    expect(view(cl[1]).players[A].ding).toBe(true);
    expect(await act(cl[1], 'feetOnSeat', { target: A })).toBe(true);
    // A holds nothing, but gets the same prompt.
    expect(await act(cl[0], 'appeal')).toBe(false);
    expect(await act(cl[0], 'acceptInspection')).toBe(true);
    const s = view(cl[0]);
    expect(s.players[A].ding).toBe(false);
    expect(s.players[A].handSize).toBe(1);
    expect(s.dings).toEqual([]);
    expect(await act(cl[1], 'playEvaders', { line: '19', count: 1 })).toBe(true);
    expect(view(cl[0]).players[A].out).toBe(false);
    expect(view(cl[0]).finishers).toEqual([]);
  });

  it('a successful Appeal with the last card DINGs at once; two finishes confirmed together rank by DING order', async () => {
    const G = emptyTable(4, A);
    const id = carriage(G, '96', [[C, 'E96']]);
    setPlay(G, '96', C, id);
    G.sinceAdd = [];
    pileTop(G, ['X3-1', 'X2-1', 'X1-1']);
    give(G, A, ['E96']);
    give(G, B, ['feetOnSeat', 'E109', 'E109']);
    give(G, C, ['appeal']);
    give(G, '3', ['E19']);
    const cl = seats(gameFrom(G), 4);
    // A continues the carriage holding C's E96 with their last card: DING.
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    expect(await act(cl[1], 'feetOnSeat', { target: C })).toBe(true);
    expect(await act(cl[2], 'appeal')).toBe(true);
    let s = view(cl[1]);
    expect(s.players[C].ding).toBe(true);
    expect(s.players[B].hand!.filter((c) => c.startsWith('E96-'))).toHaveLength(1);
    expect(await act(cl[1], 'endTurn')).toBe(true);
    // Both confirmed at the end of B's turn: A (earlier DING) 1st with 2 Exp, C 2nd with 1; the journey ends.
    s = view(cl[0]);
    expect(s.log.filter((e) => e.type === 'finish')).toEqual([
      { type: 'finish', player: A, place: 1, exp: 2 },
      { type: 'finish', player: C, place: 2, exp: 1 },
    ]);
    expect(s.players[A].exp).toEqual(['X3-1', 'X2-1']);
    expect(view(cl[2]).players[C].exp).toEqual(['X1-1']);
    expect(s.journey).toBe(2);
  });

  it('with 2 players the journey ends at the 1st confirmed finish, with no 2nd-place Exp', async () => {
    const G = emptyTable(2, A);
    pileTop(G, ['X2-1', 'X1-1', 'X1-2']);
    give(G, A, ['E96']);
    give(G, B, ['E86', 'E86']);
    const cl = seats(gameFrom(G), 2);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    expect(await act(cl[1], 'playEvaders', { line: '86', count: 2 })).toBe(true);
    const s = view(cl[1]);
    expect(s.journey).toBe(2);
    expect(s.players[A].expCount).toBe(2);
    expect(s.players[B].expCount).toBe(0);
    expect(s.log.filter((e) => e.type === 'finish')).toHaveLength(1);
    // B's own empty hand at the journey end did not score: a new deal, 11 cards each.
    expect(s.players[B].handSize).toBe(11);
  });

  it('an Appeal as the last card: it must be shed (no draw), its player DINGs and is confirmed 1st', async () => {
    const G = emptyTable(3, A);
    pileTop(G, ['X3-1', 'X2-1']);
    give(G, A, ['appeal']);
    give(G, B, ['E19', 'E19']);
    give(G, C, ['E19']);
    const cl = seats(gameFrom(G), 3);
    // The Appeal is playable in A's own turn (as A's Power), so A may not draw.
    expect(await act(cl[0], 'draw')).toBe(false);
    expect(await act(cl[0], 'shedAppeal')).toBe(true);
    let s = view(cl[0]);
    expect(s.usedPowers).toEqual(['P-appeal-1']);
    expect(s.players[A].ding).toBe(true);
    expect(cl[1].getState()!.ctx.currentPlayer).toBe(B);
    // One batch: B's turn ends by itself, and with it A's chance.
    expect(await act(cl[1], 'playEvaders', { line: '19', count: 1 })).toBe(true);
    s = view(cl[0]);
    expect(s.finishers).toEqual([A]);
    expect(s.players[A].exp).toEqual(['X3-1', 'X2-1']);
    expect(cl[2].getState()!.ctx.currentPlayer).toBe(C);
  });

  it('a Free Tram Zone ends with the journey (2 players: the 1st confirmed finish)', async () => {
    const G = emptyTable(2, A);
    const id = carriage(G, '96', [[B, 'E96']]);
    setPlay(G, '96', B, id);
    give(G, A, ['freeTramZone', 'E96']);
    give(G, B, ['E96', 'E86']);
    const cl = seats(gameFrom(G), 2);
    expect(await act(cl[0], 'freeTramZone')).toBe(true);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    expect(view(cl[1]).players[A].ding).toBe(true);
    // B's turn is A's chance: A is confirmed 1st and, with 2 players, the journey ends; the Zone with it.
    expect(await act(cl[1], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    const st = cl[0].getState()!;
    expect(st.G.journey).toBe(2);
    expect(st.G.lines['96'].freeTramZone).toBeNull();
    expect(st.G.lines['96'].carriages).toEqual([]);
    expect(st.G.usedPowers).toEqual([]);
    expect(st.G.players[A].handSize).toBe(11);
  });
});

describe('stall and game end', () => {
  it('after the 200th turn the journey ends; places go by fewest cards, ties to the next in turn order', async () => {
    const G = emptyTable(3, A);
    G.turn = { ...G.turn, number: 199 };
    pileTop(G, ['X3-1', 'X2-1', 'X1-1']);
    give(G, A, ['E96', 'E96', 'E86']);
    give(G, B, ['E19']);
    give(G, C, ['E19', 'E19']);
    const cl = seats(gameFrom(G), 3);
    // One batch: A's turn (the journey's 200th) ends by itself with 2 cards left.
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    const s = view(cl[1]);
    // B (1 card) 1st; A and C (2 cards) tie, C comes first after A's turn.
    expect(s.log.filter((e) => e.type === 'finish').map((e) => (e as { player: string }).player)).toEqual([B, C]);
    expect(s.log.some((e) => e.type === 'journeyEnd' && e.reason === 'stall')).toBe(true);
    expect(s.players[B].exp).toEqual(['X3-1', 'X2-1']);
    expect(s.journey).toBe(2);
  });

  it('the game ends the moment the last Exp is taken, even by an unlock in the middle of a turn', async () => {
    const G = emptyTable(2, A);
    for (const l of G.lineOrder) setLineExp(G, l, null);
    G.players[B].exp = EXP_CARDS.filter((e) => e !== 'X3-2');
    G.players[B].expCount = 11;
    G.expPile = ['X3-2'];
    setLineExp(G, '86', 'X3-2');
    G.expPileCount = 0;
    carriage(
      G,
      '86',
      Array.from({ length: 8 }, () => [B, 'E86'] as [string, string]),
    );
    give(G, A, ['E86', 'E96', 'peakHour']);
    give(G, B, ['E96']);
    const cl = seats(gameFrom(G), 2);
    expect(await act(cl[0], 'playEvaders', { line: '86', count: 1 })).toBe(true);
    const st = cl[0].getState()!;
    expect(st.ctx.gameover).toMatchObject({ winner: B, scores: { [A]: { total: 3 }, [B]: { total: 17 } } });
    expect(st.G.players[A].hand).toHaveLength(2);
    expect(await act(cl[0], 'peakHour')).toBe(false);
  });
});
