/**
 * Touched On's hidden information over real sockets: a spectator and every
 * player of a 3-player match follow a whole online game (random moves from
 * the bots' list, each chosen on the mover's own view) through raw socket.io
 * clients. Nothing any socket receives may hold another player's hand, the
 * draw pile, an Exp value nobody may see, a Tram Tracker reveal meant for
 * someone else, the PRNG seed or state, or credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from 'boardgame.io';
import { Rng } from '../../../src/bots/rng';
import { touchedOn } from '../../../src/games/touched-on/def';
import type { TOState } from '../../../src/games/touched-on/types';
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

const GAME = touchedOn.id;
const MAX_MOVES = 2500;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** boardgame.io's log entries of Tram Tracker swaps anywhere in `messages`, with the seat that made each. */
function trackerSwaps(messages: unknown): Array<{ by: string; args: unknown }> {
  const found: Array<{ by: string; args: unknown }> = [];
  const walk = (v: unknown) => {
    if (!isObject(v)) return;
    const payload = isObject(v.action) && isObject(v.action.payload) ? v.action.payload : undefined;
    if (payload?.type === 'trackerSwap') found.push({ by: String(payload.playerID), args: payload.args });
    for (const child of Object.values(v)) walk(child);
  };
  walk(messages);
  return found;
}

/** Every leak in `message` as `viewer` (a seat, or null for a spectator) would receive it. */
function findLeaks(message: unknown, viewer: string | null): string[] {
  const leaks: string[] = [];
  const walk = (v: unknown, where: string, inInitial: boolean) => {
    if (!isObject(v)) return;
    if (isObject(v.G) && isObject(v.ctx)) {
      const G = v.G as unknown as TOState;
      const me = inInitial ? null : viewer;
      for (const [pid, p] of Object.entries(G.players ?? {})) {
        if (pid !== me && p.hand !== null) leaks.push(`${where}.G.players.${pid}.hand`);
        if (pid !== me && p.exp !== null && !G.gameOver) leaks.push(`${where}.G.players.${pid}.exp`);
      }
      if (G.drawPile?.length) leaks.push(`${where}.G.drawPile`);
      if (G.expPile?.length) leaks.push(`${where}.G.expPile`);
      for (const [id, line] of Object.entries(G.lines ?? {}))
        if (line.exp !== null) leaks.push(`${where}.G.lines.${id}.exp`);
      if (G.trackerReveal && G.trackerReveal.chooser !== me) leaks.push(`${where}.G.trackerReveal`);
      const plugins = v.plugins as Record<string, { data?: unknown }> | undefined;
      if (plugins?.random?.data !== undefined) leaks.push(`${where}.plugins.random.data`);
    }
    for (const [k, child] of Object.entries(v)) {
      if (FORBIDDEN_KEYS.includes(k) && child !== undefined) leaks.push(`${where}.${k}`);
      walk(child, `${where}.${k}`, inInitial || k === 'initialState');
    }
  };
  walk(message, '$', false);
  return leaks;
}

