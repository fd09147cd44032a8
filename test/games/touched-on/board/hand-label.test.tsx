/**
 * The hand's cards as a screen reader names them, from their content (so that the name holds the card's visible
 * words: axe's label-content-name-mismatch, checked in Chromium by boards-a11y.test.ts): a playable card by its
 * picture, a dimmed one by the picture's name, then "(not playable now: why)", with no stray space before a colon.
 */
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Hand } from '../../../../src/games/touched-on/board/Hand';
import type { CardId } from '../../../../src/games/touched-on/types';

describe('Touched On hand: card names', () => {
  it('names a dimmed card "<card> (not playable now: <why>)" from its content', () => {
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
    const content = (id: CardId) => html.slice(html.indexOf(button(id))).split('</button>')[0];
    expect(content(dimmed)).toContain('aria-label="Authorised Inspector, line 19"');
    expect(content(dimmed)).toContain('<span class="sr-only">(not playable now: Its Line is closed.)</span>');
    expect(html).not.toContain(' : not playable');
    expect(button(dimmed)).not.toContain('aria-label');
    expect(button(playable)).not.toContain('aria-label');
    expect(content(playable)).not.toContain('not playable');
  });
});
