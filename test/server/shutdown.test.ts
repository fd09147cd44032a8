/**
 * A graceful shutdown with seats still connected (server/app.ts `close`).
 * Closing the socket server disconnects every socket, and boardgame.io then
 * records each seat as disconnected: it reads the match, then writes its
 * metadata. That write came after the storage had been closed, so PostgreSQL
 * refused it ("Cannot use a pool after calling end on the pool") as an
 * unhandled rejection, and the seat stayed "connected" in the storage. Here,
 * for the file storage and for PostgreSQL, seats are connected when the
 * server stops: nothing may be left unhandled, and the stored match must
 * show every seat disconnected.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StorageAPI } from 'boardgame.io';
import pg from 'pg';
import { createStorage, type StorageKind } from '../../server/storage';
import { fullMatch, RawClient, startTestServer } from './harness';
import { dropSchema, withSchema } from './processes';

const PG_URL = process.env.TEST_DATABASE_URL;
const GAME = 'touched-on';

const kinds: Array<{ kind: StorageKind; skip: boolean; cases: Array<[string, boolean, boolean]> }> = [
  {
    kind: 'file',
    skip: false,
    cases: [
      ['the server disconnects them', false, false],
      ['they leave as it stops', true, false],
    ],
  },
  {
    kind: 'postgres',
    skip: !PG_URL,
    cases: [
      ['the server disconnects them', false, false],
      ['they leave as it stops', true, false],
      ['the reads of their disconnection are slow', false, true],
    ],
  },
];

describe.each(kinds)('stopping the server with seats connected ($kind storage)', ({ kind, skip, cases }) => {
  const schema = `shutdown_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = kind === 'postgres' ? withSchema(PG_URL ?? '', schema) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shutdown-${kind}-`));
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeEach(() => {
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
  });
  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres' && !skip) await dropSchema(PG_URL ?? '', schema);
  });

  it.skipIf(skip).each(cases)(
    'records every seat as disconnected and leaves nothing unhandled: %s',
    async (_, leaveFirst, slowReads) => {
      const server = await startTestServer({ storage: kind, dataDir, databaseUrl });
      const clients: RawClient[] = [];
      let matchID = '';
      try {
        const match = await fullMatch(server.url, 3, GAME);
        matchID = match.matchID;
        for (const seat of ['0', '1', '2']) {
          const c = new RawClient(server.url, { namespace: GAME });
          clients.push(c);
          await c.sync(matchID, seat, match.creds[Number(seat)]);
        }
        const seen = async () => (await server.db.fetch(matchID, { metadata: true })).metadata;
        // Each sync's connection write lands a moment after the sync's answer.
        for (let i = 0; i < 100 && !Object.values((await seen()).players).every((p) => p.isConnected); i++) {
          await new Promise((r) => setTimeout(r, 20));
        }
        expect(Object.values((await seen()).players).map((p) => p.isConnected)).toEqual([true, true, true]);
      } finally {
        // Either the server disconnects the clients as it stops, or their goodbyes are on the way as it does.
        if (leaveFirst) for (const c of clients) c.close();
        if (slowReads) {
          // Another session locks the matches table: each disconnection's read of its match waits, and is
          // still in flight when the server would close the storage.
          const locker = new pg.Client({ connectionString: PG_URL });
          await locker.connect();
          await locker.query('BEGIN');
          await locker.query(`LOCK TABLE "${schema}".bgio_match IN ACCESS EXCLUSIVE MODE`);
          const closed = server.close();
          await new Promise((r) => setTimeout(r, 300));
          await locker.query('COMMIT');
          await locker.end();
          await closed;
        } else await server.close();
        for (const c of clients) c.close();
      }
      // Rejections surface a turn or two after their promise settles.
      await new Promise((r) => setTimeout(r, 200));
      expect(unhandled.map(String)).toEqual([]);
      expect(server.logs.some((l) => l.includes('server stopped'))).toBe(true);

      const reopened = (await createStorage({ kind, dataDir, databaseUrl })) as StorageAPI.Async & {
        close?: () => Promise<void>;
      };
      try {
        const { metadata } = await reopened.fetch(matchID, { metadata: true });
        expect(Object.values(metadata.players).map((p) => p.isConnected)).toEqual([false, false, false]);
      } finally {
        await reopened.close?.();
      }
    },
  );
});
