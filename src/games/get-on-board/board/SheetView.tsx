/**
 * A player's sheet, laid out like the paper one (RULINGS §2): tickets and
 * shapes, Metro, Turn, Grannies, Students, Cinemas, Tourists with the Theater
 * memory aids, Flirts, objectives, Connections, and the running score.
 * `SheetCompact` is the small summary for opponents.
 *
 * Purely presentational: it draws the numbers in `SheetProps`; it computes no
 * score and decides nothing. A small adapter will build SheetProps from the
 * rules' state.
 */
import React from 'react';
import type { Speedy } from '../maps/types';
import { IconSvg, ShapeGlyph, SPEEDY_COLOURS, ticketBand, ticketFace, type ShapeLetter } from './icons';
import { Box, Boxes, Dot, Tally, Zone, clamp } from './sheetParts';
import { numberText } from './numbers';
import { darkEnoughForWhite, inkOn } from './palette';
import { PlayerMark } from './playerMark';
import './gob.css';
import './gob-sheet.css';

/** Everything a sheet shows: plain numbers and arrays, all counts from 0. */
export interface SheetProps {
  /** The player's name and colour (the header band). */
  name: string;
  colour: string;
  /** The sheet variant 1–5 (printed in the corner). */
  variant?: number;
  /** The player's shape for each ticket pair: index 0 = tickets 1 and 7 … index 5 = tickets 6 and 12. */
  shapes: ShapeLetter[];
  /** Tickets already revealed (crossed off), 1–12. */
  crossedTickets: number[];
  /** This round's ticket, highlighted. */
  currentTicket?: number;
  /** Metro zone: circles circled 0–6, and how many of those are crossed (spent on an extra marker). */
  metroCircled: number;
  metroCrossed: number;
  /** Turn zone: spaces crossed 0–5. */
  turnsUsed: number;
  /** Spaces crossed: Grannies 0–8, Students 0–6, Cinemas 0–4. */
  grannies: number;
  students: number;
  cinemas: number;
  /** The 3 Tourist rows, top first: tourists crossed (0–4), and the value written once resolved. */
  touristRows: { count: number; value?: number }[];
  /** Theater memory aids: Theaters of each shade reached. */
  theaterLight: number;
  theaterDark: number;
  /** The 3 Flirt rows, top first: light and dark spaces crossed (0–2 each), and the value written once resolved. */
  flirtRows: { light: number; dark: number; value?: number }[];
  /** Points written in the Common Objective boxes (10 or 6), in the order scored. */
  common: number[];
  /** The personal objective card and which of its 3 sites this player reached. */
  personal?: { title: string; sites: { letter: string; name?: string; reached: boolean }[] };
  /** Connection circles crossed, 0–19. */
  connections: number;
  /** Rome: the speedy colour crossed off in round 1 (undefined on Paris, or before it is known). */
  speedy?: Speedy;
  /** Rome: show the speedy colour boxes at all. */
  rome?: boolean;
  eliminated?: boolean;
  /** The running total, as the rules compute it. */
  score?: number;
}

const GRANNY_VALUES = [1, 1, 1, 2, 2, 2, 3, 3];
const TURN_VALUES = ['−1', '−2', '−2', '−2', '−3'];
const TOURIST_VALUES = [2, 5, 9, 14];
const PERSONAL_VALUES = [2, 5, 10];
/** Circle c (1–19) shows a score every 2nd circle: 1 … 9, and 10 on the 19th. */
const connectionLabel = (c: number) => (c === 19 ? 10 : c % 2 === 0 ? c / 2 : undefined);

