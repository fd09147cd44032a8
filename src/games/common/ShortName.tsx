/**
 * A seat's name where room is short (names.ts): a bot's shows without its level, which stays for a screen reader
 * (visually hidden), so "Bot 5 (normal) is plotting" reads whole and shows as "Bot 5 is plotting" rather than cut to
 * "Bot 5 (nor… is plotting" on a phone. Whoever shows it keeps the whole name in a title.
 */
import { withoutBotLevel } from './names';

export function ShortName({ name }: { name: string }) {
  const shown = withoutBotLevel(name);
  return (
    <>
      {shown}
      {shown !== name && <span className="visually-hidden">{name.slice(shown.length)}</span>}
    </>
  );
}
