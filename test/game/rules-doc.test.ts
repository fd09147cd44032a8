/** The rules document lists the designed content exactly as the data tables hold it. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARDS } from '../../src/games/lisbon/data/cards';
import { BOARDS } from '../../src/games/lisbon/data/boards';
import { COLORS } from '../../src/games/lisbon/data/types';
import { SIDES } from '../../src/games/lisbon/data/maps';

const doc = readFileSync(new URL('../../src/games/lisbon/RULES.md', import.meta.url), 'utf8');
const half = (c: string | null) => (c ? c[0].toUpperCase() : '·');

describe('src/games/lisbon/RULES.md', () => {
  it.each(CARDS.map((c) => [c.id, c] as const))('lists card %s with its VP, passengers and edges', (id, c) => {
    const row = doc.split('\n').find((l) => l.startsWith(`| \`${id}\` |`));
    expect(row, `no row for ${id}`).toBeDefined();
    const cells = row!.split('|').map((s) => s.trim());
    expect(cells[3]).toBe(String(c.vp));
    for (const [colour, n] of Object.entries(c.need)) expect(cells[4]).toContain(`${n} ${colour}`);
    expect(cells[5]).toBe(`\`${c.left.map(half).join('')}\``);
    expect(cells[6]).toBe(`\`${c.right.map(half).join('')}\``);
  });

  it('lists every player board pairing', () => {
    for (const b of BOARDS) expect(doc).toContain(`| ${b.id} | ${COLORS.map((c) => b.bonuses[c]).join(' | ')} |`);
  });

  it('names every tram stop of both sides', () => {
    for (const side of Object.values(SIDES))
      for (const n of side.nodes.filter((n) => n.kind === 'stop')) expect(doc).toContain(n.name);
  });
});
