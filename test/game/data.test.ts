import { describe, expect, it } from 'vitest';
import { SIDES } from '../../src/games/lisbon/data/maps';
import { CARDS } from '../../src/games/lisbon/data/cards';
import { BOARDS, TICKETS_PER_COLOR } from '../../src/games/lisbon/data/boards';
import { BONUSES, COLORS, MONUMENTS } from '../../src/games/lisbon/data/types';
import { network, singleMoves } from '../../src/games/lisbon/network';
import { total } from '../../src/games/lisbon/counts';

describe.each(Object.values(SIDES))('board side $id', (side) => {
  const net = network(side.id);
  const ids = side.nodes.map((n) => n.id);

  it('has unique node ids and rails between known nodes, without duplicates', () => {
    expect(new Set(ids).size).toBe(ids.length);
    const seen = new Set<string>();
    for (const [a, b] of side.rails) {
      expect(ids).toContain(a);
      expect(ids).toContain(b);
      expect(a).not.toBe(b);
      const k = [a, b].sort().join('|');
      expect(seen.has(k), k).toBe(false);
      seen.add(k);
    }
  });

  it('has Rossio, the 11 monuments, one bonus stop per colour and 10–14 tram stops', () => {
    expect(side.nodes.filter((n) => n.kind === 'rossio').map((n) => n.id)).toEqual(['rossio']);
    expect(
      side.nodes
        .filter((n) => n.kind === 'monument')
        .map((n) => n.id)
        .sort(),
    ).toEqual([...MONUMENTS].sort());
    expect(
      side.nodes
        .filter((n) => n.kind === 'bonus')
        .map((n) => n.color)
        .sort(),
    ).toEqual([...COLORS].sort());
    const stops = side.nodes.filter((n) => n.kind === 'stop').length;
    expect(stops).toBeGreaterThanOrEqual(10);
    expect(stops).toBeLessThanOrEqual(14);
  });

  it('is connected: every node can be reached from Rossio', () => {
    const seen = new Set(['rossio']);
    const queue = ['rossio'];
    while (queue.length) {
      for (const n of net.neighbours[queue.shift()!]) {
        if (!seen.has(n)) {
          seen.add(n);
          queue.push(n);
        }
      }
    }
    expect([...seen].sort()).toEqual([...ids].sort());
  });

  it('lets a tram reach every stopping place by single moves when every stop has passengers', () => {
    const G = { stops: Object.fromEntries(net.stops.map((s) => [s, { red: 1, yellow: 0, green: 0, blue: 0 }])) };
    const seen = new Set(['rossio']);
    const queue = ['rossio'];
    while (queue.length) {
      const at = queue.shift()!;
      for (const p of singleMoves(G, net, at)) {
        const to = p[p.length - 1];
        if (!seen.has(to)) {
          seen.add(to);
          queue.push(to);
        }
      }
    }
    const stopping = side.nodes.filter((n) => n.kind !== 'junction').map((n) => n.id);
    expect([...seen].sort()).toEqual(stopping.sort());
  });

  it('models rail continuity: junctions have 3+ rails and list only real neighbour pairs', () => {
    const junctions = side.nodes.filter((n) => n.kind === 'junction');
    expect(junctions.length).toBeGreaterThanOrEqual(2);
    for (const j of junctions) {
      expect(net.neighbours[j.id].length).toBeGreaterThanOrEqual(3);
      for (const [a, b] of j.through!) {
        expect(net.neighbours[j.id]).toContain(a);
        expect(net.neighbours[j.id]).toContain(b);
      }
      // Every rail into the junction continues somewhere.
      for (const n of net.neighbours[j.id]) expect(net.continuation[`${n}>${j.id}`].length).toBeGreaterThan(0);
      // And at least one pair of rails does not join (it is a switch, not a crossroads).
      const pairs = (net.neighbours[j.id].length * (net.neighbours[j.id].length - 1)) / 2;
      expect(j.through!.length).toBeLessThan(pairs);
    }
  });

  it('has a loop and a few dead ends', () => {
    const deadEnds = side.nodes.filter((n) => net.neighbours[n.id].length === 1);
    expect(deadEnds.length).toBeGreaterThanOrEqual(2);
    // A graph with as many rails as nodes or more has a cycle.
    expect(side.rails.length).toBeGreaterThanOrEqual(side.nodes.length);
  });

  it('draws every node inside the view box with no two nodes overlapping', () => {
    for (const n of side.nodes) {
      expect(n.x).toBeGreaterThanOrEqual(20);
      expect(n.x).toBeLessThanOrEqual(980);
      expect(n.y).toBeGreaterThanOrEqual(20);
      expect(n.y).toBeLessThanOrEqual(620);
    }
    for (let i = 0; i < side.nodes.length; i++) {
      for (let k = i + 1; k < side.nodes.length; k++) {
        const a = side.nodes[i];
        const b = side.nodes[k];
        expect(Math.hypot(a.x - b.x, a.y - b.y), `${a.id} vs ${b.id}`).toBeGreaterThanOrEqual(40);
      }
    }
  });
});

