/** The board's pure logic against real engine states. */
import { describe, expect, it } from 'vitest';
import { COLORS } from '../../src/games/lisbon/data/types';
import { legalMoves, legalPickUps } from '../../src/games/lisbon/legal';
import { isExactPayment } from '../../src/games/lisbon/payment';
import { network } from '../../src/games/lisbon/network';
import { single } from '../../src/games/lisbon/counts';
import type { GameOver, GState } from '../../src/games/lisbon/types';
import {
  connectionGain,
  destinationMap,
  groupPaymentChoices,
  movePaymentChoices,
  namesFrom,
  playerLabel,
  routeLabel,
  staying,
  stateFingerprint,
  tieBreakText,
} from '../../src/games/lisbon/board/logic';
import {
  animatedPositions,
  animationsSince,
  MS_PER_NODE,
  pointAt,
  rossioLayout,
  tramOffsets,
} from '../../src/games/lisbon/board/animation';
import { formatEvent, logTurns } from '../../src/games/lisbon/board/logText';
import { cardName } from '../../src/games/lisbon/board/MonumentCard';
import { CARDS } from '../../src/games/lisbon/data/cards';
import { client, position, pushedTram, raw, viewOf } from './helpers';

describe('move highlights and payment picker', () => {
  it('highlights exactly the engine’s legal destinations', () => {
    const c = client();
    const { G, ctx } = viewOf(c, '0');
    const opts = legalMoves(G, ctx.currentPlayer, '0');
    expect(opts.length).toBeGreaterThan(0);
    const map = destinationMap(opts);
    expect(Object.keys(map).sort()).toEqual([...new Set(opts.map((o) => o.to))].sort());
    expect(Object.values(map).flat()).toHaveLength(opts.length);
    // Player 1 is not on turn: nothing to highlight.
    expect(destinationMap(legalMoves(viewOf(c, '1').G, ctx.currentPlayer, '1'))).toEqual({});
  });

  it('offers only exact payments, cheapest first, including the automatic one', () => {
    const { G, ctx } = viewOf(client(), '0');
    const hand = G.players['0'].hand!;
    for (const o of legalMoves(G, ctx.currentPlayer, '0')) {
      const choices = movePaymentChoices(hand, o.steps, o.payment);
      expect(choices.length).toBeGreaterThan(0);
      // The picker's default is exactly what the engine pays when no payment is sent.
      expect(choices[0].payment).toEqual(o.payment);
      expect(choices[0].tickets).toBe(Math.min(...choices.map((ch) => ch.tickets)));
      for (const ch of choices) {
        expect(COLORS.some((col) => isExactPayment(single(col, o.steps), ch.payment))).toBe(true);
        expect(COLORS.every((col) => ch.payment[col] <= hand[col])).toBe(true);
      }
      const totals = choices.slice(1).map((ch) => ch.tickets);
      expect([...totals].sort((a, b) => a - b)).toEqual(totals);
      expect(new Set(choices.map((ch) => ch.key)).size).toBe(choices.length);
    }
  });

  it('lists substitutes (3 of one colour for 1 of another) when the hand allows them', () => {
    const hand = { red: 3, yellow: 1, green: 0, blue: 0 };
    const labels = movePaymentChoices(hand, 1).map((c) => c.label);
    expect(labels).toEqual(['1 yellow', '1 red', '3 red (as 1 yellow)']);
    expect(movePaymentChoices(hand, 2).map((c) => c.label)).toEqual(['2 red', '3 red, 1 yellow (as 2 yellow)']);
    expect(movePaymentChoices(null, 1)).toEqual([]);
    // The engine's automatic payment comes first even when another is as cheap.
    expect(movePaymentChoices({ red: 1, green: 1 }, 1, { red: 1 }).map((c) => c.label)).toEqual(['1 red', '1 green']);
    expect(movePaymentChoices({ red: 1, green: 1 }, 1, { green: 1 }).map((c) => c.label)).toEqual(['1 green', '1 red']);
  });

  it('pays for a waiting group exactly, and says who stays for want of a seat', () => {
    const G = position((g) => {
      g.players['0'].position = 'lapa';
      g.stops.lapa = { red: 3, yellow: 0, green: 0, blue: 0 };
      g.players['0'].hand = { red: 3, yellow: 3, green: 0, blue: 0 };
      g.players['0'].handSize = 6;
    });
    const c = client(2, 'x', G);
    const v = viewOf(c, '0');
    const [none] = legalPickUps(v.G, v.ctx.currentPlayer, '0');
    expect(none.bell).toBe('none');
    expect(staying(none.group, none.fits)).toEqual({ red: 1, yellow: 0, green: 0, blue: 0 });
    const choices = groupPaymentChoices(v.G.players['0'].hand, none.group);
    expect(choices[0].payment).toEqual({ red: 3, yellow: 0, green: 0, blue: 0 });
    expect(choices.every((ch) => isExactPayment(none.group, ch.payment))).toBe(true);
    expect(choices.map((ch) => ch.label)).toContain('2 red, 3 yellow');
  });
});

