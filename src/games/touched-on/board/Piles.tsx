/** The draw pile, the discard pile, the Exp pile and the used Powers (all public: counts and face-up cards). */
import React from 'react';
import type { TOState } from '../types';
import { CardFace, type CardLook } from './CardFace';
import { cardLook } from './look';
import { cardName } from './logic';

/** Up to 3 cards of a pile, stacked; `mini`, without their words (a face-down pile: its name and count say it). */
function Stack({ n, look, mini = false }: { n: number; look: CardLook; mini?: boolean }) {
  if (n === 0) return <div className="empty" />;
  return (
    <div className="stack">
      {Array.from({ length: Math.min(n, 3) }, (_, i) => (
        <CardFace key={i} look={look} mini={mini} />
      ))}
    </div>
  );
}

/** The used cards' names, in the order they were first used, a name used again counted once ("Appeal ×2"). */
function usedNames(cards: string[]): string {
  const counts = new Map<string, number>();
  for (const c of cards) counts.set(cardName(c), (counts.get(cardName(c)) ?? 0) + 1);
  return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(', ');
}

/** The piles, beside the action panel (below the hand on a phone). */
export function Piles({ G }: { G: TOState }) {
  const topDiscard = G.discard[G.discard.length - 1];
  return (
    <div className="to-piles" data-testid="piles">
      <div className="pile" data-testid="draw-pile">
        <Stack n={G.drawCount} look={{ kind: 'back' }} mini />
        <span>
          Draw pile <b>{G.drawCount}</b>
        </span>
        {G.reshuffled && <span className="hint">(reshuffled once)</span>}
      </div>
      <div className="pile" data-testid="discard-pile">
        <Stack n={G.discard.length} look={topDiscard ? cardLook(topDiscard) : { kind: 'back' }} />
        <span>
          Discard <b>{G.discard.length}</b>
        </span>
      </div>
      <div className="pile" data-testid="exp-pile">
        <Stack n={G.expPileCount} look={{ kind: 'exp-back' }} mini />
        <span>
          Exp pile <b>{G.expPileCount}</b>
        </span>
      </div>
      <div className="pile" data-testid="used-powers">
        <div className="used-powers">
          {G.usedPowers.length === 0 ? (
            <div className="empty" />
          ) : (
            G.usedPowers.map((c) => (
              <span key={c} title={cardName(c)}>
                <CardFace look={cardLook(c)} mini />
              </span>
            ))
          )}
        </div>
        <span title="Used Powers, and cards put out by a hand that could not play">
          Used Powers <b>{G.usedPowers.length}</b>
        </span>
        {/* Their names, which the miniatures leave off (each card's accessible name is its name). */}
        {G.usedPowers.length > 0 && (
          <span className="used-names" data-testid="used-names" aria-hidden="true">
            {usedNames(G.usedPowers)}
          </span>
        )}
      </div>
    </div>
  );
}
