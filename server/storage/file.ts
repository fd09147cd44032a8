/**
 * Crash-safe file storage for boardgame.io matches.
 *
 * Layout, one folder per match under `<dataDir>/matches/`:
 *
 *   <matchID>/metadata.json   lobby metadata, atomically replaced on each write
 *   <matchID>/initial.json    the initial state, written once
 *   <matchID>/state.json      the latest state, atomically replaced on each move
 *   <matchID>/log.jsonl       the game log, append-only: one `[stateID, entries]` line per move
 *
 * Why not boardgame.io's FlatFile: it uses node-persist, which writes each key
 * with a plain `fs.writeFile` on the target file (a kill -9 mid-write leaves a
 * truncated JSON file and the match is gone) and rewrites the whole log on
 * every move.
 *
 * Durability rules:
 * - A whole-file write goes to `<name>.tmp`, is fsynced, then renamed over the
 *   target, so a reader sees either the old or the new file, never a torn one.
 * - The log line is appended before the state is replaced. A crash between the
 *   two leaves an orphan log line; reads drop lines newer than the stored state
 *   and lines superseded by a later line with the same or a lower stateID.
 * - Writes run in libuv's thread pool (fs.promises), so fsync and rename do not
 *   stall the event loop. The state writes (log + state) of one match are
 *   chained in call order, and so are its metadata writes; the two chains run
 *   side by side. `whenWritten(matchID)` resolves once both are done:
 *   `PersistFirstPubSub` waits for it before a move's update is sent.
 * - The Master rewrites the metadata after every move only to bump
 *   `updatedAt`. Such a write is deferred by up to a second (and done by
 *   `flush()` at shutdown), so a crash can leave `updatedAt` up to a second
 *   old; every other metadata change is written at once.
 *
 * All metadata and the states of matches in use are kept in memory; `fetch`
 * returns those objects themselves (as InMemory does), which the lobby relies
 * on when two players join the same match at once.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Async } from 'boardgame.io/internal';
import type { LogEntry, Server, State, StorageAPI } from 'boardgame.io';
import { filterMatchIDs, pageOf, type PageEntry, type PageOptions } from './list-filter';
import { metadataKey } from './metadata-key';

export interface FileStorageOptions {
  /** Folder that holds the matches; created if missing. */
  dir: string;
  /** fsync every file before it replaces the old one (default true). */
  fsync?: boolean;
  /** Where damaged files are reported (default: a line on stderr). */
  report?: (damage: { matchID: string; file: string; reason: string }) => void;
}

/** A match whose files cannot be read: answered 503, reported once, never rewritten from here. */
export class DamagedMatchError extends Error {
  readonly status = 503;
  readonly expose = true;
  constructor(matchID: string, file: string, reason: string) {
    super(`Match ${matchID} is damaged on disk (${file}: ${reason}); the server operator must restore it`);
  }
}

type Metadata = Server.MatchData;

const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isMetadata = (v: unknown) =>
  isObject(v) && typeof v.gameName === 'string' && isObject(v.players) && Object.values(v.players).every(isObject);
const isState = (v: unknown) => isObject(v) && isObject(v.ctx) && typeof v._stateID === 'number';

/** Maps a match ID to a folder name that cannot escape the data dir. */
export function matchFolderName(matchID: string): string {
  if (SAFE_ID.test(matchID)) return matchID;
  return '~' + Buffer.from(matchID, 'utf8').toString('hex');
}

function folderToMatchID(name: string): string {
  return name.startsWith('~') ? Buffer.from(name.slice(1), 'hex').toString('utf8') : name;
}

