/**
 * The plot panel's heading reads the shape once: the glyph beside it is drawn only (its own name, "Shape F: 3
 * markers, 2 turns", read before "Your plot: 3 markers with 2 turns", said it twice).
 */
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlotPanel } from '../../../../src/games/get-on-board/board/Panels';
import { EMPTY_DRAFT, viewDraft } from '../../../../src/games/get-on-board/board/plotBuilder';
import { shapeFor } from '../../../../src/games/get-on-board/data';
import { startedState } from '../helpers';

describe('Get on Board plot heading', () => {
  it('names the shape once, in words; the glyph is hidden from screen readers', () => {
    const G = startedState('rome', 2);
    const me = G.toPlay!;
    const view = viewDraft(G, me, EMPTY_DRAFT);
    const html = renderToStaticMarkup(
      <PlotPanel
        G={G}
        me={me}
        view={view}
        hover={null}
        sending={false}
        onTakeBack={() => {}}
        onClear={() => {}}
        onAddExtra={() => {}}
        onCancelExtra={() => {}}
        onConfirm={() => {}}
      />,
    );
    const heading = /<h2>(.*?)<\/h2>/.exec(html)![1];
    // What a screen reader hears: the text, and the names of images not hidden.
    const heard = heading
      .replace(/<span aria-hidden="true">.*?<\/span>/g, '')
      .replace(/<svg[^>]*aria-label="([^"]*)"[^>]*>.*?<\/svg>/g, ' $1 ')
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    expect(heard).toBe(`Your plot: ${shapeFor(G.players[me].variant, G.ticket!).label}`);
  });
});
