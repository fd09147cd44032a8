/**
 * The worked examples of RULINGS §13 (1–12), played through real
 * boardgame.io clients, one per seat, connected through Local(). Seats:
 * A = 0, B = 1, C = 2, D = 3.
 */
import { describe, expect, it } from 'vitest';
import { act, carriage, emptyTable, gameFrom, give, seats, setLineExp, setPlay, toTop, view } from './helpers';
import { lineCount, reachableLines } from '../../../src/games/touched-on/legal';
import { gameResult } from '../../../src/games/touched-on/flow';
import type { TOState } from '../../../src/games/touched-on/types';

const A = '0';
const B = '1';
const C = '2';
const D = '3';

/** A refused move: the move is rejected and nobody's view changes. */
async function refused(clients: ReturnType<typeof seats>, who: string, move: string, ...args: unknown[]) {
  const snap = () =>
    clients.map((c) => {
      const s = c.getState()!;
      return JSON.stringify({ G: s.G, ctx: s.ctx, id: s._stateID });
    });
  const before = snap();
  expect(await act(clients[Number(who)], move, ...args), `${move} ${JSON.stringify(args)} should be refused`).toBe(
    false,
  );
  expect(snap()).toEqual(before);
}

const evaders = (G: TOState, p: string, line: string) =>
  G.players[p].hand!.filter((c) => c.startsWith(`E${line}-`)).length;