/** Crash-safe file storage (see the file comment). */
export class FileStorage extends Async {
  private readonly root: string;
  private readonly fsync: boolean;
  private readonly metadata = new Map<string, Metadata>();
  private readonly states = new Map<string, State>();
  /** The last write queued per chain (`s:<id>` state, `m:<id>` metadata); each starts after the one before. */
  private readonly tails = new Map<string, Promise<void>>();
  /** The last metadata written per match, without `updatedAt`. */
  private readonly metaKey = new Map<string, string>();
  /** Deferred `updatedAt`-only metadata writes. */
  private readonly metaTimers = new Map<string, NodeJS.Timeout>();
  /** Files that could not be read, by `<matchID>/<file>`, with why. */
  private readonly damaged = new Map<string, DamagedMatchError>();
  private readonly report: NonNullable<FileStorageOptions['report']>;

  constructor(opts: FileStorageOptions) {
    super();
    this.root = path.resolve(opts.dir, 'matches');
    this.fsync = opts.fsync ?? true;
    this.report =
      opts.report ??
      ((d) => console.error(`damaged match matchID=${d.matchID} file=${d.file} reason=${JSON.stringify(d.reason)}`));
  }

  /** Reads `file` of `matchID`; a file that does not parse marks the match damaged and throws. */
  private readMatchFile<T>(matchID: string, name: string, valid: (v: unknown) => boolean): T | undefined {
    const known = this.damaged.get(`${matchID}/${name}`);
    if (known) throw known;
    let value: unknown;
    try {
      value = this.readJSON<unknown>(path.join(this.dirOf(matchID), name));
    } catch (err) {
      return this.markDamaged(matchID, name, (err as Error).message);
    }
    if (value !== undefined && !valid(value)) return this.markDamaged(matchID, name, 'not the expected shape');
    return value as T | undefined;
  }

  private markDamaged(matchID: string, file: string, reason: string): never {
    const err = new DamagedMatchError(matchID, file, reason.slice(0, 200));
    this.damaged.set(`${matchID}/${file}`, err);
    this.report({ matchID, file, reason: reason.slice(0, 200) });
    throw err;
  }

  /** Throws unless the matches folder is there and can be read and written (for `/health`). */
  async ping(): Promise<void> {
    if (!(await fs.promises.stat(this.root)).isDirectory()) throw new Error(`${this.root} is not a folder`);
    await fs.promises.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
  }

  /** Creates the data dir, removes stray temp files and loads all metadata. */
  override connect(): void {
    fs.mkdirSync(this.root, { recursive: true });
    for (const name of fs.readdirSync(this.root)) {
      const dir = path.join(this.root, name);
      if (!fs.statSync(dir).isDirectory()) continue;
      for (const f of fs.readdirSync(dir)) {
        if (f.endsWith('.tmp')) fs.rmSync(path.join(dir, f), { force: true });
      }
      const matchID = folderToMatchID(name);
      let meta: Metadata | undefined;
      try {
        meta = this.readMatchFile<Metadata>(matchID, 'metadata.json', isMetadata);
      } catch {
        continue; // reported; every other match is still served
      }
      if (meta) {
        this.metadata.set(matchID, meta);
        this.metaKey.set(matchID, metadataKey(meta));
      }
    }
  }

  override async createMatch(matchID: string, opts: StorageAPI.CreateMatchOpts): Promise<void> {
    this.metadata.set(matchID, opts.metadata);
    this.metaKey.set(matchID, metadataKey(opts.metadata));
    this.states.set(matchID, opts.initialState);
    const dir = this.dirOf(matchID);
    await this.whenWritten(matchID).catch(() => undefined);
    await this.enqueue(`s:${matchID}`, async () => {
      await fsp.rm(dir, { recursive: true, force: true });
      await fsp.mkdir(dir, { recursive: true });
      await this.writeAtomic(path.join(dir, 'initial.json'), opts.initialState);
      await this.writeAtomic(path.join(dir, 'state.json'), opts.initialState);
      await this.writeAtomic(path.join(dir, 'metadata.json'), opts.metadata);
      if (this.fsync) await fsyncDir(this.root);
    });
  }

