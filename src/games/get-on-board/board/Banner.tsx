/**
 * The Get on Board board's banner: the map, the round and its ticket, the shape that ticket means on the viewer's
 * sheet, whose plot it is, the Inspector, and on a phone (upright or held sideways) the map's zoom.
 *
 * Its height stays the same from one plot to the next at any one width (the map under it keeps its place): its
 * lines are laid out in fixed slots (gob-board.css: one line on a screen, two on a tablet held upright, three on a
 * phone), a slot whose words are absent this round (no shape yet, no Inspector) keeps its room while they may come
 * (the shape's, not once the game is over or the chair eliminated), and a name too long for its slot is cut short
 * with an ellipsis on screen only (the words stay whole for a screen reader, and as the element's title). It
 * rewrapped as the shape's and the player's words changed length: on a 390 px phone it went from 85 to 133 px high
 * and back between plots, moving the map a player was tapping by up to 48 px.
 */
import React, { forwardRef, useRef } from 'react';
import { BOARD_BANNER, NOTE_CLEAR } from '../../common/board-props';
import { ShortName } from '../../common/ShortName';
import { shapeFor } from '../data';
import type { GobState, PlayerID } from '../types';
import { ShapeGlyph, TicketCard } from './icons';
import { nameOf } from './sheetProps';

export interface BannerProps {
  G: GobState;
  /** The map's name ("Rome"). */
  mapName: string;
  names: Record<PlayerID, string>;
  /** The chair whose shape shows (a replay's too), or null for a spectator. */
  chair: PlayerID | null;
  /** The seat that plays here, or null. */
  me: PlayerID | null;
  /** In a replay from a player's chair, that player's name ("Ana's shape"), else null ("Your shape"). */
  chairName: string | null;
  tableWaiting?: boolean;
  zoomed: boolean;
  onZoom: () => void;
  /**
   * Opens the final scores again, once closed: a button beside "Game over", by "Zoom in" on a phone. Fixed over the
   * window's foot above the page's end bar instead, at 360 × 640 the two covered 172 px of the window's 640, the
   * map's foot among them, and the page left "Zoom in" above the window's top.
   */
  onScores?: () => void;
}

/**
 * A player's name in a slot of its own, cut short with an ellipsis when it does not fit (its title says it whole); a
 * bot's level is left to its title and to screen readers (ShortName).
 */
const Name = ({ name }: { name: string }) => (
  <span className="gob-banner-name" title={name}>
    <ShortName name={name} />
  </span>
);

/** The board's banner (test ids "banner", "round", "turn-who", "map-zoom", "show-scores"). */
export const Banner = forwardRef<HTMLElement, BannerProps>(function Banner(
  { G, mapName, names, chair, me, chairName, tableWaiting, zoomed, onZoom, onScores },
  ref,
) {
  const over = !!G.result;
  const toPlay = G.toPlay;
  // A round begun while the board is shown lights its number up once (a remount, keyed by the round, replays it): the
  // next plot may open at once, the player's own (the last to plot, then the Inspector), with nothing else to say so.
  const shownFrom = useRef(G.round);
  const newRound = G.round !== shownFrom.current;
  // The shape to plot this round: none once the game is over (the last round's stayed, "3 markers with 2 turns"
  // beside "Game over", as if a plot were still to come).
  // The chair's shape may still show this game: its row keeps its room on a phone, empty in the departures. Once the
  // game is over or the chair is eliminated no shape comes again, and an empty row would stand between the round and
  // whose plot it is to the end (at 360 × 640 it left the map's foot under "Final scores").
  const shapeToCome = chair !== null && !G.players[chair].eliminated && !over;
  const shape = shapeToCome && G.ticket !== null ? shapeFor(G.players[chair].variant, G.ticket) : null;
  const who = over ? (
    'Game over'
  ) : tableWaiting ? (
    'Waiting for players'
  ) : G.round === 0 ? (
    'Everyone chooses a departure'
  ) : toPlay === me ? (
    'Your plot'
  ) : toPlay !== null ? (
    <>
      <Name name={nameOf(names, toPlay)} /> <span>is plotting</span>
    </>
  ) : (
    ''
  );
  return (
    <header
      ref={ref}
      className={`gob-banner ${BOARD_BANNER}${shapeToCome ? ' gob-banner--seat' : ''}`}
      data-testid="banner"
      // Hot-seat's notes stand off its words, as off the map (Board.tsx).
      {...{ [NOTE_CLEAR]: '' }}
    >
      <span className="gob-banner-head">
        <span className="gob-banner-map">{mapName}</span>
        {G.round > 0 && (
          <span
            key={G.round}
            className={`gob-banner-round${newRound ? ' gob-banner-round--new' : ''}`}
            data-testid="round"
          >
            Round {G.round}/12
          </span>
        )}
        {G.ticket !== null && <TicketCard n={G.ticket} width={22} bare />}
      </span>
      {shape && (
        <span
          className="gob-banner-shape"
          title={chairName ? `${chairName}'s shape this round` : 'Your shape this round'}
        >
          <ShapeGlyph shape={shape.id} size={22} />
          <span className="gob-banner-shape-label">{shape.label}</span>
        </span>
      )}
      <span className="gob-banner-turn">
        <span className="gob-banner-who" data-testid="turn-who">
          {who}
        </span>
        {G.round > 0 && !over && (
          <span className="gob-banner-inspector">
            Inspector: <Name name={nameOf(names, G.inspector)} />
          </span>
        )}
        {over && onScores && (
          <button type="button" className="gob-show-scores" onClick={onScores} data-testid="show-scores">
            Final scores
          </button>
        )}
      </span>
      <button type="button" className="gob-zoom" onClick={onZoom} data-testid="map-zoom">
        {zoomed ? 'Whole map' : 'Zoom in'}
      </button>
    </header>
  );
});
