/**
 * An opponent's sheet in brief: name, score, this round's shape (none once
 * eliminated), and one chip per zone (icon and count). Takes the same
 * SheetProps as the full sheet.
 */
import React from 'react';
import type { Icon } from '../maps/types';
import { IconSvg, ShapeGlyph } from './icons';
import type { SheetProps } from './SheetView';
import { numberText } from './numbers';
import { darkEnoughForWhite } from './palette';
import { PlayerMark } from './playerMark';
import './gob.css';
import './gob-sheet.css';

function Chip({ icon, text, label, zone }: { icon?: Icon; text: string; label: string; zone: string }) {
  return (
    <span className="gob-chip" role="img" aria-label={label} title={label} data-zone={zone}>
      {icon ? (
        <IconSvg icon={icon} size={16} decorative />
      ) : (
        <span className="gob-chip-key">{zone[0].toUpperCase()}</span>
      )}
      <span>{text}</span>
    </span>
  );
}

export function SheetCompact(p: SheetProps) {
  // The round's shape is what the player plots now: an eliminated player plots no more, and shows none.
  const shape = p.currentTicket && !p.eliminated ? p.shapes[(p.currentTicket - 1) % 6] : undefined;
  const tourists = p.touristRows.reduce((n, r) => n + r.count, 0);
  const flirts = p.flirtRows.reduce((n, r) => n + r.light + r.dark, 0);
  const sites = p.personal?.sites.filter((s) => s.reached).length ?? 0;
  const spare = p.metroCircled - p.metroCrossed;
  return (
    <article
      className={`gob-sheet-compact${p.eliminated ? ' gob-sheet--eliminated' : ''}`}
      style={{ ['--gob-player' as string]: p.colour, ['--gob-player-head' as string]: darkEnoughForWhite(p.colour) }}
      aria-label={`${p.name}'s sheet (summary)`}
      data-testid="gob-sheet-compact"
    >
      <header className="gob-compact-head">
        <PlayerMark colour={p.colour} fill="#fff" />
        <span className="gob-sheet-name" title={p.name}>
          {p.name}
        </span>
        {p.eliminated && <span className="gob-compact-out">Eliminated</span>}
        {shape && <ShapeGlyph shape={shape} size={22} />}
        <span className="gob-score" aria-label={`Score ${numberText(p.score ?? 0)}`}>
          {numberText(p.score ?? 0)}
        </span>
      </header>
      <div className="gob-chips">
        {/* The spare entrances alone (each worth 2, or an extra marker): "0/5" for none spare of 5 circled read as the
            other chips' "count of maximum", and a phone shows no tooltip to say otherwise. */}
        <Chip
          zone="metro"
          icon="metro"
          text={`${spare}`}
          label={`Metro: ${spare} spare (${p.metroCircled} circled, ${p.metroCrossed} used)`}
        />
        <Chip zone="turns" text={`${p.turnsUsed}/5`} label={`Turn spaces: ${p.turnsUsed} of 5 used`} />
        <Chip zone="grannies" icon="granny" text={`${p.grannies}/8`} label={`Grannies: ${p.grannies} of 8`} />
        <Chip zone="students" icon="student" text={`${p.students}/6`} label={`Students: ${p.students} of 6`} />
        <Chip zone="cinemas" icon="cinema" text={`${p.cinemas}/4`} label={`Cinemas: ${p.cinemas} of 4`} />
        <Chip zone="tourists" icon="tourist" text={`${tourists}`} label={`Tourists: ${tourists}`} />
        <Chip zone="flirts" icon="flirtLight" text={`${flirts}`} label={`Flirts: ${flirts}`} />
        <Chip zone="connections" text={`${p.connections}/19`} label={`Connections: ${p.connections} of 19`} />
        {p.personal && <Chip zone="objective" text={`${sites}/3`} label={`Personal objective: ${sites} of 3 sites`} />}
      </div>
    </article>
  );
}
