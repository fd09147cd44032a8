/**
 * The rulebook's own examples, played through real boardgame.io clients,
 * one per seat, connected through Local().
 */
import { describe, expect, it } from 'vitest';
import {
  act,
  clearBoard,
  gameFrom,
  giveCard,
  seats,
  setDisplay,
  setHand,
  setSeats,
  setStop,
  startState,
} from '../helpers';
import { LisbonTram28 } from '../../src/games/lisbon';
import { cones, scoreOf } from '../../src/games/lisbon/selectors';
import { counts } from '../../src/games/lisbon/counts';
import { legalDropOffs, legalMoves } from '../../src/games/lisbon/legal';

const G0 = (c: ReturnType<typeof seats>[number]) => c.getState()!.G;

describe('moving (rulebook p.7)', () => {
  it('makes 2 moves with 2 tickets of the same colour in ONE action', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'chiado';
    setHand(G, '0', { red: 2, blue: 1 });
    setStop(G, 'baixa', { green: 1 });
    const [pink] = seats(gameFrom(G), 2);
    expect(await act(pink, 'move', { route: ['carmo', 'baixa'], pay: { red: 2 } })).toBe(true);
    const s = G0(pink);
    expect(s.players['0'].position).toBe('baixa');
    expect(s.turn.actions).toBe(1);
    expect(s.players['0'].hand).toEqual(counts({ blue: 1 }));
    expect(s.ticketDiscard).toEqual(counts({ red: 2 }));
  });

  it('needs TWO actions to make 2 moves with tickets of different colours', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'chiado';
    setHand(G, '0', { red: 1, green: 1, blue: 1 });
    setStop(G, 'baixa', { green: 1 });
    const [pink] = seats(gameFrom(G), 2);
    expect(await act(pink, 'move', { route: ['carmo', 'baixa'], pay: { red: 1, green: 1 } })).toBe(false);
    expect(await act(pink, 'move', { route: ['carmo'], pay: { red: 1 } })).toBe(true);
    expect(await act(pink, 'move', { route: ['baixa'], pay: { green: 1 } })).toBe(true);
    const s = pink.getState()!;
    expect(s.G.players['0'].position).toBe('baixa');
    // Both actions spent and no free move: the turn ended by itself and Pink drew 4.
    expect(s.ctx.currentPlayer).toBe('1');
    expect(s.G.players['0'].hand).toEqual(expect.objectContaining({}));
    expect(s.G.players['0'].handSize).toBe(1 + 4);
    expect(s.G.events.filter((e) => e.type === 'move')).toHaveLength(2);
  });

  it('lets the player choose between equal-cost routes that differ in effect: Castelo to Rossio via Baixa pushes, via Graça does not', async () => {
    const setup = () => {
      const G = clearBoard(startState(2));
      G.players['0'].position = 'castelo';
      G.players['1'].position = 'baixa';
      setHand(G, '0', { red: 2 });
      return G;
    };
    const options = legalMoves(setup(), '0', '0').filter((o) => o.to === 'rossio');
    expect(options.map((o) => [o.route, o.steps, o.pushed])).toEqual([
      [['baixa', 'rossio'], 1, ['1']],
      [['j-castelo', 'graca', 'martim-moniz', 'rossio'], 1, []],
    ]);

    const [pushing, pushed] = seats(gameFrom(setup()), 2);
    expect(await act(pushing, 'move', { route: options[0].route })).toBe(true);
    // Black is pushed through Rossio, on the branch of Black's choosing.
    expect(pushed.getState()!.ctx.activePlayers).toEqual({ '1': 'pushBranch' });
    expect(await act(pushed, 'choosePushBranch', { path: ['gloria'] })).toBe(true);
    let s = G0(pushing);
    expect(s.players['0'].position).toBe('rossio');
    expect(s.players['1'].position).toBe('gloria');
    expect(s.events.map((e) => e.type)).toContain('push');

    const [quiet] = seats(gameFrom(setup()), 2);
    expect(await act(quiet, 'move', { route: options[1].route })).toBe(true);
    s = G0(quiet);
    expect(s.players['0'].position).toBe('rossio');
    expect(s.players['1'].position).toBe('baixa');
    expect(s.events.map((e) => e.type)).not.toContain('push');
  });

  it('passes over an empty tram stop: Carmo to Castelo costs 1 ticket', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'carmo';
    setHand(G, '0', { yellow: 1 });
    const [pink] = seats(gameFrom(G), 2);
    expect(await act(pink, 'move', { route: ['baixa', 'castelo'] })).toBe(true);
    expect(G0(pink).players['0'].position).toBe('castelo');
    expect(G0(pink).players['0'].handSize).toBe(0);
  });
});