  async setMetadata(matchID: string, metadata: Metadata): Promise<void> {
    this.metadata.set(matchID, metadata);
    const key = metadataKey(metadata);
    if (this.metaKey.get(matchID) === key) {
      // Only `updatedAt` changed (see the file comment).
      if (!this.metaTimers.has(matchID)) {
        const timer = setTimeout(() => {
          this.metaTimers.delete(matchID);
          this.writeMetadata(matchID).catch((err: Error) => console.error(`metadata write failed: ${err.message}`));
        }, 1000);
        timer.unref();
        this.metaTimers.set(matchID, timer);
      }
      return;
    }
    this.metaKey.set(matchID, key);
    await this.writeMetadata(matchID);
  }

  /** Writes the match's current metadata now (cancelling a deferred write). */
  private writeMetadata(matchID: string): Promise<void> {
    clearTimeout(this.metaTimers.get(matchID));
    this.metaTimers.delete(matchID);
    const metadata = this.metadata.get(matchID);
    if (metadata === undefined) return Promise.resolve();
    const file = path.join(this.dirOf(matchID), 'metadata.json');
    // Serialize now: the caller may change the object after this call.
    const text = JSON.stringify(metadata);
    return this.enqueue(`m:${matchID}`, () => this.writeAtomic(file, text, true));
  }

  /** Writes every deferred metadata change and waits for all writes. */
  async flush(): Promise<void> {
    await Promise.all([...this.metaTimers.keys()].map((id) => this.writeMetadata(id)));
    await Promise.allSettled([...this.tails.values()]);
  }

  /** Same as `flush`: the storage has nothing else to release. */
  async close(): Promise<void> {
    await this.flush();
  }

  async setState(matchID: string, state: State, deltalog?: LogEntry[]): Promise<void> {
    this.states.set(matchID, state);
    const dir = this.dirOf(matchID);
    // One write() per line, led by a newline so that a line torn by a crash
    // stays on a line of its own and is skipped on read.
    const line = deltalog && deltalog.length > 0 ? '\n' + JSON.stringify([state._stateID, deltalog]) : null;
    const text = JSON.stringify(state);
    await this.enqueue(`s:${matchID}`, async () => {
      if (line !== null) {
        await writeFile(path.join(dir, 'log.jsonl'), 'a', line, this.fsync);
      }
      await this.writeAtomic(path.join(dir, 'state.json'), text, true);
    });
  }

  async fetch<O extends StorageAPI.FetchOpts>(matchID: string, opts: O): Promise<StorageAPI.FetchResult<O>> {
    const result = {} as StorageAPI.FetchFields;
    const known = opts.metadata ? this.damaged.get(`${matchID}/metadata.json`) : undefined;
    if (known) throw known;
    const dir = this.dirOf(matchID);
    const state = opts.state || opts.log ? this.loadState(matchID) : undefined;
    if (opts.state) result.state = state as State;
    if (opts.metadata) result.metadata = this.metadata.get(matchID) as Metadata;
    if (opts.log || opts.initialState) await this.whenWritten(matchID).catch(() => undefined);
    if (opts.log) result.log = state ? readLog(path.join(dir, 'log.jsonl'), state._stateID) : [];
    if (opts.initialState) {
      result.initialState = this.readMatchFile<State>(matchID, 'initial.json', isState) as State;
    }
    return result;
  }

  async wipe(matchID: string): Promise<void> {
    clearTimeout(this.metaTimers.get(matchID));
    this.metaTimers.delete(matchID);
    this.metadata.delete(matchID);
    this.metaKey.delete(matchID);
    this.states.delete(matchID);
    const dir = this.dirOf(matchID);
    await this.whenWritten(matchID).catch(() => undefined);
    await this.enqueue(`s:${matchID}`, () => fsp.rm(dir, { recursive: true, force: true }));
  }

  /** One page of the public match list (server/match-list.ts). */
  listPage(opts: PageOptions): Promise<PageEntry[]> {
    return Promise.resolve(pageOf(this.metadata, opts));
  }

  override listMatches(opts?: StorageAPI.ListMatchesOpts): Promise<string[]> {
    return Promise.resolve(filterMatchIDs(this.metadata, opts));
  }

