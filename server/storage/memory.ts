/**
 * In-memory storage: boardgame.io's InMemory, which 0.50.2 does not export, written out.
 * Matches are lost when the process stops. Unlike InMemory, `wipe` also drops
 * the log and the initial state.
 */
import { Sync } from 'boardgame.io/internal';
import type { LogEntry, Server, State, StorageAPI } from 'boardgame.io';
import { filterMatchIDs, pageOf, type PageEntry, type PageOptions } from './list-filter';

/** Synchronous in-memory storage; `fetch` returns the stored objects themselves. */
export class MemoryStorage extends Sync {
  private readonly state = new Map<string, State>();
  private readonly initial = new Map<string, State>();
  private readonly metadata = new Map<string, Server.MatchData>();
  private readonly log = new Map<string, LogEntry[]>();

  override createMatch(matchID: string, opts: StorageAPI.CreateMatchOpts): void {
    this.initial.set(matchID, opts.initialState);
    this.log.delete(matchID);
    this.setState(matchID, opts.initialState);
    this.setMetadata(matchID, opts.metadata);
  }

  setMetadata(matchID: string, metadata: Server.MatchData): void {
    this.metadata.set(matchID, metadata);
  }

  setState(matchID: string, state: State, deltalog?: LogEntry[]): void {
    if (deltalog && deltalog.length > 0) {
      const log = this.log.get(matchID) ?? [];
      log.push(...deltalog);
      this.log.set(matchID, log);
    }
    this.state.set(matchID, state);
  }

  fetch<O extends StorageAPI.FetchOpts>(matchID: string, opts: O): StorageAPI.FetchResult<O> {
    const result = {} as StorageAPI.FetchFields;
    if (opts.state) result.state = this.state.get(matchID) as State;
    if (opts.metadata) result.metadata = this.metadata.get(matchID) as Server.MatchData;
    if (opts.log) result.log = [...(this.log.get(matchID) ?? [])];
    if (opts.initialState) result.initialState = this.initial.get(matchID) as State;
    return result;
  }

  wipe(matchID: string): void {
    this.state.delete(matchID);
    this.initial.delete(matchID);
    this.metadata.delete(matchID);
    this.log.delete(matchID);
  }

  /** One page of the public match list (server/match-list.ts). */
  listPage(opts: PageOptions): Promise<PageEntry[]> {
    return Promise.resolve(pageOf(this.metadata, opts));
  }

  override listMatches(opts?: StorageAPI.ListMatchesOpts): string[] {
    return filterMatchIDs(this.metadata, opts);
  }
}