describe('log text', () => {
  it('describes a move in plain words with node names and payment', () => {
    const c = client();
    const { G, ctx } = viewOf(c, '0');
    const opt = legalMoves(G, ctx.currentPlayer, '0').find((o) => o.steps === 1)!;
    c.moves.move({ route: opt.route });
    const after = viewOf(c, '0').G;
    const ev = after.events[after.events.length - 1];
    expect(ev.type).toBe('move');
    const to = network(G.side).node[opt.to].name;
    expect(formatEvent(ev, after)).toMatch(
      new RegExp(`^Pink moved from Rossio to ${to}, paying 1 (red|yellow|green|blue)$`),
    );
  });

  it('counts one ticket or passenger in the singular', () => {
    const G = viewOf(client(), '0').G;
    expect(formatEvent({ id: 1, turn: 1, type: 'reshuffle', count: 1 }, G)).toBe(
      'The discard pile (1 ticket) was shuffled into a new deck',
    );
    expect(formatEvent({ id: 1, turn: 1, type: 'reshuffle', count: 5 }, G)).toBe(
      'The discard pile (5 tickets) was shuffled into a new deck',
    );
    expect(formatEvent({ id: 1, turn: 1, type: 'bagRefill', count: 1 }, G)).toBe(
      'The bag was refilled with 1 dropped-off passenger',
    );
    expect(formatEvent({ id: 1, turn: 1, type: 'bagRefill', count: 7 }, G)).toBe(
      'The bag was refilled with 7 dropped-off passengers',
    );
  });

  it("names a card's monument as the map does, with no hyphen to break a word, smaller when a word is long", () => {
    expect(cardName('large', 'padrao')).toEqual({ text: 'Padrão', long: false });
    expect(cardName('small', 'jeronimos')).toEqual({ text: 'Jerónimos', long: true });
    expect(cardName('large', 'praca-comercio')).toEqual({ text: 'Praça do Comércio', long: true });
    expect(cardName('large', 'torre-belem')).toEqual({ text: 'Torre de Belém', long: false });
    for (const side of ['large', 'small'] as const)
      for (const c of CARDS) expect(cardName(side, c.monument).text).not.toMatch(/\u00ad/);
  });

  it('names every tram a route pushes, and who then chooses a branch', () => {
    const G = position((g) => {
      g.players['0'].position = 'chiado';
    });
    const base = { to: 'baixa', route: ['carmo', 'baixa'], steps: 1, color: null, payment: single('red', 0) };
    const names = namesFrom({ '0': 'Ana', '1': 'Rui' }, []);
    expect(routeLabel(G, 'chiado', { ...base, pushes: true, pushed: ['1'] }, names)).toBe('via Carmo — pushes Rui');
    expect(routeLabel(G, 'chiado', { ...base, pushes: true, pushed: ['1', '0'], chooser: '0' }, names)).toBe(
      'via Carmo — pushes Rui, Ana, then Ana chooses a branch',
    );
    expect(routeLabel(G, 'chiado', { ...base, pushes: false, pushed: [] }, names)).toBe('via Carmo — no push');
  });

  it('tells a push and its reward: "Pink pushed Black from Carmo to Baixa"', () => {
    const G = position((g) => {
      g.players['0'].position = 'chiado';
      g.players['1'].position = 'carmo';
    });
    const c = client(2, 'x', G);
    c.moves.move({ route: ['carmo'] });
    const after = viewOf(c, '1').G;
    const lines = after.events.map((e) => formatEvent(e, after, {}));
    expect(lines).toContain('Pink pushed Black from Carmo to Baixa');
    expect(lines).toContain('Pink and Black drew a push ticket each');
    // Names replace colours when the match has them.
    const names = namesFrom({ '0': 'Ana' }, [{ id: 1, name: 'Rui' }]);
    expect(after.events.map((e) => formatEvent(e, after, names))).toContain('Ana pushed Rui from Carmo to Baixa');
  });

  it('tells a claim, the bell and the placement of new passengers', () => {
    const G = position((g) => {
      g.players['0'].position = 'estrela';
      g.players['0'].seats = { red: 1, yellow: 0, green: 0, blue: 1 };
      g.display[2] = 'estrela-1';
    });
    const c = client(2, 'x', G);
    c.moves.dropOff({ card: 'estrela-1', end: 'right' });
    const after = raw(c).G;
    const text = after.events.map((e) => formatEvent(e, after));
    expect(text).toContain('Pink claimed Estrela (1 VP) on the right, dropping off 1 red, 1 blue');
    const bell = formatEvent(
      { id: 99, turn: 1, type: 'bell', player: '1', stop: 'baixa', drawn: ['red'], kept: 'red' },
      after,
    );
    expect(bell).toBe('Black rang the bell: drew red');
    const three = formatEvent(
      { id: 99, turn: 1, type: 'bell', player: '1', stop: 'baixa', drawn: ['red', 'blue', 'red'], kept: 'blue' },
      after,
    );
    expect(three).toBe('Black rang the bell: drew red, blue and red and kept blue');
  });

  it('groups the log by turn, newest turn first, events in order within a turn', () => {
    const c = client();
    const v = viewOf(c, '0');
    const opt = legalMoves(v.G, v.ctx.currentPlayer, '0').find((o) => o.steps === 1)!;
    c.moves.move({ route: opt.route });
    c.moves.endTurn();
    const { G, ctx } = viewOf(c, '0');
    const turns = logTurns(G, ctx);
    expect(turns[0].turn).toBe(1);
    expect(turns[0].player).toBe('0');
    expect(turns[0].lines.map((l) => l.kind)).toEqual(['move', 'draw']);
    expect(turns[0].lines[1].text).toBe('Pink drew 4 tickets');
  });
});