  /** Resolves once every write queued so far for `matchID` is on disk; rejects if the last of a chain failed. */
  async whenWritten(matchID: string): Promise<void> {
    await Promise.all([this.tails.get(`s:${matchID}`), this.tails.get(`m:${matchID}`)]);
  }

  /** Runs `write` after the chain's earlier writes; a failed write does not block later ones. */
  private enqueue(chain: string, write: () => Promise<void>): Promise<void> {
    const prev = this.tails.get(chain) ?? Promise.resolve();
    const next = prev.catch(() => undefined).then(write);
    this.tails.set(chain, next);
    const forget = () => {
      if (this.tails.get(chain) === next) this.tails.delete(chain);
    };
    next.then(forget, forget);
    return next;
  }

  private loadState(matchID: string): State | undefined {
    let state = this.states.get(matchID);
    if (state === undefined) {
      state = this.readMatchFile<State>(matchID, 'state.json', isState);
      if (state !== undefined) this.states.set(matchID, state);
    }
    return state;
  }

  private dirOf(matchID: string): string {
    return path.join(this.root, matchFolderName(matchID));
  }

  private readJSON<T>(file: string): T | undefined {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    return JSON.parse(text) as T;
  }

  /** Writes `<file>.tmp`, fsyncs it, renames it over `file` (creating the folder if needed). */
  private async writeAtomic(file: string, value: unknown, serialized = false): Promise<void> {
    const tmp = file + '.tmp';
    const text = serialized ? (value as string) : JSON.stringify(value);
    await writeFile(tmp, 'w', text, this.fsync);
    await fsp.rename(tmp, file);
  }
}

/** What boardgame.io reads of a log entry without checking (its sync filters by `action.payload.playerID`). */
function isLogEntry(entry: unknown): boolean {
  return (
    isObject(entry) && isObject(entry.action) && typeof entry.action.type === 'string' && isObject(entry.action.payload)
  );
}

/** Reads `log.jsonl`, repairing what a crash can leave behind (see the file comment). */
export function readLog(file: string, currentStateID: number): LogEntry[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const kept: Array<[number, LogEntry[]]> = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    let parsed: [number, LogEntry[]];
    try {
      parsed = JSON.parse(line) as [number, LogEntry[]];
    } catch {
      continue; // the torn tail of a write cut short by a crash
    }
    // A line of another shape is skipped like a torn one: the rest of the log still serves.
    if (!Array.isArray(parsed) || typeof parsed[0] !== 'number' || !Array.isArray(parsed[1])) continue;
    if (!parsed[1].every(isLogEntry)) continue;
    const [sid] = parsed;
    if (sid > currentStateID) continue;
    while (kept.length > 0 && kept[kept.length - 1][0] >= sid) kept.pop();
    kept.push(parsed);
  }
  return kept.flatMap(([, entries]) => entries);
}

/**
 * Opens `file` (creating its folder if missing), writes `text`, fdatasyncs if
 * asked, closes. Plain callbacks: far less work on the event loop per write
 * than fs.promises' FileHandle.
 */
function writeFile(file: string, flags: 'a' | 'w', text: string, sync: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const opened = (err: NodeJS.ErrnoException | null, fd: number) => {
      if (err) return reject(err);
      fs.write(fd, text, (werr) => {
        const close = (e: NodeJS.ErrnoException | null) =>
          fs.close(fd, (cerr) => {
            const failure = e ?? cerr;
            if (failure) reject(failure);
            else resolve();
          });
        if (werr || !sync) return close(werr);
        fs.fdatasync(fd, close);
      });
    };
    fs.open(file, flags, (err, fd) => {
      if (err?.code !== 'ENOENT') return opened(err, fd);
      fs.mkdir(path.dirname(file), { recursive: true }, (merr) => (merr ? reject(merr) : fs.open(file, flags, opened)));
    });
  });
}

async function fsyncDir(dir: string): Promise<void> {
  const fh = await fsp.open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
