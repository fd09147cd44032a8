import { beforeEach, describe, expect, it } from 'vitest';
import { clearBoard, setStop, startState } from '../helpers';
import { network, singleMoves, splitRoute } from '../../src/games/lisbon/network';
import { resolveMove } from '../../src/games/lisbon/push';
import { checkMove, legalMoves } from '../../src/games/lisbon/legal';
import type { GState } from '../../src/games/lisbon/types';

const dests = (G: GState, at: string) =>
  singleMoves(G, network(G.side), at)
    .map((p) => p[p.length - 1])
    .sort();

describe('movement on the large side (RULINGS "Movement")', () => {
  let G: GState;
  beforeEach(() => {
    G = clearBoard(startState(4));
  });

  it('passes over empty tram stops', () => {
    expect(dests(G, 'carmo')).toEqual(['castelo', 'chiado', 'rossio']);
    setStop(G, 'baixa', { red: 1 });
    expect(dests(G, 'carmo')).toEqual(['baixa', 'chiado']);
  });

  it('follows rail continuity at junctions, like a railway switch', () => {
    // From Graça the switch at j-castelo leads only to Castelo, not to Alfama.
    expect(dests(G, 'graca')).toEqual(['castelo', 'lavra', 'rossio']);
    setStop(G, 'alfama', { blue: 1 });
    // From Castelo both branches of the switch are open.
    expect(dests(G, 'castelo')).toContain('alfama');
  });

  it('lets a tram leave a stopping place in any direction, including back', () => {
    setStop(G, 'baixa', { red: 1 });
    const steps = splitRoute(G, network('large'), 'carmo', ['baixa', 'carmo']);
    expect(steps).toEqual([['baixa'], ['carmo']]);
  });

  it('refuses routes that leave the rails or stop short of a stopping place', () => {
    const net = network('large');
    expect(splitRoute(G, net, 'carmo', ['castelo'])).toBeNull();
    expect(splitRoute(G, net, 'carmo', ['baixa'])).toBeNull();
    expect(splitRoute(G, net, 'graca', ['j-castelo', 'alfama'])).toBeNull();
  });

  it('counts one single move per stopping place reached', () => {
    const steps = splitRoute(G, network('large'), 'chiado', ['carmo', 'baixa', 'castelo'])!;
    expect(steps).toHaveLength(2);
  });
});

