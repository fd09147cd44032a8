/**
 * A player who leaves a full table before the first move, in Debian's
 * Chromium against the real server, on Touched On. The match has not started
 * (src/games/common/waiting-room.ts), so it waits for its table again: the
 * other player's page, without a reload, greys the board behind the waiting
 * room and says who left, instead of offering a turn the server would refuse;
 * once someone takes the seat, the game goes on.
 */
import { describe, expect, it } from 'vitest';
import { http } from '../server/harness';
import { createdByAna, findChromium, joinedByLink, screenshot, e2eSuite } from './harness';

const CHROMIUM = findChromium();
const UI = 10_000;

describe.skipIf(!CHROMIUM)('browser: a player leaves before the first move', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  it('puts the table back in the waiting room for the others, says who left, and starts again once the seat is taken', async () => {
    const { page: ana, matchID, link } = await createdByAna(suite, 'left-early');
    await ana.getByTestId('waiting-room').waitFor({ timeout: UI });
    const bruno = await joinedByLink(suite, 'left-early', link, 'Bruno');
    // The table is full: Ana's page leaves the waiting room and her board takes input.
    await ana.getByTestId('waiting-room').waitFor({ state: 'detached', timeout: UI });
    expect(await ana.getByTestId('board-wrap').getAttribute('class')).not.toBe('board-waiting');

    // Bruno leaves before anyone has moved (his seat's credentials, as his page would send them).
    const stored = (await bruno.evaluate((id) => localStorage.getItem(`lt28:seat:${id}`), matchID))!;
    const { playerID, credentials } = JSON.parse(stored) as { playerID: string; credentials: string };
    const res = await http(suite.server.url, `/games/touched-on/${matchID}/leave`, {
      method: 'POST',
      json: { playerID, credentials },
    });
    expect(res.status).toBe(200);
    await bruno.context().close();

    // Ana is told, without a reload, and her board waits again (no turn to play that the server would refuse).
    await ana.getByTestId('waiting-room').waitFor({ timeout: UI });
    expect(await ana.getByTestId('left-before-start').textContent()).toBe(
      'Bruno left before the first move, so the game waits for a player again.',
    );
    expect(await ana.getByTestId('board-wrap').getAttribute('class')).toBe('board-waiting');
    expect(await ana.getByTestId('waiting-seat-1').textContent()).toContain('Seat 2: open');
    await screenshot(ana, 'left-before-start');

    // Carla takes the seat: the notice goes with the waiting room, and the game is on.
    const carla = await joinedByLink(suite, 'left-early', link, 'Carla');
    await ana.getByTestId('waiting-room').waitFor({ state: 'detached', timeout: UI });
    expect(await ana.getByTestId('left-before-start').count()).toBe(0);
    expect(await ana.getByTestId('board-wrap').getAttribute('class')).not.toBe('board-waiting');
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    for (const p of [ana, carla]) await p.context().close();
  }, 90_000);
});
