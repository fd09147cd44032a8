/**
 * A Monument card drawn as a little card: monument name, VP, the passengers
 * it needs as coloured dots, and the ticket halves on its left and right
 * edges. Cards laid edge to edge in a row join their halves into tickets.
 */
import React from 'react';
import { useLayoutEffectInBrowser } from '../../../client/boardHooks';
import { CARD_BY_ID } from '../data/cards';
import type { ColorCounts, Edge, SideId } from '../data/types';
import { COLOR_HEX, describeCounts, expand, nodeName, shortName } from './logic';
import { COLOR_SHAPE, ColorShape } from './ColorMark';

function EdgeHalves({ edge, side }: { edge: Edge; side: 'left' | 'right' }) {
  return (
    <>
      {edge.map((c, i) =>
        c ? (
          <span key={i} className={`half half-${side}`} style={{ top: `${14 + i * 20}%`, background: COLOR_HEX[c] }}>
            <svg viewBox="-1.2 -1.2 2.4 2.4" aria-hidden="true">
              <path d={COLOR_SHAPE[c]} fill="#fff" />
            </svg>
          </span>
        ) : null,
      )}
    </>
  );
}

/**
 * The monument's name on a card: its short name, as the map labels it ("Padrão" for Padrão dos Descobrimentos;
 * the card's title and accessible name say it in full). Its words never break: a name with a word of 8 letters
 * or more ("Jerónimos", "Comércio") is `long`, and its small card is wider (board.css), so that the word keeps to
 * one line in letters as large as the other cards'.
 */
export function cardName(side: SideId, monument: string): { text: string; long: boolean } {
  const text = shortName(nodeName(side, monument));
  return { text, long: Math.max(...text.split(' ').map((w) => [...w].length)) >= 8 };
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
  const halves = (edge: Edge) => {
    const c: Partial<ColorCounts> = {};
    for (const k of edge) if (k) c[k] = (c[k] ?? 0) + 1;
    return describeCounts(c);
  };
  const name = cardName(side, card.monument);
  const label = `${nodeName(side, card.monument)}: ${card.vp} VP, needs ${describeCounts(card.need)}; ticket halves left ${halves(card.left)}, right ${halves(card.right)}`;
  return (
    <div
      className={`mcard${mini ? ' mini' : ''}${name.long ? ' long' : ''}${highlight ? ' highlight' : ''}`}
      data-testid={testId}
      title={label}
      role="img"
      aria-label={label}
    >
      <EdgeHalves edge={card.left} side="left" />
      <EdgeHalves edge={card.right} side="right" />
      <div className="mcard-name">{name.text}</div>
      <div className="mcard-vp">
        {card.vp}
        <small>VP</small>
      </div>
      <div className="mcard-need">
        {expand(card.need).map((c, i) => (
          <ColorShape key={i} color={c} className="dot" />
        ))}
      </div>
    </div>
  );
}

/**
 * Whether the element is wider inside than it shows (it scrolls sideways), kept up to date. It also marks the side
 * that hides more (`data-more`: 'right', 'left' or 'both'), on the element itself as it scrolls: scrolling re-renders
 * nothing.
 */
function useScrolls(ref: React.RefObject<HTMLElement>, row: readonly string[]): boolean {
  const [scrolls, setScrolls] = React.useState(false);
  useLayoutEffectInBrowser(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => {
      const wide = el.scrollWidth > el.clientWidth + 1;
      const left = wide && el.scrollLeft > 1;
      const right = wide && el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      const more = left && right ? 'both' : left ? 'left' : right ? 'right' : null;
      if (more === null) delete el.dataset.more;
      else if (el.dataset.more !== more) el.dataset.more = more;
      setScrolls(wide);
    };
    check();
    const ro = new ResizeObserver(check);
    ro.observe(el);
    el.addEventListener('scroll', check, { passive: true });
    return () => {
      ro.disconnect();
      el.removeEventListener('scroll', check);
    };
    // Measured again when the cards change (the observers see the row resized, not its content grown).
  }, [ref, row]);
  return scrolls;
}

/**
 * A row of claimed cards, laid edge to edge so completed tickets show. A row
 * too long for its place scrolls sideways, and can then be focused and
 * scrolled with the keyboard (it is a named group then); the side that hides
 * cards fades out (`data-more`), so that a cut card reads as "more this way".
 */
export function CardRow({
  row,
  side,
  empty,
  label,
}: {
  row: readonly string[];
  side: SideId;
  empty?: string;
  /** Whose cards these are, for screen readers ("Ana's Monument cards"). */
  label: string;
}) {
  const ref = React.useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(ref, row);
  if (row.length === 0) return <div className="card-row empty">{empty ?? 'No Monument cards yet'}</div>;
  return (
    <div
      className="card-row"
      ref={ref}
      role="group"
      aria-label={label}
      tabIndex={scrolls ? 0 : undefined}
      data-scrolls={scrolls ? 'yes' : undefined}
    >
      {row.map((id) => (
        <MonumentCard key={id} id={id} side={side} mini />
      ))}
    </div>
  );
}
