/**
 * A known Touched On position for the browser tests: a fresh two-seat match
 * (created and joined through the lobby API) whose hands are replaced, before
 * anyone moves, through the storage handle of the in-process server. The
 * seat on turn holds two Evaders of 96, two of 86 and an Appeal; the other
 * seat an Undercover Inspector and two Evaders of 86. Cards come from the
 * draw pile, so the totals still hold.
 */
import type { State } from 'boardgame.io';
import type { Page } from 'playwright-core';
import type { TOState } from '../../src/games/touched-on/types';
import { carriage, emptyHands, give, setLineExp, setPlay } from '../games/touched-on/helpers';
import { changeStoredHotSeat, createJoined, type E2EServer } from './harness';

/** The match, its credentials, the seat on turn and the cards it was given. */
export interface KnownMatch {
  matchID: string;
  creds: string[];
  seat: string;
  cards: { e96: string[]; e86: string[]; appeal: string };
}

/** Creates the match and deals the known hands. */
export async function knownMatch(server: E2EServer): Promise<KnownMatch> {
  const { matchID, creds } = await createJoined(server.url, 'touched-on', 2);
  const state = structuredClone((await server.db.fetch(matchID, { state: true })).state as State<TOState>);
  const G = state.G;
  const seat = state.ctx.currentPlayer;
  const other = seat === '0' ? '1' : '0';
  for (const p of Object.values(G.players)) {
    G.drawPile.push(...p.hand!);
    p.hand = [];
    p.handSize = 0;
  }
  const [a, b, c, d, appeal] = give(G, seat, ['E96', 'E96', 'E86', 'E86', 'appeal']);
  give(G, other, ['U', 'E86', 'E86']);
  G.drawCount = G.drawPile.length;
  await server.db.setState(matchID, state);
  return { matchID, creds, seat, cards: { e96: [a, b], e86: [c, d], appeal } };
}

/** The stored state of a match. */
export async function storedState(server: E2EServer, matchID: string): Promise<State<TOState>> {
  return (await server.db.fetch(matchID, { state: true })).state as State<TOState>;
}

/**
 * A fresh 3-seat match whose seat on turn holds a Tram Tracker and 9 more cards, and the seat it targets 11 cards to
 * take from. `big`: a 4-seat match, its Line 109's cards too, 9 and 12 more, so that the swap's button, under both
 * hands, stands a long scroll down (its foot at 1,047 px in the page at 1024 × 768).
 */
export async function trackerMatch(server: E2EServer, big = false) {
  const { matchID, creds } = await createJoined(server.url, 'touched-on', big ? 4 : 3);
  const state = structuredClone(await storedState(server, matchID));
  const G = state.G;
  const seat = state.ctx.currentPlayer;
  const target = state.ctx.playOrder.find((p) => p !== seat)!;
  emptyHands(G);
  const [tracker] = give(G, seat, ['tramTracker', 'E96', 'E96', 'E86', 'E86', 'E19', 'E19', 'U', 'appeal', 'A19']);
  give(G, target, ['E96', 'E96', 'E86', 'E86', 'E19', 'E19', 'U', 'A96', 'A86', 'prioritySeat', 'freeTramZone']);
  if (big) {
    give(G, seat, ['E96', 'E86', 'E19', 'E96', 'E86', 'E109', 'E109', 'E109', 'E109']);
    give(G, target, ['E96', 'E86', 'E19', 'E96', 'E86', 'E19', 'U', 'E96', 'E109', 'E109', 'E109', 'E109']);
  }
  G.drawCount = G.drawPile.length;
  await server.db.setState(matchID, state);
  return { matchID, creds, seat, target, tracker };
}

/** A mid-journey 3-seat Touched On position (midJourney) and who is who in it. */
export interface Table {
  matchID: string;
  creds: string[];
  /** The seat on turn, the one before it (who added to the exposed carriage) and the third. */
  cur: string;
  prev: string;
  /** The current carriage's id and the Undercover Inspector the seat on turn holds. */
  exposed: number;
  undercover: string;
}

/**
 * The position, written over a fresh 3-seat match before anyone moves. `tall`: Line 96 holds one carriage, the current
 * one, of 6 cards in 4 runs (taller than a 640 px phone has room for under its banner while a batch is chosen).
 */
export async function midJourney(server: E2EServer, tall = false): Promise<Table> {
  const { matchID, creds } = await createJoined(server.url, 'touched-on', 3);
  const state = structuredClone((await server.db.fetch(matchID, { state: true })).state as State<TOState>);
  const seats = setMidJourney(state, tall);
  await server.db.setState(matchID, state);
  return { matchID, creds, ...seats };
}

/**
 * The position of `midJourney`, written over `state` (a 3-seat match before anyone moves: a stored hot-seat game's
 * too), changed in place; who is who in it.
 */
