/**
 * Load test: real server, real lobby API, real socket.io clients playing random
 * moves (from the bots' list, `botMoves`, on each client's own view) until
 * every match ends.
 *
 *   npm run loadtest -- --matches 100 --players 4 [--storage file|memory|postgres]
 *                       [--url http://127.0.0.1:PORT] [--kill-at 0.5] [--timeout 600]
 *                       [--think-ms 0] [--seed 1] [--json out.json] [--keep-data]
 *                       [--workers N --redis-url redis://... --kill-worker-at 0.5] [--compare 1,2,4]
 *                       [--whole-logs]
 *
 * Without `--url` it starts `server/index.ts` (bundled with esbuild) as a child
 * process on a free port with fresh storage (a temp data dir, or a fresh schema
 * in DATABASE_URL / TEST_DATABASE_URL for postgres). `--url` targets a running
 * server, on 127.0.0.1 / localhost only.
 *
 * `--kill-at F` kills the server with SIGKILL once F of the expected moves are
 * acknowledged, restarts it on the same storage and port, and lets the clients
 * reconnect on their own. At the end the stored matches are checked: every
 * move a client saw acknowledged is in the stored log, in place.
 *
 * Clients ask for game logs as suffixes, as the page does
 * (src/shared/log-suffix.ts); `--whole-logs` makes them take whole states.
 *
 * The latency of a move is the time from sending it to receiving the state
 * that includes it. Exit code 0 only when every match completed with no error.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import type { LogEntry, State, StorageAPI } from 'boardgame.io';
import { createStorage, PostgresStorage } from '../server/storage';
import { removeDeadPidFiles } from '../server/pid-files';
import { decimal, integer, oneOf, parseFlags, runCli, RunError, text, UsageError } from './cli';
import { Rng } from '../src/bots/rng';
import { DEFAULT_GAME, GAMES, gameNamed, type GameDef } from '../src/games/registry';
import { LOG_SUFFIX_AUTH, restoreLogsOn } from '../src/shared/log-suffix';
import { waitingOn } from '../src/games/common/waiting-room';

export type StorageKind = 'file' | 'memory' | 'postgres';

export interface LoadOptions {
  /** The game (registry id or alias; default Lisbon). */
  game?: string;
  matches: number;
  players: number;
  storage: StorageKind;
  /** Target a running server instead of starting one (loopback only). */
  url?: string;
  /** Kill -9 and restart the server after this fraction of the expected moves. */
  killAt?: number;
  timeoutSec: number;
  /** Mean pause before a bot moves (uniform in [0.5, 1.5] × this). */
  thinkMs: number;
  seed: number;
  /** Storage location of a server we start, or of the `--url` server for verification. */
  dataDir?: string;
  databaseUrl?: string;
  keepData?: boolean;
  /** Progress lines to stderr. */
  verbose?: boolean;
  /** Server CLI to start (default server/index.ts). */
  serverEntry?: string;
  /** Server worker processes (`--workers`; more than 1 needs postgres and `redisUrl`). */
  workers?: number;
  /** Redis for the server's updates between processes. */
  redisUrl?: string;
  /** SIGKILL one worker (the cluster starts another) after this fraction of the expected moves. */
  killWorkerAt?: number;
  /** Clients take whole states instead of log suffixes. */
  wholeLogs?: boolean;
}

export interface LoadReport {
  storage: StorageKind | 'external';
  matches: number;
  players: number;
  matchesCompleted: number;
  movesAcknowledged: number;
  durationSec: number;
  movesPerSec: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number; mean: number };
  errors: number;
  errorKinds: Record<string, number>;
  errorSamples: string[];
  serverPeakRssMB: number | null;
  /** CPU seconds (user + system) used by the server process(es) and by this load generator. */
  serverCpuSec: number | null;
  loadgenCpuSec: number;
  /** 1-minute load average at the start and the end (other work on the machine shows here). */
  loadAvg: [number, number];
  loadgenPeakRssMB: number;
  serverStderrLines: number;
  serverStderrSamples: string[];
  /** Server stderr lines that report an unhandled rejection or an uncaught error (there should be none). */
  serverUnhandled: string[];
  kill?: {
    atMoves: number;
    downtimeMs: number;
    movesLostUnacked: number;
    rollbacks: number;
    /** With `killWorkerAt`: the worker killed. */
    workerPid?: number;
  };
  /** Server worker processes. */
  workers: number;
  /** Socket reconnects of the players (after a server or worker was killed). */
  reconnects: number;
  /**
   * Moves refused because another action of their match was stored first at
   * their state (two seats of a match acting at once through different
   * processes): not acknowledged, so not checked against the log.
   */
  superseded: number;
  /** Peak RSS and CPU of each server process seen (the cluster's primary and its workers). */
  processes: Array<{ pid: number; role: string; peakRssMB: number; cpuSec: number }>;
  verification: {
    checked: boolean;
    /**
     * How the acknowledged moves were checked: against the storage read
     * directly, through the server's `GET /replay/<matchID>` (a `--url` server
     * without `--data-dir`/`--database-url`, or memory storage), or not at all.
     */
    via: 'storage' | 'replay' | 'none';
    matchesChecked: number;
    problems: string[];
    /** Acknowledged moves missing from the stored log. */
    lost: number;
    /** Stored states with more than one move in the log. */
    duplicated: number;
  };
}

/** The game being played: set by `runLoadTest` (`--game`). */
let DEF: GameDef = DEFAULT_GAME;
/** The project folder: the nearest folder above this file with a package.json (also when bundled). */
const ROOT = (() => {
  for (let d = __dirname; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, 'package.json'))) return d;
    if (path.dirname(d) === d) return process.cwd();
  }
})();
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'next-stop-loadtest');

// ---------------------------------------------------------------------------
// Small helpers

