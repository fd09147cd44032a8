/**
 * What Touched On's client entry says outside the board: the lobby's "How to play" and the hot-seat pass screen's
 * line for an out-of-turn decision, checked against RULES.md and positions played through real Clients.
 */
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { touchedOnClient } from '../../../../src/games/touched-on/board/client';
import { act, carriage, emptyTable, gameFrom, give, seats, setPlay } from '../helpers';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('Touched On: How to play in the lobby', () => {
  const help = text(renderToStaticMarkup(<touchedOnClient.Help />));

  it('says an inspection takes every Evader of the carriage, other players’ too (RULES.md)', () => {
    expect(help).toContain('they take every Evader in it, other players’ too');
    expect(help).not.toMatch(/take back every Evader/);
  });

  it('gives the finishing places as RULES.md does: first 2 Exp, second 1, and a 2-player journey’s single finish', () => {
    expect(help).toContain('The first to finish a journey takes 2 Exp, the second 1');
    expect(help).toContain('with 2 players the journey ends at the first finish');
    expect(help).not.toMatch(/you finish first/);
  });
});

describe('Touched On: the pass screen names the decision', () => {
  const table = () => {
    const G = emptyTable(3, '1');
    const id = carriage(G, '96', [['0', 'E96']]);
    setPlay(G, '96', '0', id);
    give(G, '0', ['E19']);
    give(G, '1', ['feetOnSeat', 'U', 'E19']);
    give(G, '2', ['E19']);
    return seats(gameFrom(G), 3);
  };

  it('a Feet On Seat is not called an inspection', async () => {
    const cl = table();
    expect(await act(cl[1], 'feetOnSeat', { target: '0' })).toBe(true);
    const s = cl[0].getState()!;
    expect(touchedOnClient.decision(s.G, s.ctx)).toBe('must decide whether to Appeal the Feet On Seat.');
  });

  it('an Undercover Inspector is an inspection', async () => {
    const cl = table();
    const u = cl[1].getState()!.G.players['1'].hand!.find((c) => c.startsWith('U-'))!;
    expect(await act(cl[1], 'inspect', { card: u })).toBe(true);
    const s = cl[0].getState()!;
    expect(touchedOnClient.decision(s.G, s.ctx)).toBe('must decide whether to Appeal the inspection.');
  });

  it('says nothing while no one is asked', () => {
    const s = table()[1].getState()!;
    expect(touchedOnClient.decision(s.G, s.ctx)).toBeNull();
  });
});

describe('Touched On: the first-dealer field', () => {
  it('offers the seats by what the form calls them (the names typed in hot-seat), not "Seat 2"', () => {
    const { Fields, initial } = touchedOnClient.rules;
    const html = renderToStaticMarkup(
      <Fields
        value={initial}
        numPlayers={3}
        seatNames={['Ana', 'Bot 2 (normal)', 'Player 3']}
        onChange={() => undefined}
        testid="hs"
      />,
    );
    const buttons = [...html.matchAll(/data-testid="hs-dealer-(\w+)"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]]);
    expect(buttons).toEqual([
      ['random', 'Random'],
      ['0', 'Ana'],
      ['1', 'Bot 2 (normal)'],
      ['2', 'Player 3'],
    ]);
  });
});
