/**
 * Server test harness: a real server on 127.0.0.1 with an ephemeral port,
 * lobby calls over HTTP, and raw socket.io clients that record every message
 * the server sends them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { State } from 'boardgame.io';
import { startServer, type RunningServer, type ServerOptions } from '../../server/app';
import { formatLine, type Logger } from '../../server/log';
import { LisbonTram28 } from '../../src/games/lisbon';
import { botMoves } from '../../src/games/lisbon/bots/candidates';
import { restoreLogsOn, wantsLogSuffix } from '../../src/shared/log-suffix';
import { waitingOn } from '../../src/games/common/waiting-room';
import { actingPlayerOf } from '../../src/bots/mcts';
import type { GameDef } from '../../src/games/registry';

export const GAME = LisbonTram28.name as string;

/** A started test server and the log lines it wrote. */
export interface TestServer extends RunningServer {
  logs: string[];
  publicDir: string;
}

/**
 * The public dirs this process made (`makePublicDir`) and has not removed: removed as it ends, a safety net under
 * the removal each test does itself, for a dir whose removal never came (a suite skipped, or filtered out with `-t`,
 * after its body made one; a test that failed before closing its server). Vitest ends its `io` worker with SIGTERM,
 * which skips 'exit' handlers: this removes them on SIGTERM too, then lets the signal end the process as before (or
 * leaves that to another handler, Playwright's, when there is one). Kept on `globalThis`: one set and one pair of
 * hooks per process, should this module be loaded again.
 */
const madeDirs: Set<string> = ((globalThis as { __lt28PublicDirs?: Set<string> }).__lt28PublicDirs ??= (() => {
  const dirs = new Set<string>();
  const removeAll = () => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    dirs.clear();
  };
  process.once('exit', removeAll);
  process.once('SIGTERM', () => {
    removeAll();
    if (process.listenerCount('SIGTERM') === 0) process.kill(process.pid, 'SIGTERM');
  });
  return dirs;
})());

/** A public dir with an index.html and one built asset (under the OS's temp dir, named `lt28-public-*`). */
export function makePublicDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lt28-public-'));
  madeDirs.add(dir);
  fs.mkdirSync(path.join(dir, 'build'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Next Stop</title><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'build', 'main.js'), 'console.log("client");');
  return dir;
}

/** Removes a dir made by `makePublicDir` (and forgets it). */
export function removePublicDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  madeDirs.delete(dir);
}

/** Starts a real server (memory storage unless told otherwise). */
export async function startTestServer(opts: ServerOptions = {}): Promise<TestServer> {
  const logs: string[] = [];
  const logger: Logger = (level, message, fields) => logs.push(formatLine(level, message, fields));
  const ownDir = opts.publicDir === undefined;
  const publicDir = opts.publicDir ?? makePublicDir();
  let server: RunningServer;
  try {
    // Creation limits are off unless a test sets them: many tests create many matches from one address.
    // So are the per-socket event limits, for tests that play as fast as the server answers.
    const creation = { perMinute: 0, openPerClient: 0 };
    const socketLimits = { eventsPerSecond: 100_000, burst: 100_000 };
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      storage: 'memory',
      publicDir,
      logger,
      creation,
      socketLimits,
      ...opts,
    });
  } catch (err) {
    if (ownDir) removePublicDir(publicDir);
    throw err;
  }
  // The dir goes even when the server's close fails (a storage that throws as it closes).
  const close = async () => {
    try {
      await server.close();
    } finally {
      if (ownDir) removePublicDir(publicDir);
    }
  };
  return { ...server, close, logs, publicDir };
}