/** Deterministic PRNG: the bots' seeded generator, as a function. */
export function rng(seed: number): () => number {
  const r = new Rng(seed);
  return () => r.next();
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Refuses anything but a loopback address. */
export function assertLoopback(url: string): URL {
  const u = new URL(url);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const ok = host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
  if (!ok) throw new Error(`refusing to load-test ${u.hostname}: only 127.0.0.1, localhost or ::1`);
  return u;
}

/** `assertLoopback` for the command line: a bad or remote --url is a one-line usage error. */
function loopbackUrl(url: string): URL {
  try {
    return assertLoopback(url);
  } catch (err) {
    throw new UsageError(
      `--url: ${(err as Error).message === 'Invalid URL' ? `"${url}" is not a URL` : (err as Error).message}.`,
    );
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** User + system CPU seconds of a live process, from /proc/<pid>/stat. */
function cpuSec(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

function rssKB(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+)`, 'm'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** The child processes of `pid` (Linux /proc; empty elsewhere). */
function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------
// The server as a child process

/** The bundles this process removes as it exits (one listener each, however many times they are rebuilt). */
const removedAtExit = new Set<string>();

/** Bundles `server/index.ts` for Node (packages stay external) and returns the file. */
export async function buildServer(entry = path.join(ROOT, 'server', 'index.ts')): Promise<string> {
  const esbuild = await import('esbuild');
  fs.mkdirSync(CACHE, { recursive: true });
  removeDeadPidFiles(CACHE, 'server-');
  // One file per process: test files run side by side.
  const outfile = path.join(CACHE, `server-${process.pid}.cjs`);
  // A listener per build piled up on `process` in a process that builds again and again (the test files of `io`,
  // sharing one process, or a --compare run): Node warned of a leak at the 11th.
  if (!removedAtExit.has(outfile)) {
    removedAtExit.add(outfile);
    process.once('exit', () => fs.rmSync(outfile, { force: true }));
  }
  await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return outfile;
}

export interface ServerProcess {
  url: string;
  port: number;
  readonly pid: number;
  /** Highest RSS seen (sampled, and the kernel's high-water mark), in kB, over all runs. */
  peakRssKB(): number;
  /** CPU seconds used, over all runs. */
  cpuSec(): number;
  stderrLines: string[];
  kill9(): Promise<void>;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  bundle: string;
  storage: StorageKind;
  dataDir: string;
  databaseUrl?: string;
  port?: number;
  /** Where the child's stdout/stderr go (appended). */
  logFile?: string;
  /** More server flags, after the load test's own (a flag given twice takes the last value). */
  extraArgs?: string[];
  /** Wait until this many processes log that they listen (the workers of a cluster). */
  listening?: number;
}

/** Starts the bundled server CLI and waits until the lobby answers. */
export async function startServerProcess(opts: StartServerOptions): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  let peak = 0;
  let cpuDone = 0; // CPU seconds of runs that were killed
  let cpuLast = 0;
  const stderrLines: string[] = [];
  const log = opts.logFile ? fs.openSync(opts.logFile, 'a') : null;
  let sampler: NodeJS.Timeout | undefined;

  const launch = async () => {
    // All the load's clients come from 127.0.0.1: lift the per-client creation and connection limits.
    const limits = ['--create-rate', '0', '--open-matches', '0', '--max-conns-per-ip', '0', '--socket-rate', '100000'];
    const args = [
      opts.bundle,
      '--port',
      String(port),
      '--storage',
      opts.storage,
      '--data-dir',
      opts.dataDir,
      ...limits,
      ...(opts.extraArgs ?? []),
    ];
    child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errBuf = '';
    let listening = 0;
    child.stdout!.on('data', (d: Buffer) => {
      if (log !== null) fs.writeSync(log, d);
      listening += (d.toString().match(/server listening/g) ?? []).length;
    });
    child.stderr!.on('data', (d: Buffer) => {
      if (log !== null) fs.writeSync(log, d);
      errBuf += d.toString();
      const lines = errBuf.split('\n');
      errBuf = lines.pop()!;
      stderrLines.push(...lines.filter((l) => l.trim() !== ''));
    });
    const pid = child.pid!;
    cpuLast = 0;
    sampler = setInterval(() => {
      peak = Math.max(peak, rssKB(pid, 'VmRSS') ?? 0, rssKB(pid, 'VmHWM') ?? 0);
      cpuLast = cpuSec(pid) ?? cpuLast;
    }, 200);
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`server exited (${child.exitCode ?? child.signalCode}): ${stderrLines.slice(-5).join(' | ')}`);
      }
      try {
        const r = await fetch(`${url}/games`);
        if (r.ok && listening >= (opts.listening ?? 1)) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error('server did not answer within 30 s');
      await sleep(100);
    }
  };

  const waitExit = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
    });

  await launch();
  return {
    url,
    port,
    get pid() {
      return child.pid!;
    },
    peakRssKB: () => {
      if (child.exitCode === null && child.signalCode === null) {
        peak = Math.max(peak, rssKB(child.pid!, 'VmHWM') ?? 0);
      }
      return peak;
    },
    stderrLines,
    cpuSec: () => cpuDone + (cpuSec(child.pid!) ?? cpuLast),
    async kill9() {
      peak = Math.max(peak, rssKB(child.pid!, 'VmHWM') ?? 0);
      cpuDone += cpuSec(child.pid!) ?? cpuLast;
      clearInterval(sampler);
      child.kill('SIGKILL');
      await waitExit();
    },
    async restart() {
      await launch();
    },
    async stop() {
      clearInterval(sampler);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 5000);
        await waitExit();
        clearTimeout(t);
      }
      if (log !== null) fs.closeSync(log);
    },
  };
}

// ---------------------------------------------------------------------------
// Lobby API

async function lobby<T>(url: string, route: string, body: unknown): Promise<T> {
  const r = await fetch(`${url}/games/${DEF.id}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (r.status === 429) {
    // A server the load test did not start keeps its per-client limits, and every client here is 127.0.0.1.
    throw new RunError(
      `the server at ${url} refused lobby ${route} with HTTP 429 (${(await r.text()).trim()}): its per-client limits ` +
        'stop a load test, whose clients all come from one address; start that server with --create-rate 0 ' +
        '--open-matches 0 --max-conns-per-ip 0 --socket-rate 100000, as the load test does for a server it starts',
    );
  }
  if (!r.ok) throw new Error(`lobby ${route}: HTTP ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

export interface Seat {
  matchID: string;
  playerID: string;
  credentials: string;
}

/** Creates a match and takes every seat through the lobby API, one seat after another. */
export async function createAndJoin(url: string, players: number, tag: string): Promise<Seat[]> {
  const { matchID } = await lobby<{ matchID: string }>(url, '/create', { numPlayers: players });
  const seats: Seat[] = [];
  for (let p = 0; p < players; p++) {
    const playerID = String(p);
    const { playerCredentials } = await lobby<{ playerCredentials: string }>(url, `/${matchID}/join`, {
      playerID,
      playerName: `${tag}-${p}`,
    });
    seats.push({ matchID, playerID, credentials: playerCredentials });
  }
  return seats;
}

// ---------------------------------------------------------------------------
// A bot: one socket.io client for one seat

interface AckedMove {
  stateID: number;
  move: string;
  args: unknown[];
}

/** Shared counters for all bots of a run. */
export class Stats {
  latencies: number[] = [];
  acked = 0;
  errors = new Map<string, number>();
  errorSamples: string[] = [];
  rollbacks = 0;
  lostUnacked = 0;
  /** Moves refused because another action of the match was stored first at their state. */
  superseded = 0;
  reconnects = 0;
  error(kind: string, detail: string) {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
    if (this.errorSamples.length < 20) this.errorSamples.push(`${kind}: ${detail}`);
  }
  get errorCount() {
    let n = 0;
    for (const v of this.errors.values()) n += v;
    return n;
  }
}

const ACK_TIMEOUT_MS = 15_000;

/** Plays one seat: on each new state, if enumerate offers moves, sends one. */
export class Bot {
  readonly socket: Socket;
  state: State | null = null;
  done = false;
  /** Highest stateID received from the server. */
  maxSeen = -1;
  /** This bot's moves whose result it received, with the stateID they were made at. */
  readonly acked: AckedMove[] = [];
  private inflight: (AckedMove & { sentAt: number; timer: NodeJS.Timeout }) | null = null;
  private thinkTimer: NodeJS.Timeout | null = null;
  private reconnecting = false;
  private paused = false;
  /** Syncs received (1 on connect, +1 per reconnect), and the stateID of the last one. */
  syncs = 0;
  lastSyncStateID = -1;
  /** Set while the server is known to be down, so timeouts are not counted as errors. */
  static serverDown = false;

  constructor(
    readonly seat: Seat,
    url: string,
    private readonly numPlayers: number,
    private readonly random: () => number,
    private readonly stats: Stats,
    private readonly thinkMs: number,
    private readonly onDone: () => void,
    wholeLogs = false,
  ) {
    this.socket = io(`${url}/${DEF.id}`, {
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1000,
      ...(wholeLogs ? {} : { auth: { ...LOG_SUFFIX_AUTH } }),
    });
    // Puts each cut log back together before the handlers below see it.
    if (!wholeLogs)
      restoreLogsOn(this.socket, (matchID) =>
        this.socket.emit('sync', matchID, seat.playerID, seat.credentials, numPlayers),
      );
    this.socket.on('connect', () => {
      this.socket.emit('sync', seat.matchID, seat.playerID, seat.credentials, numPlayers);
    });
    this.socket.on('disconnect', () => {
      this.reconnecting = true;
      if (!this.done) this.stats.reconnects++;
    });
    this.socket.on('sync', (matchID: string, info: { state: State; log?: LogEntry[] }) => {
      if (matchID === seat.matchID) this.onState(info.state, 'sync', info.log ?? []);
    });
    // boardgame.io sends an update's new log entries beside the state (whose own `deltalog` it clears).
    this.socket.on('update', (matchID: string, state: State, log?: LogEntry[]) => {
      if (matchID === seat.matchID) this.onState(state, 'update', log ?? state.deltalog ?? []);
    });
    this.socket.on('patch', (matchID: string) => {
      // The game sends full updates; resync if it ever switches to patches.
      if (matchID === seat.matchID) this.socket.emit('sync', seat.matchID, seat.playerID, seat.credentials, numPlayers);
    });
  }

  /**
   * What `log` (an update's new entries, or a sync's whole log) says of the
   * move in flight: made (an entry of this seat's move at its stateID),
   * superseded (another action was stored at that stateID: the move lost a
   * race and was refused), or unknown (no entry at that stateID).
   */
  private fate(f: AckedMove, log: LogEntry[]): 'made' | 'superseded' | 'unknown' {
    const at = log.filter((e) => e._stateID === f.stateID);
    if (at.length === 0) return 'unknown';
    const mine = at.some((e) => {
      const p = e.action.payload as { type?: string; playerID?: string; args?: unknown } | undefined;
      return (
        p?.type === f.move &&
        p.playerID === this.seat.playerID &&
        JSON.stringify(p.args ?? []) === JSON.stringify(f.args)
      );
    });
    return mine ? 'made' : 'superseded';
  }

  private onState(state: State, source: 'sync' | 'update', log: LogEntry[]) {
    if (this.done) return;
    if (this.state && state._stateID < this.state._stateID) {
      if (source === 'update') return; // an older broadcast overtaken by a sync
      // A sync older than what this client already saw: an acknowledged state was lost.
      this.stats.rollbacks++;
      this.stats.error(
        'rollback',
        `${this.seat.matchID}/${this.seat.playerID} saw ${this.maxSeen}, server has ${state._stateID}`,
      );
    }
    this.state = state;
    this.maxSeen = Math.max(this.maxSeen, state._stateID);
    if (source === 'sync') {
      this.syncs++;
      this.lastSyncStateID = state._stateID;
    }
    const f = this.inflight;
    const fate = f && state._stateID > f.stateID ? this.fate(f, log) : undefined;
    if (f && fate === 'unknown' && source === 'update') {
      // The state moved on past the move, with no word of who made the step (a resync): ask for the log.
      this.socket.emit('sync', this.seat.matchID, this.seat.playerID, this.seat.credentials, this.numPlayers);
      return;
    }
    if (f && fate === 'unknown') {
      clearTimeout(f.timer);
      this.inflight = null;
      this.stats.error('no-log', `${this.seat.matchID}/${this.seat.playerID} sync without a log entry at ${f.stateID}`);
    }
    if (f && fate === 'superseded') {
      // Another action was stored first (a race through another process): refused, as it should be.
      clearTimeout(f.timer);
      this.inflight = null;
      this.stats.superseded++;
    } else if (f && fate === 'made') {
      clearTimeout(f.timer);
      this.inflight = null;
      this.acked.push({ stateID: f.stateID, move: f.move, args: f.args });
      this.stats.acked++;
      // After a reconnect the move is known done, but the wait includes the restart.
      if (!(source === 'sync' && this.reconnecting)) this.stats.latencies.push(performance.now() - f.sentAt);
    } else if (f && source === 'sync' && state._stateID === f.stateID) {
      // Sent but never processed (or processed and never stored): the server lost it
      // before acknowledging it, which is allowed. Play again from the stored state.
      clearTimeout(f.timer);
      this.inflight = null;
      this.stats.lostUnacked++;
    }
    if (source === 'sync') this.reconnecting = false;
    if (state.ctx.gameover !== undefined) {
      this.finish();
      return;
    }
    this.schedule();
  }

  /** Stops choosing moves (a move already sent still completes). */
  pause() {
    this.paused = true;
  }

  resume() {
    this.paused = false;
    this.schedule();
  }

  /** `status()` as the run ended, before the sockets closed. */
  lastStatus?: string;

  /** What this bot is doing, for a report of a match that did not end. */
  status(): string {
    const f = this.inflight;
    const moves = this.state
      ? (DEF.bots.moves(this.state.G, this.state.ctx, this.seat.playerID) as unknown[]).length
      : 0;
    return [
      `saw ${this.state?._stateID ?? 'nothing'}`,
      f ? `waiting on ${f.move} at ${f.stateID}` : 'nothing in flight',
      this.thinkTimer ? 'thinking' : '',
      this.reconnecting ? 'reconnecting' : '',
      this.socket.connected ? '' : 'disconnected',
      `${this.syncs} syncs (last at ${this.lastSyncStateID})`,
      `${moves} moves offered`,
    ]
      .filter(Boolean)
      .join(', ');
  }

  /** No move sent and waiting, none being chosen. */
  get idle(): boolean {
    return this.inflight === null && this.thinkTimer === null;
  }

  private schedule() {
    if (this.done || this.paused || this.inflight || this.thinkTimer || !this.state) return;
    const G: unknown = this.state.G;
    const moves = DEF.bots.moves(G, this.state.ctx, this.seat.playerID) as Array<{
      move?: string;
      event?: string;
      args?: unknown[];
    }>;
    if (moves.length === 0) return;
    const pick = moves[Math.floor(this.random() * moves.length)];
    const send = () => {
      this.thinkTimer = null;
      if (this.done || this.paused || this.inflight || !this.state || this.reconnecting) return;
      this.send(pick);
    };
    if (this.thinkMs > 0) {
      const at = this.state._stateID;
      this.thinkTimer = setTimeout(
        () => {
          // The state moved on while thinking: choose again.
          if (this.state && this.state._stateID !== at) {
            this.thinkTimer = null;
            this.schedule();
            return;
          }
          send();
        },
        this.thinkMs * (0.5 + this.random()),
      );
    } else {
      send();
    }
  }

  private send(pick: { move?: string; event?: string; args?: unknown[] }) {
    const state = this.state!;
    const args = pick.args ?? [];
    const type = pick.move ?? pick.event!;
    const action = {
      type: pick.move ? 'MAKE_MOVE' : 'GAME_EVENT',
      payload: { type, args, playerID: this.seat.playerID, credentials: this.seat.credentials },
    };
    const timer = setTimeout(() => this.onAckTimeout(), ACK_TIMEOUT_MS);
    this.inflight = { stateID: state._stateID, move: type, args, sentAt: performance.now(), timer };
    this.socket.emit('update', action, state._stateID, this.seat.matchID, this.seat.playerID);
  }

  private onAckTimeout() {
    const f = this.inflight;
    if (!f || this.done) return;
    if (!Bot.serverDown && !this.reconnecting) {
      this.stats.error(
        'no-ack',
        `${this.seat.matchID}/${this.seat.playerID} ${f.move} at ${f.stateID} (rejected by the server?)`,
      );
    }
    this.socket.emit('sync', this.seat.matchID, this.seat.playerID, this.seat.credentials, this.numPlayers);
    f.timer = setTimeout(() => this.onAckTimeout(), ACK_TIMEOUT_MS);
  }

  private finish() {
    if (this.done) return;
    this.done = true;
    if (this.inflight) clearTimeout(this.inflight.timer);
    if (this.thinkTimer) clearTimeout(this.thinkTimer);
    this.onDone();
  }

  close() {
    if (this.inflight) clearTimeout(this.inflight.timer);
    if (this.thinkTimer) clearTimeout(this.thinkTimer);
    this.socket.close();
  }
}

// ---------------------------------------------------------------------------
// Verification against storage

/** What `verifyAgainstStorage` reads of a match: the storage's fetch, or a replay's answer in its shape. */
interface MatchSource {
  fetch(
    matchID: string,
    opts: { state: true; log: true; initialState: true },
  ):
    | Promise<{ state?: State; log?: LogEntry[]; initialState?: State; missing?: string }>
    | { state?: State; log?: LogEntry[]; initialState?: State; missing?: string };
}

/**
 * The stored matches as a `--url` server shows them to anyone once they are
 * over: `GET /replay/<matchID>` answers the stored log, the initial state and
 * the final stateID (409 before the end).
 */
export function replaySource(url: string): MatchSource {
  return {
    async fetch(matchID) {
      const r = await fetch(`${url}/replay/${encodeURIComponent(matchID)}`);
      if (!r.ok) return { missing: `GET /replay answered ${r.status}: ${(await r.text()).trim()}` };
      const body = (await r.json()) as {
        gameover: unknown;
        initialState: State;
        log: LogEntry[];
        finalStateID: number;
      };
      const state = { _stateID: body.finalStateID, ctx: { gameover: body.gameover } } as unknown as State;
      return { state, log: body.log, initialState: body.initialState };
    },
  };
}

/** Checks that every acknowledged move of every bot is in the stored log, at its place. */
export async function verifyAgainstStorage(
  db: StorageAPI.Async | StorageAPI.Sync | MatchSource,
  bots: Bot[],
): Promise<{ matchesChecked: number; problems: string[]; lost: number; duplicated: number }> {
  const problems: string[] = [];
  let lost = 0;
  let duplicated = 0;
  const byMatch = new Map<string, Bot[]>();
  for (const b of bots) byMatch.set(b.seat.matchID, [...(byMatch.get(b.seat.matchID) ?? []), b]);
  for (const [matchID, group] of byMatch) {
    const r = (await db.fetch(matchID, { state: true, log: true, initialState: true })) as Awaited<
      ReturnType<MatchSource['fetch']>
    > & { log: LogEntry[] };
    if (r.missing !== undefined) {
      problems.push(`${matchID}: ${r.missing}`);
      continue;
    }
    if (!r.state) {
      problems.push(`${matchID}: no stored state`);
      continue;
    }
    if (r.state.ctx.gameover === undefined) {
      const ctx = r.state.ctx;
      const waits = `seats ${waitingOn(ctx, r.state.G, DEF.waitingOn).join(', ')}`;
      const seats = group.map((b) => `${b.seat.playerID}: ${b.lastStatus ?? b.status()}`).join('; ');
      problems.push(`${matchID}: stored state ${r.state._stateID} is not game over; waits on ${waits}; bots ${seats}`);
    }
    // Every action adds one stateID; its log entries carry the stateID it was made at.
    const ids = [...new Set(r.log.map((e: LogEntry) => e._stateID))];
    const first = r.initialState?._stateID ?? 0;
    const expected = Array.from({ length: r.state._stateID - first }, (_, i) => first + i);
    if (JSON.stringify(ids) !== JSON.stringify(expected)) {
      problems.push(
        `${matchID}: log stateIDs are not ${first}..${r.state._stateID - 1} in order (${ids.length} distinct)`,
      );
    }
    const moveAt = new Map<number, LogEntry>();
    for (const e of r.log) {
      if (e.action.type !== 'MAKE_MOVE') continue;
      if (moveAt.has(e._stateID)) {
        duplicated++;
        problems.push(`${matchID}: two moves stored for state ${e._stateID}`);
      } else moveAt.set(e._stateID, e);
    }
    for (const b of group) {
      if (b.maxSeen > r.state._stateID)
        problems.push(`${matchID}/${b.seat.playerID}: saw state ${b.maxSeen}, stored ${r.state._stateID}`);
      for (const m of b.acked) {
        const e = moveAt.get(m.stateID);
        const p = e?.action.payload;
        if (
          !p ||
          p.type !== m.move ||
          p.playerID !== b.seat.playerID ||
          JSON.stringify(p.args) !== JSON.stringify(m.args)
        ) {
          lost++;
          problems.push(
            `${matchID}/${b.seat.playerID}: acknowledged ${m.move} at ${m.stateID} missing from the stored log`,
          );
        }
      }
    }
  }
  return { matchesChecked: byMatch.size, problems, lost, duplicated };
}

/**
 * Mean number of moves per match, from quick headless games run through the
 * game reducer as the server runs it (for `--kill-at`).
 */
export function estimateMovesPerMatch(players: number, games = 3, seed = 1): number {
  let total = 0;
  for (let g = 0; g < games; g++) {
    const random = rng(seed * 1000 + g);
    const game = ProcessGameConfig({ ...DEF.game, seed: `estimate-${seed}-${g}` });
    const reducer = CreateGameReducer({ game });
    let state = InitializeGame({ game, numPlayers: players });
    let moves = 0;
    while (state.ctx.gameover === undefined && moves < 20_000) {
      let acted = false;
      for (let p = 0; p < players && !acted; p++) {
        const opts = DEF.bots.moves(state.G, state.ctx, String(p)) as Array<{ move: string; args?: unknown[] }>;
        if (opts.length === 0) continue;
        const m = opts[Math.floor(random() * opts.length)];
        state = reducer(state, {
          type: 'MAKE_MOVE',
          payload: { type: m.move, args: m.args ?? [], playerID: String(p) },
        } as never) as State;
        acted = true;
      }
      if (!acted) break;
      moves++;
    }
    total += moves;
  }
  return total / games;
}

// ---------------------------------------------------------------------------
// The run

/** Runs one load test and returns its report; the server it started is stopped whatever happens. */
export async function runLoadTest(opts: LoadOptions): Promise<LoadReport> {
  DEF = gameNamed(opts.game ?? DEFAULT_GAME.id);
  const run: RunState = { server: null, cleanups: [] };
  current = run;
  try {
    return await runLoad(opts, run);
  } catch (err) {
    await run.server?.stop().catch(() => undefined);
    for (const c of run.cleanups) await Promise.resolve(c()).catch(() => undefined);
    throw err;
  }
}

interface RunState {
  server: ServerProcess | null;
  cleanups: Array<() => Promise<void> | void>;
}

/** The run in progress, for the CLI's signal handler. */
let current: RunState | null = null;

async function runLoad(opts: LoadOptions, run: RunState): Promise<LoadReport> {
  const say = (msg: string) => opts.verbose && process.stderr.write(`[loadtest] ${msg}\n`);
  const stats = new Stats();
  const cleanups = run.cleanups;
  let server: ServerProcess | null = null;
  let url: string;
  let dataDir = opts.dataDir;
  let databaseUrl = opts.databaseUrl;
  let pgSchema: string | null = null;

  let killAtMoves: number | null = null;
  if (opts.killAt !== undefined) {
    const perMatch = estimateMovesPerMatch(opts.players, 10, opts.seed);
    killAtMoves = Math.max(1, Math.round(perMatch * opts.matches * opts.killAt));
    say(`~${perMatch.toFixed(0)} moves per match: kill -9 at ${killAtMoves} acknowledged moves`);
  }

  let killWorkerAtMoves: number | null = null;
  if (opts.killWorkerAt !== undefined) {
    const perMatch = estimateMovesPerMatch(opts.players, 10, opts.seed);
    killWorkerAtMoves = Math.max(1, Math.round(perMatch * opts.matches * opts.killWorkerAt));
    say(`~${perMatch.toFixed(0)} moves per match: SIGKILL a worker at ${killWorkerAtMoves} acknowledged moves`);
  }
  const workers = opts.workers ?? 1;

  if (opts.url) {
    url = loopbackUrl(opts.url).origin;
    if (opts.killAt !== undefined)
      throw new UsageError('--kill-at needs a server started by the load test (no --url).');
  } else {
    if (!dataDir) {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'next-stop-loadtest-'));
      if (!opts.keepData) cleanups.push(() => fs.rmSync(dataDir!, { recursive: true, force: true }));
    }
    if (opts.storage === 'postgres') {
      const base =
        databaseUrl ??
        process.env.DATABASE_URL ??
        process.env.TEST_DATABASE_URL ??
        'postgres://postgres@127.0.0.1:5432/test';
      assertLoopback(base.replace(/^postgres(ql)?:/, 'http:'));
      if (!/[?&]schema=/.test(base)) {
        pgSchema = `loadtest_${process.pid}_${Date.now().toString(36)}`;
        databaseUrl = `${base}${base.includes('?') ? '&' : '?'}schema=${pgSchema}`;
      } else {
        databaseUrl = base;
      }
    }
    say('bundling the server');
    const bundle = await buildServer(opts.serverEntry);
    server = await startServerProcess({
      bundle,
      storage: opts.storage,
      dataDir,
      databaseUrl,
      logFile: path.join(dataDir, 'server.log'),
      extraArgs: [
        ...(workers > 1 ? ['--workers', String(workers)] : []),
        ...(opts.redisUrl ? ['--redis-url', opts.redisUrl] : []),
      ],
      listening: workers > 1 ? workers : 1,
    });
    run.server = server;
    url = server.url;
    say(`server pid ${server.pid} at ${url}, storage ${opts.storage}, data ${dataDir}`);
  }

  const bots: Bot[] = [];
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const load0 = os.loadavg()[0];
  const deadline = Date.now() + opts.timeoutSec * 1000;
  let loadgenPeak = 0;
  const selfSampler = setInterval(() => (loadgenPeak = Math.max(loadgenPeak, process.memoryUsage().rss)), 500);
  // Every server process: the one started and, in a cluster, its workers.
  const procs = new Map<number, { role: string; peakKB: number; cpu: number }>();
  const sampleProcs = () => {
    if (!server) return;
    const all = [server.pid, ...childrenOf(server.pid)];
    all.forEach((pid, i) => {
      const p = procs.get(pid) ?? {
        role: i === 0 ? (workers > 1 ? 'primary' : 'server') : 'worker',
        peakKB: 0,
        cpu: 0,
      };
      p.peakKB = Math.max(p.peakKB, rssKB(pid, 'VmRSS') ?? 0, rssKB(pid, 'VmHWM') ?? 0);
      p.cpu = cpuSec(pid) ?? p.cpu;
      procs.set(pid, p);
    });
  };
  const procSampler = setInterval(sampleProcs, 250);
  let kill: LoadReport['kill'];
  try {
    // Create and join in small parallel batches (seats of one match one after another).
    const seatsPerMatch: Seat[][] = [];
    const BATCH = 10;
    for (let i = 0; i < opts.matches; i += BATCH) {
      const n = Math.min(BATCH, opts.matches - i);
      seatsPerMatch.push(
        ...(await Promise.all(Array.from({ length: n }, (_, k) => createAndJoin(url, opts.players, `bot${i + k}`)))),
      );
    }
    say(`${opts.matches} matches created and joined in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    let finished = 0;
    let allDone!: () => void;
    const done = new Promise<void>((r) => (allDone = r));
    const master = rng(opts.seed);
    for (const seats of seatsPerMatch) {
      let seatsDone = 0;
      for (const seat of seats) {
        bots.push(
          new Bot(
            seat,
            url,
            opts.players,
            rng(Math.floor(master() * 2 ** 32)),
            stats,
            opts.thinkMs,
            () => {
              if (++seatsDone === seats.length && ++finished === seatsPerMatch.length) allDone();
            },
            opts.wholeLogs,
          ),
        );
      }
    }

    let killed = false;
    let workerKilled = false;
    let lastReport = 0;
    for (;;) {
      const over = await Promise.race([done.then(() => true), sleep(100).then(() => false)]);
      if (over) break;
      if (Date.now() > deadline) {
        stats.error('timeout', `${opts.timeoutSec} s passed with ${finished}/${opts.matches} matches finished`);
        break;
      }
      if (opts.verbose && performance.now() - lastReport > 5000) {
        lastReport = performance.now();
        say(`${stats.acked} moves, ${finished}/${opts.matches} matches finished`);
      }
      if (server && killWorkerAtMoves !== null && !workerKilled && stats.acked >= killWorkerAtMoves) {
        workerKilled = true;
        sampleProcs();
        const [victim] = childrenOf(server.pid);
        if (victim === undefined) throw new Error('--kill-worker-at: the server has no worker processes');
        process.kill(victim, 'SIGKILL');
        say(`killed worker pid ${victim} (SIGKILL) at ${stats.acked} moves; its players reconnect to the others`);
        kill = { atMoves: stats.acked, downtimeMs: 0, movesLostUnacked: 0, rollbacks: 0, workerPid: victim };
      }
      if (server && killAtMoves !== null && !killed && stats.acked >= killAtMoves) {
        killed = true;
        const atMoves = stats.acked;
        Bot.serverDown = true;
        const t0 = performance.now();
        await server.kill9();
        say(`killed the server (SIGKILL) at ${atMoves} moves; restarting`);
        await server.restart();
        const downtimeMs = performance.now() - t0;
        Bot.serverDown = false;
        say(`server back (pid ${server.pid}) after ${downtimeMs.toFixed(0)} ms`);
        kill = { atMoves, downtimeMs: Math.round(downtimeMs), movesLostUnacked: 0, rollbacks: 0 };
      }
    }
  } finally {
    clearInterval(selfSampler);
    clearInterval(procSampler);
    sampleProcs();
    for (const b of bots) b.lastStatus = b.status();
    for (const b of bots) b.close();
  }
  const durationSec = (performance.now() - started) / 1000;
  if (kill) {
    kill.movesLostUnacked = stats.lostUnacked;
    kill.rollbacks = stats.rollbacks;
  }

  // Verify against the stored matches.
  const verification: LoadReport['verification'] = {
    checked: false,
    via: 'none',
    matchesChecked: 0,
    problems: [],
    lost: 0,
    duplicated: 0,
  };
  const record = (v: Awaited<ReturnType<typeof verifyAgainstStorage>>, via: 'storage' | 'replay') => {
    verification.checked = true;
    verification.via = via;
    verification.matchesChecked = v.matchesChecked;
    verification.problems = v.problems;
    verification.lost = v.lost;
    verification.duplicated = v.duplicated;
    for (const p of v.problems) stats.error('verification', p);
  };
  const canVerify = opts.storage === 'postgres' ? !!databaseUrl : opts.storage === 'file' && !!dataDir;
  const throughStorage = canVerify && (!opts.url || !!opts.dataDir || !!opts.databaseUrl);
  // Otherwise (a --url server whose storage we were not told, or memory storage) ask the server while it runs.
  if (!throughStorage && bots.length > 0) record(await verifyAgainstStorage(replaySource(url), bots), 'replay');
  const serverPeak = server ? server.peakRssKB() : null;
  const serverCpu = server ? server.cpuSec() : null;
  const cpu = process.cpuUsage(cpuStart);
  const load1 = os.loadavg()[0];
  if (server) await server.stop();
  run.server = null;
  if (throughStorage) {
    const db = await createStorage({ kind: opts.storage, dataDir: dataDir!, databaseUrl });
    try {
      record(await verifyAgainstStorage(db, bots), 'storage');
    } finally {
      if (db instanceof PostgresStorage) {
        if (pgSchema && !opts.keepData) await db.pool.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
        else if (pgSchema) say(`kept PostgreSQL schema ${pgSchema}`);
        await db.close();
      }
    }
  }
  for (const c of cleanups) await c();

  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const mean = sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length);
  const finishedMatches = new Set(bots.filter((b) => b.done).map((b) => b.seat.matchID)).size;
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    storage: opts.url ? 'external' : opts.storage,
    matches: opts.matches,
    players: opts.players,
    matchesCompleted: finishedMatches,
    movesAcknowledged: stats.acked,
    durationSec: round(durationSec),
    movesPerSec: round(stats.acked / durationSec),
    latencyMs: {
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1] ?? 0),
      mean: round(mean),
    },
    errors: stats.errorCount,
    errorKinds: Object.fromEntries(stats.errors),
    errorSamples: stats.errorSamples,
    serverPeakRssMB: serverPeak !== null ? round(serverPeak / 1024) : null,
    loadgenPeakRssMB: round(loadgenPeak / 1024 / 1024),
    serverCpuSec: serverCpu !== null ? round(serverCpu) : null,
    loadgenCpuSec: round((cpu.user + cpu.system) / 1e6),
    loadAvg: [round(load0), round(load1)],
    serverStderrLines: server ? server.stderrLines.length : 0,
    serverStderrSamples: server ? server.stderrLines.slice(0, 5) : [],
    serverUnhandled: server ? server.stderrLines.filter((l) => /unhandled|uncaught|TypeError/i.test(l)) : [],
    kill,
    workers,
    reconnects: stats.reconnects,
    superseded: stats.superseded,
    processes: [...procs].map(([pid, p]) => ({
      pid,
      role: p.role,
      peakRssMB: round(p.peakKB / 1024),
      cpuSec: round(p.cpu),
    })),
    verification,
  };
}

