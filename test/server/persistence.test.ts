/**
 * Persistence across a crash: the real server (server/index.ts, bundled) runs as
 * a child process, real socket.io clients play through the lobby API, the
 * server is killed with SIGKILL and restarted on the same storage and port.
 * The clients reconnect on their own; every match resumes at its last
 * acknowledged move and plays to the end; the stored logs hold every
 * acknowledged move.
 *
 * Runs for file storage always, and for Postgres when TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Bot,
  buildServer,
  createAndJoin,
  rng,
  runLoadTest,
  startServerProcess,
  Stats,
  verifyAgainstStorage,
  type ServerProcess,
  type StorageKind,
} from '../../scripts/loadtest';
import { createStorage, PostgresStorage } from '../../server/storage';

const PG_URL = process.env.TEST_DATABASE_URL;
const RUN_ID = `p${process.pid}_${Date.now().toString(36)}`;

async function waitFor(what: string, cond: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function persistenceSuite(kind: StorageKind, databaseUrl?: string) {
  let bundle: string;
  let dataDir: string;
  let server: ServerProcess | null = null;
  let dbUrl: string | undefined;

  beforeAll(async () => {
    bundle = await buildServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lisbon-persist-${kind}-`));
    dbUrl = databaseUrl ? `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}schema=persist_${RUN_ID}` : undefined;
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    if (dbUrl) {
      const db = (await createStorage({ kind: 'postgres', dataDir: '', databaseUrl: dbUrl })) as PostgresStorage;
      await db.pool.query(`DROP SCHEMA IF EXISTS "${db.schema}" CASCADE`);
      await db.close();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes every match at its last acknowledged move after kill -9; clients reconnect by themselves', async () => {
    server = await startServerProcess({ bundle, storage: kind, dataDir, databaseUrl: dbUrl });
    const stats = new Stats();
    const seats = [...(await createAndJoin(server.url, 2, 'a')), ...(await createAndJoin(server.url, 3, 'b'))];
    const random = rng(7);
    let finishedSeats = 0;
    const bots = seats.map(
      (seat) =>
        new Bot(
          seat,
          server!.url,
          seat.matchID === seats[0].matchID ? 2 : 3,
          rng(Math.floor(random() * 2 ** 32)),
          stats,
          0,
          () => finishedSeats++,
        ),
    );
    try {
      await waitFor('40 moves', () => stats.acked >= 40);
      // Let the moves in flight land, then note what each client has seen acknowledged.
      bots.forEach((b) => b.pause());
      await waitFor('clients idle', () => bots.every((b) => b.idle));
      await new Promise((r) => setTimeout(r, 200)); // the last broadcasts reach every seat
      const before = bots.map((b) => ({ stateID: b.state!._stateID, G: JSON.stringify(b.state!.G), syncs: b.syncs }));
      expect(new Set(before.map((b) => b.stateID)).size).toBeGreaterThan(0);

      const oldPid = server.pid;
      await server.kill9();
      await server.restart();
      expect(server.pid).not.toBe(oldPid);

      // Every client reconnects without help and gets the state it had before the crash.
      await waitFor('reconnect syncs', () => bots.every((b, i) => b.syncs > before[i].syncs));
      bots.forEach((b, i) => {
        expect(b.lastSyncStateID).toBe(before[i].stateID);
        expect(JSON.stringify(b.state!.G)).toBe(before[i].G);
      });

      bots.forEach((b) => b.resume());
      await waitFor('both matches to end', () => finishedSeats === bots.length, 120_000);
      expect(stats.errorCount).toBe(0);
      expect(stats.rollbacks).toBe(0);
    } finally {
      bots.forEach((b) => b.close());
      await server.stop();
      server = null;
    }

    const db = await createStorage({ kind, dataDir, databaseUrl: dbUrl });
    try {
      const v = await verifyAgainstStorage(db, bots);
      expect(v.matchesChecked).toBe(2);
      expect(v.problems).toEqual([]);
    } finally {
      if (db instanceof PostgresStorage) await db.close();
    }
  }, 180_000);

  it('loses no acknowledged move when killed in the middle of play (no pause)', async () => {
    const report = await runLoadTest({
      matches: 3,
      players: 2,
      storage: kind,
      killAt: 0.4,
      timeoutSec: 150,
      thinkMs: 0,
      seed: 11,
      databaseUrl: dbUrl,
    });
    expect(report.kill).toBeDefined();
    expect(report.kill!.rollbacks).toBe(0);
    expect(report.verification.checked).toBe(true);
    expect(report.verification.problems).toEqual([]);
    expect(report.errorSamples).toEqual([]);
    expect(report.matchesCompleted).toBe(3);
  }, 180_000);
}

describe('persistence: file storage', () => persistenceSuite('file'));

describe.skipIf(!PG_URL)('persistence: postgres storage (TEST_DATABASE_URL)', () =>
  persistenceSuite('postgres', PG_URL),
);