describe('the Carmo → Castelo push (rulebook p.8)', () => {
  it('lets Brown, being pushed past Castelo, choose the branch; both draw 1 ticket, once per turn', async () => {
    const G = clearBoard(startState(4));
    G.players['0'].position = 'carmo'; // Pink
    G.players['3'].position = 'baixa'; // Brown, on the stop it just emptied
    setStop(G, 'graca', { red: 1 });
    setStop(G, 'alfama', { blue: 2 });
    setHand(G, '0', { green: 2 });
    setHand(G, '3', { red: 1 });
    const [pink, black, , brown] = seats(gameFrom(G), 4);

    expect(await act(pink, 'move', { route: ['baixa', 'castelo'] })).toBe(true);
    let s = brown.getState()!;
    expect(s.ctx.activePlayers).toEqual({ '3': 'pushBranch' });
    expect(s.G.pending).toMatchObject({ kind: 'pushBranch', player: '3', from: 'baixa' });
    expect(s.G.pending!.kind === 'pushBranch' && s.G.pending!.options).toEqual([
      ['j-castelo', 'alfama'],
      ['j-castelo', 'graca'],
    ]);
    // Nobody else may decide for Brown, and Pink may not act meanwhile.
    expect(await act(pink, 'choosePushBranch', { path: ['j-castelo', 'graca'] })).toBe(false);
    expect(await act(black, 'choosePushBranch', { path: ['j-castelo', 'graca'] })).toBe(false);
    expect(await act(pink, 'endTurn')).toBe(false);
    // Brown picks the left branch.
    expect(await act(brown, 'choosePushBranch', { path: ['j-castelo', 'graca'] })).toBe(true);
    s = brown.getState()!;
    expect(s.ctx.activePlayers).toBeNull();
    expect(s.G.pending).toBeNull();
    expect(s.G.players['0'].position).toBe('castelo');
    expect(s.G.players['3'].position).toBe('graca');
    expect(s.G.players['0'].handSize).toBe(2); // paid 1 of 2 green, drew 1
    expect(s.G.players['3'].handSize).toBe(2);
    expect(G0(brown).players['3'].hand).not.toBeNull();
    const pushEvent = s.G.events.find((e) => e.type === 'push');
    expect(pushEvent).toMatchObject({ player: '0', pushed: '3', from: 'baixa', to: 'graca' });

    // A second push in the same turn gives no more tickets.
    expect(await act(pink, 'move', { route: ['j-castelo', 'graca'] })).toBe(true);
    s = brown.getState()!;
    expect(s.G.pending?.kind).toBe('pushBranch');
    const options = s.G.pending!.kind === 'pushBranch' ? s.G.pending!.options : [];
    expect(await act(brown, 'choosePushBranch', { path: options[0] })).toBe(true);
    s = brown.getState()!;
    expect(s.G.players['0'].position).toBe('graca');
    // No second push reward: 2 - 1 paid = 1, then the turn ended (both actions spent) and Pink drew 4.
    expect(s.G.players['0'].handSize).toBe(1 + 4);
    expect(s.G.players['3'].handSize).toBe(2);
    expect(s.ctx.currentPlayer).toBe('1');
    expect(s.G.events.filter((e) => e.type === 'pushReward')).toHaveLength(1);
  });
});