// ---------------------------------------------------------------------------
// CLI

const HELP = () => `Usage: npm run loadtest -- [options]

Starts the server on a free port (or targets --url), creates and joins every
match through the lobby, plays every seat with random legal moves over
socket.io until every match ends, and checks each acknowledged move against
the stored log: read from the storage, or, with --url alone (or memory
storage), through the server's GET /replay/<matchID>. A --url server keeps
its per-client limits: start it with --create-rate 0 --open-matches 0
--max-conns-per-ip 0 --socket-rate 100000.

  --game ID          the game: ${GAMES.map((g) => g.alias).join(', ')} (default ${DEFAULT_GAME.alias})
  --matches N        matches played at once, 1-1000 (default 100)
  --players N        players per match (default 4, or the game's most if fewer)
  --storage KIND     file | memory | postgres (default file)
  --url URL          target a running server on loopback instead of starting one
  --kill-at F        kill the server with SIGKILL at this fraction of the moves (0-1,
                     exclusive) and restart it on the same storage (file or postgres)
  --timeout S        give up after S seconds, 1-3600 (default 600)
  --think-ms N       pause before each move, 0-60000 ms (default 0)
  --seed N           seed of the random moves, a whole number (default 1)
  --data-dir DIR     the file storage's folder (default: a temporary one)
  --database-url U   the postgres database (default: DATABASE_URL, TEST_DATABASE_URL or
                     postgres://postgres@127.0.0.1:5432/test)
  --keep-data        keep the data folder (and the PostgreSQL schema) afterwards
  --json FILE        also write the report there
  --quiet            no progress lines
  --server-entry F   the server source to bundle (default server/index.ts)
  --workers N        server worker processes on the one port (needs postgres and Redis)
  --redis-url U      Redis for the workers (default REDIS_URL)
  --kill-worker-at F SIGKILL one worker at this fraction of the moves; its players reconnect
  --compare 1,2,4    run the same load on each worker count and print one table
  --whole-logs       clients take whole states, not the game log's new entries only
  -h, --help         this text
`;

