/** Bonuses, actions, end-of-turn draws, reshuffles and refused input, through real clients. */
import { describe, expect, it } from 'vitest';
import { act, clearBoard, gameFrom, seats, setHand, setStop, startState } from '../helpers';
import { counts, total } from '../../src/games/lisbon/counts';
import { seatCapacity } from '../../src/games/lisbon/selectors';
import { bonusBlocked, legalPickUps } from '../../src/games/lisbon/legal';

const G0 = (c: ReturnType<typeof seats>[number]) => c.getState()!.G;

describe('taking a bonus (rulebook p.10)', () => {
  it('costs 3 tickets of the stop colour (substitutes allowed), works at once, and only once', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'gloria'; // yellow: the +2 seats bonus on Pink's board
    setHand(G, '0', { yellow: 5, blue: 3, red: 3 });
    const [pink] = seats(gameFrom(G), 2);
    expect(await act(pink, 'takeBonus', { pay: { green: 3 } })).toBe(false); // Pink holds no green
    expect(await act(pink, 'takeBonus', { pay: { yellow: 2, blue: 3 } })).toBe(true);
    const s = G0(pink);
    expect(s.players['0'].bonuses).toEqual(['seats']);
    expect(seatCapacity(s, '0')).toBe(4);
    expect(s.players['0'].hand).toEqual(counts({ yellow: 3, red: 3 }));
    // Pink could pay again (3 yellow left) and has an action left: refused only because the bonus is hers.
    expect(s.turn.actions).toBe(1);
    expect(bonusBlocked(s, '0', '0')).toBe('You already have this bonus.');
    expect(await act(pink, 'takeBonus', { pay: { yellow: 3 } })).toBe(false);
    expect(G0(pink).players['0'].bonuses).toEqual(['seats']);
    expect(G0(pink).players['0'].hand).toEqual(counts({ yellow: 3, red: 3 }));
  });

  it('+1 action gives a third action in the same turn', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'bica'; // green: +1 action on Pink's board
    setHand(G, '0', { green: 3, red: 3 });
    setStop(G, 'cais-sodre', { blue: 1 });
    const [pink] = seats(gameFrom(G), 2);
    expect(await act(pink, 'takeBonus', {})).toBe(true);
    expect(await act(pink, 'move', { route: ['cais-sodre'] })).toBe(true);
    expect(pink.getState()!.ctx.currentPlayer).toBe('0');
    expect(await act(pink, 'move', { route: ['bica'] })).toBe(true);
    expect(pink.getState()!.ctx.currentPlayer).toBe('1');
  });

  it('a move ends on a new stopping place: out and back in one action is refused (rulebook p.7), push or not', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'chiado';
    G.players['1'].position = 'carmo';
    setHand(G, '0', { red: 4 });
    const [pink] = seats(gameFrom(G), 2);
    const before = structuredClone(pink.getState()!.G);
    // Out to Carmo, pushing Black on, and back to Chiado: Black knocked away without Pink going anywhere.
    expect(await act(pink, 'move', { route: ['carmo', 'chiado'] })).toBe(false);
    expect(await act(pink, 'move', { route: ['carmo', 'chiado'], pay: { red: 2 } })).toBe(false);
    expect(pink.getState()!.G).toEqual(before);
    // To Carmo itself, pushing Black on, is a move like any other.
    expect(await act(pink, 'move', { route: ['carmo'] })).toBe(true);
    // (Black's owner now chooses the branch it is pushed along.)
    expect(G0(pink).pending).toMatchObject({ kind: 'pushBranch', player: '1', move: { route: ['carmo'] } });
  });

  it('free move: one single move per turn, no ticket, no action', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'carmo';
    G.players['0'].bonuses = ['freeMove'];
    setHand(G, '0', { red: 1 });
    const [pink] = seats(gameFrom(G), 2);
    expect(await act(pink, 'move', { route: ['chiado', 'bica'], free: true })).toBe(false);
    expect(await act(pink, 'move', { route: ['chiado'], free: true })).toBe(true);
    let s = G0(pink);
    expect(s.players['0'].position).toBe('chiado');
    expect(s.players['0'].handSize).toBe(1);
    expect(s.turn).toMatchObject({ actions: 0, freeMoveUsed: true });
    expect(await act(pink, 'move', { route: ['carmo'], free: true })).toBe(false);
    expect(await act(pink, 'move', { route: ['carmo'] })).toBe(true);
    s = G0(pink);
    expect(s.turn.actions).toBe(1);
  });
});

