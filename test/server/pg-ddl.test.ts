/**
 * Processes starting together on one PostgreSQL database: eight storages and
 * eight bot-lease tables created at once on a fresh schema all succeed (the
 * DDL runs under one advisory lock; without it PostgreSQL fails some of them
 * on its catalogue's unique index, as a cluster test once did in CI).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { PostgresStorage } from '../../server/storage/postgres';
import { BotLeases } from '../../server/bot-lease';

const PG_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG_URL)('creating the tables from several processes at once', () => {
  const schema = `ddl_${randomBytes(4).toString('hex')}`;
  const stores: PostgresStorage[] = [];
  afterAll(async () => {
    await stores[0]?.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await Promise.all(stores.map((s) => s.close()));
  });

  it('never fails on a race', async () => {
    for (let i = 0; i < 8; i++) stores.push(new PostgresStorage({ connectionString: PG_URL!, schema, max: 2 }));
    const results = await Promise.allSettled(stores.map((s) => s.connect()));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const leases = stores.map((s, i) => new BotLeases(s.pool, schema, `p${i}`));
    const made = await Promise.allSettled(leases.map((l) => l.connect()));
    expect(made.filter((r) => r.status === 'rejected')).toEqual([]);
  });
});
