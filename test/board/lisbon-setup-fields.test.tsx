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

function fields(numPlayers: number): string {
  const { Fields, initial } = lisbonClient.rules;
  return renderToStaticMarkup(
    createElement(Fields, { value: initial, numPlayers, onChange: () => undefined, testid: 'create' }),
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