describe('RULINGS §13 worked examples', () => {
  it('1. First play: any Line at journey start; then only the current line or one next to it', async () => {
    const G = emptyTable(4, A);
    give(G, A, ['E86', 'E86', 'E86', 'E19']);
    give(G, B, ['E96', 'E86', 'E109', 'E19']);
    give(G, C, ['E19']);
    give(G, D, ['E19']);
    expect(reachableLines(G)).toEqual(['19', '96', '86', '109']);
    const cl = seats(gameFrom(G), 4);
    expect(await act(cl[0], 'playEvaders', { line: '86', count: 3 })).toBe(true);
    let s = view(cl[1]);
    // A holds only E19 now and has played a batch: the turn ended by itself.
    expect(cl[1].getState()!.ctx.currentPlayer).toBe(B);
    expect(s.currentLine).toBe('86');
    expect(lineCount(s, '86')).toBe(3);
    expect(reachableLines(s)).toEqual(['96', '86', '109']);
    await refused(cl, B, 'playEvaders', { line: '19', count: 1 });
    expect(await act(cl[1], 'playEvaders', { line: '109', count: 1 })).toBe(true);
    s = view(cl[1]);
    expect(s.lines['109'].carriages).toHaveLength(1);
    expect(s.players[B].handSize).toBe(3);
  });

  it('2. Shared carriage: an Authorised Inspector gives the previous player every Evader of the carriage', async () => {
    const G = emptyTable(4, C);
    const id = carriage(G, '96', [
      [A, 'E96'],
      [A, 'E96'],
      [B, 'E96'],
    ]);
    setPlay(G, '96', B, id);
    give(G, A, ['E19']);
    give(G, B, ['E19']);
    give(G, C, ['A96', 'E19', 'E109']);
    give(G, D, ['E19']);
    const cl = seats(gameFrom(G), 4);
    const atStake = view(cl[3])
      .lines['96'].carriages.find((c) => c.id === id)!
      .cards.map((pc) => pc.card);
    expect(await act(cl[2], 'inspect', { card: 'A96' })).toBe(true);
    let s = view(cl[1]);
    expect(s.pending).toMatchObject({ kind: 'appeal', player: B, by: C, source: 'authorised' });
    expect(cl[1].getState()!.ctx.activePlayers).toEqual({ [B]: 'appeal' });
    // B holds no Appeal; nobody else may answer; C may not play on meanwhile.
    await refused(cl, B, 'appeal');
    await refused(cl, A, 'acceptInspection');
    await refused(cl, C, 'playEvaders', { line: '19', count: 1 });
    expect(await act(cl[1], 'acceptInspection')).toBe(true);
    s = view(cl[1]);
    expect(evaders(s, B, '96')).toBe(3);
    expect(s.players[B].handSize).toBe(4);
    expect(s.discard).toEqual(['A96']);
    // Those cards were face up: the log names them, in every player's view.
    expect(view(cl[3]).log.at(-1)).toEqual({ type: 'take', player: B, count: 3, cards: atStake });
    expect(lineCount(s, '96')).toBe(0);
    expect(s.pending).toBeNull();
    expect(reachableLines(s)).toEqual(['19', '96', '86']);
    await refused(cl, C, 'playEvaders', { line: '109', count: 1 });
    expect(await act(cl[2], 'playEvaders', { line: '19', count: 1 })).toBe(true);
  });

  it('3. Not exposed: after a draw, no Inspector; no skipping; C draws', async () => {
    const G = emptyTable(4, A);
    give(G, A, ['E109', 'E19']);
    give(G, B, ['E19']);
    give(G, C, ['U', 'E96']);
    give(G, D, ['E19']);
    toTop(G, 'E19');
    const cl = seats(gameFrom(G), 4);
    expect(await act(cl[0], 'playEvaders', { line: '109', count: 1 })).toBe(true);
    // B has nothing playable: B must draw (no playing, no ending), draws E19 (unplayable), the turn ends.
    await refused(cl, B, 'endTurn');
    await refused(cl, B, 'playEvaders', { line: '19', count: 1 });
    expect(await act(cl[1], 'draw')).toBe(true);
    expect(view(cl[1]).players[B].hand!.filter((c) => c.startsWith('E19-'))).toHaveLength(2);
    expect(cl[2].getState()!.ctx.currentPlayer).toBe(C);
    const u = view(cl[2]).players[C].hand!.find((c) => c.startsWith('U-'))!;
    await refused(cl, C, 'inspect', { card: u });
    await refused(cl, C, 'playEvaders', { line: '96', count: 1 });
    expect(await act(cl[2], 'draw')).toBe(true);
    expect(view(cl[2]).players[C].handSize).toBe(3);
    await refused(cl, C, 'draw');
  });

  it('4. Unlock: the 9th card takes the Exp; a later inspection does not change who keeps it', async () => {
    const G = emptyTable(4, D);
    carriage(G, '109', [
      [A, 'E109'],
      [B, 'E109'],
      [A, 'E109'],
      [B, 'E109'],
      [A, 'E109'],
    ]);
    const cur = carriage(G, '109', [
      [C, 'E109'],
      [C, 'E109'],
      [C, 'E109'],
    ]);
    setPlay(G, '109', C, cur);
    setLineExp(G, '109', 'X3-1');
    give(G, A, ['U', 'E19']);
    give(G, B, ['E19']);
    give(G, C, ['E19']);
    give(G, D, ['E109', 'E19']);
    const cl = seats(gameFrom(G), 4);
    expect(await act(cl[3], 'playEvaders', { line: '109', count: 1 })).toBe(true);
    let s = view(cl[3]);
    expect(lineCount(s, '109')).toBe(9);
    expect(s.players[D].exp).toEqual(['X3-1']);
    expect(s.lines['109'].hasExp).toBe(false);
    // Others see the count only.
    expect(view(cl[0]).players[D].exp).toBeNull();
    expect(view(cl[0]).players[D].expCount).toBe(1);
    const u = view(cl[0]).players[A].hand!.find((c) => c.startsWith('U-'))!;
    expect(await act(cl[0], 'inspect', { card: u })).toBe(true);
    expect(await act(cl[3], 'acceptInspection')).toBe(true);
    s = view(cl[3]);
    expect(evaders(s, D, '109')).toBe(4);
    expect(lineCount(s, '109')).toBe(5);
    expect(s.players[D].exp).toEqual(['X3-1']);
  });

  describe('5. DING (3 players)', () => {
    const setup = () => {
      const G = emptyTable(3, A);
      give(G, A, ['E96', 'E96']);
      give(G, B, ['U', 'E86', 'E96']);
      give(G, C, ['E86']);
      G.expPile = ['X3-1', 'X2-1', ...G.expPile.filter((e) => e !== 'X3-1' && e !== 'X2-1')];
      return G;
    };

    it('B plays an Undercover: A takes the 2 E96 back and the DING is cancelled', async () => {
      const cl = seats(gameFrom(setup()), 3);
      expect(await act(cl[0], 'playEvaders', { line: '96', count: 2 })).toBe(true);
      let s = view(cl[0]);
      expect(s.players[A].ding).toBe(true);
      expect(s.players[A].handSize).toBe(0);
      const u = view(cl[1]).players[B].hand!.find((c) => c.startsWith('U-'))!;
      expect(await act(cl[1], 'inspect', { card: u })).toBe(true);
      expect(await act(cl[0], 'acceptInspection')).toBe(true);
      s = view(cl[0]);
      expect(s.players[A].ding).toBe(false);
      expect(evaders(s, A, '96')).toBe(2);
      expect(s.dings).toEqual([]);
      // The log tells it in that order: A takes the Evaders, which cancels the DING.
      expect(s.log.slice(-3).map((e) => e.type)).toEqual(['accept', 'take', 'dingCancelled']);
    });

    it('B plays only E86: A is confirmed 1st and takes the top 2 Exp; the journey ends at the 2nd confirmation', async () => {
      const cl = seats(gameFrom(setup()), 3);
      expect(await act(cl[0], 'playEvaders', { line: '96', count: 2 })).toBe(true);
      expect(await act(cl[1], 'playEvaders', { line: '86', count: 1 })).toBe(true);
      // B holds U (after a batch) and E96 (one batch per turn): the turn ended; A is confirmed.
      let s = view(cl[0]);
      expect(s.players[A].out).toBe(true);
      expect(s.finishers).toEqual([A]);
      expect(s.players[A].exp).toEqual(['X3-1', 'X2-1']);
      expect(s.expPileCount).toBe(12 - 3 - 2);
      expect(cl[2].getState()!.ctx.currentPlayer).toBe(C);
      expect(await act(cl[2], 'playEvaders', { line: '86', count: 1 })).toBe(true);
      // A is out: B plays next, and B's turn is C's chance.
      expect(cl[1].getState()!.ctx.currentPlayer).toBe(B);
      expect(view(cl[2]).players[C].ding).toBe(true);
      expect(await act(cl[1], 'playEvaders', { line: '96', count: 1 })).toBe(true);
      s = view(cl[2]);
      expect(s.players[C].exp).toHaveLength(1);
      // Journey over: a new deal, everyone back in with 11 cards.
      expect(s.journey).toBe(2);
      for (const p of [A, B, C]) {
        expect(s.players[p].out).toBe(false);
        expect(s.players[p].handSize).toBe(11);
      }
      expect(s.log.filter((e) => e.type === 'finish').map((e) => 'player' in e && e.player)).toEqual([A, C]);
    });
  });

  describe('6. Appeal', () => {
    const setup = () => {
      const G = emptyTable(4, C);
      const id = carriage(G, '96', [
        [B, 'E96'],
        [B, 'E96'],
        [B, 'E96'],
      ]);
      setPlay(G, '96', B, id);
      give(G, A, ['E19']);
      give(G, B, ['appeal', 'E19']);
      give(G, C, ['U', 'A96', 'E109']);
      give(G, D, ['E19']);
      return G;
    };

    it('against an Undercover it succeeds: C takes the 3 E96 and may still play Evaders', async () => {
      const cl = seats(gameFrom(setup()), 4);
      const u = view(cl[2]).players[C].hand!.find((c) => c.startsWith('U-'))!;
      expect(await act(cl[2], 'inspect', { card: u })).toBe(true);
      expect(await act(cl[1], 'appeal')).toBe(true);
      let s = view(cl[2]);
      expect(evaders(s, C, '96')).toBe(3);
      expect(s.discard).toEqual([u]);
      expect(s.usedPowers).toEqual(['P-appeal-1']);
      expect(s.players[B].handSize).toBe(1);
      // C may play the gained Evaders this turn.
      expect(await act(cl[2], 'playEvaders', { line: '96', count: 3 })).toBe(true);
      s = view(cl[2]);
      expect(lineCount(s, '96')).toBe(3);
    });

    it('against an Authorised Inspector it fails: the Appeal is spent and B takes the 3', async () => {
      const cl = seats(gameFrom(setup()), 4);
      expect(await act(cl[2], 'inspect', { card: 'A96' })).toBe(true);
      expect(await act(cl[1], 'appeal')).toBe(true);
      const s = view(cl[1]);
      expect(evaders(s, B, '96')).toBe(3);
      expect(s.players[B].hand).not.toContain('P-appeal-1');
      expect(s.usedPowers).toEqual(['P-appeal-1']);
      expect(s.discard).toEqual(['A96']);
    });
  });

  describe('7. Priority Seat', () => {
    const setup = () => {
      const G = emptyTable(4, B);
      carriage(G, '86', [
        [A, 'E86'],
        [A, 'E86'],
        [A, 'E86'],
        [A, 'E86'],
      ]);
      carriage(G, '86', [
        [D, 'E86'],
        [D, 'E86'],
        [D, 'E86'],
        [D, 'E86'],
      ]);
      const cur = carriage(G, '96', [[A, 'E96']]);
      setPlay(G, '96', A, cur);
      setLineExp(G, '86', 'X2-3');
      give(G, A, ['E19']);
      give(G, B, ['prioritySeat', 'E86', 'E19']);
      give(G, C, ['U', 'E19']);
      give(G, D, ['E19']);
      return G;
    };

    it('alone on 86: a new carriage, count 9, B takes the Exp; C cannot inspect a carriage with no Evader', async () => {
      const cl = seats(gameFrom(setup()), 4);
      expect(await act(cl[1], 'playEvaders', { line: '86', count: 0, prioritySeat: true })).toBe(true);
      const s = view(cl[1]);
      expect(s.lines['86'].carriages).toHaveLength(3);
      expect(lineCount(s, '86')).toBe(9);
      expect(s.players[B].exp).toEqual(['X2-3']);
      expect(cl[2].getState()!.ctx.currentPlayer).toBe(C);
      const u = view(cl[2]).players[C].hand!.find((c) => c.startsWith('U-'))!;
      await refused(cl, C, 'inspect', { card: u });
    });

    it('with an E86: B still takes the Exp, but the Undercover is legal: B takes the E86, the Seat is used up, count 8', async () => {
      const cl = seats(gameFrom(setup()), 4);
      expect(await act(cl[1], 'playEvaders', { line: '86', count: 1, prioritySeat: true })).toBe(true);
      expect(view(cl[1]).players[B].exp).toEqual(['X2-3']);
      const u = view(cl[2]).players[C].hand!.find((c) => c.startsWith('U-'))!;
      expect(await act(cl[2], 'inspect', { card: u })).toBe(true);
      expect(await act(cl[1], 'acceptInspection')).toBe(true);
      const s = view(cl[1]);
      expect(evaders(s, B, '86')).toBe(1);
      expect(s.usedPowers).toContain('P-prioritySeat-1');
      expect(lineCount(s, '86')).toBe(8);
      expect(s.players[B].exp).toEqual(['X2-3']);
    });
  });

  describe('8. Feet On Seat', () => {
    const setup = () => {
      const G = emptyTable(4, C);
      const id = carriage(G, '96', [
        [A, 'E96'],
        [A, 'E96'],
        [B, 'E96'],
      ]);
      setPlay(G, '96', B, id);
      G.lines['96'].freeTramZone = toTop(G, 'freeTramZone');
      G.drawPile.shift();
      G.drawCount = G.drawPile.length;
      give(G, A, ['appeal', 'E19']);
      give(G, B, ['E19']);
      give(G, C, ['feetOnSeat', 'U', 'A96', 'E109']);
      give(G, D, ['E19']);
      return G;
    };

    it('C may not inspect in the Free Tram Zone; Feet On Seat on A gives A the 2 E96, leaving B:1×E96', async () => {
      const cl = seats(gameFrom(setup()), 4);
      const u = view(cl[2]).players[C].hand!.find((c) => c.startsWith('U-'))!;
      await refused(cl, C, 'inspect', { card: u });
      await refused(cl, C, 'inspect', { card: 'A96' });
      await refused(cl, C, 'feetOnSeat', { target: D });
      expect(await act(cl[2], 'feetOnSeat', { target: A })).toBe(true);
      expect(view(cl[0]).pending).toMatchObject({ kind: 'appeal', player: A, source: 'feetOnSeat' });
      expect(await act(cl[0], 'acceptInspection')).toBe(true);
      const s = view(cl[0]);
      expect(evaders(s, A, '96')).toBe(2);
      expect(s.lines['96'].carriages[0].cards.map((pc) => pc.player)).toEqual([B]);
    });

    it("A's Appeal succeeds: C takes the 2 E96", async () => {
      const cl = seats(gameFrom(setup()), 4);
      expect(await act(cl[2], 'feetOnSeat', { target: A })).toBe(true);
      expect(await act(cl[0], 'appeal')).toBe(true);
      const s = view(cl[2]);
      expect(evaders(s, C, '96')).toBe(2);
      expect(s.players[A].handSize).toBe(1);
      expect(s.lines['96'].carriages[0].cards.map((pc) => pc.player)).toEqual([B]);
    });
  });

  it('9. Peak Hour: everyone but its owner adds at most 1 card; it is used up when its owner’s next turn begins', async () => {
    const G = emptyTable(4, A);
    give(G, A, ['peakHour', 'E86', 'E86', 'E109']);
    give(G, B, ['E96', 'E96', 'E96', 'E96']);
    give(G, C, ['E96', 'E96', 'E96']);
    give(G, D, ['E96', 'E96']);
    const cl = seats(gameFrom(G), 4);
    expect(await act(cl[0], 'peakHour')).toBe(true);
    expect(await act(cl[0], 'playEvaders', { line: '86', count: 2 })).toBe(true);
    expect(cl[1].getState()!.ctx.currentPlayer).toBe(B);
    expect(view(cl[1]).peakHours).toEqual([{ card: 'P-peakHour-1', owner: A }]);
    await refused(cl, B, 'playEvaders', { line: '96', count: 4 });
    await refused(cl, B, 'playEvaders', { line: '96', count: 2 });
    expect(await act(cl[1], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    await refused(cl, C, 'playEvaders', { line: '96', count: 2 });
    expect(await act(cl[2], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    await refused(cl, D, 'playEvaders', { line: '96', count: 2 });
    expect(await act(cl[3], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    const s = view(cl[0]);
    expect(s.players[B].handSize).toBe(3);
    expect(cl[0].getState()!.ctx.currentPlayer).toBe(A);
    expect(s.peakHours).toEqual([]);
    expect(s.usedPowers).toContain('P-peakHour-1');
  });

  it('10. Tram Tracker: A sees C’s hand (nobody else does), takes E109, gives A19, plays E109', async () => {
    const G = emptyTable(4, A);
    const cur = carriage(G, '86', [[D, 'E86']]);
    setPlay(G, '86', D, null);
    void cur;
    give(G, A, ['tramTracker', 'A19', 'E96']);
    give(G, B, ['E19']);
    const [e109, e19, u] = give(G, C, ['E109', 'E19', 'U']);
    give(G, D, ['E19']);
    const cl = seats(gameFrom(G), 4);
    await refused(cl, A, 'tramTracker', { target: A });
    expect(await act(cl[0], 'tramTracker', { target: C })).toBe(true);
    expect(view(cl[0]).trackerReveal).toEqual({ chooser: A, target: C, cards: [e109, e19, u] });
    for (const p of [B, C, D]) expect(view(cl[Number(p)]).trackerReveal).toBeNull();
    expect(cl[0].getState()!.ctx.activePlayers).toEqual({ [A]: 'tracker' });
    await refused(cl, A, 'playEvaders', { line: '96', count: 1 });
    await refused(cl, A, 'trackerSwap', { take: e109, give: e109 });
    await refused(cl, C, 'trackerSwap', { take: e109, give: 'A19' });
    expect(await act(cl[0], 'trackerSwap', { take: e109, give: 'A19' })).toBe(true);
    expect(view(cl[0]).trackerReveal).toBeNull();
    expect(await act(cl[0], 'playEvaders', { line: '109', count: 1 })).toBe(true);
    expect(view(cl[0]).players[A].hand).toEqual([expect.stringMatching(/^E96-/)]);
    expect(view(cl[2]).players[C].hand).toEqual([e19, u, 'A19']);
  });

  it('11. Free Tram Zone: no Inspector there; used up when a card goes to another Line; then D may inspect', async () => {
    const G = emptyTable(4, B);
    const cur = carriage(G, '96', [[A, 'E96']]);
    setPlay(G, '96', A, cur);
    give(G, A, ['E19']);
    give(G, B, ['freeTramZone', 'E96', 'E96', 'E96', 'E19']);
    give(G, C, ['A96', 'U', 'E86', 'E19']);
    give(G, D, ['U', 'E19']);
    const cl = seats(gameFrom(G), 4);
    expect(await act(cl[1], 'freeTramZone')).toBe(true);
    await refused(cl, B, 'peakHour');
    expect(await act(cl[1], 'playEvaders', { line: '96', count: 3 })).toBe(true);
    expect(view(cl[2]).lines['96'].freeTramZone).toBe('P-freeTramZone-1');
    await refused(cl, C, 'inspect', { card: 'A96' });
    const u = view(cl[2]).players[C].hand!.find((c) => c.startsWith('U-'))!;
    await refused(cl, C, 'inspect', { card: u });
    expect(await act(cl[2], 'playEvaders', { line: '86', count: 1 })).toBe(true);
    let s = view(cl[3]);
    expect(s.lines['96'].freeTramZone).toBeNull();
    expect(s.usedPowers).toContain('P-freeTramZone-1');
    const du = s.players[D].hand!.find((c) => c.startsWith('U-'))!;
    expect(await act(cl[3], 'inspect', { card: du })).toBe(true);
    expect(await act(cl[2], 'acceptInspection')).toBe(true);
    s = view(cl[2]);
    expect(evaders(s, C, '86')).toBe(1);
  });

  it('12. Awards and tie: the pile, then the Lines lowest first; the game ends; B wins the tie by removal', async () => {
    const G = emptyTable(4, A);
    // Exp: A holds 1; B holds 2+2. All 20 Exp end up collected, so with A and B at 5, C and D hold 5 each
    // (the remaining 3,1,1 and 2,2,1 split: see RULES.md, example 12).
    for (const l of G.lineOrder) setLineExp(G, l, null);
    const take = (p: string, e: string[]) => {
      G.players[p].exp = e;
      G.players[p].expCount = e.length;
      G.expPile = G.expPile.filter((x) => !e.includes(x));
    };
    take(A, ['X1-1']);
    take(B, ['X2-1', 'X2-2']);
    take(C, ['X3-2', 'X1-4', 'X1-5']);
    take(D, ['X2-3', 'X2-4', 'X1-6']);
    setLineExp(G, '96', 'X1-2');
    setLineExp(G, '109', 'X1-3');
    expect(G.expPile).toEqual(['X3-1']);
    G.expPileCount = 1;
    give(G, A, ['E96']);
    give(G, B, ['E86']);
    give(G, C, ['E109', 'E19']);
    give(G, D, ['E19']);
    const cl = seats(gameFrom(G), 4);
    expect(await act(cl[0], 'playEvaders', { line: '96', count: 1 })).toBe(true);
    expect(await act(cl[1], 'playEvaders', { line: '86', count: 1 })).toBe(true);
    expect(view(cl[0]).players[A].exp).toEqual(['X1-1', 'X3-1', 'X1-2']);
    expect(cl[2].getState()!.ctx.gameover).toBeUndefined();
    expect(await act(cl[2], 'playEvaders', { line: '109', count: 1 })).toBe(true);
    const st = cl[2].getState()!;
    // Everyone has 5. Removing the highest card: A 2, B 3, C 2, D 3; B and D (both 2+2+1) stay tied until
    // their cards run out, and B took an Exp card most recently.
    expect(st.ctx.gameover).toMatchObject({
      winner: B,
      scores: { [A]: { total: 5 }, [B]: { total: 5 }, [C]: { total: 5 }, [D]: { total: 5 } },
      tieBreak: { tied: [A, B, C, D], by: 'mostRecent', rounds: 3 },
    });
    // At the end every collection is revealed.
    expect(st.G.players[B].exp).toEqual(['X2-1', 'X2-2', 'X1-3']);
    // B's 2nd place took the last Exp: the log says so, then that the game ends.
    expect(st.G.log.slice(-2)).toEqual([{ type: 'finish', player: B, place: 2, exp: 1 }, { type: 'gameEnd' }]);
    await refused(cl, D, 'playEvaders', { line: '19', count: 1 });
  });

  it('12. The tie-break as the example states it: A 3+1+1 against B 2+2+1, each removes the highest, B wins', () => {
    const G = emptyTable(4, A);
    G.players[A].exp = ['X3-1', 'X1-1', 'X1-2'];
    G.players[B].exp = ['X2-1', 'X2-2', 'X1-3'];
    G.players[C].exp = ['X1-4'];
    G.players[D].exp = ['X1-5'];
    G.players[A].lastExpAt = 2;
    G.players[B].lastExpAt = 1;
    expect(gameResult(G)).toMatchObject({ winner: B, tieBreak: { tied: [A, B], by: 'removal', rounds: 1 } });
    // Mirror images stay tied when the cards run out: the most recent Exp taker wins.
    G.players[B].exp = ['X3-2', 'X1-4', 'X1-5'];
    expect(gameResult(G)).toMatchObject({ winner: A, tieBreak: { tied: [A, B], by: 'mostRecent', rounds: 3 } });
  });
});
