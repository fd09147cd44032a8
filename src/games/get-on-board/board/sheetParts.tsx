/**
 * Building blocks of the player sheet: a zone box, a row of boxes or circles
 * that are empty, crossed or circled, as on the paper sheet. Presentational
 * only; the counts come from SheetProps.
 */
import React from 'react';
import type { Icon } from '../maps/types';
import { IconSvg } from './icons';

/** A zone of the sheet with its icon and title; `label` is what a screen reader hears. */
export function Zone({
  zone,
  title,
  icon,
  label,
  children,
  className,
}: {
  zone: string;
  title: string;
  icon?: Icon;
  label: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section
      role="group"
      className={`gob-zone gob-zone--${zone}${className ? ` ${className}` : ''}`}
      data-zone={zone}
      aria-label={label}
    >
      <h4 className="gob-zone-title">
        {icon && <IconSvg icon={icon} size={18} decorative />}
        <span>{title}</span>
      </h4>
      {children}
    </section>
  );
}

/** A square box: its printed value (if any), crossed off when `crossed`. */
export function Box({
  value,
  crossed,
  shade,
  written,
}: {
  value?: React.ReactNode;
  crossed?: boolean;
  /** Flirt spaces: a light or dark background. */
  shade?: 'light' | 'dark';
  /** A resolved value written in the box (bold, not crossed). */
  written?: boolean;
}) {
  const cls = ['gob-box'];
  if (crossed) cls.push('gob-box--x');
  if (shade) cls.push(`gob-box--${shade}`);
  if (written) cls.push('gob-box--written');
  return (
    <span className={cls.join(' ')} data-crossed={crossed ? 'yes' : undefined}>
      {value}
    </span>
  );
}

/** A row of `values.length` boxes, the first `crossed` of them crossed off. */
export function Boxes({ values, crossed }: { values: React.ReactNode[]; crossed: number }) {
  return (
    <span className="gob-boxes">
      {values.map((v, i) => (
        <Box key={i} value={v} crossed={i < crossed} />
      ))}
    </span>
  );
}

/** A round space: empty, circled (a ring drawn round it) and/or crossed; `value` printed inside. */
export function Dot({ value, circled, crossed }: { value?: React.ReactNode; circled?: boolean; crossed?: boolean }) {
  const cls = ['gob-dot'];
  if (circled) cls.push('gob-dot--circled');
  if (crossed) cls.push('gob-dot--x');
  return (
    <span
      className={cls.join(' ')}
      data-circled={circled ? 'yes' : undefined}
      data-crossed={crossed ? 'yes' : undefined}
    >
      {value}
    </span>
  );
}

/** A memory aid's count: "×n", or a dash for none. */
export function Tally({ n }: { n: number }) {
  return <span className="gob-tally">{n > 0 ? `×${n}` : '–'}</span>;
}

/** Clamp a count into 0..max (a bad adapter value must not break the drawing). */
export const clamp = (n: number, max: number) => Math.max(0, Math.min(max, Math.floor(n || 0)));