describe('a push when the destination is Rossio (RULINGS "Pushing": beyond the mover\'s destination)', () => {
  it('pushes the blocking tram through Rossio; its owner chooses among the rails beyond it', async () => {
    const G = clearBoard(startState(4));
    G.players['0'].position = 'carmo'; // Pink
    G.players['3'].position = 'baixa'; // Brown, on an empty stop Pink passes over
    G.players['1'].position = 'rossio'; // Black, at Rossio: never pushed
    setHand(G, '0', { green: 1 });
    const [pink, , , brown] = seats(gameFrom(G), 4);

    expect(await act(pink, 'move', { route: ['baixa', 'rossio'] })).toBe(true);
    let s = brown.getState()!;
    expect(s.ctx.activePlayers).toEqual({ '3': 'pushBranch' });
    expect(s.G.pending!.kind === 'pushBranch' && s.G.pending!.options).toEqual([
      ['gloria'],
      ['martim-moniz', 'graca', 'j-castelo', 'castelo'],
      ['martim-moniz', 'lavra'],
      ['santa-justa'],
    ]);
    // Stopping at Rossio itself is not one of them.
    expect(await act(brown, 'choosePushBranch', { path: [] })).toBe(false);
    expect(await act(brown, 'choosePushBranch', { path: ['santa-justa'] })).toBe(true);
    s = brown.getState()!;
    expect(s.ctx.activePlayers).toBeNull();
    expect(s.G.players['0'].position).toBe('rossio');
    expect(s.G.players['1'].position).toBe('rossio');
    expect(s.G.players['3'].position).toBe('santa-justa');
    expect(s.G.events.find((e) => e.type === 'push')).toMatchObject({
      player: '0',
      pushed: '3',
      from: 'baixa',
      to: 'santa-justa',
    });
    // The push reward: Pink paid her 1 green and drew 1; Brown drew 1.
    expect(s.G.players['0'].handSize).toBe(1);
    expect(s.G.players['3'].handSize).toBe(1);
  });
});

