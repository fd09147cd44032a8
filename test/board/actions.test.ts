/** The board's move calls: checked first, refused with a reason, never a silent no-op. */
import { describe, expect, it } from 'vitest';
import { makeActions, type MoveCalls } from '../../src/games/lisbon/board/actions';
import { legalMoves } from '../../src/games/lisbon/legal';
import type { MoveOption } from '../../src/games/lisbon/legal';
import { client, raw, viewOf } from './helpers';

function harness(c: ReturnType<typeof client>, me: string) {
  const refused: string[] = [];
  const sent: string[] = [];
  const { G, ctx } = viewOf(c, me);
  const act = makeActions(
    G,
    ctx,
    me,
    c.moves as MoveCalls,
    (r) => refused.push(r),
    (label, call) => {
      sent.push(label);
      call();
    },
  );
  return { act, refused, sent, G, ctx };
}

describe('board actions', () => {
  it('sends a legal move with the automatic payment, and the engine applies it', () => {
    const c = client();
    const h = harness(c, '0');
    const opt = legalMoves(h.G, h.ctx.currentPlayer, '0')[0];
    h.act.move(opt, false, null);
    expect(h.refused).toEqual([]);
    expect(h.sent).toEqual(['move']);
    expect(raw(c).G.players['0'].position).toBe(opt.to);
  });

  it('sends the payment the player picked', () => {
    const c = client();
    const h = harness(c, '0');
    const opt = legalMoves(h.G, h.ctx.currentPlayer, '0').find((o) => o.steps === 1)!;
    const before = raw(c).G.ticketDiscard;
    h.act.move(opt, false, { red: 1, yellow: 0, green: 0, blue: 0 });
    expect(h.refused).toEqual([]);
    expect(raw(c).G.ticketDiscard.red).toBe(before.red + 1);
  });

  it('refuses with the engine’s reason instead of sending an illegal move', () => {
    const c = client();
    const h = harness(c, '0');
    const stale: MoveOption = {
      to: 'castelo',
      route: ['castelo'],
      steps: 1,
      color: 'red',
      payment: { red: 1, yellow: 0, green: 0, blue: 0 },
      pushes: false,
      pushed: [],
    };
    h.act.move(stale, false, null);
    expect(h.refused).toEqual(['That route does not follow the rails from your tram to a stopping place.']);
    h.act.pickUp('none', null);
    expect(h.refused[1]).toBe('Your tram is not at a tram stop.');
    h.act.takeBonus(null);
    expect(h.refused[2]).toBe('Your tram is not at a bonus stop.');
    h.act.place('rato');
    h.act.keep('red', null);
    h.act.branch(['castelo']);
    expect(h.refused).toHaveLength(6);
    expect(h.sent).toEqual([]);
    expect(raw(c).G.nextEventId).toBe(h.G.nextEventId);
  });

  it('tells the player who is not on turn that it is not their turn', () => {
    const c = client();
    const h = harness(c, '1');
    h.act.endTurn();
    h.act.dropOff('carmo-1', 'left');
    expect(h.refused).toEqual(['It is not your turn.', 'It is not your turn.']);
    expect(h.sent).toEqual([]);
  });
});
