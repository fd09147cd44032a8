/**
 * The replay's steps in words, on real Lisbon states: a few turns played by
 * the real engine, replayed from their log as the replay page does, read as
 * the game's own log reads ("Ana took the … bonus", "Ana ended the turn"),
 * never as move names ("takeBonus", "endTurn"); and a game without a log of
 * its own, or a step that adds nothing to it, gets the move's name in words.
 */
import { describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import {
  buildReplay,
  periodOf,
  stepLabels,
  stepWords,
  type ReplayData,
  type ReplayStep,
} from '../../src/client/replay';
import { Client } from 'boardgame.io/client';
import type { Game } from 'boardgame.io';
import { TouchedOn } from '../../src/games/touched-on';
import { touchedOnClient } from '../../src/games/touched-on/board/client';
import { actingPlayer } from '../../src/games/touched-on/legal';
import type { TOState } from '../../src/games/touched-on/types';
import { Rng } from '../../src/bots/rng';
import { lisbonClient } from '../../src/games/lisbon/board/client';
import type { ClientGame } from '../../src/client/games';
import type { GState } from '../../src/games/lisbon/types';
import { client, game } from './helpers';

const NAMES = { '0': 'Ana', '1': 'Bruno' };

/** A finished match's replay data as the server gives it, for a game played by a local Client (Ana and Bruno). */
function replayData(gameName: string, initialState: State, log: ReplayStep[], finalStateID: number): ReplayData {
  return {
    matchID: 'm',
    gameName,
    players: [
      { id: 0, name: 'Ana' },
      { id: 1, name: 'Bruno' },
    ],
    setupData: null,
    gameover: undefined,
    createdAt: 0,
    updatedAt: 0,
    initialState,
    log,
    finalStateID,
  };
}

describe('replay steps in words', () => {
  it('Lisbon: each step reads as the game log, by turn', () => {
    const c = client(2, 'words');
    const g = game('words');
    let bonus = false;
    for (let i = 0; i < 40; i++) {
      const { G, ctx } = c.store.getState() as State<GState>;
      if (ctx.gameover || lisbonClient.acting(G, ctx) !== ctx.currentPlayer) break;
      const options = g.ai!.enumerate(G, ctx, ctx.currentPlayer) as { move: string; args?: unknown[] }[];
      // A bonus when one is offered (the reviewer's "takeBonus"), else a spread of the others.
      const take = options.find((o) => o.move === 'takeBonus') ?? options[(i * 7) % options.length];
      bonus ||= take.move === 'takeBonus';
      const before = c.store.getState()._stateID;
      c.moves[take.move](...(take.args ?? []));
      expect(c.store.getState()._stateID).toBeGreaterThan(before);
    }
    const final = c.store.getState() as State;
    const data = replayData(g.name!, c.initialState as State, c.log as ReplayStep[], final._stateID);
    const replay = buildReplay(g, data);
    expect(replay.problems).toEqual([]);
    const { labels, periods } = stepLabels(lisbonClient as ClientGame, replay, NAMES);
    expect(labels).toHaveLength(replay.steps.length);
    expect(labels.length).toBeGreaterThan(5);
    expect(periods).toEqual(replay.states.map((s) => s.ctx.turn));
    for (const label of labels) {
      expect(label).toMatch(/^Turn \d+ · \S/);
      expect(label).not.toMatch(/[a-z][A-Z]/);
    }
    expect(labels.some((l) => / (Ana|Bruno) ended the turn\.$/.test(l))).toBe(true);
    if (bonus) expect(labels.some((l) => /(Ana|Bruno) took the .* bonus/.test(l))).toBe(true);
  });

  it('a step the log does not tell: who, and the move in words', () => {
    const step = (type: string, name: string): ReplayStep => ({
      action: { type, payload: { type: name, args: [], playerID: '0' } } as ReplayStep['action'],
      _stateID: 1,
      turn: 1,
      phase: 'play',
    });
    expect(stepWords(step('MAKE_MOVE', 'takeBonus'), [], { '0': 'Fay' })).toBe('Fay: take bonus');
    expect(stepWords(step('GAME_EVENT', 'endTurn'), [], { '0': 'Fay' })).toBe('Fay: end turn');
    expect(stepWords(step('MAKE_MOVE', 'chooseDeparture'), [], {})).toBe('Seat 1: choose departure');
    expect(stepWords(step('UNDO', ''), [], { '0': 'Fay' })).toBe('Fay: take back the last action');
    expect(stepWords(step('MAKE_MOVE', 'plot'), ['Fay plots a → b.', 'Round 2: Fay reveals ticket 5'], {})).toBe(
      'Fay plots a → b. Round 2: Fay reveals ticket 5.',
    );
  });
});

describe('replay periods', () => {
  it('Touched On: counted as its board counts them, by journey and turn, not by boardgame.io turn', () => {
    const seed = 'periods';
    const g = { ...TouchedOn, seed } as Game<TOState>;
    const c = Client({ game: g, numPlayers: 2 });
    c.start();
    const rng = new Rng(5);
    for (let i = 0; i < 400; i++) {
      const { G, ctx } = c.getState()! as unknown as State<TOState>;
      if (ctx.gameover || (G.journey > 1 && G.turn.number >= 3)) break;
      const seat = actingPlayer(G, ctx) ?? ctx.currentPlayer;
      const options = g.ai!.enumerate(G, ctx, seat) as { move: string; args?: unknown[] }[];
      const take = options[rng.int(options.length)];
      c.updatePlayerID(seat);
      c.moves[take.move](...(take.args ?? []));
    }
    const final = c.getState()! as unknown as State<TOState>;
    expect(final.G.journey).toBe(2);
    const replay = buildReplay(
      g,
      replayData(
        g.name!,
        (c as unknown as { initialState: State }).initialState,
        c.log as ReplayStep[],
        final._stateID,
      ),
    );
    expect(replay.problems).toEqual([]);
    const client = touchedOnClient as ClientGame;
    const { labels, periods } = stepLabels(client, replay, NAMES);
    const period = periodOf(client);
    // Each state's period says what its board's header says: "Journey 2 · turn 3" (boardgame.io had counted more).
    for (const [i, s] of replay.states.entries()) {
      const G = s.G as TOState;
      if (G.turn.number > 0) expect(period.option(periods[i])).toBe(`Journey ${G.journey} · turn ${G.turn.number}`);
    }
    const last = replay.states[replay.states.length - 1];
    expect(last.ctx.turn).toBeGreaterThan((last.G as TOState).turn.number);
    expect(labels.some((l) => l.startsWith('Journey 2 · turn '))).toBe(true);
    expect(labels.every((l) => /^(Setup|Journey \d+( · turn \d+)?) · \S/.test(l))).toBe(true);
    // Time only grows.
    expect(periods).toEqual([...periods].sort((a, b) => a - b));
  });
});
