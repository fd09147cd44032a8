/**
 * A seat's name where room is short (names.ts). A bot's level ("Bot 5 (normal)") either stays for a screen reader
 * alone (visually hidden), so "Bot 5 (normal) is plotting" shows as "Bot 5 is plotting" rather than cut to
 * "Bot 5 (nor… is plotting" on a phone, and whoever shows it keeps the whole name in a title; or, `level="under"`,
 * stands whole on a line of its own under the name (class `seat-level`), so that a narrow column does not break
 * "(normal)" in the middle of the word.
 */
import { withoutBotLevel } from './names';
import './visually-hidden.css';

export function ShortName({ name, level = 'hidden' }: { name: string; level?: 'hidden' | 'under' }) {
  const shown = withoutBotLevel(name);
  return (
    <>
      {shown}
      {shown !== name && (
        <span className={level === 'under' ? 'seat-level' : 'visually-hidden'}>{name.slice(shown.length)}</span>
      )}
    </>
  );
}
