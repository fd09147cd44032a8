/**
 * What the "Play on another device" tests (handover.test.ts, handover-phone.test.ts, handover-share.test.ts) share:
 * the Touched On match they play, the QR code read from a page, and the words and screens they expect.
 */
import jsQR from 'jsqr';
import type { State } from 'boardgame.io';
import type { Page } from 'playwright-core';
import type { TOState } from '../../src/games/touched-on/types';
import { give } from '../games/touched-on/helpers';
import { createJoined, type E2ESuite } from './harness';

export const UI = 10_000;
/** What the seat's link and the invitation's QR code both say on a page opened as 127.0.0.1 (LoopbackNote.tsx). */
export const LOCAL_NOTE =
  "This page's address (127.0.0.1) names this computer alone: another device cannot open the link. Open the site " +
  'here by an address the other device reaches, and make the link there.';
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** The same phone held sideways. */
export const SIDEWAYS = { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true };

/** What the QR code on the page says, read from its pixels (the SVG drawn on a canvas) by a QR decoder. */
export async function readQr(page: Page, testid = 'handover-qr'): Promise<string | null> {
  // Drawn once its code has loaded.
  await page.locator(`[data-testid="${testid}"] path`).waitFor({ timeout: UI });
  const { width, height, data } = await page.getByTestId(testid).evaluate(async (svg) => {
    const xml = new XMLSerializer().serializeToString(svg);
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(xml)}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 400;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0, 400, 400);
    const pixels = ctx.getImageData(0, 0, 400, 400);
    return { width: 400, height: 400, data: Array.from(pixels.data) };
  });
  return jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? null;
}

/**
 * A 2-player Touched On match on the suite's server with both seats joined, seat 0 to play two Evaders of 96 (and an
 * Appeal to keep).
 */
export async function handoverMatch(suite: E2ESuite) {
  const url = suite.server.url;
  const { matchID, creds } = await createJoined(url, 'touched-on', 2, { dealer: 1 });
  const state = structuredClone((await suite.server.db.fetch(matchID, { state: true })).state as State<TOState>);
  const G = state.G;
  for (const p of Object.values(G.players)) {
    G.drawPile.push(...p.hand!);
    p.hand = [];
    p.handSize = 0;
  }
  const [e1, e2] = give(G, '0', ['E96', 'E96', 'appeal', 'E86']);
  give(G, '1', ['E86', 'E86', 'E86']);
  G.drawCount = G.drawPile.length;
  await suite.server.db.setState(matchID, state);
  return { url, matchID, creds, e1, e2 };
}