describe('picking up (rulebook p.9)', () => {
  it('charges a ticket for every passenger even when not all fit; the rest stay at the stop', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'baixa';
    setSeats(G, '0', { red: 2 });
    setStop(G, 'baixa', { red: 2, blue: 1 });
    setHand(G, '0', { red: 2, blue: 1, yellow: 1 });
    const [pink] = seats(gameFrom(G), 2);
    expect(await act(pink, 'pickUp', {})).toBe(true);
    const s = G0(pink);
    expect(s.players['0'].seats).toEqual(counts({ red: 2, blue: 1 }));
    expect(s.stops['baixa']).toEqual(counts({ red: 2 }));
    expect(s.players['0'].hand).toEqual(counts({ yellow: 1 }));
    expect(s.turn.actions).toBe(1);
  });

  it('refuses a pick-up the player cannot pay for, without the bell', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'baixa';
    setStop(G, 'baixa', { red: 2 });
    setHand(G, '0', { red: 1 });
    const [pink] = seats(gameFrom(G), 2);
    expect(await act(pink, 'pickUp', {})).toBe(false);
    expect(G0(pink).turn.actions).toBe(0);
  });

  it('bell failure: the action is spent, no ticket is lost, the drawn passenger stays at the stop', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'baixa';
    setStop(G, 'baixa', { red: 1 });
    setHand(G, '0', { red: 1 });
    const bagBefore = 60 - 1;
    const [pink] = seats(gameFrom(G), 2);
    expect(await act(pink, 'pickUp', { bell: 'one' })).toBe(true);
    const s = G0(pink);
    expect(s.turn.actions).toBe(1);
    expect(s.players['0'].hand).toEqual(counts({ red: 1 }));
    expect(s.players['0'].seats).toEqual(counts());
    expect(Object.values(s.stops['baixa']).reduce((a, b) => a + b, 0)).toBe(2);
    expect(Object.values(s.bag).reduce((a, b) => a + b, 0)).toBe(bagBefore - 1);
    expect(s.events.map((e) => e.type)).toContain('bellFailed');
  });

  it('bell: the ringer says which tickets pay for the enlarged group (1 red + 3 blue, keeping the yellows)', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'baixa';
    setStop(G, 'baixa', { red: 1 });
    setHand(G, '0', { red: 1, yellow: 3, blue: 3 });
    // Only red passengers left to draw: the group becomes 2 red, paid 1 red + 3 yellow or 1 red + 3 blue.
    G.bag = counts({ red: 5 });
    G.passengerDiscard = counts();
    const [pink] = seats(gameFrom(G), 2);
    expect(await act(pink, 'pickUp', { bell: 'one', pay: { red: 1, blue: 3 } })).toBe(false);
    expect(await act(pink, 'pickUp', { bell: 'one' })).toBe(true);
    let s = pink.getState()!;
    expect(s.ctx.activePlayers).toEqual({ '0': 'bellChoice' });
    expect(s.G.pending).toMatchObject({ kind: 'bellChoice', drawn: ['red'], stop: 'baixa' });
    // Nothing is paid or seated before the choice, and no other move is taken meanwhile.
    expect(s.G.players['0'].hand).toEqual(counts({ red: 1, yellow: 3, blue: 3 }));
    expect(await act(pink, 'endTurn')).toBe(false);
    // A payment that does not match the group, or that the hand cannot make, is refused and changes nothing.
    expect(await act(pink, 'keepPassenger', { color: 'red', pay: { red: 1, blue: 2 } })).toBe(false);
    expect(await act(pink, 'keepPassenger', { color: 'red', pay: { red: 2 } })).toBe(false);
    expect(await act(pink, 'keepPassenger', { color: 'blue', pay: { red: 1, blue: 3 } })).toBe(false);
    expect(pink.getState()!.G).toEqual(s.G);
    expect(await act(pink, 'keepPassenger', { color: 'red', pay: { red: 1, blue: 3 } })).toBe(true);
    s = pink.getState()!;
    expect(s.G.pending).toBeNull();
    expect(s.ctx.activePlayers).toBeNull();
    expect(s.G.players['0'].hand).toEqual(counts({ yellow: 3 }));
    expect(s.G.players['0'].seats).toEqual(counts({ red: 2 }));
    expect(s.G.stops['baixa']).toEqual(counts());
    expect(s.G.ticketDiscard).toEqual(counts({ red: 1, blue: 3 }));
    expect(s.G.turn.actions).toBe(1);
    expect(s.G.events.find((e) => e.type === 'bell')).toMatchObject({ drawn: ['red'], kept: 'red' });
  });

  it('bell: without a payment the cheapest is taken; with one way to pay there is nothing to ask', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'baixa';
    setStop(G, 'baixa', { red: 1 });
    setHand(G, '0', { red: 1, yellow: 3, blue: 3 });
    G.bag = counts({ red: 5 });
    G.passengerDiscard = counts();
    const [pink] = seats(gameFrom(G), 2);
    expect(await act(pink, 'pickUp', { bell: 'one' })).toBe(true);
    expect(await act(pink, 'keepPassenger', { color: 'red' })).toBe(true);
    let s = G0(pink);
    // The engine's choice: the fewest tickets, ties in colour order (yellow before blue).
    expect(s.players['0'].hand).toEqual(counts({ blue: 3 }));

    const H = clearBoard(startState(2));
    H.players['0'].position = 'baixa';
    setStop(H, 'baixa', { red: 1 });
    setHand(H, '0', { red: 2, yellow: 1 });
    H.bag = counts({ red: 5 });
    H.passengerDiscard = counts();
    const [mint] = seats(gameFrom(H), 2);
    expect(await act(mint, 'pickUp', { bell: 'one' })).toBe(true);
    s = G0(mint);
    expect(s.pending).toBeNull();
    expect(s.players['0'].hand).toEqual(counts({ yellow: 1 }));
    expect(s.players['0'].seats).toEqual(counts({ red: 2 }));
  });

  it('draw-3-keep-1: the current player chooses which passenger joins the group; the others go back', async () => {
    const G = clearBoard(startState(2));
    G.players['0'].position = 'baixa';
    G.players['0'].bonuses = ['draw3'];
    setStop(G, 'baixa', { red: 1 });
    setHand(G, '0', { red: 2, yellow: 2, green: 2, blue: 2 });
    const [pink] = seats(gameFrom(G), 2);
    expect(await act(pink, 'pickUp', { bell: 'three' })).toBe(true);
    let s = pink.getState()!;
    expect(s.ctx.activePlayers).toEqual({ '0': 'bellChoice' });
    const p = s.G.pending!;
    expect(p.kind).toBe('bellChoice');
    const drawn = p.kind === 'bellChoice' ? p.drawn : [];
    expect(drawn).toHaveLength(3);
    expect(await act(pink, 'pickUp', {})).toBe(false);
    expect(await act(pink, 'keepPassenger', { color: drawn[1] })).toBe(true);
    s = pink.getState()!;
    expect(s.G.pending).toBeNull();
    expect(s.G.players['0'].seats[drawn[1]]).toBeGreaterThanOrEqual(1);
    expect(Object.values(s.G.bag).reduce((a, b) => a + b, 0)).toBe(60 - 1 - 1);
    expect(s.G.turn.draw3Used).toBe(true);
  });
});

