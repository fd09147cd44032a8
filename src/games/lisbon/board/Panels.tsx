/**
 * Panels around the map: the Monument display and supplies, each player's
 * panel (seats, bonuses, hand size, card row, score) and the viewer's hand.
 */
import React from 'react';
import { TicketIcon } from './Icons';
import type { Ctx } from 'boardgame.io';
import { COLORS, type Color, type ColorCounts } from '../data/types';
import type { GState, PlayerID } from '../types';
import { boardOf } from '../legal';
import { cones, scoreOf, seatCapacity } from '../selectors';
import { total } from '../counts';
import { CARD_BY_ID } from '../data/cards';
import { BONUS_LABEL, COLOR_HEX, playerLabel, TRAM_STYLE } from './logic';
import { CardRow, MonumentCard } from './MonumentCard';
import { ColorShape } from './ColorMark';
import { ShortName } from '../../common/ShortName';
import '../../common/visually-hidden.css';

/** Coloured count chips, each with its colour's shape, e.g. for the bag or a discard pile. */
export function CountChips({
  c,
  kind,
  label,
}: {
  c: Partial<ColorCounts>;
  kind: 'ticket' | 'passenger';
  label: string;
}) {
  const text = `${label}: ${COLORS.map((k) => `${c[k] ?? 0} ${k}`).join(', ')}`;
  return (
    <span className="chips" role="img" aria-label={text} title={text}>
      {COLORS.map((k) => (
        <span key={k} className={`chip chip-${kind}`} style={{ borderColor: COLOR_HEX[k] }}>
          <ColorShape color={k} size={11} />
          {c[k] ?? 0}
        </span>
      ))}
    </span>
  );
}

