/**
 * The board's move calls (actions.ts) against real clients over Local(): a
 * move the rules would refuse is not sent and the rules' reason is shown; a
 * legal one is sent and the engine applies it.
 */
import { describe, expect, it } from 'vitest';
import { makeActions, type MoveCalls } from '../../../../src/games/touched-on/board/actions';
import { checkAccept, checkAppeal, checkBatch, checkEndTurn } from '../../../../src/games/touched-on/legal';
import { emptyTable, flush, gameFrom, give, seats, type SeatClient } from '../helpers';

/** The actions of one seat, recording what was refused and what was sent. */
function harness(c: SeatClient) {
  const refused: string[] = [];
  const sent: string[] = [];
  const s = c.getState()!;
  const act = makeActions(
    s.G,
    s.ctx,
    c.playerID ?? null,
    c.moves as MoveCalls,
    (r) => refused.push(r),
    (label, call) => {
      sent.push(label);
      call();
    },
  );
  return { act, refused, sent, G: s.G, ctx: s.ctx, id: s._stateID };
}

describe('Touched On board actions', () => {
  it('says how many Evaders may be played, in the singular for one', async () => {
    const G = emptyTable(2, '0');
    give(G, '0', ['E96', 'E86', 'E86']);
    const [a] = seats(gameFrom(G), 2);
    await flush();
    const { G: g, ctx } = a.getState()!;
    expect(checkBatch(g, ctx, '0', { line: '96', count: 2 })).toBe('You may play at most 1 Evader of 96 now.');
    expect(checkBatch(g, ctx, '0', { line: '86', count: 3 })).toBe('You may play at most 2 Evaders of 86 now.');
  });

  it('sends legal moves and refuses the others with the rules’ reason, sending nothing', async () => {
    const G = emptyTable(3, '0');
    give(G, '0', ['E96', 'E96', 'E86']);
    const [u] = give(G, '1', ['U', 'E19']);
    give(G, '2', ['E86', 'E86']);
    const cl = seats(gameFrom(G), 3);
    await flush();

    // Ana may not end her turn before playing.
    let a = harness(cl[0]);
    a.act.endTurn();
    expect(a.refused).toEqual([checkEndTurn(a.G, a.ctx, '0')]);
    expect(a.sent).toEqual([]);

    a = harness(cl[0]);
    a.act.playBatch('96', 2, false);
    expect(a.refused).toEqual([]);
    expect(a.sent).toEqual(['play Evaders']);
    await flush();
    await flush();
    expect(cl[1].getState()!.G.lines['96'].carriages[0].cards).toHaveLength(2);

    // Ben holds no Evader of 86: refused, nothing sent, nothing changed.
    let b = harness(cl[1]);
    b.act.playBatch('86', 1, false);
    const reason = checkBatch(b.G, b.ctx, '1', { line: '86', count: 1, prioritySeat: false });
    expect(typeof reason).toBe('string');
    expect(b.refused).toEqual([reason]);
    expect(b.sent).toEqual([]);
    await flush();
    expect(cl[1].getState()!._stateID).toBe(b.id);

    b = harness(cl[1]);
    b.act.inspect(u);
    expect(b.sent).toEqual(['inspect']);
    await flush();
    await flush();

    // Only Ana may answer; she holds no Appeal, so only accepting is sent.
    const c = harness(cl[2]);
    c.act.accept();
    expect(c.refused).toEqual([checkAccept(c.G, c.ctx, '2')]);
    a = harness(cl[0]);
    a.act.appeal();
    expect(a.refused).toEqual([checkAppeal(a.G, a.ctx, '0')]);
    expect(a.sent).toEqual([]);
    a.act.accept();
    expect(a.sent).toEqual(['accept']);
    await flush();
    await flush();
    expect(cl[0].getState()!.G.players['0'].handSize).toBe(3);
    expect(cl[0].getState()!.G.pending).toBeNull();
  });
});