/** One HTTP call; returns status, headers and body text (and JSON when it parses). */
export async function http(
  base: string,
  route: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<{ status: number; headers: Headers; text: string; json: any }> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  let body = rest.body;
  if (json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(json);
  }
  const res = await fetch(base + route, { ...rest, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, json: parsed };
}

/** Creates a match of `game` (Lisbon by default) through the lobby. */
export async function createMatch(base: string, numPlayers: number, setupData?: unknown, game = GAME): Promise<string> {
  const res = await http(base, `/games/${game}/create`, { method: 'POST', json: { numPlayers, setupData } });
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${res.text}`);
  return res.json.matchID;
}

/** Joins a seat; returns the credentials. */
export async function joinMatch(
  base: string,
  matchID: string,
  playerID: string,
  name = `P${playerID}`,
  game = GAME,
): Promise<string> {
  const res = await http(base, `/games/${game}/${matchID}/join`, {
    method: 'POST',
    json: { playerID, playerName: name },
  });
  if (res.status !== 200) throw new Error(`join failed: ${res.status} ${res.text}`);
  return res.json.playerCredentials;
}

/** Creates a match (of Lisbon with seat 0 first, unless another game is named) and joins every seat. */
export async function fullMatch(
  base: string,
  numPlayers: number,
  game = GAME,
): Promise<{ matchID: string; creds: string[] }> {
  const matchID = await createMatch(base, numPlayers, game === GAME ? { firstPlayer: 0 } : undefined, game);
  const creds: string[] = [];
  for (let i = 0; i < numPlayers; i++) creds.push(await joinMatch(base, matchID, String(i), undefined, game));
  return { matchID, creds };
}

/** How often `RawClient.waitFor` checks its condition between messages, in ms. */
const RECHECK_MS = 20;

/** A raw socket.io client that records everything it receives. */
export class RawClient {
  readonly socket: Socket;
  /** Every message received, in order, as [event, ...args]. */
  readonly received: unknown[][] = [];
  /** The latest state received by sync or update. */
  state: State | undefined;
  /** Updates whose cut logs could not be put back (clients that ask for log suffixes). */
  unrestored = 0;
  /** The checks of the `waitFor` calls not yet settled: each runs at every message until its call settles. */
  private readonly waiters = new Set<() => void>();

  constructor(base: string, opts: { origin?: string; namespace?: string; auth?: Record<string, unknown> } = {}) {
    this.socket = io(`${base}/${opts.namespace ?? GAME}`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: opts.origin ? { Origin: opts.origin } : undefined,
      auth: opts.auth,
    });
    // A client that asks for log suffixes puts each update's logs back together, as the page does.
    if (wantsLogSuffix(opts.auth)) restoreLogsOn(this.socket, () => this.unrestored++);
    this.socket.onAny((event: string, ...args: unknown[]) => {
      this.received.push([event, ...args]);
      if (event === 'sync') this.state = (args[1] as { state: State }).state;
      if (event === 'update') this.state = args[1] as State;
      for (const check of [...this.waiters]) check();
    });
  }

  /** Resolves once connected; rejects on a connection error. */
  connected(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', (err) => reject(err));
    });
  }

  /**
   * Waits until `pred` holds, or fails after `ms`. It is checked at once, after each message, and every
   * `RECHECK_MS` besides: for a condition that comes true with no message to this client (the time, another
   * client's state, the server's storage). A `pred` that throws fails the wait with its error.
   */
  waitFor(pred: () => boolean, ms = 5000, what = 'message'): Promise<void> {
    if (pred()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const stop = () => {
        this.waiters.delete(check);
        clearTimeout(timer);
        clearInterval(poll);
      };
      const check = () => {
        if (!this.waiters.has(check)) return;
        let holds: boolean;
        try {
          holds = pred();
        } catch (err) {
          stop();
          reject(err instanceof Error ? err : new Error(String(err)));
          return;
        }
        if (holds) {
          stop();
          resolve();
        }
      };
      this.waiters.add(check);
      const poll = setInterval(check, RECHECK_MS);
      // One last look at the deadline, which a message or the poll may have just missed.
      const timer = setTimeout(() => {
        check();
        if (!this.waiters.has(check)) return;
        stop();
        reject(new Error(`timed out waiting for ${what}`));
      }, ms);
    });
  }

  /** Sends `sync` and waits for the answer. */
  async sync(matchID: string, playerID: string | null, credentials?: string): Promise<State> {
    await this.connected();
    const before = this.count('sync');
    this.socket.emit('sync', matchID, playerID, credentials, 2);
    await this.waitFor(() => this.count('sync') > before, 5000, 'sync');
    return this.state!;
  }

  /** Number of messages of one event received so far. */
  count(event: string): number {
    return this.received.filter((m) => m[0] === event).length;
  }

  /** Emits a move as boardgame.io's client does. */
  move(matchID: string, playerID: string, credentials: string, type: string, args: unknown[], stateID: number): void {
    this.socket.emit(
      'update',
      { type: 'MAKE_MOVE', payload: { type, args, playerID, credentials } },
      stateID,
      matchID,
      playerID,
    );
  }

  /** Emits a take-back as boardgame.io's client does (`client.undo()`); `type` other than UNDO forges one. */
  undo(matchID: string, playerID: string, credentials: string, stateID: number, type = 'UNDO'): void {
    this.socket.emit(
      'update',
      { type, payload: { type: null, args: null, playerID, credentials } },
      stateID,
      matchID,
      playerID,
    );
  }

  close(): void {
    this.socket.close();
  }

  /**
   * Plays `seat`'s turn with the first of the game's enumerated moves, move
   * by move, until `seat` no longer acts; returns the moves made.
   */
  async playTurn(def: GameDef, matchID: string, seat: string, credentials: string): Promise<number> {
    let n = 0;
    for (; n < 40 && this.state && actingPlayerOf(def, this.state) === seat; n++) {
      const s = this.state;
      const [m] = def.game.ai!.enumerate(s.G, s.ctx, seat) as { move: string; args?: unknown[] }[];
      this.move(matchID, seat, credentials, m.move, m.args ?? [], s._stateID);
      await this.waitFor(() => this.state!._stateID > s._stateID, 5000, 'a move');
    }
    return n;
  }

  /**
   * Plays `seat` (as `playTurn`) whenever it acts, while the others play
   * theirs, until the match reaches turn `turn` with `seat` to act; fails
   * after `ms`.
   */
  async playUntilTurn(def: GameDef, matchID: string, seat: string, credentials: string, turn: number, ms = 30_000) {
    const end = Date.now() + ms;
    const mine = () => actingPlayerOf(def, this.state!) === seat;
    while (!(this.state!.ctx.turn >= turn && mine())) {
      if (Date.now() > end) throw new Error(`timed out before turn ${turn}`);
      if (mine()) await this.playTurn(def, matchID, seat, credentials);
      else {
        const at = this.state!._stateID;
        await this.waitFor(() => this.state!._stateID > at, Math.max(1, end - Date.now()), `turn ${turn}`);
      }
    }
  }
}

/** Sleeps `ms`; used only to give the server a chance to answer what it must not. */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `pred` every `everyMs` until it holds; fails, naming `what`, after `ms`. */
export async function eventually(pred: () => Promise<boolean>, what: string, ms = 10_000, everyMs = 25): Promise<void> {
  const until = Date.now() + ms;
  while (!(await pred())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** Reads a match straight from storage, server side. */
export async function readMatch(server: RunningServer, matchID: string) {
  const opts = { state: true, metadata: true, initialState: true, log: true } as const;
  return (await server.db.fetch(matchID, opts)) as {
    state?: State;
    initialState?: State;
    metadata?: any;
    log?: any[];
  };
}

/**
 * Plays 2-player bystander matches on `url`, one after another, move by move
 * with legal moves, until `end` (a Date.now() time); returns each move's
 * round trip in ms (sent until every seat saw the new state), pausing `gapMs`
 * between moves (a server with its default socket limits refuses a client
 * sending faster than a person could). Used to show that floods and bots
 * elsewhere do not slow other players down.
 */
export async function playBystanders(url: string, end: number, gapMs = 0): Promise<number[]> {
  const trips: number[] = [];
  while (Date.now() < end) {
    const { matchID, creds } = await fullMatch(url, 2);
    const players = creds.map(() => new RawClient(url));
    for (let i = 0; i < players.length; i++) await players[i].sync(matchID, String(i), creds[i]);
    let stateID = players[0].state!._stateID;
    while (Date.now() < end) {
      const pid = waitingOn(players[0].state!.ctx)[0];
      if (pid === undefined) break;
      const own = players[Number(pid)].state!;
      const options = botMoves(own.G, own.ctx, pid) as Array<{ move: string; args?: unknown[] }>;
      const choice = options[trips.length % options.length];
      const started = performance.now();
      players[Number(pid)].move(matchID, pid, creds[Number(pid)], choice.move, choice.args ?? [], stateID);
      await Promise.all(players.map((p) => p.waitFor(() => p.state!._stateID > stateID, 10_000, 'bystander update')));
      trips.push(performance.now() - started);
      stateID = players[0].state!._stateID;
      if (gapMs > 0) await sleep(gapMs);
    }
    players.forEach((p) => p.close());
  }
  return trips;
}

/** The `p` quantile (0–1) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}