/** Pink at Sé carrying what se-1 needs, with chiado-2 and estrela-1 in her row (the rulebook's scoring example). */
function rulebookClaim() {
  const G = clearBoard(startState(2));
  G.players['0'].position = 'se';
  setSeats(G, '0', { red: 2, green: 2 });
  setDisplay(G, ['se-1', 'carmo-1', 'castelo-1']);
  giveCard(G, '0', 'chiado-2');
  giveCard(G, '0', 'estrela-1');
  return G;
}

describe('dropping off (rulebook p.9–10)', () => {
  it('claims one card, places it at the chosen end, refills the display and moves the cone; the player to the right places 3 passengers', async () => {
    const G = clearBoard(startState(3));
    G.players['0'].position = 'se';
    setSeats(G, '0', { red: 2, green: 2 });
    setDisplay(G, ['se-1', 'carmo-1', 'castelo-1', 'ajuda-1']);
    giveCard(G, '0', 'chiado-2');
    G.players['0'].row.push(...[]);
    const top = G.secret!.monumentDeck[0];
    const [pink, , white] = seats(gameFrom(G), 3);
    expect(await act(pink, 'dropOff', { card: 'se-1', end: 'left' })).toBe(true);
    const s = white.getState()!;
    expect(s.G.players['0'].row).toEqual(['se-1', 'chiado-2']);
    expect(s.G.players['0'].seats).toEqual(counts());
    expect(s.G.passengerDiscard).toEqual(counts({ red: 2, green: 2 }));
    expect(s.G.display[0]).toBe(top);
    // The player to the right of Pink (seat 0) in a 3-player game is White (seat 2).
    expect(s.ctx.activePlayers).toEqual({ '2': 'placePassengers' });
    const pending = s.G.pending!;
    expect(pending.kind).toBe('placePassengers');
    const options = pending.kind === 'placePassengers' ? pending.options : [];
    expect(options).not.toContain('se');
    expect(await act(pink, 'placePassengers', { stop: options[0] })).toBe(false);
    expect(await act(white, 'placePassengers', { stop: 'se' })).toBe(false);
    expect(await act(white, 'placePassengers', { stop: options[2] })).toBe(true);
    const after = white.getState()!.G;
    expect(Object.values(after.stops[options[2]]).reduce((a, b) => a + b, 0)).toBe(3);
    expect(after.pending).toBeNull();
  });

  it('scores the rulebook example: 6 VP of cards plus 4 links = 10 VP', async () => {
    const [pink] = seats(gameFrom(rulebookClaim()), 2);
    expect(await act(pink, 'dropOff', { card: 'se-1', end: 'right' })).toBe(true);
    const s = G0(pink);
    expect(s.players['0'].row).toEqual(['chiado-2', 'estrela-1', 'se-1']);
    expect(scoreOf(s, '0')).toEqual({ cardVP: 6, connections: 4, total: 10 });
  });
});

describe('dropping off without naming an end', () => {
  it('places the claimed card at the right end of the row (the default)', async () => {
    const [pink] = seats(gameFrom(rulebookClaim()), 2);
    expect(await act(pink, 'dropOff', { card: 'se-1' })).toBe(true);
    expect(G0(pink).players['0'].row).toEqual(['chiado-2', 'estrela-1', 'se-1']);
  });
});

describe('setup', () => {
  it.each([
    [2, 'final', 3, 12 - 3, 'small'],
    [3, 'final', 4, 15 - 4, 'small'],
    [4, 'final', 4, 18 - 4, 'large'],
    [2, 'early', 3, 13 - 3, 'small'],
    [4, 'early', 4, 19 - 4, 'large'],
  ] as const)(
    '%i players, %s variant: %i display slots, %i face-up cards left, %s side',
    (n, faceUp, slots, left, side) => {
      const clients = seats({ ...LisbonTram28, seed: 'setup' }, n);
      void faceUp;
      const G = startState(n, 'setup', { faceUp, firstPlayer: 0 });
      expect(G.display).toHaveLength(slots);
      expect(G.faceUpLeft).toBe(left);
      expect(G.side).toBe(side);
      expect(G.monumentTop).toBe(G.secret!.monumentDeck[0]);
      // A real client sees the same public layout and no secrets.
      const view = clients[0].getState()!.G;
      expect(view.display).toHaveLength(slots);
      expect(view.secret).toBeUndefined();
    },
  );
});

