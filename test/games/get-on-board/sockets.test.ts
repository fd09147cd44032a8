/**
 * Get on Board's hidden information over real sockets: a spectator and every
 * player of a Rome and a Paris match follow whole online games (greedy moves
 * chosen on the mover's own view) through raw socket.io clients. Nothing any
 * socket receives may hold the order of the round deck, another player's
 * departure offer or choice before all have chosen (in the state or in the
 * move log), the PRNG seed or state, or credentials. A server bot seat plays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { getOnBoard } from '../../../src/games/get-on-board/def';
import type { GobState } from '../../../src/games/get-on-board/types';
import {
  createMatch,
  fullMatch,
  http,
  joinMatch,
  RawClient,
  readMatch,
  startTestServer,
  type TestServer,
} from '../../server/harness';
import { findStrings, FORBIDDEN_KEYS } from '../../server/leak-check';
import { waitingOn } from '../../../src/games/common/waiting-room';

const GAME = getOnBoard.id;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** Every leak in `message` as `viewer` (a seat, or null for a spectator) would receive it. */
function findLeaks(message: unknown, viewer: string | null): string[] {
  const leaks: string[] = [];
  const walk = (v: unknown, where: string) => {
    if (!isObject(v)) return;
    if (isObject(v.G) && isObject(v.ctx)) {
      const G = v.G as unknown as GobState;
      if (G.deck?.some((t) => t !== 0)) leaks.push(`${where}.G.deck`);
      for (const p of Object.keys(G.offers ?? {})) {
        if (p === viewer) continue;
        if (G.round === 0) {
          if (G.offers[p].some((t) => t !== 0)) leaks.push(`${where}.G.offers.${p}`);
          if (G.choices[p] !== null && G.choices[p] !== 0) leaks.push(`${where}.G.choices.${p}`);
        } else if (G.offers[p].some((t) => t !== 0 && t !== G.choices[p])) {
          // Once all have chosen: the kept ticket, never the one let go.
          leaks.push(`${where}.G.offers.${p}`);
        }
      }
      const plugins = v.plugins as Record<string, { data?: unknown }> | undefined;
      if (plugins?.random?.data !== undefined) leaks.push(`${where}.plugins.random.data`);
    }
    // A departure choice in the move log: its ticket only for the chooser.
    const payload = isObject(v.action) && isObject(v.action.payload) ? v.action.payload : null;
    if (payload?.type === 'chooseDeparture' && payload.playerID !== viewer && payload.args != null)
      leaks.push(`${where}.action.payload.args`);
    for (const [k, child] of Object.entries(v)) {
      if (FORBIDDEN_KEYS.includes(k) && child !== undefined) leaks.push(`${where}.${k}`);
      walk(child, `${where}.${k}`);
    }
  };
  walk(message, '$');
  return leaks;
}