describe('pushing (rulebook p.8)', () => {
  let G: GState;
  beforeEach(() => {
    G = clearBoard(startState(4));
    setStop(G, 'graca', { red: 1 });
    setStop(G, 'alfama', { blue: 1 });
  });

  it('pushes a tram on a passed-over stop beyond the destination; its owner chooses at the fork', () => {
    G.players['0'].position = 'carmo';
    G.players['3'].position = 'baixa';
    const r = resolveMove(G, '0', [['baixa', 'castelo']]);
    expect(r.status).toBe('choice');
    if (r.status !== 'choice') return;
    expect(r.owner).toBe('3');
    expect(r.options).toEqual([
      ['j-castelo', 'alfama'],
      ['j-castelo', 'graca'],
    ]);
    const done = resolveMove(G, '0', [['baixa', 'castelo']], [['j-castelo', 'graca']]);
    expect(done.status).toBe('done');
    if (done.status !== 'done') return;
    expect(done.positions['0']).toBe('castelo');
    expect(done.positions['3']).toBe('graca');
    expect(done.pushes).toEqual([{ tram: '3', from: 'baixa', to: 'graca', path: ['castelo', 'j-castelo', 'graca'] }]);
  });

  it('offers only the branches that can complete, and takes a single viable branch without asking', () => {
    // Pink moves Santos -> Alcântara, pushing White beyond it to the switch at j-belem (Padrão or Jerónimos).
    // Towards Padrão, Black would be pushed on to Torre de Belém, where Brown has nowhere to go: not viable.
    G.players['0'].position = 'santos';
    G.players['1'].position = 'alcantara';
    G.players['2'].position = 'padrao';
    G.players['3'].position = 'torre-belem';
    setStop(G, 'alcantara', { red: 1 });
    const r = resolveMove(G, '0', [['j-alcantara', 'alcantara']]);
    expect(r.status).toBe('done');
    if (r.status !== 'done') return;
    expect(r.positions['1']).toBe('jeronimos');
    expect(r.positions['2']).toBe('padrao');
  });

  it('pushes chains: a pushed tram that lands on another pushes it on', () => {
    setStop(G, 'martim-moniz', { red: 1 });
    G.players['0'].position = 'rossio';
    G.players['1'].position = 'martim-moniz';
    G.players['2'].position = 'graca';
    // Pink moves Rossio -> Martim Moniz; White is pushed on. Beyond Martim Moniz the rails fork (Lavra / Graça).
    const r = resolveMove(G, '0', [['martim-moniz']], [['graca']]);
    expect(r.status).toBe('done');
    if (r.status !== 'done') return;
    expect(r.positions['1']).toBe('graca');
    expect(r.positions['2']).toBe('castelo');
    expect(r.pushes.map((p) => p.tram).sort()).toEqual(['1', '2']);
  });

  it('makes a move illegal when a pushed tram has nowhere to go', () => {
    G.players['0'].position = 'padrao';
    G.players['1'].position = 'torre-belem';
    G.players['0'].hand = { red: 1, yellow: 0, green: 0, blue: 0 };
    G.players['0'].handSize = 1;
    expect(resolveMove(G, '0', [['torre-belem']]).status).toBe('illegal');
    expect(checkMove(G, '0', '0', { route: ['torre-belem'] })).toMatch(/nowhere/);
  });

  it('never pushes or is blocked by trams at Rossio', () => {
    G.players['0'].position = 'gloria';
    G.players['1'].position = 'rossio';
    const r = resolveMove(G, '0', [['rossio']]);
    expect(r.status).toBe('done');
    if (r.status === 'done') expect(r.pushes).toEqual([]);
  });

  it('pushes a blocking tram through Rossio to the first stopping place beyond it when Rossio is the destination (RULINGS "Pushing")', () => {
    G.players['0'].position = 'carmo';
    G.players['1'].position = 'baixa';
    G.players['2'].position = 'rossio';
    const r = resolveMove(G, '0', [['baixa', 'rossio']]);
    expect(r.status).toBe('choice');
    if (r.status !== 'choice') return;
    // Forward from Baixa through Rossio: every rail out of Rossio but the one back to Baixa.
    expect(r.owner).toBe('1');
    expect(r.options).toEqual([['gloria'], ['martim-moniz', 'graca'], ['martim-moniz', 'lavra'], ['santa-justa']]);
    const done = resolveMove(G, '0', [['baixa', 'rossio']], [['santa-justa']]);
    expect(done.status).toBe('done');
    if (done.status !== 'done') return;
    // The tram already at Rossio stays there: Rossio holds any number and is never pushed from.
    expect(done.positions).toMatchObject({ '0': 'rossio', '1': 'santa-justa', '2': 'rossio' });
    expect(done.pushes).toEqual([{ tram: '1', from: 'baixa', to: 'santa-justa', path: ['rossio', 'santa-justa'] }]);
  });

  it('pushes on, in turn, a tram standing at the stop beyond Rossio; its owner chooses its branch', () => {
    G.players['0'].position = 'carmo';
    G.players['1'].position = 'baixa';
    G.players['2'].position = 'gloria';
    const r = resolveMove(G, '0', [['baixa', 'rossio']], [['gloria']]);
    expect(r.status).toBe('choice');
    if (r.status !== 'choice') return;
    expect(r.pushes).toEqual([{ tram: '1', from: 'baixa', to: 'gloria', path: ['rossio', 'gloria'] }]);
    expect(r.owner).toBe('2');
    expect(r.options).toEqual([
      ['principe-real', 'rato', 'campo-ourique', 'ajuda'],
      ['principe-real', 'rato', 'estrela'],
    ]);
    const done = resolveMove(G, '0', [['baixa', 'rossio']], [['gloria'], ['principe-real', 'rato', 'estrela']]);
    expect(done.status === 'done' && done.positions).toMatchObject({ '0': 'rossio', '1': 'gloria', '2': 'estrela' });
  });

  it('lists destinations with the cheapest same-colour payment and the shortest legal route', () => {
    G.players['0'].position = 'chiado';
    G.players['0'].hand = { red: 2, yellow: 0, green: 0, blue: 1 };
    G.players['0'].handSize = 3;
    const opts = legalMoves(G, '0', '0');
    const castelo = opts.find((o) => o.to === 'castelo')!;
    expect(castelo.steps).toBe(2);
    expect(castelo.color).toBe('red');
    expect(castelo.payment).toEqual({ red: 2, yellow: 0, green: 0, blue: 0 });
    expect(opts.every((o) => o.steps <= 2)).toBe(true);
  });
});

describe('the single-move memo (network.ts)', () => {
  it('answers by the rails and the occupied stops alone: the same as working it out afresh, for every start and many boards', () => {
    for (const side of ['large', 'small'] as const) {
      const net = network(side);
      const G = clearBoard(startState(side === 'large' ? 4 : 2));
      let x = 12345;
      const rand = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const boards = Array.from({ length: 40 }, () => net.stops.map(() => rand() < 0.5));
      const setBoard = (b: boolean[]) => net.stops.forEach((s, i) => setStop(G, s, b[i] ? { red: 1 } : {}));
      // Worked out afresh, with an empty memo, board by board.
      const afresh = boards.map((b) => {
        setBoard(b);
        net.paths.clear();
        net.moves.clear();
        return net.side.nodes.map((n) => structuredClone(singleMoves(G, net, n.id)));
      });
      // Asked again with the memo holding every board's answers: each board still gets its own.
      boards.forEach((b, k) => {
        setBoard(b);
        net.side.nodes.forEach((n, i) =>
          expect(singleMoves(G, net, n.id), `${side} board ${k} ${n.id}`).toEqual(afresh[k][i]),
        );
      });
      expect(new Set(afresh.map((a) => JSON.stringify(a))).size).toBeGreaterThan(20);
    }
  });
});
