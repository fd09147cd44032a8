/**
 * The players around the table: name, hand size (card backs, never the
 * cards), Exp won (count; values only for the viewer's own and at game end),
 * Peak Hour in front of them, DING (loudly) and a confirmed finish.
 */
import React from 'react';
import type { PlayerID, TOState } from '../types';
import { expValue } from '../data';
import { CardFace } from './CardFace';
import { cardLook, expLook } from './look';
import { playerLabel } from './logic';
import { SeatMark } from './SeatMark';

/** A player's seat. */
export function Seat({
  G,
  id,
  me,
  shown,
  current,
  names,
}: {
  G: TOState;
  id: PlayerID;
  me: PlayerID | null;
  /** The seat whose hand the board shows (in a replay, the chair it is seen from): no backs in its tile. */
  shown: PlayerID | null;
  current: boolean;
  names: Record<PlayerID, string>;
}) {
  const p = G.players[id];
  const place = G.finishers.indexOf(id);
  const peaks = G.peakHours.filter((ph) => ph.owner === id);
  const expValues = p.exp ? p.exp.map(expValue).reduce((a, b) => a + b, 0) : null;
  const backs = Math.min(p.handSize, 12);
  return (
    <section
      className={`to-seat${current ? ' current' : ''}${id === me ? ' me' : ''}${p.out ? ' out' : ''}`}
      data-testid={`player-${id}`}
      aria-label={playerLabel(id, names)}
    >
      {p.ding && !G.gameOver && (
        <span className="ding" data-testid={`ding-${id}`} role="status">
          DING!
        </span>
      )}
      <div className="seat-name">
        <SeatMark id={id} />
        {playerLabel(id, names)}
        {id === me ? ' (you)' : ''}
      </div>
      <div className="seat-facts">
        <span data-testid={`hand-size-${id}`}>
          {p.handSize} card{p.handSize === 1 ? '' : 's'}
        </span>
        <span data-testid={`exp-${id}`} title="Exp cards won">
          {p.expCount} Exp card{p.expCount === 1 ? '' : 's'}
          {expValues !== null && p.expCount > 0 ? ` (${expValues} Exp)` : ''}
        </span>
        {G.dealer === id && <span>dealer</span>}
        {current && <b>playing</b>}
      </div>
      {place >= 0 && (
        <span className="finished" data-testid={`finished-${id}`}>
          {/* Of the journey, not the game: "Finished 1st" on a seat that did not win read as the winner's badge. */}
          Out {place === 0 ? '1st' : '2nd'} this journey
        </span>
      )}
      {p.exp && p.exp.length > 0 && (
        <div className="exp-row" aria-label="Exp cards">
          {p.exp.map((e) => (
            <CardFace key={e} look={expLook(e)} mini />
          ))}
        </div>
      )}
      {peaks.length > 0 && (
        <div className="in-front" data-testid={`peak-${id}`} title="Peak Hour: every other player adds at most 1 card">
          {peaks.map((ph) => (
            <CardFace key={ph.card} look={cardLook(ph.card)} mini />
          ))}
          <b>Peak Hour</b>
        </div>
      )}
      {id !== shown && (
        <div className="backs" aria-hidden="true">
          {/* Each back takes a share of the tile's width, so a big hand fans tighter instead of spilling out. */}
          {Array.from({ length: backs }, (_, i) => (
            <span key={i} className="back">
              <CardFace look={{ kind: 'back' }} mini />
            </span>
          ))}
        </div>
      )}
    </section>
  );
}

/** Every seat, in play order. */
export function Seats({
  G,
  order,
  me,
  shown = me,
  current,
  names,
}: {
  G: TOState;
  order: PlayerID[];
  /** The seat that plays on this screen ("you"): none in a replay. */
  me: PlayerID | null;
  /** The seat whose hand the board shows, if not `me` (a replay's chair). */
  shown?: PlayerID | null;
  current: PlayerID | null;
  names: Record<PlayerID, string>;
}) {
  return (
    <div className="to-seats" data-testid="seats">
      {order.map((id) => (
        <Seat key={id} G={G} id={id} me={me} shown={shown} current={id === current} names={names} />
      ))}
    </div>
  );
}