describe('log history', () => {
  it('keeps every event of the game in G, each in its latest version', () => {
    const c = client();
    for (let i = 0; i < 40; i++) c.moves.endTurn();
    const events = viewOf(c, null).G.events;
    expect(events.filter((e) => e.type === 'endTurn')).toHaveLength(40);
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => events[0].id + i));
    // The log of turn 1 is still there: its heading and lines.
    expect(logTurns(viewOf(c, '1').G, raw(c).ctx).at(-1)!.turn).toBe(1);
  });
});

describe('animation paths', () => {
  it('animates the newest move along its path, 150 ms per node', () => {
    const G0 = position((g) => {
      g.players['0'].position = 'chiado';
      g.players['1'].position = 'carmo';
    });
    const c = client(2, 'x', G0);
    const before = raw(c).G.nextEventId - 1;
    c.moves.move({ route: ['carmo'] });
    const G = viewOf(c, '0').G;
    const anims = animationsSince(G, before);
    const net = network(G.side);
    expect(anims.map((a) => a.player)).toEqual(['0', '1']);
    expect(anims[0].points).toEqual([net.node.chiado, net.node.carmo].map(({ x, y }) => ({ x, y })));
    expect(anims[0].duration).toBe(MS_PER_NODE);
    expect(anims[1].points[0]).toEqual({ x: net.node.carmo.x, y: net.node.carmo.y });
    expect(anims[1].points[anims[1].points.length - 1]).toEqual({ x: net.node.baixa.x, y: net.node.baixa.y });
    // Nothing new after the last seen event.
    expect(animationsSince(G, G.nextEventId)).toEqual([]);
    // Mid-way the mover is between the nodes; at the end nobody is animated.
    const mid = animatedPositions(anims, MS_PER_NODE / 2)['0'];
    expect(mid.x).toBeGreaterThan(net.node.chiado.x);
    expect(mid.x).toBeLessThan(net.node.carmo.x);
    expect(animatedPositions(anims, 10_000)).toEqual({});
  });

  it('interpolates through every node in order', () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 20 },
    ];
    expect(pointAt(pts, 0)).toEqual({ x: 0, y: 0 });
    expect(pointAt(pts, 0.5)).toEqual({ x: 10, y: 0 });
    expect(pointAt(pts, 1)).toEqual({ x: 10, y: 20 });
    expect(pointAt(pts, 0.75).x).toBe(10);
    expect(pointAt(pts, 0.75).y).toBeCloseTo(10);
  });

  it('lays several trams at Rossio side by side', () => {
    expect(tramOffsets(1)).toEqual([0]);
    expect(tramOffsets(4, 30)).toEqual([-45, -15, 15, 45]);
  });

  it('lays more than two trams at Rossio in two rows, so its box stays narrow', () => {
    expect(rossioLayout(2)).toEqual({
      offsets: [
        { dx: -17, dy: 0 },
        { dx: 17, dy: 0 },
      ],
      width: 84,
      height: 44,
    });
    expect(rossioLayout(3).offsets).toEqual([
      { dx: -17, dy: -13 },
      { dx: 17, dy: -13 },
      { dx: 0, dy: 13 },
    ]);
    expect(rossioLayout(4)).toMatchObject({ width: 84, height: 70 });
    expect(rossioLayout(4).offsets.map((o) => o.dy)).toEqual([-13, -13, 13, 13]);
  });
});

