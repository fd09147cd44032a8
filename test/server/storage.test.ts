/**
 * Storage adapters through boardgame.io's storage API: the same contract for
 * file, memory and Postgres, then the crash repairs of the file adapter and
 * concurrent writes on Postgres.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry, Server, State, StorageAPI } from 'boardgame.io';
import { createStorage, FileStorage, PersistFirstPubSub, PostgresStorage } from '../../server/storage';
import { readLog } from '../../server/storage/file';

const PG_URL = process.env.TEST_DATABASE_URL;
const RUN_ID = `t${process.pid}_${Date.now().toString(36)}`;

function makeState(stateID: number, extra: Record<string, unknown> = {}): State {
  return {
    G: { n: stateID, ...extra },
    ctx: {
      numPlayers: 2,
      turn: 1,
      currentPlayer: '0',
      playOrder: ['0', '1'],
      playOrderPos: 0,
      phase: 'main',
      activePlayers: null,
    },
    plugins: {},
    _undo: [],
    _redo: [],
    _stateID: stateID,
  };
}

function makeMetadata(extra: Partial<Server.MatchData> = {}): Server.MatchData {
  return {
    gameName: 'lisbon-tram-28',
    players: { 0: { id: 0 }, 1: { id: 1 } },
    createdAt: 1000,
    updatedAt: 1000,
    ...extra,
  };
}

function entry(stateID: number, move = 'm'): LogEntry {
  return {
    action: { type: 'MAKE_MOVE', payload: { type: move, args: [stateID], playerID: '0' } },
    _stateID: stateID,
    turn: 1,
    phase: 'main',
  };
}

type Db = StorageAPI.Async | StorageAPI.Sync;

/** The contract every adapter must keep; `reopen` gives a fresh adapter on the same data, if any. */
function contract(name: string, open: () => Promise<Db>, reopen?: () => Promise<Db>) {
  describe(`${name}: storage contract`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await open();
    });

    it('creates a match and fetches each part', async () => {
      await db.createMatch('m1', { initialState: makeState(0), metadata: makeMetadata() });
      const r = await db.fetch('m1', { state: true, metadata: true, log: true, initialState: true });
      expect(r.state._stateID).toBe(0);
      expect(r.initialState._stateID).toBe(0);
      expect(r.metadata.gameName).toBe('lisbon-tram-28');
      expect(r.log).toEqual([]);
    });

    it('appends the log in move order and keeps the newest state', async () => {
      for (let i = 0; i < 5; i++) await db.setState('m1', makeState(i + 1), [entry(i)]);
      const r = await db.fetch('m1', { state: true, log: true, initialState: true });
      expect(r.state._stateID).toBe(5);
      expect(r.initialState._stateID).toBe(0);
      expect(r.log.map((e) => e._stateID)).toEqual([0, 1, 2, 3, 4]);
    });

    it('returns nothing for an unknown match', async () => {
      const r = await db.fetch('nope', { state: true, metadata: true });
      expect(r.state).toBeUndefined();
      expect(r.metadata).toBeUndefined();
    });

    it('lists matches by game name and game-over flag', async () => {
      await db.createMatch('m2', {
        initialState: makeState(0),
        metadata: makeMetadata({ gameover: { winner: '0' }, updatedAt: 5000 }),
      });
      expect((await db.listMatches()).sort()).toEqual(['m1', 'm2']);
      expect(await db.listMatches({ where: { isGameover: true } })).toEqual(['m2']);
      expect(await db.listMatches({ where: { isGameover: false } })).toEqual(['m1']);
      expect(await db.listMatches({ where: { updatedAfter: 2000 } })).toEqual(['m2']);
      expect(await db.listMatches({ gameName: 'other' })).toEqual([]);
    });

    if (reopen) {
      it('keeps everything across a restart', async () => {
        const again = await reopen();
        const r = await again.fetch('m1', { state: true, metadata: true, log: true, initialState: true });
        expect(r.state).toEqual(makeState(5));
        expect(r.initialState).toEqual(makeState(0));
        expect(r.metadata).toEqual(makeMetadata());
        expect(r.log).toEqual([0, 1, 2, 3, 4].map((i) => entry(i)));
        expect((await again.listMatches()).sort()).toEqual(['m1', 'm2']);
        if (again instanceof PostgresStorage) await again.close();
      });
    }

    it('wipes a match', async () => {
      await db.wipe('m2');
      const r = await db.fetch('m2', { state: true, metadata: true });
      expect(r.state).toBeUndefined();
      expect(r.metadata).toBeUndefined();
      expect(await db.listMatches()).toEqual(['m1']);
    });

    afterAll(async () => {
      if (db instanceof PostgresStorage) await db.close();
    });
  });
}

