/**
 * Lisbon's rule options on the setup forms: the face-up variants name the
 * count for the number of players chosen (RULINGS "Setup": the final rulebook
 * turns 18 / 15 / 12 cards face up for 4 / 3 / 2 players, the early text
 * 19 / 16 / 13), rendered from the game's own client definition.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lisbonClient } from '../../src/games/lisbon/board/client';
import { FACE_UP } from '../../src/games/lisbon/data/boards';
import { seatLabels } from '../../src/client/SetupFields';
import type { SeatChoice } from '../../src/client/seats';

function fields(numPlayers: number, seatNames: readonly string[] = []): string {
  const { Fields, initial } = lisbonClient.rules;
  return renderToStaticMarkup(
    createElement(Fields, { value: initial, numPlayers, seatNames, onChange: () => undefined, testid: 'create' }),
  );
}

describe("Lisbon's face-up option", () => {
  it.each([
    [2, 12, 13],
    [3, 15, 16],
    [4, 18, 19],
  ])('with %i players offers Final (%i) and Early (%i)', (players, final, early) => {
    const html = fields(players);
    expect(html).toContain(`Face-up Monument cards (${players} players)`);
    expect(html).toContain(`Final (${final})`);
    expect(html).toContain(`Early (${early})`);
    expect([FACE_UP.final[players], FACE_UP.early[players]]).toEqual([final, early]);
  });
});

describe("Lisbon's first-player field", () => {
  it('offers the seats by what the form calls them: the names typed in hot-seat, the bots by name', () => {
    const seats: SeatChoice[] = [
      { kind: 'human', level: 'normal', name: ' Ana ' },
      { kind: 'bot', level: 'hard', name: 'ignored' },
      { kind: 'human', level: 'normal', name: '' },
    ];
    const html = fields(3, seatLabels(seats, false));
    const options = [...html.matchAll(/<option value="(\w+)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([
      ['random', 'Random'],
      ['0', 'Ana'],
      ['1', 'Bot 2 (hard)'],
      ['2', 'Player 3'],
    ]);
  });

  it('online, names the creator "You", an open seat by its number and a bot by name', () => {
    const seats: SeatChoice[] = [
      { kind: 'human', level: 'normal', name: '' },
      { kind: 'human', level: 'normal', name: '' },
      { kind: 'bot', level: 'easy', name: '' },
    ];
    expect(seatLabels(seats, true)).toEqual(['You', 'Seat 2 (open)', 'Bot 3 (easy)']);
    expect(fields(3, seatLabels(seats, true))).toContain('<option value="1">Seat 2 (open)</option>');
  });
});