describe('end of turn', () => {
  it('draws 4 tickets, reshuffling the discard into a new deck when the deck runs out', async () => {
    const G = clearBoard(startState(2));
    setHand(G, '0', {});
    // Leave 2 tickets in the deck; the rest go face up to the discard.
    const deck = G.secret!.ticketDeck;
    while (deck.length > 2) G.ticketDiscard[deck.pop()!]++;
    G.deckSize = 2;
    const [pink] = seats(gameFrom(G), 2);
    expect(await act(pink, 'endTurn')).toBe(true);
    const s = G0(pink);
    expect(s.players['0'].handSize).toBe(4);
    expect(total(s.ticketDiscard)).toBe(0);
    expect(s.events.map((e) => e.type)).toContain('reshuffle');
    expect(s.deckSize).toBe(108 - 4 - G.players['1'].handSize);
  });

  it('draws what there is when deck and discard are both empty', async () => {
    const G = clearBoard(startState(2));
    setHand(G, '1', { red: 27, yellow: 27, green: 27, blue: 25 });
    setHand(G, '0', {});
    expect(G.secret!.ticketDeck.length).toBe(2);
    const [pink] = seats(gameFrom(G), 2);
    expect(await act(pink, 'endTurn')).toBe(true);
    expect(G0(pink).players['0'].handSize).toBe(2);
  });
});

describe('passenger bag', () => {
  it('refills from the dropped-off passengers when it runs out', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'baixa';
    setStop(G, 'baixa', { red: 1 });
    // Everything left in the bag goes to the discard.
    for (const c of ['red', 'yellow', 'green', 'blue'] as const) {
      G.passengerDiscard[c] += G.bag[c];
      G.bag[c] = 0;
    }
    setHand(G, '0', { red: 2, yellow: 1, green: 1, blue: 1 });
    const [pink] = seats(gameFrom(G), 2);
    expect(await act(pink, 'pickUp', { bell: 'one' })).toBe(true);
    const s = G0(pink);
    expect(s.events.map((e) => e.type)).toContain('bagRefill');
    expect(total(s.passengerDiscard)).toBe(0);
    expect(total(s.bag)).toBe(60 - 1 - 1);
  });
});

describe('refused input', () => {
  const bad: [string, unknown[]][] = [
    ['move', [{}]],
    ['move', [{ route: 'castelo' }]],
    ['move', [{ route: [] }]],
    ['move', [{ route: ['nowhere'] }]],
    ['move', [{ route: ['castelo'] }]],
    ['move', [{ route: ['baixa', 'castelo'], pay: { red: -1 } }]],
    ['move', [{ route: ['baixa', 'castelo'], pay: { purple: 1 } }]],
    ['move', [{ route: ['baixa', 'castelo'], pay: { red: 2 } }]],
    ['move', [{ route: ['baixa', 'castelo'], free: true }]],
    ['move', [null]],
    ['pickUp', [{}]],
    ['pickUp', [{ bell: 'seven' }]],
    ['dropOff', [{ card: 'carmo-1', end: 'left' }]],
    ['dropOff', [{ card: 'no-such-card' }]],
    ['takeBonus', [{}]],
    ['choosePushBranch', [{ path: ['castelo'] }]],
    ['placePassengers', [{ stop: 'baixa' }]],
    ['keepPassenger', [{ color: 'red' }]],
    ['noSuchMove', [{}]],
  ];
  it.each(bad)('refuses %s %j and leaves the state untouched', async (move, args) => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'carmo';
    setHand(G, '0', { red: 1 });
    const [pink, black] = seats(gameFrom(G), 2);
    const before = JSON.stringify(pink.getState()!.G);

    const fn = (pink.moves as any)[move];
    if (fn) expect(await act(pink, move, ...args)).toBe(false);
    expect(JSON.stringify(pink.getState()!.G)).toBe(before);
    // Out of turn, even a legal move is refused.
    expect(await act(black, 'move', { route: ['chiado'] })).toBe(false);
  });
});

describe('the bell needs a passenger to draw (RULES.md ruling 6)', () => {
  it('is not offered, and is refused, when the bag and the passenger discard are both empty', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'baixa';
    G.players['0'].bonuses = ['draw3'];
    setStop(G, 'baixa', { red: 1 });
    setHand(G, '0', { red: 3, blue: 3 });
    G.passengerDiscard = counts();
    G.bag = counts();
    expect(legalPickUps(G, '0', '0').map((o) => o.bell)).toEqual(['none']);
    const [pink] = seats(gameFrom(G), 2);
    expect(await act(pink, 'pickUp', { bell: 'one' })).toBe(false);
    expect(await act(pink, 'pickUp', { bell: 'three' })).toBe(false);
    expect(G0(pink).turn.actions).toBe(0);
    // One passenger in the discard is enough to ring it.
    const H = clearBoard(startState(2));
    H.players['0'].position = 'baixa';
    setStop(H, 'baixa', { red: 1 });
    H.bag = counts();
    H.passengerDiscard = counts({ blue: 1 });
    expect(legalPickUps(H, '0', '0').map((o) => o.bell)).toContain('one');
  });
});
