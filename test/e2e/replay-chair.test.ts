/**
 * A replay seen from a player's chair, in Debian's Chromium against the real server, for every game: the board
 * shows that seat's hidden cards (its tickets, hand or sheet, under its player's name), but nobody plays a replay,
 * so it names whose turn it was ("Ana's turn", "Ana is plotting") even when that is the chair's own, and offers no
 * call to act ("Your turn", "Choose your departure"), no raised card and no move control; and, as nobody waits in
 * a replay, no "Waiting for Ana to play…" either.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eSuite, findChromium, newContext, screenshot } from './harness';
import { playedInProcess } from './replay-match';

const CHROMIUM = findChromium();
const UI = 10_000;
const NAMES = ['Ana', 'Bruno'];

/** Words that ask the viewer to act, or speak to them as a player. */
const CALL_TO_ACT =
  /Your turn|Your plot|Your choice|Your decision|Your tickets|Your hand|Choose your|Move your tram|Confirm your|You are inspected|\(you\)/;
/** Controls of a move: End turn, Confirm, Draw, a departure to keep, a place on the map, a raised card. */
const MOVE_CONTROLS = [
  '[data-testid="end-turn"]',
  '[data-testid="confirm-move"]',
  '[data-testid="draw"]',
  '[data-testid="plot-confirm"]',
  '[data-testid="departure-panel"]',
  '[data-testid^="dest-"]',
  '.gob-target',
  '[data-playable="yes"]',
  '.you',
].join(', ');

interface Case {
  game: string;
  seed: number;
  /** Brings the replay to a step where one seat acts alone (from the start). */
  goTo?: (page: Page) => Promise<void>;
  /** Where the board says whose turn it is. */
  who: string;
  /** The acting player's name, from the banner's words. */
  actor: (text: string) => string;
  /** The seat's hidden cards, shown from its chair under its player's name; none for a spectator. */
  hidden: (page: Page) => Promise<string | null>;
}

const heading = (page: Page) =>
  page
    .locator('.replay-board [data-testid="hand"] h3')
    .first()
    .textContent({ timeout: 500 })
    .catch(() => null);

const CASES: Case[] = [
  {
    game: 'lisbon-tram-28',
    seed: 28,
    who: '.replay-board [data-testid="turn-banner"] .turn-who',
    actor: (t) => /^(.*)'s turn$/.exec(t)?.[1] ?? t,
    hidden: heading,
  },
  {
    game: 'touched-on',
    seed: 5,
    who: '.replay-board [data-testid="turn-who"]',
    actor: (t) => /^(.*)'s turn$/.exec(t)?.[1] ?? t,
    hidden: async (page) => {
      const cards = await page.locator('.replay-board [data-testid^="hand-card-"]').count();
      return cards > 0 ? heading(page) : null;
    },
  },
  {
    game: 'get-on-board',
    seed: 7,
    // Round 1: one seat plots (the departures before it are everyone's at once).
    goTo: (page) =>
      page
        .getByTestId('replay-turn')
        .selectOption('1')
        .then(() => undefined),
    who: '.replay-board [data-testid="turn-who"]',
    actor: (t) => /^(.*) is plotting$/.exec(t)?.[1] ?? t,
    // The chair's own sheet, with its personal objective: "Ana's sheet".
    hidden: async (page) =>
      (await page.locator('.replay-board [data-testid="my-sheet"] .gob-personal').count()) > 0
        ? page
            .locator('.replay-board [data-testid="my-sheet"] [aria-label$="\'s sheet"]')
            .first()
            .getAttribute('aria-label', { timeout: 500 })
            .catch(() => null)
        : null,
  },
];

/**
 * Nobody waits in a replay: the panel that tells a spectator "Waiting for Ana to play…" says whose step comes next
 * ("Ana to play.", "Ana to plot.").
 */
async function nextStepSaid(page: Page, actor: string) {
  expect(await page.locator('.replay-board').innerText()).not.toMatch(/Waiting for/);
  expect(((await page.locator('.replay-board [data-testid="waiting"]').first().textContent()) ?? '').trim()).toMatch(
    new RegExp(`^${actor} to (play|plot)\\.$`),
  );
}

describe.skipIf(!CHROMIUM)("browser: a replay from a player's chair", () => {
  const suite = e2eSuite();
  const errors = suite.errors;

  for (const c of CASES) {
    it(`${c.game}: the seat's hidden cards under its name, whose turn by name, no call to act`, async () => {
      const { matchID } = await playedInProcess(suite, c.game, 2, c.seed);
      const { metadata } = await suite.server.db.fetch(matchID, { metadata: true });
      NAMES.forEach((name, i) => (metadata.players[i].name = name));
      await suite.server.db.setMetadata(matchID, metadata);

      const { page, context } = await newContext(suite.browser, errors, `replay-chair-${c.game}`);
      await page.goto(`${suite.server.url}/#/g/${c.game}/replay/${matchID}`);
      await page.getByTestId('replay-page').waitFor({ timeout: UI });
      await expect.poll(() => page.getByTestId('replay-step').textContent(), { timeout: UI }).toMatch(/^Step 0 of/);
      await c.goTo?.(page);

      // As a spectator saw it: whose turn, and no hidden card.
      const who = page.locator(c.who);
      const actor = c.actor(((await who.textContent()) ?? '').trim());
      expect(NAMES).toContain(actor);
      expect(await c.hidden(page)).toBeNull();
      await nextStepSaid(page, actor);

      // From the acting player's own chair: still their name, and no call to act.
      await page.getByTestId('replay-show-all').selectOption(String(NAMES.indexOf(actor)));
      await expect.poll(() => c.hidden(page), { timeout: UI }).not.toBeNull();
      const shown = await c.hidden(page);
      expect(shown).toMatch(new RegExp(`^${actor}'s (tickets|hand|sheet)\\b`));
      expect(((await who.textContent()) ?? '').trim()).toContain(actor);
      expect(await page.locator('.replay-board').innerText()).not.toMatch(CALL_TO_ACT);
      expect(await page.locator(`.replay-board :is(${MOVE_CONTROLS})`).count()).toBe(0);
      await nextStepSaid(page, actor);
      await screenshot(page, `replay-chair-${c.game}`);

      // The other chair: the acting player named too, the other seat's cards shown.
      const other = NAMES.find((n) => n !== actor)!;
      await page.getByTestId('replay-show-all').selectOption(String(NAMES.indexOf(other)));
      await expect
        .poll(() => c.hidden(page), { timeout: UI })
        .toMatch(new RegExp(`^${other}'s (tickets|hand|sheet)\\b`));
      expect(((await who.textContent()) ?? '').trim()).toContain(actor);
      expect(await page.locator('.replay-board').innerText()).not.toMatch(CALL_TO_ACT);

      if (c.game === 'get-on-board') {
        // At the start everyone chooses a departure: the chair's two tickets are told, none offered to keep.
        await page.getByTestId('replay-first').click();
        await expect
          .poll(() => page.locator('.replay-board [data-testid="waiting"]').textContent(), { timeout: UI })
          .toMatch(new RegExp(`^${other} chooses between departures \\d+ and \\d+\\.$`));
        expect(await page.locator('.replay-board').innerText()).not.toMatch(CALL_TO_ACT);
        expect(await page.locator(`.replay-board :is(${MOVE_CONTROLS})`).count()).toBe(0);
      }
      expect(errors.filter((e) => e.includes('pageerror'))).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