describe('pushing several trams (rulebook p.8: "work backwards, starting with the blocking tram that is farthest away")', () => {
  it('asks the farther tram’s owner first, then the nearer one’s; a nearer tram that follows pushes the farther on; all draw 1', async () => {
    const G = clearBoard(startState(4));
    // Pink's single move Jerónimos -> Praça do Comércio passes over the empty stops Alcântara (Black) and Santos (White).
    G.players['0'].position = 'jeronimos';
    G.players['1'].position = 'alcantara';
    G.players['2'].position = 'santos';
    setHand(G, '0', { red: 1 });
    const route = ['j-belem', 'alcantara', 'j-alcantara', 'santos', 'cais-sodre', 'praca-comercio'];
    const [pink, black, white] = seats(gameFrom(G), 4);
    expect(await act(pink, 'move', { route })).toBe(true);
    // Beyond Praça do Comércio the rails fork: Santa Justa, or the switch to Santa Apolónia (empty) and Panteão.
    let s = white.getState()!;
    expect(s.ctx.activePlayers).toEqual({ '2': 'pushBranch' });
    expect(s.G.pending).toMatchObject({ kind: 'pushBranch', player: '2', from: 'santos' });
    expect(await act(black, 'choosePushBranch', { path: ['santa-justa'] })).toBe(false);
    expect(await act(white, 'choosePushBranch', { path: ['santa-justa'] })).toBe(true);
    s = black.getState()!;
    expect(s.ctx.activePlayers).toEqual({ '1': 'pushBranch' });
    expect(s.G.pending).toMatchObject({ kind: 'pushBranch', player: '1', from: 'alcantara' });
    // Black follows White to Santa Justa, which pushes White on to Rossio (no fork there).
    expect(await act(black, 'choosePushBranch', { path: ['santa-justa'] })).toBe(true);
    s = pink.getState()!;
    expect(s.G.pending).toBeNull();
    expect(s.G.players['0'].position).toBe('praca-comercio');
    expect(s.G.players['1'].position).toBe('santa-justa');
    expect(s.G.players['2'].position).toBe('rossio');
    const pushes = s.G.events.filter((e) => e.type === 'push');
    expect(pushes.map((e) => e.type === 'push' && [e.pushed, e.from, e.to])).toEqual([
      ['2', 'santos', 'santa-justa'],
      ['1', 'alcantara', 'santa-justa'],
      ['2', 'santa-justa', 'rossio'],
    ]);
    // Pink paid 1 and drew 1; Black and White (pushed, White twice) drew 1 each.
    expect(s.G.players['0'].handSize).toBe(1);
    expect(s.G.players['1'].handSize).toBe(1);
    expect(s.G.players['2'].handSize).toBe(1);
    expect(s.G.events.filter((e) => e.type === 'pushReward')).toHaveLength(1);
  });

  it('refuses a move whose pushed tram would have nowhere to go, leaving the state untouched', async () => {
    const G = clearBoard(startState(2));
    // Torre de Belém is the end of the line: Black there cannot be pushed beyond it.
    G.players['0'].position = 'padrao';
    G.players['1'].position = 'torre-belem';
    setHand(G, '0', { red: 2 });
    const [pink] = seats(gameFrom(G), 2);
    const before = JSON.stringify(G0(pink));
    expect(await act(pink, 'move', { route: ['torre-belem'] })).toBe(false);
    expect(JSON.stringify(G0(pink))).toBe(before);
    expect(legalMoves(G0(pink), '0', '0').map((o) => o.to)).not.toContain('torre-belem');
  });

  it('never pushes a tram at Rossio, which holds any number of trams; moving there draws no push reward', async () => {
    const G = clearBoard(startState(3));
    G.players['0'].position = 'gloria';
    setHand(G, '0', { red: 1 });
    const [pink] = seats(gameFrom(G), 3);
    expect(await act(pink, 'move', { route: ['rossio'] })).toBe(true);
    const s = G0(pink);
    expect(Object.values(s.players).map((p) => p.position)).toEqual(['rossio', 'rossio', 'rossio']);
    expect(s.events.map((e) => e.type)).not.toContain('push');
    expect(s.players['0'].handSize).toBe(0);
  });
});

