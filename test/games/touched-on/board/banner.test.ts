/**
 * Touched On's banner during a decision (board/banner.ts): whoever neither makes the decision nor has the turn reads
 * one line naming who decides what, live and in a replay; the decider and the player on turn keep the usual banner.
 */
import { describe, expect, it } from 'vitest';
import { decisionLine } from '../../../../src/games/touched-on/board/banner';
import type { PlayerID, TOState } from '../../../../src/games/touched-on/types';
import { emptyTable, give } from '../helpers';

const NAMES = { '0': 'Ana', '1': 'Bruno', '2': 'Cara' };

/** Ana (seat 0, on turn) plays a Tram Tracker on Bruno; `last`: it was her last card. */
function tracking(last = false): TOState {
  const G = emptyTable(3, '0');
  give(G, '0', last ? [] : ['E96']);
  G.players['0'].handSize = last ? 0 : 1;
  G.pending = { kind: 'tracker', stage: 'tracker', player: '0', target: '1' };
  return G;
}

/** Ana (seat 0, on turn) inspected Cara's carriage (or put her Feet On Seat): Cara decides whether to Appeal. */
function appealing(source: 'authorised' | 'feetOnSeat' = 'authorised'): TOState {
  const G = emptyTable(3, '0');
  G.pending = {
    kind: 'appeal',
    stage: 'appeal',
    player: '2',
    by: '0',
    source,
    card: 'A96-1',
    line: '96',
    carriage: 0,
    evaders: [],
  };
  return G;
}

const line = (G: TOState, me: PlayerID | null, replay = false, empty?: ReadonlySet<string>) => {
  const l = decisionLine(G, '0', me, NAMES, replay, empty);
  return l && `${l.name}${l.rest}`;
};

describe("Touched On's banner while a player decides", () => {
  it.each([
    ['a spectator', null, 'Ana is choosing a card to swap with Bruno (Tram Tracker)'],
    ['the third player', '2', 'Ana is choosing a card to swap with Bruno (Tram Tracker)'],
    ['the target', '1', 'Ana is choosing a card to swap with you (Tram Tracker)'],
    ['the chooser (their prompt, "Your turn")', '0', null],
  ] as const)('Tram Tracker, seen by %s', (_who, me, said) => {
    expect(line(tracking(), me)).toBe(said);
  });

  it('Tram Tracker as the last card: the chooser only looks', () => {
    expect(line(tracking(true), null)).toBe("Ana is looking at Bruno's hand (Tram Tracker)");
    expect(line(tracking(true), '1')).toBe('Ana is looking at your hand (Tram Tracker)');
  });

  it.each([
    ['a spectator', null, "Cara is deciding whether to Appeal Ana's inspection"],
    ['the third player', '1', "Cara is deciding whether to Appeal Ana's inspection"],
    ['the inspector, on turn ("Your turn", "Waiting for Cara")', '0', null],
    ['the inspected player (their prompt)', '2', null],
  ] as const)('Appeal, seen by %s', (_who, me, said) => {
    expect(line(appealing(), me)).toBe(said);
  });

  it('names Feet On Seat, says in a replay whose step comes next, and leaves a seat nobody holds to the badge', () => {
    expect(line(appealing('feetOnSeat'), null)).toBe("Cara is deciding whether to Appeal Ana's Feet On Seat");
    expect(line(tracking(), null, true)).toBe('Ana to choose a card to swap with Bruno (Tram Tracker)');
    expect(line(appealing(), null, true)).toBe("Cara to decide whether to Appeal Ana's inspection");
    expect(line(appealing(), null, false, new Set(['2']))).toBeNull();
    expect(line(emptyTable(3, '0'), null)).toBeNull();
  });
});