function parseCommandLine(argv: string[]): (LoadOptions & { json?: string; compare?: number[] }) | 'help' {
  const flags = parseFlags(argv, {
    game: { type: 'string' },
    matches: { type: 'string' },
    players: { type: 'string' },
    storage: { type: 'string' },
    url: { type: 'string' },
    'kill-at': { type: 'string' },
    timeout: { type: 'string' },
    'think-ms': { type: 'string' },
    seed: { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    'keep-data': { type: 'boolean' },
    json: { type: 'string' },
    quiet: { type: 'boolean' },
    'server-entry': { type: 'string' },
    workers: { type: 'string' },
    'redis-url': { type: 'string' },
    'kill-worker-at': { type: 'string' },
    compare: { type: 'string' },
    'whole-logs': { type: 'boolean' },
  });
  if (flags === 'help') return 'help';
  const storage = oneOf(flags, 'storage', ['file', 'memory', 'postgres'] as const) ?? 'file';
  const killAt = decimal(flags, 'kill-at', 0, 1, false);
  if (killAt !== undefined && storage === 'memory') throw new UsageError('--kill-at needs file or postgres storage.');
  const entry = text(flags, 'server-entry');
  const workers = integer(flags, 'workers', 1, 64);
  const redisUrl = text(flags, 'redis-url') ?? process.env.REDIS_URL;
  const killWorkerAt = decimal(flags, 'kill-worker-at', 0, 1, false);
  const compareText = text(flags, 'compare');
  const compare = compareText?.split(',').map((w) => Number(w.trim()));
  if (compare && (compare.length === 0 || compare.some((w) => !Number.isInteger(w) || w < 1 || w > 64)))
    throw new UsageError('--compare takes worker counts, e.g. 1,2,4.');
  const most = Math.max(workers ?? 1, ...(compare ?? [1]));
  if (most > 1 && (storage !== 'postgres' || !redisUrl))
    throw new UsageError('Several workers need --storage postgres and --redis-url (or REDIS_URL).');
  if (killWorkerAt !== undefined && (workers ?? 1) < 2 && !compare)
    throw new UsageError('--kill-worker-at needs --workers 2 or more.');
  let def: GameDef;
  try {
    def = gameNamed(text(flags, 'game') ?? DEFAULT_GAME.id);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  return {
    game: def.id,
    matches: integer(flags, 'matches', 1, 1000) ?? 100,
    players: integer(flags, 'players', def.minPlayers, def.maxPlayers) ?? Math.min(4, def.maxPlayers),
    storage,
    url: flags.url === undefined ? undefined : loopbackUrl(String(flags.url)).origin,
    killAt,
    timeoutSec: integer(flags, 'timeout', 1, 3600) ?? 600,
    thinkMs: integer(flags, 'think-ms', 0, 60_000) ?? 0,
    seed: integer(flags, 'seed', 0, Number.MAX_SAFE_INTEGER) ?? 1,
    dataDir: text(flags, 'data-dir'),
    databaseUrl: text(flags, 'database-url'),
    keepData: flags['keep-data'] === true,
    json: text(flags, 'json'),
    verbose: flags.quiet !== true,
    serverEntry: entry === undefined ? undefined : path.resolve(entry),
    workers,
    redisUrl,
    killWorkerAt,
    compare,
    wholeLogs: flags['whole-logs'] === true,
  };
}

/** `--compare`: the same load on each worker count, one line each, throughput relative to the first. */
async function compareWorkers(opts: LoadOptions, counts: number[]): Promise<LoadReport[]> {
  const reports: LoadReport[] = [];
  for (const workers of counts) {
    const killWorkerAt = workers > 1 ? opts.killWorkerAt : undefined;
    reports.push(await runLoadTest({ ...opts, workers, killWorkerAt }));
  }
  const base = reports[0].movesPerSec;
  const rows = reports.map((r) => [
    String(r.workers),
    r.movesPerSec.toFixed(1),
    (r.movesPerSec / base).toFixed(2),
    String(r.latencyMs.p50),
    String(r.latencyMs.p99),
    String(r.errors),
    String(r.reconnects),
    String(r.verification.lost),
    String(r.verification.duplicated),
    String(Math.max(...r.processes.map((p) => p.peakRssMB))),
    r.processes.reduce((t, p) => t + p.cpuSec, 0).toFixed(1),
  ]);
  const head = [
    'workers',
    'moves/s',
    'ratio',
    'p50 ms',
    'p99 ms',
    'errors',
    'reconn',
    'lost',
    'dup',
    'max RSS MB',
    'CPU s',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i])).join('  ');
  console.log([line(head), ...rows.map(line)].join('\n'));
  return reports;
}

