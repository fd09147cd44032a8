/**
 * A Monument card drawn as a little card: monument name, VP, the passengers
 * it needs as coloured dots, and the ticket halves on its left and right
 * edges. Cards laid edge to edge in a row join their halves into tickets.
 */
import React from 'react';
import { CARD_BY_ID } from '../data/cards';
import type { Edge, SideId } from '../data/types';
import { COLOR_HEX, expand, nodeName } from './logic';

function EdgeHalves({ edge, side }: { edge: Edge; side: 'left' | 'right' }) {
  return (
    <>
      {edge.map((c, i) =>
        c ? (
          <span
            key={i}
            className={`half half-${side}`}
            style={{ top: `${14 + i * 20}%`, background: COLOR_HEX[c] }}
            title={`${c} ticket half`}
          />
        ) : null,
      )}
    </>
  );
}

/** One Monument card; `mini` for player rows. */
export function MonumentCard({
  id,
  side,
  mini,
  highlight,
  testId,
}: {
  id: string;
  side: SideId;
  mini?: boolean;
  highlight?: boolean;
  testId?: string;
}) {
  const card = CARD_BY_ID[id];
  if (!card) return null;
  return (
    <div
      className={`mcard${mini ? ' mini' : ''}${highlight ? ' highlight' : ''}`}
      data-testid={testId}
      title={`${nodeName(side, card.monument)}: ${card.vp} VP`}
    >
      <EdgeHalves edge={card.left} side="left" />
      <EdgeHalves edge={card.right} side="right" />
      <div className={`mcard-name${nodeName(side, card.monument).length > 16 ? ' long' : ''}`}>
        {nodeName(side, card.monument)}
      </div>
      <div className="mcard-vp" aria-label={`${card.vp} victory points`}>
        {card.vp}
        <small>VP</small>
      </div>
      <div className="mcard-need">
        {expand(card.need).map((c, i) => (
          <span key={i} className="dot" style={{ background: COLOR_HEX[c] }} title={c} />
        ))}
      </div>
    </div>
  );
}

/** A row of claimed cards, laid edge to edge so completed tickets show. */
export function CardRow({ row, side, empty }: { row: readonly string[]; side: SideId; empty?: string }) {
  if (row.length === 0) return <div className="card-row empty">{empty ?? 'No Monument cards yet'}</div>;
  return (
    <div className="card-row">
      {row.map((id) => (
        <MonumentCard key={id} id={id} side={side} mini />
      ))}
    </div>
  );
}
