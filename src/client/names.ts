/** Players' names as every game's board gets them. Pure: no React. */

/** Player names by seat id, from boardgame.io's matchData and the page's own names (the latter win). */
export function namesFrom(
  playerNames: Record<string, string> | undefined,
  matchData: readonly { id: number; name?: string }[] | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of matchData ?? []) if (m.name) out[String(m.id)] = m.name;
  for (const [id, name] of Object.entries(playerNames ?? {})) if (name) out[id] = name;
  return out;
}

/** "A", "A and B", "A, B and C". */
export function listOf(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
