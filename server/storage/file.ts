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
 * - The storage is synchronous (boardgame.io `Sync`): the Master writes in the
 *   same tick that it computed the move, so a move is on disk before the next
 *   I/O event. Combine it with `PersistFirstPubSub` so the broadcast of a move
 *   leaves only after the write.
 *
 * All metadata and the states of matches in use are kept in memory; `fetch`
 * returns those objects themselves (as InMemory does), which the lobby relies
 * on when two players join the same match at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Sync } from 'boardgame.io/internal';
import type { LogEntry, Server, State, StorageAPI } from 'boardgame.io';
import { filterMatchIDs } from './list-filter';

export interface FileStorageOptions {
  /** Folder that holds the matches; created if missing. */
  dir: string;
  /** fsync every file before it replaces the old one (default true). */
  fsync?: boolean;
}

type Metadata = Server.MatchData;

const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Maps a match ID to a folder name that cannot escape the data dir. */
export function matchFolderName(matchID: string): string {
  if (SAFE_ID.test(matchID)) return matchID;
  return '~' + Buffer.from(matchID, 'utf8').toString('hex');
}

function folderToMatchID(name: string): string {
  return name.startsWith('~') ? Buffer.from(name.slice(1), 'hex').toString('utf8') : name;
}

/** Synchronous, crash-safe file storage (see the file comment). */
export class FileStorage extends Sync {
  private readonly root: string;
  private readonly fsync: boolean;
  private readonly metadata = new Map<string, Metadata>();
  private readonly states = new Map<string, State>();

  constructor(opts: FileStorageOptions) {
    super();
    this.root = path.resolve(opts.dir, 'matches');
    this.fsync = opts.fsync ?? true;
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
      const meta = this.readJSON<Metadata>(path.join(dir, 'metadata.json'));
      if (meta) this.metadata.set(folderToMatchID(name), meta);
    }
  }

  override createMatch(matchID: string, opts: StorageAPI.CreateMatchOpts): void {
    const dir = this.dirOf(matchID);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    this.writeAtomic(path.join(dir, 'initial.json'), opts.initialState);
    this.setState(matchID, opts.initialState);
    this.setMetadata(matchID, opts.metadata);
    if (this.fsync) fsyncDir(this.root);
  }

  setMetadata(matchID: string, metadata: Metadata): void {
    this.ensureDir(matchID);
    this.writeAtomic(path.join(this.dirOf(matchID), 'metadata.json'), metadata);
    this.metadata.set(matchID, metadata);
  }

  setState(matchID: string, state: State, deltalog?: LogEntry[]): void {
    this.ensureDir(matchID);
    const dir = this.dirOf(matchID);
    if (deltalog && deltalog.length > 0) {
      // One write() per line, led by a newline so that a line torn by a crash
      // stays on a line of its own and is skipped on read.
      const line = '\n' + JSON.stringify([state._stateID, deltalog]);
      const fd = fs.openSync(path.join(dir, 'log.jsonl'), 'a');
      try {
        fs.writeSync(fd, line);
        if (this.fsync) fs.fdatasyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    }
    this.writeAtomic(path.join(dir, 'state.json'), state);
    this.states.set(matchID, state);
  }

  fetch<O extends StorageAPI.FetchOpts>(matchID: string, opts: O): StorageAPI.FetchResult<O> {
    const result = {} as StorageAPI.FetchFields;
    const dir = this.dirOf(matchID);
    const state = opts.state || opts.log ? this.loadState(matchID) : undefined;
    if (opts.state) result.state = state as State;
    if (opts.metadata) result.metadata = this.metadata.get(matchID) as Metadata;
    if (opts.log) result.log = state ? readLog(path.join(dir, 'log.jsonl'), state._stateID) : [];
    if (opts.initialState) {
      result.initialState = this.readJSON<State>(path.join(dir, 'initial.json')) as State;
    }
    return result as StorageAPI.FetchResult<O>;
  }

  wipe(matchID: string): void {
    fs.rmSync(this.dirOf(matchID), { recursive: true, force: true });
    this.metadata.delete(matchID);
    this.states.delete(matchID);
  }

  override listMatches(opts?: StorageAPI.ListMatchesOpts): string[] {
    return filterMatchIDs(this.metadata, opts);
  }

  private loadState(matchID: string): State | undefined {
    let state = this.states.get(matchID);
    if (state === undefined) {
      state = this.readJSON<State>(path.join(this.dirOf(matchID), 'state.json'));
      if (state !== undefined) this.states.set(matchID, state);
    }
    return state;
  }

  private dirOf(matchID: string): string {
    return path.join(this.root, matchFolderName(matchID));
  }

  private ensureDir(matchID: string): void {
    if (!this.metadata.has(matchID) && !this.states.has(matchID)) {
      fs.mkdirSync(this.dirOf(matchID), { recursive: true });
    }
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

  private writeAtomic(file: string, value: unknown): void {
    const tmp = file + '.tmp';
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeSync(fd, JSON.stringify(value));
      if (this.fsync) fs.fdatasyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  }
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
      parsed = JSON.parse(line);
    } catch {
      continue; // the torn tail of a write cut short by a crash
    }
    const [sid] = parsed;
    if (sid > currentStateID) continue;
    while (kept.length > 0 && kept[kept.length - 1][0] >= sid) kept.pop();
    kept.push(parsed);
  }
  return kept.flatMap(([, entries]) => entries);
}

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