function TicketZone({ shapes, crossedTickets, currentTicket }: SheetProps) {
  const crossed = new Set(crossedTickets);
  return (
    <Zone zone="tickets" title="Tickets" label={`Tickets: ${crossed.size} of 12 used`}>
      <div className="gob-ticket-cols">
        {[1, 2, 3, 4, 5, 6].map((n) => (
          <div
            key={n}
            className={`gob-ticket-col${currentTicket === n || currentTicket === n + 6 ? ' gob-ticket-col--now' : ''}`}
            data-pair={n}
          >
            {[n, n + 6].map((t) => (
              <span
                key={t}
                className={`gob-ticket-chip${crossed.has(t) ? ' gob-ticket-chip--x' : ''}`}
                style={{
                  background: inkOn(ticketFace(t)) === '#fff' ? ticketFace(t) : darkEnoughForWhite(ticketFace(t)),
                  borderColor: ticketBand(t),
                }}
                data-ticket={t}
                data-crossed={crossed.has(t) ? 'yes' : undefined}
                role="img"
                aria-label={`Ticket ${t}${crossed.has(t) ? ', used' : ''}`}
              >
                {t}
              </span>
            ))}
            {shapes[n - 1] && (
              <span className="gob-ticket-shape">
                <ShapeGlyph shape={shapes[n - 1]} size={30} />
                <b aria-hidden="true">{shapes[n - 1]}</b>
              </span>
            )}
          </div>
        ))}
      </div>
    </Zone>
  );
}

function TouristZone(p: SheetProps) {
  return (
    <Zone
      zone="tourists"
      title="Tourists"
      icon="tourist"
      label={`Tourists: ${p.touristRows.map((r) => r.count).join(', ')} per row`}
    >
      <div className="gob-rows">
        {[0, 1, 2].map((i) => {
          const row = p.touristRows[i] ?? { count: 0 };
          return (
            <div key={i} className="gob-row" data-row={i}>
              <Boxes values={TOURIST_VALUES} crossed={clamp(row.count, 4)} />
              <span className="gob-arrow">→</span>
              <Box value={row.value ?? ''} written={row.value !== undefined} />
            </div>
          );
        })}
      </div>
      <div
        className="gob-aids"
        role="group"
        aria-label={`Theaters reached: ${p.theaterLight} light, ${p.theaterDark} dark`}
      >
        <span>
          <IconSvg icon="theaterLight" size={18} decorative /> <Tally n={p.theaterLight} />
        </span>
        <span>
          <IconSvg icon="theaterDark" size={18} decorative /> <Tally n={p.theaterDark} />
        </span>
      </div>
    </Zone>
  );
}

function FlirtZone(p: SheetProps) {
  return (
    <Zone
      zone="flirts"
      title="Flirts"
      icon="flirtLight"
      label={`Flirts: ${p.flirtRows.map((r) => `${r.light} light ${r.dark} dark`).join('; ')}`}
    >
      <div className="gob-rows">
        {[0, 1, 2].map((i) => {
          const row = p.flirtRows[i] ?? { light: 0, dark: 0 };
          const light = clamp(row.light, 2);
          const dark = clamp(row.dark, 2);
          return (
            <div key={i} className="gob-row" data-row={i}>
              {[0, 1].map((c) => (
                <span key={c} className="gob-couple">
                  <Box shade="light" crossed={c < light} />
                  <Box shade="dark" crossed={c < dark} />
                </span>
              ))}
              <span className="gob-arrow">→</span>
              <IconSvg icon="restaurant" size={16} decorative />
              <Box value={row.value ?? ''} written={row.value !== undefined} />
            </div>
          );
        })}
      </div>
    </Zone>
  );
}

function ObjectivesZone({ common, personal }: SheetProps) {
  const reached = personal?.sites.filter((s) => s.reached).length ?? 0;
  return (
    <Zone
      zone="objectives"
      title="Objectives"
      label={`Objectives: ${common.length} common scored, ${reached} of 3 sites`}
    >
      <div className="gob-row">
        <span className="gob-small">Common</span>
        {/* Two boxes: the printed sheet's third is for the solo game, which this edition does not offer. */}
        {[0, 1].map((i) => (
          <span key={i}>
            <Box value={common[i] ?? ''} written={common[i] !== undefined} />
          </span>
        ))}
      </div>
      {personal && (
        <div className="gob-row gob-personal">
          <span className="gob-small" title={personal.title}>
            {personal.title}
          </span>
          {personal.sites.map((s) => (
            <span
              key={s.letter}
              role="img"
              aria-label={`Site ${s.letter.toUpperCase()}${s.name ? ` (${s.name})` : ''}: ${s.reached ? 'reached' : 'not yet'}`}
              className={`gob-site-chip${s.reached ? ' gob-site-chip--reached' : ''}`}
              data-reached={s.reached ? 'yes' : 'no'}
              title={s.name}
            >
              <span>{s.letter.toUpperCase()}</span>
            </span>
          ))}
          {PERSONAL_VALUES.map((v, i) => (
            <Dot key={v} value={v} circled={i === reached - 1} />
          ))}
        </div>
      )}
    </Zone>
  );
}

