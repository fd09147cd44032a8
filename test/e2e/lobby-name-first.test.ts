/**
 * A game's lobby on a phone, in Debian's Chromium against the real server: "Create match" or an open match's
 * "Join" tapped with no name takes the player to the name field, focused, and says why right under it, in the
 * window (it used to be said by the button tapped, far below: at y 890–955 for Create and 1142–1206 for Join on a
 * 640 px screen, while the page showed the field at the top). Typing a name clears it, and Create then works.
 * A name that reads as a bot's ("Bot 2 (normal)") is refused as it is typed, in the lobby, on an invitation's page
 * and in hot-seat, which the server refuses too (test/server/bot-names.test.ts): the boards would show its player as
 * a bot. So is a name another player of the match has, in any case or accents, at an open match's Join, on an
 * invitation's page and in hot-seat (test/server/same-names.test.ts): the boards would show two players as one.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSuite, expectInView, findChromium, focused, screenshot } from './harness';
import { nameTaken } from '../../src/games/common/same-name';

const CHROMIUM = findChromium();
const UI = 10_000;
const PHONES = [
  { width: 360, height: 640 },
  { width: 844, height: 390 },
] as const;

describe.skipIf(!CHROMIUM)('browser: the lobby asks for a name where it takes the player', () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  async function phone(width: number, height: number): Promise<Page> {
    const context = await suite.browser.newContext({ viewport: { width, height }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`[name-first ${width}] pageerror: ${e.message}`));
    return page;
  }

  /** An open match of Touched On for two, listed in the lobby, with `name` in seat 1. */
  async function openMatchWith(name: string): Promise<string> {
    const res = await fetch(`${suite.server.url}/games/touched-on/create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ numPlayers: 2 }),
    });
    const { matchID } = (await res.json()) as { matchID: string };
    await fetch(`${suite.server.url}/games/touched-on/${matchID}/join`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ playerID: '0', playerName: name }),
    });
    return matchID;
  }

  /** The reason is said once, in the window, right under the focused name field, which it describes. */
  async function expectReasonByTheField(p: Page, what: string): Promise<void> {
    const reason = p.getByText('Enter your name first');
    await reason.waitFor({ timeout: UI });
    expect(await reason.count(), `${what}: said once`).toBe(1);
    await expect.poll(() => focused(p), { timeout: UI }).toBe('player-name');
    const field = p.getByTestId('player-name');
    await expectInView(p, field, `${what}: the name field`);
    await expectInView(p, reason, `${what}: the reason`);
    const f = (await field.boundingBox())!;
    const r = (await reason.boundingBox())!;
    expect(r.y, `${what}: under the field`).toBeGreaterThanOrEqual(f.y + f.height - 1);
    expect(r.y - (f.y + f.height), `${what}: right under the field`).toBeLessThan(40);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await field.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(await p.locator(`[id="${describedBy}"]`).textContent()).toContain('Enter your name first');
  }

  for (const { width, height } of PHONES) {
    it(`says why under the name field after Create or Join without a name, at ${width} × ${height}`, async () => {
      // An open match of Touched On, seat 1 taken, listed in the lobby.
      const matchID = await openMatchWith('Bruno');

      const p = await phone(width, height);
      await p.goto(`${suite.server.url}/#/g/touched-on`);
      await p.getByTestId('lobby').waitFor({ timeout: UI });
      expect(await p.getByTestId('player-name').inputValue()).toBe('');

      await p.getByTestId('create-submit').tap();
      await expectReasonByTheField(p, 'Create');
      await screenshot(p, `lobby-name-first-create-${width}x${height}`);
      expect(p.url()).not.toMatch(/\/match\//);

      // Away from the field again, then an open match's Join.
      await p.getByTestId('player-name').blur();
      const join = p.getByTestId(`join-${matchID}`);
      await join.waitFor({ timeout: UI });
      await join.tap();
      await expectReasonByTheField(p, 'Join');
      await screenshot(p, `lobby-name-first-join-${width}x${height}`);
      expect(p.url()).not.toMatch(/\/match\//);

      // A name clears the reason, and Create goes ahead.
      await p.getByTestId('player-name').pressSequentially('Ana');
      await p.getByText('Enter your name first').waitFor({ state: 'detached', timeout: UI });
      expect(await p.getByTestId('player-name').getAttribute('aria-invalid')).toBeNull();
      await p.getByTestId('create-submit').tap();
      await p.waitForURL(/\/match\//, { timeout: UI });
      await p.getByTestId('waiting-room').waitFor({ timeout: UI });
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await p.context().close();
    }, 60_000);
  }

  it("refuses a bot's name, or another player's, for a person: in the lobby, on an invitation's page, and in hot-seat", async () => {
    const taken = await openMatchWith('Ána Lu');
    const p = await phone(360, 640);
    await p.goto(`${suite.server.url}/#/g/touched-on`);
    await p.getByTestId('lobby').waitFor({ timeout: UI });
    const field = p.getByTestId('player-name');
    await field.pressSequentially('Bot 2 (normal)');
    const reason = p.getByTestId('name-error');
    await expect.poll(() => reason.textContent(), { timeout: UI }).toMatch(/kept for the bots/);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // Create is refused here, before the server is asked: the reason stays by the field, which takes the focus.
    await p.getByTestId('create-submit').tap();
    await expect.poll(() => focused(p), { timeout: UI }).toBe('player-name');
    await expectInView(p, reason, 'the reason');
    expect(p.url()).not.toMatch(/\/match\//);
    // Another name clears it.
    await field.fill('ana lu');
    await reason.waitFor({ state: 'detached', timeout: UI });
    // An open match where Ána Lu sits: its Join takes the player to the field, saying why under it.
    const join = p.getByTestId(`join-${taken}`);
    await join.waitFor({ timeout: UI });
    await join.tap();
    await expect.poll(() => reason.textContent(), { timeout: UI }).toBe(nameTaken('Ána Lu'));
    await expect.poll(() => focused(p), { timeout: UI }).toBe('player-name');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await expectInView(p, reason, 'the reason');
    await screenshot(p, 'lobby-name-taken-join-360x640');
    expect(p.url()).not.toMatch(/\/match\//);
    // Another name clears it, and Create goes ahead.
    await field.fill('Ana');
    await reason.waitFor({ state: 'detached', timeout: UI });
    await p.getByTestId('create-submit').tap();
    await p.waitForURL(/\/match\//, { timeout: UI });
    await p.getByTestId('waiting-room').waitFor({ timeout: UI });
    const invitation = p.url();

    // A friend opens the invitation and types a bot's name.
    const friend = await phone(360, 640);
    await friend.goto(invitation);
    await friend.getByTestId('join-name').fill('bot3');
    await friend.getByTestId('join-submit').tap();
    await expect
      .poll(() => friend.getByTestId('join-error').textContent(), { timeout: UI })
      .toMatch(/kept for the bots/);
    expect(await friend.getByTestId('join-panel').count()).toBe(1);
    // Then the name of the player who made the match, in another case and accent: refused before the server is asked.
    await friend.getByTestId('join-name').fill('ÀNA');
    await friend.getByTestId('join-submit').tap();
    await expect.poll(() => friend.getByTestId('join-error').textContent(), { timeout: UI }).toBe(nameTaken('Ana'));
    // The field is marked refused, named by the reason, and takes the focus, as the lobby's does.
    const joinName = friend.getByTestId('join-name');
    expect(await joinName.getAttribute('aria-invalid')).toBe('true');
    const described = await joinName.getAttribute('aria-describedby');
    expect(await friend.locator(`[id="${described}"]`).getAttribute('data-testid')).toBe('join-error');
    await expect.poll(() => focused(friend), { timeout: UI }).toBe('join-name');
    await screenshot(friend, 'lobby-name-taken-invitation-360x640');
    expect(await friend.getByTestId('join-panel').count()).toBe(1);
    await friend.getByTestId('join-name').fill('Bruno');
    await friend.getByTestId('join-error').waitFor({ state: 'detached', timeout: UI });
    expect(await joinName.getAttribute('aria-invalid')).toBeNull();
    await friend.getByTestId('join-submit').tap();
    await friend.getByTestId('join-panel').waitFor({ state: 'detached', timeout: UI });

    // Hot-seat: the seat rows say which seat, and Start does not start the game until it is changed.
    await friend.goto(`${suite.server.url}/#/g/touched-on/hotseat`);
    await friend.getByTestId('hs-name-0').fill('Hana');
    await friend.getByTestId('hs-name-1').fill('Hugo (hard)');
    const seats = friend.getByTestId('hs-name-error');
    await expect.poll(() => seats.textContent(), { timeout: UI }).toMatch(/^Seat 2: .*kept for the bots/);
    expect(await friend.getByTestId('hs-name-1').getAttribute('aria-invalid')).toBe('true');
    expect(await friend.getByTestId('hs-name-0').getAttribute('aria-invalid')).toBeNull();
    await friend.getByTestId('hs-start').tap();
    await expect.poll(() => focused(friend), { timeout: UI }).toBe('hs-name-1');
    expect(await friend.getByTestId('hotseat-setup').count()).toBe(1);
    await friend.getByTestId('hs-name-1').fill('Hugo');
    await seats.waitFor({ state: 'detached', timeout: UI });
    // A second Hana: seat 2's row says so, and Start takes the player to it.
    await friend.getByTestId('hs-name-1').fill(' HANA');
    const same = friend.getByTestId('hs-name-same-1');
    await expect
      .poll(() => same.textContent(), { timeout: UI })
      .toBe('Seat 2: seat 1 is already called Hana. Give each player a name of their own.');
    expect(await friend.getByTestId('hs-name-1').getAttribute('aria-invalid')).toBe('true');
    expect(await friend.getByTestId('hs-name-0').getAttribute('aria-invalid')).toBeNull();
    await friend.getByTestId('hs-name-0').focus();
    await friend.getByTestId('hs-start').tap();
    await expect.poll(() => focused(friend), { timeout: UI }).toBe('hs-name-1');
    await screenshot(friend, 'hotseat-name-taken-360x640');
    expect(await friend.getByTestId('hotseat-setup').count()).toBe(1);
    await friend.getByTestId('hs-name-1').fill('Hugo');
    await same.waitFor({ state: 'detached', timeout: UI });
    await friend.getByTestId('hs-start').tap();
    await friend.getByTestId('hotseat-setup').waitFor({ state: 'detached', timeout: UI });
    expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
    await p.context().close();
    await friend.context().close();
  }, 60_000);
});