const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bgio-storage-'));
afterAll(() => fs.rmSync(tmpRoot, { recursive: true, force: true }));

contract(
  'file',
  () => createStorage({ kind: 'file', dataDir: path.join(tmpRoot, 'contract') }),
  () => createStorage({ kind: 'file', dataDir: path.join(tmpRoot, 'contract') }),
);
contract('memory', () => createStorage({ kind: 'memory', dataDir: '' }));

describe('file storage: what a crash can leave behind', () => {
  it('ignores a torn last log line and an orphan line newer than the state', async () => {
    const dir = path.join(tmpRoot, 'crash1');
    const db = new FileStorage({ dir });
    db.connect();
    await db.createMatch('c1', { initialState: makeState(0), metadata: makeMetadata() });
    await db.setState('c1', makeState(1), [entry(0)]);
    await db.setState('c1', makeState(2), [entry(1)]);
    const matchDir = path.join(dir, 'matches', 'c1');
    // Crash after the log append of move 3 but before its state write...
    fs.appendFileSync(path.join(matchDir, 'log.jsonl'), '\n' + JSON.stringify([3, [entry(2, 'orphan')]]));
    // ...and a later crash in the middle of another append.
    fs.appendFileSync(path.join(matchDir, 'log.jsonl'), '\n[4,[{"action":{"ty');
    // A temp file from a crash during an atomic replace.
    fs.writeFileSync(path.join(matchDir, 'state.json.tmp'), '{"G":');

    const after = new FileStorage({ dir });
    after.connect();
    expect(fs.existsSync(path.join(matchDir, 'state.json.tmp'))).toBe(false);
    const r = await after.fetch('c1', { state: true, log: true });
    expect(r.state._stateID).toBe(2);
    expect(r.log.map((e) => e._stateID)).toEqual([0, 1]);

    // The replayed move 3 replaces the orphan line, and the torn line does not swallow it.
    await after.setState('c1', makeState(3), [entry(2, 'replayed')]);
    const r2 = await new FileStorage({ dir }).fetch('c1', { state: true, log: true });
    expect(r2.state._stateID).toBe(3);
    expect(r2.log.map((e) => (e.action.payload as { type: string }).type)).toEqual(['m', 'm', 'replayed']);
  });

  it('keeps a match ID that is not a safe file name inside the data dir', async () => {
    const dir = path.join(tmpRoot, 'ids');
    const db = new FileStorage({ dir });
    db.connect();
    await db.createMatch('../../evil', { initialState: makeState(0), metadata: makeMetadata() });
    expect(fs.readdirSync(path.join(dir, 'matches'))).toHaveLength(1);
    expect(fs.existsSync(path.join(tmpRoot, 'evil'))).toBe(false);
    const again = new FileStorage({ dir });
    again.connect();
    expect(await again.listMatches()).toEqual(['../../evil']);
  });

  it('writes the moves of one match in call order, with whenWritten marking the end', async () => {
    const dir = path.join(tmpRoot, 'order');
    const db = new FileStorage({ dir });
    db.connect();
    await db.createMatch('o1', { initialState: makeState(0), metadata: makeMetadata() });
    // Not awaited one by one: as the Master's setState and setMetadata run side by side.
    for (let i = 0; i < 50; i++) {
      void db.setState('o1', makeState(i + 1), [entry(i)]);
      void db.setMetadata('o1', makeMetadata({ updatedAt: 2000 + i }));
    }
    await db.whenWritten('o1');
    const fresh = new FileStorage({ dir });
    fresh.connect();
    const r = await fresh.fetch('o1', { state: true, log: true, metadata: true });
    expect(r.state._stateID).toBe(50);
    expect(r.log.map((e) => e._stateID)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    // A change of updatedAt alone is deferred (by up to a second) until flush().
    expect(r.metadata.updatedAt).toBe(1000);
    await db.flush();
    const flushed = new FileStorage({ dir });
    flushed.connect();
    expect((await flushed.fetch('o1', { metadata: true })).metadata.updatedAt).toBe(2049);
  });

  it('writes any other metadata change at once', async () => {
    const dir = path.join(tmpRoot, 'meta-now');
    const db = new FileStorage({ dir });
    db.connect();
    await db.createMatch('n1', { initialState: makeState(0), metadata: makeMetadata() });
    await db.setMetadata('n1', makeMetadata({ updatedAt: 3000, gameover: { winner: '1' } }));
    const fresh = new FileStorage({ dir });
    fresh.connect();
    const { metadata } = await fresh.fetch('n1', { metadata: true });
    expect(metadata.gameover).toEqual({ winner: '1' });
    expect(metadata.updatedAt).toBe(3000);
  });

  it('fetch returns the stored metadata object itself, so two lobby joins cannot overwrite each other', async () => {
    const db = new FileStorage({ dir: path.join(tmpRoot, 'joins') });
    db.connect();
    await db.createMatch('j1', { initialState: makeState(0), metadata: makeMetadata() });
    // What the lobby's join route does, twice at once: fetch, change one seat, write.
    const join = async (seat: 0 | 1) => {
      const { metadata } = await db.fetch('j1', { metadata: true });
      metadata.players[seat].name = `p${seat}`;
      await db.setMetadata('j1', metadata);
    };
    await Promise.all([join(0), join(1)]);
    const fresh = new FileStorage({ dir: path.join(tmpRoot, 'joins') });
    fresh.connect();
    const { metadata } = await fresh.fetch('j1', { metadata: true });
    expect([metadata.players[0].name, metadata.players[1].name]).toEqual(['p0', 'p1']);
  });

  it('readLog drops lines superseded by a replayed stateID', () => {
    const file = path.join(tmpRoot, 'log.jsonl');
    const lines = [
      [1, [entry(0, 'a')]],
      [2, [entry(1, 'b')]],
      [3, [entry(2, 'lost')]], // orphan: crash before its state was written
      [3, [entry(2, 'c')]],
    ];
    fs.writeFileSync(file, lines.map((l) => '\n' + JSON.stringify(l)).join(''));
    const types = readLog(file, 3).map((e) => (e.action.payload as { type: string }).type);
    expect(types).toEqual(['a', 'b', 'c']);
  });
});

describe('PersistFirstPubSub', () => {
  it('publishes only after the storage reports the write done, in order', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const fake = { whenWritten: () => gate } as unknown as Db;
    const ps = new PersistFirstPubSub<string>(fake);
    const got: string[] = [];
    ps.subscribe('MATCH-x', (p) => got.push(p));
    ps.publish('MATCH-x', 'a');
    ps.publish('MATCH-x', 'b');
    await new Promise((r) => setTimeout(r, 20));
    expect(got).toEqual([]);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(got).toEqual(['a', 'b']);
  });

  it('does not send an update whose write failed', async () => {
    const fake = { whenWritten: () => Promise.reject(new Error('disk full')) } as unknown as Db;
    const ps = new PersistFirstPubSub<string>(fake);
    const got: string[] = [];
    ps.subscribe('MATCH-y', (p) => got.push(p));
    const err = console.error;
    console.error = () => undefined;
    try {
      ps.publish('MATCH-y', 'a');
      await new Promise((r) => setTimeout(r, 10));
    } finally {
      console.error = err;
    }
    expect(got).toEqual([]);
  });
});