describe('sides by player count', () => {
  it('uses the large side for 4 players and the small side for 2–3', () => {
    expect(SIDES.large.players).toEqual([4]);
    expect(SIDES.small.players).toEqual([2, 3]);
    expect(network('small').stops.length).toBeLessThan(network('large').stops.length);
  });
});

describe('Monument cards', () => {
  it('has 22 cards, 2 per monument, unique ids', () => {
    expect(CARDS).toHaveLength(22);
    expect(new Set(CARDS.map((c) => c.id)).size).toBe(22);
    for (const m of MONUMENTS) expect(CARDS.filter((c) => c.monument === m)).toHaveLength(2);
  });

  it.each(CARDS.map((c) => [c.id, c] as const))(
    '%s needs 2–5 passengers in 1–3 colours, is worth 1–5 VP, has 4 positions an edge and 0–4 halves in all',
    (_id, c) => {
      const n = total(c.need);
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(5);
      const colours = Object.values(c.need).filter((v) => (v ?? 0) > 0).length;
      expect(colours).toBeGreaterThanOrEqual(1);
      expect(colours).toBeLessThanOrEqual(3);
      expect(c.vp).toBeGreaterThanOrEqual(1);
      expect(c.vp).toBeLessThanOrEqual(5);
      expect(c.left).toHaveLength(4);
      expect(c.right).toHaveLength(4);
      for (const h of [...c.left, ...c.right]) if (h !== null) expect(COLORS).toContain(h);
      // RULINGS "Monument cards": "up to 4 per card, from 0 to 4".
      expect([...c.left, ...c.right].filter((h) => h !== null).length).toBeLessThanOrEqual(4);
    },
  );

  it('gives Carmo 3 VP and Castelo 2 VP', () => {
    for (const c of CARDS.filter((c) => c.monument === 'carmo')) expect(c.vp).toBe(3);
    for (const c of CARDS.filter((c) => c.monument === 'castelo')) expect(c.vp).toBe(2);
  });

  it('never gives more VP for more ticket halves among cards needing the same number of passengers', () => {
    const halves = (c: (typeof CARDS)[number]) => [...c.left, ...c.right].filter(Boolean).length;
    for (const a of CARDS) {
      for (const b of CARDS) {
        if (total(a.need) === total(b.need) && halves(a) < halves(b))
          expect(a.vp, `${a.id} vs ${b.id}`).toBeGreaterThanOrEqual(b.vp);
      }
    }
  });
});

describe('player boards and tickets', () => {
  it('pairs colours with bonuses as the rows of a Latin square', () => {
    expect(BOARDS).toHaveLength(4);
    expect(new Set(BOARDS.map((b) => b.id)).size).toBe(4);
    for (const b of BOARDS) expect(Object.values(b.bonuses).sort()).toEqual([...BONUSES].sort());
    for (const c of COLORS) expect(BOARDS.map((b) => b.bonuses[c]).sort()).toEqual([...BONUSES].sort());
  });

  it('has 108 tickets, 27 per colour', () => {
    expect(TICKETS_PER_COLOR * COLORS.length).toBe(108);
  });
});