/** The Monument display, the next face-up card, and the ticket and passenger supplies. */
export function DisplayPanel({
  G,
  spot,
  onSpot,
}: {
  G: GState;
  /** The monument pointed out on the map. */
  spot?: string | null;
  onSpot?: (monument: string | null) => void;
}) {
  const coneCount = cones(G);
  return (
    <section className="display-panel" data-testid="display">
      <div className="display-cards">
        <h3>Monument display</h3>
        <div className="display-row">
          {G.display.map((id, slot) =>
            id ? (
              <button
                type="button"
                key={slot}
                className="card-spot"
                aria-pressed={spot === CARD_BY_ID[id].monument}
                title="Show its monument on the map"
                onMouseEnter={() => onSpot?.(CARD_BY_ID[id].monument)}
                onMouseLeave={() => onSpot?.(null)}
                onFocus={() => onSpot?.(CARD_BY_ID[id].monument)}
                onBlur={() => onSpot?.(null)}
                onClick={() => onSpot?.(spot === CARD_BY_ID[id].monument ? null : CARD_BY_ID[id].monument)}
              >
                <MonumentCard id={id} side={G.side} testId={`display-${id}`} />
              </button>
            ) : (
              <div key={slot} className="mcard empty-slot">
                empty
              </div>
            ),
          )}
        </div>
        <p className="hint">
          Cones on the map ({Object.values(coneCount).reduce((a, b) => a + b, 0)}) mark where these cards can be
          claimed. Point at a card, or tap it, to find its monument.
        </p>
      </div>
      <div className="display-deck">
        <h3>Next card</h3>
        {G.monumentTop ? (
          <MonumentCard id={G.monumentTop} side={G.side} testId="monument-top" />
        ) : (
          <div className="mcard empty-slot">face down</div>
        )}
        <div className="deck-counts" data-testid="monument-counts">
          <span>{G.faceUpLeft} face-up</span>
          <span>{G.faceDownLeft} face-down</span>
        </div>
      </div>
      <div className="supplies">
        <div className="supply" data-testid="ticket-deck">
          <h3>Tickets</h3>
          <div className="deck-stack" title="Tickets left in the deck">
            <span className="deck-card" />
            <b>{G.deckSize}</b> in deck
          </div>
          <div className="supply-line">
            Discard <CountChips c={G.ticketDiscard} kind="ticket" label="Ticket discard" />
          </div>
        </div>
        <div className="supply" data-testid="bag">
          <h3>Bag ({total(G.bag)})</h3>
          <CountChips c={G.bag} kind="passenger" label="Passengers in the bag" />
          {total(G.passengerDiscard) > 0 && (
            <div className="supply-line small">
              Dropped off <CountChips c={G.passengerDiscard} kind="passenger" label="Dropped-off passengers" />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

function Seats({ G, id }: { G: GState; id: PlayerID }) {
  const cap = seatCapacity(G, id);
  const seats = G.players[id].seats;
  return (
    <div
      className="seats"
      role="img"
      aria-label={`Passengers on the tram: ${COLORS.map((c) => `${seats[c]} of ${cap} ${c}`).join(', ')}`}
    >
      {COLORS.map((c) => (
        <span key={c} className="seat-group" title={`${seats[c]} of ${cap} ${c} seats taken`}>
          {Array.from({ length: cap }, (_, i) => (
            <ColorShape key={i} color={c} size={11} hollow={i >= seats[c]} className="seat" />
          ))}
        </span>
      ))}
    </div>
  );
}

function Bonuses({ G, id }: { G: GState; id: PlayerID }) {
  const board = boardOf(G, id);
  const owned = G.players[id].bonuses;
  return (
    <div className="bonuses">
      {COLORS.map((c: Color) => {
        const b = board.bonuses[c];
        const has = owned.includes(b);
        return (
          <span
            key={c}
            className={`bonus-tag${has ? ' owned' : ''}`}
            style={{ borderColor: COLOR_HEX[c], background: has ? COLOR_HEX[c] : undefined }}
            title={`${c} elevator: ${BONUS_LABEL[b].help}${has ? ' (owned)' : ''}`}
          >
            <ColorShape color={c} size={9} /> {has ? '✓ ' : ''}
            {BONUS_LABEL[b].short}
          </span>
        );
      })}
    </div>
  );
}

/** One player's panel. */
export function PlayerPanel({
  G,
  ctx,
  id,
  names,
  viewer,
}: {
  G: GState;
  ctx: Ctx;
  id: PlayerID;
  names: Record<PlayerID, string>;
  viewer: PlayerID | null;
}) {
  const p = G.players[id];
  const st = TRAM_STYLE[p.color];
  const score = scoreOf(G, id);
  const current = ctx.currentPlayer === id;
  return (
    <section
      className={`player-panel${current ? ' current' : ''}${viewer === id ? ' me' : ''}`}
      data-testid={`player-${id}`}
      style={{ borderColor: st.fill === '#fbfbf7' ? '#9a9a9a' : st.fill }}
    >
      <header>
        <span className="tram-chip" style={{ background: st.fill, borderColor: st.stroke }} />
        {/* A bot's level left to the title and to screen readers: in a phone's sideways panel "Bot 2 (normal)" was cut
            to "Bot 2 (nor…" beside its score. */}
        <b className="player-name" title={playerLabel(G, id, names)}>
          <ShortName name={playerLabel(G, id, names)} />
        </b>
        {viewer === id && <span className="you">you</span>}
        {G.firstPlayer === id && (
          <span className="first" title="First player: the game ends after the turn of the player before them">
            starts
          </span>
        )}
        <span
          className="score"
          data-testid={`score-${id}`}
          title={`${score.cardVP} VP from cards + ${score.connections} connection${score.connections === 1 ? '' : 's'}`}
        >
          {score.total} VP
          <span className="visually-hidden">
            {' '}
            ({score.cardVP} from cards, {score.connections} {score.connections === 1 ? 'link' : 'links'})
          </span>
        </span>
      </header>
      <div className="panel-line">
        {names[id] && <span className="muted">{p.color}</span>}
        <Seats G={G} id={id} />
        <span title="Tickets in hand" className="hand-size">
          <TicketIcon /> {p.handSize}
          <span className="visually-hidden"> {p.handSize === 1 ? 'ticket' : 'tickets'}</span>
        </span>
      </div>
      <Bonuses G={G} id={id} />
      <CardRow row={p.row} side={G.side} label={`${playerLabel(G, id, names)}'s Monument cards`} />
    </section>
  );
}

/**
 * The viewer's own tickets, grouped by colour; in a replay, the tickets of the chair it is seen from, under its
 * player's name (`owner`).
 */
export function Hand({ G, id, owner }: { G: GState; id: PlayerID; owner?: string }) {
  const hand = G.players[id]?.hand;
  if (!hand) return null;
  return (
    <section className="hand" data-testid="hand">
      <h3>
        {owner ? `${owner}'s` : 'Your'} tickets ({total(hand)})
      </h3>
      <div className="hand-groups">
        {COLORS.map((c) => (
          <div
            key={c}
            className={`ticket-group${hand[c] === 0 ? ' none' : ''}`}
            data-testid={`hand-${c}`}
            title={`${hand[c]} ${c} ticket${hand[c] === 1 ? '' : 's'}`}
          >
            <span className="ticket" style={{ background: COLOR_HEX[c] }}>
              <ColorShape color={c} size={14} className="ticket-shape" fill="#fff" />
              {hand[c]}
            </span>
            <span className="ticket-name">{c}</span>
          </div>
        ))}
      </div>
      <p className="hint">3 tickets of one colour can always stand in for 1 of another.</p>
    </section>
  );
}