export function setMidJourney(state: State<TOState>, tall = false): Omit<Table, 'matchID' | 'creds'> {
  const G = state.G;
  const cur = state.ctx.currentPlayer;
  const order = state.ctx.playOrder;
  const prev = order[(order.indexOf(cur) + order.length - 1) % order.length];
  const third = order.find((p) => p !== cur && p !== prev)!;
  emptyHands(G);
  // Line 19: filled past 9 (a Priority Seat), over three carriages and one emptied by an inspection.
  carriage(G, '19', [
    [prev, 'E19'],
    [prev, 'E19'],
    [prev, 'E19'],
  ]);
  G.lines['19'].carriages.push({ id: G.nextCarriageId++, cards: [] });
  carriage(G, '19', [
    [third, 'E19'],
    [third, 'E19'],
    [third, 'E19'],
    [third, 'E19'],
    [third, 'prioritySeat'],
  ]);
  carriage(G, '19', [
    [cur, 'E19'],
    [cur, 'E19'],
  ]);
  setLineExp(G, '19', null);
  if (!tall)
    carriage(G, '96', [
      [third, 'E96'],
      [third, 'E96'],
    ]);
  const exposed = carriage(
    G,
    '96',
    tall
      ? [
          [third, 'E96'],
          [cur, 'E96'],
          [third, 'E96'],
          [prev, 'E96'],
          [prev, 'E96'],
          [prev, 'E96'],
        ]
      : [
          [cur, 'E96'],
          [prev, 'E96'],
          [prev, 'E96'],
          [prev, 'E96'],
        ],
  );
  carriage(G, '86', [
    [third, 'E86'],
    [third, 'E86'],
    [third, 'E86'],
    [third, 'E86'],
  ]);
  setPlay(G, '96', prev, exposed);
  // Every card of the 3-player deck but one is in play.
  const [undercover] = give(G, cur, ['U', 'E96', 'E86', 'A96', 'appeal']);
  give(G, prev, [
    'E96',
    'E86',
    'E86',
    'A86',
    'U',
    'tramTracker',
    'feetOnSeat',
    'appeal',
    'prioritySeat',
    'peakHour',
    'A19',
  ]);
  give(G, third, ['E96', 'E86', 'E86', 'U', 'tramTracker', 'freeTramZone']);
  G.drawCount = G.drawPile.length;
  return { cur, prev, exposed, undercover };
}

/**
 * What `setMidJourney`'s table shows besides, on its piles and seats (`piles` of `hotSeatMidJourney`): two Powers
 * used (a Tram Tracker and a Feet On Seat, from the hand of the seat before the one on turn), its Peak Hour in front
 * of it, an Evader on the discard pile and two Exp cards won by the seat on turn.
 */
export function setPilesAndSeats(state: State<TOState>, seats: Omit<Table, 'matchID' | 'creds'>): void {
  const G = state.G;
  const out = (p: string, short: string) => {
    const hand = G.players[p].hand!;
    const card = hand.find((c) => (short.startsWith('E') ? c.startsWith(`${short}-`) : c.startsWith(`P-${short}-`)))!;
    hand.splice(hand.indexOf(card), 1);
    G.players[p].handSize = hand.length;
    return card;
  };
  G.usedPowers.push(out(seats.prev, 'tramTracker'), out(seats.prev, 'feetOnSeat'));
  G.peakHours.push({ card: out(seats.prev, 'peakHour'), owner: seats.prev });
  G.discard.push(out(seats.prev, 'E86'));
  const won = G.expPile.splice(0, 2);
  G.players[seats.cur].exp = [...(G.players[seats.cur].exp ?? []), ...won];
  G.players[seats.cur].expCount += won.length;
  G.expPileCount = G.expPile.length;
}

/**
 * A hot-seat game of Ana, Bruno and Caro on `page`, set mid-journey (`setMidJourney`) before anyone moves, and handed
 * to the seat on turn (its pass screen's "Ready" pressed). `players` 4: Dev too, who holds 3 cards and has a carriage
 * of 3 Evaders on Line 109. `piles`: the piles and seats of `setPilesAndSeats` too.
 */
export async function hotSeatMidJourney(page: Page, url: string, players: 3 | 4 = 3, piles = false): Promise<void> {
  await page.goto(`${url}/#/g/touched-on/hotseat`);
  await page.getByTestId(`hs-players-${players}`).click();
  for (const [i, name] of ['Ana', 'Bruno', 'Caro', 'Dev'].slice(0, players).entries())
    await page.getByTestId(`hs-name-${i}`).fill(name);
  await page.getByTestId('hs-start').click();
  await page.getByTestId('pass-ready').waitFor({ timeout: 10_000 });
  await changeStoredHotSeat<TOState>(page, (state) => {
    const seats = setMidJourney(state);
    if (piles) setPilesAndSeats(state, seats);
    if (players === 3) return;
    const G = state.G;
    const dev = state.ctx.playOrder.find(
      (p) => p !== seats.cur && p !== seats.prev && G.players[p].hand!.length === 0,
    )!;
    carriage(G, '109', [
      [dev, 'E109'],
      [dev, 'E109'],
      [dev, 'E109'],
    ]);
    give(G, dev, ['E109', 'E109', 'U']);
    G.drawCount = G.drawPile.length;
  });
  await page.getByTestId('hs-resume').click({ timeout: 10_000 });
  await page.getByTestId('pass-ready').click({ timeout: 10_000 });
}
