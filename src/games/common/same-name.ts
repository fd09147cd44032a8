/**
 * One name per player in a match: the boards, logs, turn banners and score tables call each seat by its name, so
 * two seats named "Ana" would read as one player. Names that differ only in case, accents or spacing ("ana",
 * "Ána", " Ana ") count as the same, as a table reading them would take them. The hot-seat form (src/client/
 * SetupFields.tsx) and the online join forms check it before asking; the lobby refuses it (server/lobby-guard.ts).
 */

/** A name as it is compared: trimmed, its runs of spaces made one. */
const spaced = (name: string): string => name.trim().replace(/\s+/g, ' ');

/** Whether two names would read as the same player's (never for an empty name, which gets a default label). */
export function sameName(a: string, b: string): boolean {
  const x = spaced(a);
  const y = spaced(b);
  // 'base': letters compare without case or accents ("Ána" is "ana"). A fixed locale: the browser's and the
  // server's would otherwise be free to differ.
  return x !== '' && y !== '' && x.localeCompare(y, 'en', { sensitivity: 'base' }) === 0;
}

/** The first of `others` (undefined: an open seat) that reads as `name`, or undefined when none does. */
export function nameHeldBy(name: string, others: readonly (string | undefined)[]): string | undefined {
  return others.find((o) => o !== undefined && sameName(name, o));
}

const TAKEN = 'Another player in this match is already called ';

/** Why a person may not take a name another player of the match has (`held`, as that player wrote it). */
export const nameTaken = (held: string): string =>
  `${TAKEN}${held.trim()}: choose another name, so that everyone can tell you apart.`;

/** Whether an error shown is `nameTaken`'s (a form clears it once the name is changed). */
export const isNameTaken = (error: string): boolean => error.startsWith(TAKEN);