describe('Touched On: hidden information over sockets', () => {
  it('the leak check itself catches the raw server state', async () => {
    const { matchID } = await fullMatch(server.url, 2, GAME);
    const { state, initialState } = await readMatch(server, matchID);
    expect(findLeaks({ state }, '0')).toEqual(
      expect.arrayContaining(['$.state.G.players.1.hand', '$.state.G.drawPile', '$.state.G.expPile']),
    );
    expect(findLeaks({ initialState }, null).length).toBeGreaterThan(0);
  });

  it('whole games leak nothing to a spectator or to any player', async () => {
    // The server seeds each match at random: games are played until the moves that reveal or move
    // hidden cards (a Tram Tracker, an Appeal) have all happened, in 10 games at most.
    const kinds = new Set<string>();
    let revealed = false;
    let swapsSeen = 0;
    const done = () => revealed && swapsSeen > 0 && kinds.has('appeal') && kinds.has('inspect');
    for (let game = 0; game < 10 && !done(); game++) {
      const numPlayers = 3;
      const { matchID, creds } = await fullMatch(server.url, numPlayers, GAME);
      const ns = { namespace: GAME };
      const spectator = new RawClient(server.url, ns);
      const players = creds.map(() => new RawClient(server.url, ns));
      await spectator.sync(matchID, null);
      for (let i = 0; i < numPlayers; i++) await players[i].sync(matchID, String(i), creds[i]);

      const random = new Rng(game);
      let moves = 0;
      let stateID = players[0].state!._stateID;
      while (moves < MAX_MOVES) {
        const who = waitingOn(spectator.state!.ctx);
        if (who.length === 0) break;
        const pid = who[0];
        const own = players[Number(pid)].state as State;
        const options = touchedOn.bots.moves(own.G, own.ctx, pid);
        expect(options.length, `no move for ${pid} at state ${stateID}`).toBeGreaterThan(0);
        // Random moves, except that a victim holding an Appeal uses it (so that Appeals happen).
        const choice = options.find((o) => o.move === 'appeal') ?? options[random.int(options.length)];
        kinds.add(choice.move);
        players[Number(pid)].move(matchID, pid, creds[Number(pid)], choice.move, choice.args, stateID);
        await spectator.waitFor(() => spectator.state!._stateID > stateID, 5000, `the update after ${choice.move}`);
        await Promise.all(players.map((p) => p.waitFor(() => p.state!._stateID > stateID, 5000, 'player update')));
        stateID = spectator.state!._stateID;
        moves++;
      }

      const truth = await readMatch(server, matchID);
      expect(truth.state!.ctx.gameover, 'the game ended').toBeDefined();
      const seed = (truth.initialState!.plugins as { random: { data: { seed: string } } }).random.data.seed;
      const secretStrings = [seed, ...creds];
      expect(findLeaks(spectator.received, null)).toEqual([]);
      // Which cards a swap took and gave is known to its chooser alone (boardgame.io's log too: the move is redacted).
      expect(trackerSwaps(spectator.received).filter((e) => e.args !== null)).toEqual([]);
      expect(findStrings(spectator.received, secretStrings)).toEqual([]);
      for (let i = 0; i < numPlayers; i++) {
        expect(findLeaks(players[i].received, String(i)), `player ${i}`).toEqual([]);
        expect(findStrings(players[i].received, secretStrings), `player ${i}`).toEqual([]);
        // Not vacuous: each player saw their own hand during the game.
        const own = players[i].received.filter((m) => m[0] === 'update').map((m) => m[2] as State<TOState>);
        expect(own.some((st) => (st.G.players[String(i)].hand?.length ?? 0) > 0)).toBe(true);
        const swaps = trackerSwaps(players[i].received);
        expect(
          swaps.filter((e) => e.by !== String(i) && e.args !== null),
          `player ${i}`,
        ).toEqual([]);
        swapsSeen += swaps.filter((e) => e.by === String(i) && e.args !== null).length;
        // A Tram Tracker reveal reached its chooser (and, checked above, nobody else).
        if (own.some((st) => st.G.trackerReveal?.chooser === String(i))) revealed = true;
      }
      [spectator, ...players].forEach((c) => c.close());
    }
    expect(revealed, 'a Tram Tracker reveal was seen').toBe(true);
    expect(swapsSeen, 'a chooser was sent their own swap').toBeGreaterThan(0);
    for (const k of ['playEvaders', 'inspect', 'appeal', 'draw', 'tramTracker', 'trackerSwap'])
      expect(kinds, k).toContain(k);
  }, 120_000);

  it('a server bot seat plays its turns of an online match', async () => {
    const matchID = await createMatch(server.url, 2, { dealer: 1 }, GAME);
    const creds = await joinMatch(server.url, matchID, '0', 'Ana', GAME);
    const seated = await http(server.url, `/bots/${matchID}`, {
      method: 'POST',
      json: { seat: 1, level: 'easy', playerID: '0', credentials: creds },
    });
    expect(seated.status).toBe(200);
    const ana = new RawClient(server.url, { namespace: GAME });
    await ana.sync(matchID, '0', creds);
    // Ana plays random moves of her own; the bot answers on its turns, until it has played 3 of them.
    const random = new Rng(9);
    const botTurns = new Set<number>();
    const deadline = Date.now() + 45_000;
    while (botTurns.size < 3 && Date.now() < deadline && !ana.state!.ctx.gameover) {
      const st = ana.state as State<TOState>;
      const acting = touchedOn.bots.actingPlayer(st.G, st.ctx);
      if (acting === '0') {
        const options = touchedOn.bots.moves(st.G, st.ctx, '0');
        const m = options[random.int(options.length)];
        const before = st._stateID;
        ana.move(matchID, '0', creds, m.move, m.args, before);
        await ana.waitFor(() => ana.state!._stateID > before, 5000, 'my move');
      } else {
        const before = st._stateID;
        await ana.waitFor(() => ana.state!._stateID > before, 10_000, 'the bot');
        botTurns.add(st.ctx.turn);
      }
    }
    expect(botTurns.size).toBeGreaterThanOrEqual(3);
    const log = (ana.state as State<TOState>).G.log;
    expect(log.some((e) => 'player' in e && e.player === '1')).toBe(true);
    ana.close();
  }, 60_000);
});
