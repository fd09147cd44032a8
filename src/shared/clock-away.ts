/**
 * The seats a turn clock marks away: those that timed out twice in a row or more (server/clocks.ts counts
 * `clockTimeouts` per seat, back to 0 when the seat plays by itself). Derived, not stored: a separate stored list was
 * written whole, so two seats reaching their second timeout at once kept only one mark, and a seat's return written
 * while another's mark was added could put the first back (PostgreSQL merges the counts seat by seat).
 */
export function clockAwayOf(metadata: { clockTimeouts?: unknown } | null | undefined): string[] {
  const counts = metadata?.clockTimeouts;
  if (!counts || typeof counts !== 'object') return [];
  return Object.entries(counts as Record<string, unknown>)
    .filter(([, n]) => typeof n === 'number' && n >= 2)
    .map(([seat]) => seat)
    .sort((a, b) => Number(a) - Number(b));
}