describe('new passengers after a claim (rulebook p.10)', () => {
  /** Pink at Sé carrying what se-1 needs, on the small side; every tram stop but those in `empty` holds 1 passenger. */
  function claimWithEmptyStops(empty: string[]) {
    const G = clearBoard(startState(3));
    G.players['0'].position = 'se';
    setSeats(G, '0', { red: 2, green: 2 });
    setDisplay(G, ['se-1', 'carmo-1', 'castelo-1', 'ajuda-1']);
    for (const s of Object.keys(G.stops)) if (!empty.includes(s)) setStop(G, s, { blue: 1 });
    return G;
  }

  it('skips the step when no tram stop is empty: nobody draws, nobody is asked', async () => {
    const G = claimWithEmptyStops([]);
    // A stop without passengers but with a tram is not empty either.
    setStop(G, 'baixa', {});
    G.players['2'].position = 'baixa';
    const [pink] = seats(gameFrom(G), 3);
    expect(await act(pink, 'dropOff', { card: 'se-1' })).toBe(true);
    const s = pink.getState()!;
    expect(s.G.pending).toBeNull();
    expect(s.ctx.activePlayers).toBeNull();
    expect(s.G.bag).toEqual(G.bag);
    expect(s.G.stops).toEqual(G.stops);
    expect(s.G.events.filter((e) => e.type === 'noEmptyStop')).toEqual([expect.objectContaining({ player: '2' })]);
  });

  it('places the 3 passengers on the only empty stop without asking', async () => {
    const G = claimWithEmptyStops(['graca']);
    const [pink] = seats(gameFrom(G), 3);
    expect(await act(pink, 'dropOff', { card: 'se-1' })).toBe(true);
    const s = pink.getState()!;
    expect(s.G.pending).toBeNull();
    expect(Object.values(s.G.stops['graca']).reduce((a, b) => a + b, 0)).toBe(3);
    expect(s.G.events.find((e) => e.type === 'place')).toMatchObject({ player: '2', stop: 'graca' });
  });

  it('refills an empty bag from the dropped-off passengers, the ones just handed in included', async () => {
    const G = claimWithEmptyStops(['graca']);
    // Everything left in the bag is set aside: the bag is empty before the claim.
    for (const c of ['red', 'yellow', 'green', 'blue'] as const) {
      G.passengerDiscard[c] += G.bag[c];
      G.bag[c] = 0;
    }
    const [pink] = seats(gameFrom(G), 3);
    expect(await act(pink, 'dropOff', { card: 'se-1' })).toBe(true);
    const s = G0(pink);
    expect(s.events.map((e) => e.type)).toContain('bagRefill');
    expect(Object.values(s.stops['graca']).reduce((a, b) => a + b, 0)).toBe(3);
    expect(Object.values(s.passengerDiscard).reduce((a, b) => a + b, 0)).toBe(0);
  });
});

describe('two displayed cards for one monument (rulebook p.5 and p.10)', () => {
  it('gives that monument two cones; each action claims one card, and the other keeps its cone', async () => {
    const G = clearBoard(startState(3));
    G.players['0'].position = 'carmo';
    setSeats(G, '0', { red: 3, blue: 1, green: 2 });
    setDisplay(G, ['carmo-1', 'carmo-2', 'se-1', 'ajuda-1']);
    expect(cones(G).carmo).toBe(2);
    expect(legalDropOffs(G, '0', '0').map((o) => o.card)).toEqual(['carmo-1', 'carmo-2']);
    const [pink, , white] = seats(gameFrom(G), 3);
    expect(await act(pink, 'dropOff', { card: 'carmo-2' })).toBe(true);
    let s = G0(pink);
    expect(s.players['0'].row).toEqual(['carmo-2']);
    expect(s.display[0]).toBe('carmo-1');
    expect(cones(s).carmo).toBe(1);
    const p = s.pending!;
    expect(await act(white, 'placePassengers', { stop: p.kind === 'placePassengers' ? p.options[0] : '' })).toBe(true);
    // The second action claims the other Carmo card.
    expect(await act(pink, 'dropOff', { card: 'carmo-1', end: 'left' })).toBe(true);
    s = G0(pink);
    expect(s.players['0'].row).toEqual(['carmo-1', 'carmo-2']);
    expect(s.players['0'].seats).toEqual(counts());
    expect(cones(s).carmo).toBeUndefined();
  });
});
