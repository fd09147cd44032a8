/** A chat message's time (src/client/Chat.tsx), in the reader's own way of writing the hour. */
import { describe, expect, it } from 'vitest';
import { chatTime } from '../../src/client/Chat';

describe('chat message time', () => {
  const morning = new Date(2026, 10, 30, 5, 38).getTime();
  const evening = new Date(2026, 10, 30, 17, 8).getTime();

  it('writes a 12-hour clock without a leading zero (it read "05:38 AM")', () => {
    expect(chatTime(morning, 'en-US')).toBe('5:38 AM');
    expect(chatTime(evening, 'en-US')).toBe('5:08 PM');
  });

  it('keeps two digits on a 24-hour clock', () => {
    expect(chatTime(morning, 'en-GB')).toBe('05:38');
    expect(chatTime(evening, 'de-DE')).toBe('17:08');
  });
});