describe('previews and results', () => {
  it('counts the connections a card would complete at each end of the row', () => {
    // chiado-1's right edge and castelo-1's left edge share blue in the 4th position.
    expect(connectionGain(['chiado-1'], 'castelo-1', 'right')).toBe(1);
    expect(connectionGain(['chiado-1'], 'castelo-1', 'left')).toBe(0);
    expect(connectionGain([], 'castelo-1', 'left')).toBe(0);
  });

  it('explains how ties were broken', () => {
    const G = { players: { '0': { color: 'pink' }, '1': { color: 'black' } } } as unknown as GState;
    const over = (decidedBy: GameOver['decidedBy']): GameOver => ({
      winner: '1',
      order: ['1', '0'],
      decidedBy,
      scores: {},
    });
    expect(tieBreakText(over('score'), G)).toBe('Black wins with the most points.');
    expect(tieBreakText(over('connections'), G)).toMatch(/most connections/);
    expect(tieBreakText(over('passengers'), G, { '1': 'Rui' })).toBe(
      'Tied on points and connections: Rui wins with the most passengers still on the tram.',
    );
    // Farthest in turn order, not in where the players sit (at a table of 4 the one opposite sits farthest).
    expect(tieBreakText(over('seat'), G)).toBe(
      'Tied on points, connections and passengers: Black wins as the player latest in turn order (farthest from the first player).',
    );
    expect(playerLabel(G, '0')).toBe('Pink');
  });

  it('notices a move the engine refused: the fingerprint does not change', () => {
    const c = client();
    const s0 = raw(c);
    const fp = stateFingerprint(s0.G, s0.ctx);
    c.moves.move({ route: ['nowhere'] });
    const s1 = raw(c);
    expect(stateFingerprint(s1.G, s1.ctx)).toBe(fp);
    c.moves.endTurn();
    const s2 = raw(c);
    expect(stateFingerprint(s2.G, s2.ctx)).not.toBe(fp);
  });

  it('waits for the pushed tram’s owner at a fork, then tells where it went', async () => {
    const v = await pushedTram();
    const black = v.black;
    expect(v.G.pending?.kind).toBe('pushBranch');
    expect(v.G.pending?.player).toBe('1');
    const options = v.G.pending!.kind === 'pushBranch' ? v.G.pending!.options : [];
    expect(options.length).toBe(2);
    black.moves.choosePushBranch({ path: options[1] });
    await new Promise((r) => setTimeout(r, 20));
    const after = viewOf(black, '1').G;
    const end = network(after.side).node[options[1][options[1].length - 1]].name;
    expect(after.pending).toBeNull();
    expect(after.events.map((e) => formatEvent(e, after))).toContain(`Pink pushed Black from Castelo to ${end}`);
  });
});