/** The full sheet of one player. */
export function SheetView(p: SheetProps) {
  const circled = clamp(p.metroCircled, 6);
  const used = clamp(p.metroCrossed, circled);
  return (
    <article
      className={`gob-sheet${p.eliminated ? ' gob-sheet--eliminated' : ''}`}
      style={{ ['--gob-player' as string]: p.colour, ['--gob-player-head' as string]: darkEnoughForWhite(p.colour) }}
      aria-label={`${p.name}'s sheet`}
      data-testid="gob-sheet"
    >
      <header className="gob-sheet-head">
        <PlayerMark colour={p.colour} fill="#fff" />
        <span className="gob-sheet-name" title={p.name}>
          {p.name}
        </span>
        {p.variant !== undefined && <span className="gob-small">sheet {p.variant}</span>}
        <span className="gob-score" data-testid="gob-score" aria-label={`Score ${numberText(p.score ?? 0)}`}>
          {numberText(p.score ?? 0)}
        </span>
      </header>
      <div className="gob-sheet-grid">
        <TicketZone {...p} />
        <Zone zone="metro" title="Metro" icon="metro" label={`Metro: ${circled} circled, ${used} used`}>
          <span className="gob-boxes">
            {Array.from({ length: 6 }, (_, i) => (
              <Dot key={i} circled={i < circled} crossed={i < used} />
            ))}
          </span>
        </Zone>
        <Zone zone="turns" title="Turns" label={`Turn spaces: ${clamp(p.turnsUsed, 5)} of 5 used`}>
          <Boxes values={TURN_VALUES} crossed={clamp(p.turnsUsed, 5)} />
        </Zone>
        <Zone zone="grannies" title="Grannies" icon="granny" label={`Grannies: ${clamp(p.grannies, 8)} of 8`}>
          <Boxes values={GRANNY_VALUES} crossed={clamp(p.grannies, 8)} />
        </Zone>
        <Zone zone="students" title="Students" icon="student" label={`Students: ${clamp(p.students, 6)} of 6`}>
          <Boxes values={Array<string>(6).fill('')} crossed={clamp(p.students, 6)} />
        </Zone>
        <Zone zone="cinemas" title="Cinemas" icon="cinema" label={`Cinemas: ${clamp(p.cinemas, 4)} of 4`}>
          <Boxes values={Array<string>(4).fill('')} crossed={clamp(p.cinemas, 4)} />
        </Zone>
        <ObjectivesZone {...p} />
        <TouristZone {...p} />
        <FlirtZone {...p} />
        <Zone zone="connections" title="Connections" label={`Connections: ${clamp(p.connections, 19)} of 19`}>
          <span className="gob-boxes gob-connections">
            {Array.from({ length: 19 }, (_, i) => (
              <Dot key={i} value={connectionLabel(i + 1)} crossed={i < clamp(p.connections, 19)} />
            ))}
          </span>
          {p.rome && (
            <span className="gob-speedy-boxes" role="img" aria-label={`Speedy colour: ${p.speedy ?? 'not yet known'}`}>
              {(['yellow', 'burgundy'] as const).map((c) => (
                <span
                  key={c}
                  className={`gob-speedy-box gob-speedy-box--${c}${p.speedy === c ? ' gob-box--x' : ''}`}
                  style={{ background: SPEEDY_COLOURS[c] }}
                  data-crossed={p.speedy === c ? 'yes' : undefined}
                />
              ))}
            </span>
          )}
        </Zone>
      </div>
      {p.eliminated && (
        <div className="gob-stamp" role="status">
          Eliminated
        </div>
      )}
    </article>
  );
}
