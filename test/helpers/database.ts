// Every test file gets its own fresh database: a SQLite file in a temp dir, or (with
// RZ_TEST_DATABASE=postgres) a new PostgreSQL database that is dropped afterwards.
// A PostgreSQL run that cannot reach the server fails; it is never skipped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import pg from 'pg';
import { migrate, openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { loadConfig } from '../../src/config.ts';
import { createServices, type Services } from '../../src/services.ts';

export type TestDialect = 'sqlite' | 'postgres';

export function testDialect(): TestDialect {
  const v = process.env.RZ_TEST_DATABASE ?? 'sqlite';
  if (v !== 'sqlite' && v !== 'postgres') throw new Error(`RZ_TEST_DATABASE must be sqlite or postgres, got ${v}`);
  return v;
}

export const PG_ADMIN_URL = process.env.RZ_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  dialect: TestDialect;
  databaseUrl: string | null;
  dataDir: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rz-test-'));
  if (testDialect() === 'sqlite') {
    return { dialect: 'sqlite', databaseUrl: null, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `rz_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    dialect: 'postgres',
    databaseUrl: url.toString(),
    dataDir,
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      // A closed pool's sockets may still be going away; forcing the drop under them would make
      // their clients raise uncaught errors in the test process. Wait until they are gone (on a
      // busy machine that can take seconds).
      for (const end = Date.now() + 30_000; Date.now() < end;) {
        const r = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (r.rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh test database, migrated and opened as the service opens it. `close` closes the handle and drops the database. */
export async function openTestDatabase(): Promise<{ database: TestDatabase; handle: DatabaseHandle; close(): Promise<void> }> {
  const database = await createTestDatabase();
  const handle = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  await migrate(handle.db);
  return {
    database, handle,
    close: async () => {
      await handle.close();
      // pg's pool.end() resolves before its sockets are closed; let them go before the database is dropped WITH (FORCE).
      if (database.dialect === 'postgres') await new Promise((resolve) => setTimeout(resolve, 250));
      await database.drop();
    },
  };
}

/** A migrated test database for one describe block (opened before its tests, dropped after), with the services over it. */
export function useTestDatabase(): { readonly handle: DatabaseHandle; services(): Services } {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  before(async () => { opened = await openTestDatabase(); });
  after(() => opened.close());
  return {
    get handle() { return opened.handle; },
    services: () => createServices(loadConfig({ RZ_DATA_DIR: opened.database.dataDir }), opened.handle),
  };
}
