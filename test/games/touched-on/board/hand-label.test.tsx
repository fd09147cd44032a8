/**
 * The hand's cards as a screen reader names them: a playable card by its picture, a dimmed one by the picture's
 * name, then "not playable now" and why, with no stray space before the colon.
 */
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Hand } from '../../../../src/games/touched-on/board/Hand';
import type { CardId } from '../../../../src/games/touched-on/types';

describe('Touched On hand: card names', () => {
  it('names a dimmed card "<card>: not playable now. <why>" in one label', () => {
    const hand: CardId[] = ['E96-1', 'A19'];
    const [playable, dimmed] = ['E96-1', 'A19'];
    const html = renderToStaticMarkup(
      <Hand
        hand={hand}
        why={{ [dimmed]: 'Its Line is closed.' }}
        raised={new Set([playable])}
        selected={new Set()}
        whyCard={null}
        onCard={() => {}}
      />,
    );
    const button = (id: CardId) => new RegExp(`<button[^>]*data-testid="hand-card-${id}"[^>]*>`).exec(html)![0];
    const label = /aria-label="([^"]*)"/.exec(button(dimmed))?.[1];
    expect(label).toBe('Authorised Inspector, line 19: not playable now. Its Line is closed.');
    expect(html).not.toContain(' : not playable');
    expect(button(playable)).not.toContain('aria-label');
  });
});
