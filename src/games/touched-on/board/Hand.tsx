/**
 * The viewer's hand, sorted by Line. Cards a legal play uses now are raised,
 * the rest dimmed with the rules' reason on hover (title) and on tap (below
 * the hand). Every card is a button. `pinned` (while a card may be picked
 * from it, or one picked asks what next) keeps it at the window's bottom on a
 * phone held upright, above the action sheet; held sideways, the hand stands
 * beside the table, above the sheet, pinned or not (board.css).
 */
import React from 'react';
import type { CardId } from '../types';
import { CardFace, lookLabel } from './CardFace';
import { cardLook } from './look';
import { handGroup, sortHand, type Playability } from './logic';

/** The hand. `raised`: the cards that may be used now; `selected`: the cards chosen for the next play. */
export function Hand({
  hand,
  why,
  raised,
  selected,
  whyCard,
  onCard,
  pinned = false,
  batching = false,
  idle = false,
  owner,
}: {
  hand: CardId[];
  why: Playability;
  raised: Set<CardId>;
  selected: Set<CardId>;
  whyCard: CardId | null;
  onCard: (id: CardId) => void;
  pinned?: boolean;
  /**
   * A batch is being put together, or an Inspector or a Power is chosen: on a low phone screen the pinned hand is a
   * lower row, for the Line's sake.
   */
  batching?: boolean;
  /**
   * Nothing to play from it now, and the table is what to look at (the table waits for players, or the viewer decides
   * whether to Appeal an inspection): on a laptop the hand is not held over the table as a tray.
   */
  idle?: boolean;
  /**
   * A replay, seen from a player's chair: that player's name. The hand is theirs, shown and not played: its
   * cards are no buttons, neither raised nor dimmed.
   */
  owner?: string;
}) {
  const sorted = sortHand(hand);
  const groups: CardId[][] = [];
  for (const id of sorted) {
    const last = groups[groups.length - 1];
    if (last && handGroup(last[0]) === handGroup(id)) last.push(id);
    else groups.push([id]);
  }
  const reason = whyCard && hand.includes(whyCard) ? why[whyCard] : null;
  return (
    <section
      className={`to-hand${pinned ? ' pinned' : ''}${batching ? ' batching' : ''}${idle ? ' idle' : ''}`}
      data-testid="hand"
      aria-label={owner ? `${owner}'s hand` : 'Your hand'}
    >
      <h3>
        {owner ? `${owner}'s` : 'Your'} hand ({hand.length}){raised.size > 0 ? ` · ${raised.size} playable` : ''}
      </h3>
      {hand.length === 0 ? (
        <p>No cards in hand.</p>
      ) : (
        <div className="hand-cards">
          {groups.map((g) => (
            <div key={g[0]} className="hand-group">
              {g.map((id) => {
                const up = raised.has(id);
                const sel = selected.has(id);
                const look = cardLook(id);
                const r = why[id];
                if (owner)
                  return (
                    <span key={id} className="hand-card" data-testid={`hand-card-${id}`} data-playable="no">
                      <CardFace look={look} />
                    </span>
                  );
                return (
                  <button
                    key={id}
                    type="button"
                    className={`hand-card ${up ? 'playable' : 'dimmed'}${sel ? ' selected' : ''}`}
                    onClick={() => onCard(id)}
                    data-testid={`hand-card-${id}`}
                    data-playable={up ? 'yes' : 'no'}
                    aria-pressed={sel}
                    title={up ? lookLabel(look) : (r ?? undefined)}
                  >
                    {/*
                     * The name comes from the content, so that it holds the card's visible words: the picture names
                     * the card, and a dimmed one adds why in brackets ("Authorised Inspector, line 19 (not playable
                     * now: …)"; a leading colon read "line 19 : not…").
                     */}
                    <CardFace look={look} />
                    {!up && <span className="sr-only">(not playable now{r ? `: ${r}` : ''})</span>}
                    {sel && (
                      <span className="tick" aria-hidden="true">
                        ✓
                      </span>
                    )}
                  </button>
                );
              })}
            </div>
          ))}
        </div>
      )}
      {reason && (
        <p className="why" data-testid="hand-why" role="status">
          {reason}
        </p>
      )}
    </section>
  );
}