/** The last line: OK says how the moves were checked, and never stands alone when they were not. */
function verdict(ok: boolean, reports: LoadReport[]): string {
  if (!ok) return 'LOADTEST FAILED';
  const vias = [...new Set(reports.map((r) => r.verification.via))];
  if (vias.includes('none'))
    return 'LOADTEST OK, BUT UNCHECKED: the acknowledged moves were not checked against the stored log';
  const how = vias.map((v) => (v === 'storage' ? 'read from the storage' : 'read through GET /replay')).join(' and ');
  return `LOADTEST OK: every acknowledged move is in the stored log (${how})`;
}

async function main() {
  const opts = parseCommandLine(process.argv.slice(2));
  if (opts === 'help') {
    process.stdout.write(HELP());
    return;
  }
  // Ctrl-C or a time limit: stop the server we started before leaving.
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      const stop = current?.server?.stop() ?? Promise.resolve();
      void stop.finally(() => process.exit(130));
    });
  }
  if (opts.compare) {
    const reports = await compareWorkers(opts, opts.compare);
    if (opts.json) fs.writeFileSync(opts.json, JSON.stringify(reports, null, 2) + '\n');
    const ok = reports.every((r) => r.errors === 0 && r.matchesCompleted === r.matches);
    console.log(verdict(ok, reports));
    process.exit(ok ? 0 : 1);
  }
  const report = await runLoadTest(opts);
  const text = JSON.stringify(report, null, 2);
  if (opts.json) fs.writeFileSync(opts.json, text + '\n');
  console.log(text);
  const ok = report.errors === 0 && report.matchesCompleted === report.matches;
  console.log(verdict(ok, [report]));
  process.exit(ok ? 0 : 1);
}

if (process.argv[1] && /loadtest\.(c?js|mjs|ts)$/.test(process.argv[1])) runCli(main);