describe('Get on Board: hidden information over sockets', () => {
  it('the leak check itself catches the raw server state', async () => {
    const { matchID } = await fullMatch(server.url, 2, GAME);
    const { state, initialState } = await readMatch(server, matchID);
    expect(findLeaks({ state }, '0')).toEqual(expect.arrayContaining(['$.state.G.deck', '$.state.G.offers.1']));
    expect(findLeaks({ initialState }, null).length).toBeGreaterThan(0);
  });

  it.each([3, 4])(
    'a whole %i-player game leaks nothing to a spectator or to any player',
    async (numPlayers) => {
      const { matchID, creds } = await fullMatch(server.url, numPlayers, GAME);
      const ns = { namespace: GAME };
      const spectator = new RawClient(server.url, ns);
      const players = creds.map(() => new RawClient(server.url, ns));
      await spectator.sync(matchID, null);
      for (let i = 0; i < numPlayers; i++) await players[i].sync(matchID, String(i), creds[i]);

      let stateID = players[0].state!._stateID;
      for (let moves = 0; moves < 200; moves++) {
        const who = waitingOn(spectator.state!.ctx, spectator.state!.G, getOnBoard.waitingOn);
        if (who.length === 0) break;
        const pid = who[0];
        const own = players[Number(pid)].state as State<GobState>;
        const options = getOnBoard.bots.moves(own.G, own.ctx, pid);
        expect(options.length, `no move for ${pid} at state ${stateID}`).toBeGreaterThan(0);
        const scores = getOnBoard.bots.scoreMoves(own.G, own.ctx, pid, options);
        const choice = options[scores.indexOf(Math.max(...scores))];
        players[Number(pid)].move(matchID, pid, creds[Number(pid)], choice.move, choice.args, stateID);
        await spectator.waitFor(() => spectator.state!._stateID > stateID, 5000, `the update after ${choice.move}`);
        await Promise.all(players.map((p) => p.waitFor(() => p.state!._stateID > stateID, 5000, 'player update')));
        stateID = spectator.state!._stateID;
      }

      const truth = await readMatch(server, matchID);
      expect(truth.state!.ctx.gameover, 'the game ended').toBeDefined();
      const G = truth.state!.G as GobState;
      expect(G.round, 'all 12 rounds were played').toBe(12);
      const seed = (truth.initialState!.plugins as { random: { data: { seed: string } } }).random.data.seed;
      const secretStrings = [seed, ...creds];
      expect(findLeaks(spectator.received, null)).toEqual([]);
      expect(findStrings(spectator.received, secretStrings)).toEqual([]);
      for (let i = 0; i < numPlayers; i++) {
        expect(findLeaks(players[i].received, String(i)), `player ${i}`).toEqual([]);
        expect(findStrings(players[i].received, secretStrings), `player ${i}`).toEqual([]);
        // Not vacuous: each player saw their own two departure tickets while the others' were hidden.
        const sawOwnOffer = players[i].received.some((m) => {
          const st = (m[0] === 'update' ? m[2] : m[0] === 'sync' ? (m[2] as { state?: unknown })?.state : null) as
            State<GobState> | null | undefined;
          return !!st && st.G.round === 0 && st.G.offers[String(i)].join() === G.offers[String(i)].join();
        });
        expect(sawOwnOffer, `player ${i} saw their offer`).toBe(true);
      }
      [spectator, ...players].forEach((c) => c.close());
    },
    120_000,
  );

  it('a server bot seat plays its rounds of an online match', async () => {
    const matchID = await createMatch(server.url, 2, undefined, GAME);
    const creds = await joinMatch(server.url, matchID, '0', 'Ana', GAME);
    const seated = await http(server.url, `/bots/${matchID}`, {
      method: 'POST',
      json: { seat: 1, level: 'easy', playerID: '0', credentials: creds },
    });
    expect(seated.status).toBe(200);
    const ana = new RawClient(server.url, { namespace: GAME });
    await ana.sync(matchID, '0', creds);
    const deadline = Date.now() + 45_000;
    // Ana plays greedy moves; the bot chooses its departure and plots its turns, until round 4.
    while (Date.now() < deadline && !ana.state!.ctx.gameover && (ana.state!.G as GobState).round < 4) {
      const st = ana.state as State<GobState>;
      const before = st._stateID;
      if (waitingOn(st.ctx, st.G, getOnBoard.waitingOn).includes('0')) {
        const options = getOnBoard.bots.moves(st.G, st.ctx, '0');
        const scores = getOnBoard.bots.scoreMoves(st.G, st.ctx, '0', options);
        const m = options[scores.indexOf(Math.max(...scores))];
        ana.move(matchID, '0', creds, m.move, m.args, before);
        await ana.waitFor(() => ana.state!._stateID > before, 5000, 'my move');
      } else await ana.waitFor(() => ana.state!._stateID > before, 10_000, 'the bot');
    }
    const G = ana.state!.G as GobState;
    expect(G.round).toBeGreaterThanOrEqual(4);
    expect(G.log.filter((e) => e.player === '1' && e.text.includes('plots')).length).toBeGreaterThanOrEqual(3);
    ana.close();
  }, 60_000);
});