describe.skipIf(!PG_URL)('postgres storage (TEST_DATABASE_URL)', () => {
  const schema = `bgio_${RUN_ID}`;
  const url = () => `${PG_URL}${PG_URL!.includes('?') ? '&' : '?'}schema=${schema}`;

  contract(
    'postgres',
    () => createStorage({ kind: 'postgres', dataDir: '', databaseUrl: url() }),
    () => createStorage({ kind: 'postgres', dataDir: '', databaseUrl: url() }),
  );

  describe('concurrent writes to one match', () => {
    let db: PostgresStorage;
    beforeAll(async () => {
      db = (await createStorage({ kind: 'postgres', dataDir: '', databaseUrl: url() })) as PostgresStorage;
    });
    afterAll(async () => {
      await db.flush();
      await db.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.close();
    });

    it('stores a chain of moves with their log, and refuses writes that arrive out of order', async () => {
      await db.createMatch('race', { initialState: makeState(0), metadata: makeMetadata() });
      const N = 50;
      for (let i = 0; i < N; i++) {
        await Promise.all([
          db.setState('race', makeState(i + 1), [entry(i)]),
          db.setMetadata('race', makeMetadata({ updatedAt: 2000 + i })),
        ]);
      }
      // A late write of an older move (its state was replaced since) stores nothing, log included.
      expect(await db.trySetState('race', makeState(N - 3, { by: 'late' }), [entry(N - 4, 'late')])).toBe(false);
      const r = await db.fetch('race', { state: true, log: true, metadata: true, initialState: true });
      expect(r.state._stateID).toBe(N);
      expect(r.log.map((e) => e._stateID)).toEqual(Array.from({ length: N }, (_, i) => i));
      expect(r.log.some((e) => (e.action.payload as { type: string }).type === 'late')).toBe(false);
      expect(r.initialState._stateID).toBe(0);
      // setState never clobbers metadata, nor setMetadata the state.
      expect(r.metadata.gameName).toBe('lisbon-tram-28');
    });

    it('keeps the metadata keys of a bounded number of matches, however many it reads', async () => {
      // Every process reads the metadata of every match with a seat connected (the seat sweep), and one removed or
      // finished through another process is never let go: 2,500 matches read must not leave 2,500 keys.
      const other = (await createStorage({ kind: 'postgres', dataDir: '', databaseUrl: url() })) as PostgresStorage;
      try {
        const ids = Array.from({ length: 2500 }, (_, i) => `keys-${i}`);
        for (let i = 0; i < ids.length; i += 100) {
          await Promise.all(
            ids
              .slice(i, i + 100)
              .map((id) => other.createMatch(id, { initialState: makeState(0), metadata: makeMetadata() })),
          );
        }
        for (let i = 0; i < ids.length; i += 100) {
          await Promise.all(ids.slice(i, i + 100).map((id) => db.fetch(id, { metadata: true })));
        }
        const kept = (db as unknown as { metaKeys: Map<string, string> }).metaKeys;
        expect(kept.size).toBeLessThanOrEqual(2000);
        // The latest read are kept: an unchanged write of one of them is still only an `updatedAt` bump.
        expect(kept.has(ids.at(-1)!)).toBe(true);
      } finally {
        await other.close();
      }
    }, 60_000);

    it('two adapters (two server processes) storing different next states: one wins, with its log alone', async () => {
      const other = (await createStorage({ kind: 'postgres', dataDir: '', databaseUrl: url() })) as PostgresStorage;
      try {
        await db.createMatch('race2', { initialState: makeState(0), metadata: makeMetadata() });
        for (let i = 0; i < 40; i++) {
          // Different log lengths, as when two different moves trigger different automatic events.
          const mine = db.setState('race2', makeState(i + 1, { by: 'db' }), [entry(i, 'db')]);
          const theirs = other.setState('race2', makeState(i + 1, { by: 'other' }), [
            entry(i, 'other'),
            entry(i, 'other-auto'),
            entry(i, 'other-auto2'),
          ]);
          const outcomes = await Promise.all([
            db.whenWritten('race2').then(
              () => 'db',
              () => 'refused',
            ),
            other.whenWritten('race2').then(
              () => 'other',
              () => 'refused',
            ),
            mine,
            theirs,
          ]);
          const winners = outcomes.slice(0, 2).filter((o) => o !== 'refused');
          expect(winners, `round ${i}`).toHaveLength(1);
          const r = await db.fetch('race2', { state: true, log: true });
          expect(r.state._stateID).toBe(i + 1);
          expect(r.state.G.by).toBe(winners[0]);
          const types = r.log.filter((e) => e._stateID === i).map((e) => (e.action.payload as { type: string }).type);
          expect(types).toEqual(winners[0] === 'db' ? ['db'] : ['other', 'other-auto', 'other-auto2']);
        }
      } finally {
        await other.close();
      }
    });

    it("drops the metadata write of a move whose state was refused (a losing move's gameover)", async () => {
      await db.createMatch('race4', { initialState: makeState(0), metadata: makeMetadata() });
      await db.setState('race4', makeState(1, { by: 'winner' }), [entry(0)]);
      // What the Master does for the losing move: setState, then setMetadata in the same block.
      const { metadata } = await db.fetch('race4', { metadata: true });
      await Promise.all([
        db.setState('race4', makeState(1, { by: 'loser' }), [entry(0, 'loser')]),
        db.setMetadata('race4', { ...metadata, gameover: { winner: '1' }, updatedAt: 9000 }),
      ]);
      await expect(db.whenWritten('race4')).resolves.toBeUndefined();
      const r = await db.fetch('race4', { state: true, metadata: true });
      expect(r.state.G.by).toBe('winner');
      expect(r.metadata.gameover).toBeUndefined();
    });

    it('two lobby joins at once (fetch, set a seat, write back) both keep their seat', async () => {
      const seats = { 0: { id: 0 }, 1: { id: 1 }, 2: { id: 2 }, 3: { id: 3 } };
      await db.createMatch('joins', { initialState: makeState(0), metadata: makeMetadata({ players: seats }) });
      const join = async (seat: 0 | 1 | 2 | 3) => {
        const { metadata } = await db.fetch('joins', { metadata: true });
        metadata.players[seat].name = `p${seat}`;
        metadata.players[seat].credentials = `c${seat}`;
        await db.setMetadata('joins', metadata);
        return metadata;
      };
      const [m0] = await Promise.all([join(0), join(1), join(2), join(3)]);
      let { metadata } = await db.fetch('joins', { metadata: true });
      expect([0, 1, 2, 3].map((s) => metadata.players[s].credentials)).toEqual(['c0', 'c1', 'c2', 'c3']);
      // Writing back the same (older) object again changes only what it changes.
      m0.players[0].isConnected = true;
      await db.setMetadata('joins', m0);
      ({ metadata } = await db.fetch('joins', { metadata: true }));
      expect([0, 1, 2, 3].map((s) => metadata.players[s].credentials)).toEqual(['c0', 'c1', 'c2', 'c3']);
      expect(metadata.players[0].isConnected).toBe(true);
      // A leave (a seat's name and credentials removed) is merged too.
      const { metadata: leaving } = await db.fetch('joins', { metadata: true });
      delete leaving.players[2].name;
      delete leaving.players[2].credentials;
      await db.setMetadata('joins', leaving);
      ({ metadata } = await db.fetch('joins', { metadata: true }));
      expect(metadata.players[2]).toEqual({ id: 2 });
      expect(metadata.players[3].credentials).toBe('c3');
    });

    it("defers a move's updatedAt-only metadata write, and never lets it undo a seat change", async () => {
      const row = async () =>
        (await db.pool.query(`SELECT updated_at, metadata::text AS m FROM "${schema}".bgio_match WHERE id = 'touch'`))
          .rows[0];
      await db.createMatch('touch', {
        initialState: makeState(0),
        metadata: makeMetadata({ updatedAt: 1000, players: { 0: { id: 0 }, 1: { id: 1 } } }),
      });
      // What the Master does after each move: fetch, then write { ...metadata, updatedAt }.
      const { metadata } = await db.fetch('touch', { metadata: true });
      await db.setMetadata('touch', { ...metadata, updatedAt: 5000 });
      expect(Number((await row()).updated_at)).toBe(1000); // not written yet
      // Meanwhile the lobby seats a player (a fetched, changed object: written at once).
      const { metadata: joined } = await db.fetch('touch', { metadata: true });
      joined.players[1].name = 'Ana';
      await db.setMetadata('touch', joined);
      await db.flush(); // the deferred bump sets updatedAt alone
      let stored = JSON.parse((await row()).m) as Server.MatchData;
      expect(Number((await row()).updated_at)).toBe(5000);
      expect(stored.updatedAt).toBe(5000);
      expect(stored.players[1].name).toBe('Ana');
      // The next move's bump, read back after the seat change.
      const { metadata: next } = await db.fetch('touch', { metadata: true });
      await db.setMetadata('touch', { ...next, updatedAt: 6000 });
      await db.flush();
      stored = JSON.parse((await row()).m) as Server.MatchData;
      expect(stored.updatedAt).toBe(6000);
      expect(stored.players[1].name).toBe('Ana');
      // Any other change is written at once.
      await db.setMetadata('touch', { ...stored, gameover: { winner: '1' }, updatedAt: 7000 });
      expect(JSON.parse((await row()).m).gameover).toEqual({ winner: '1' });
    });

    it("a move's metadata write never undoes a connection change made after the move was read", async () => {
      const players = { 0: { id: 0, name: 'Ana' }, 1: { id: 1, name: 'Bo' } };
      await db.createMatch('conn', {
        initialState: makeState(0),
        metadata: makeMetadata({ updatedAt: 1000, players }),
      });
      // The Master reads the match for a move of Bo's...
      const { metadata: read } = await db.fetch('conn', { metadata: true });
      // ...and meanwhile Ana's socket connects (boardgame.io's onConnectionChange: fetch, set the flag, write).
      const { metadata: connecting } = await db.fetch('conn', { metadata: true });
      connecting.players[0].isConnected = true;
      await db.setMetadata('conn', connecting);
      // The Master stores the move: the state, then { ...metadata as it read it, updatedAt }, in one block.
      await Promise.all([
        db.setState('conn', makeState(1), [entry(0)]),
        db.setMetadata('conn', { ...read, updatedAt: 5000 }),
      ]);
      await db.flush();
      let { metadata } = await db.fetch('conn', { metadata: true });
      expect(metadata.players[0].isConnected).toBe(true);
      expect(metadata.updatedAt).toBe(5000);

      // The same with the move that ends the game: its gameover is stored, Bo's connection too.
      const { metadata: last } = await db.fetch('conn', { metadata: true });
      const { metadata: bo } = await db.fetch('conn', { metadata: true });
      bo.players[1].isConnected = true;
      await db.setMetadata('conn', bo);
      await Promise.all([
        db.setState('conn', makeState(2), [entry(1)]),
        db.setMetadata('conn', { ...last, gameover: { winner: '0' }, updatedAt: 6000 }),
      ]);
      await db.flush();
      ({ metadata } = await db.fetch('conn', { metadata: true }));
      expect(metadata.gameover).toEqual({ winner: '0' });
      expect(metadata.updatedAt).toBe(6000);
      expect([metadata.players[0].isConnected, metadata.players[1].isConnected]).toEqual([true, true]);
      expect(await db.listMatches({ where: { isGameover: true } })).toContain('conn');
    });

    it('a change made on fetched metadata (a chat message, a turn clock count) keeps a seat taken since the read', async () => {
      await db.createMatch('chat', {
        initialState: makeState(0),
        metadata: makeMetadata({ players: { 0: { id: 0, name: 'Ana', credentials: 'c0' }, 1: { id: 1 } } }),
      });
      // The chat reads the match for Ana's message...
      const { metadata: read } = await db.fetch('chat', { metadata: true });
      // ...and meanwhile the lobby seats Bo.
      const { metadata: joining } = await db.fetch('chat', { metadata: true });
      joining.players[1].name = 'Bo';
      joining.players[1].credentials = 'c1';
      await db.setMetadata('chat', joining);
      // The chat adds its message to what it read (server/socket-guard.ts), as the turn clocks add their counts.
      (read as { chat?: unknown }).chat = [{ id: 'm1' }];
      await db.setMetadata('chat', read);
      let { metadata } = await db.fetch('chat', { metadata: true });
      expect(metadata.players[1]).toMatchObject({ name: 'Bo', credentials: 'c1' });
      expect((metadata as { chat?: unknown }).chat).toEqual([{ id: 'm1' }]);
      // A copy of what it read would have been written whole, over Bo's seat: the callers must not write copies.
      const { metadata: again } = await db.fetch('chat', { metadata: true });
      await db.setMetadata('chat', { ...again, players: { ...again.players, 1: { id: 1 } } });
      ({ metadata } = await db.fetch('chat', { metadata: true }));
      expect(metadata.players[1]).toEqual({ id: 1 });
    });

    it("reads a match's state column only when another writer moved it on", async () => {
      const other = (await createStorage({ kind: 'postgres', dataDir: '', databaseUrl: url() })) as PostgresStorage;
      try {
        await db.createMatch('kept', { initialState: makeState(0), metadata: makeMetadata() });
        const s1 = makeState(1);
        await db.setState('kept', s1, [entry(0)]);
        expect((await db.fetch('kept', { state: true })).state).toBe(s1); // the kept object: nothing read
        await other.setState('kept', makeState(2, { by: 'other' }), [entry(1)]);
        const seen = (await db.fetch('kept', { state: true })).state;
        expect(seen._stateID).toBe(2);
        expect(seen.G.by).toBe('other');
        // A write the row refused (an older stateID) is not kept.
        await db.setState('kept', makeState(2, { by: 'late' }), [entry(1, 'late')]);
        expect((await db.fetch('kept', { state: true })).state.G.by).toBe('other');
      } finally {
        await other.close();
      }
    });

    it('refuses a state that is not newer than the stored one, as a fresh reader sees it', async () => {
      // Written and read through separate adapters, so no adapter's kept state can hide the row.
      const writer = (await createStorage({ kind: 'postgres', dataDir: '', databaseUrl: url() })) as PostgresStorage;
      const reader = (await createStorage({ kind: 'postgres', dataDir: '', databaseUrl: url() })) as PostgresStorage;
      try {
        await db.createMatch('stale', { initialState: makeState(0), metadata: makeMetadata() });
        await db.setState('stale', makeState(5, { by: 'newest' }), [entry(4)]);
        await writer.setState('stale', makeState(5, { by: 'same stateID' }), [entry(4, 'dup')]);
        await writer.setState('stale', makeState(3, { by: 'older' }), [entry(2)]);
        const r = await reader.fetch('stale', { state: true });
        expect(r.state._stateID).toBe(5);
        expect(r.state.G.by).toBe('newest');
      } finally {
        await writer.close();
        await reader.close();
      }
    });

    it('whenWritten waits for writes in flight', async () => {
      const p = db.setState('race3', makeState(1), [entry(0)]);
      let settled = false;
      void p.then(() => (settled = true));
      await db.whenWritten('race3');
      expect(settled).toBe(true);
    });
  });
});
