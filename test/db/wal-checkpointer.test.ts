// rz serve / rz worker checkpoint SQLite's WAL in a worker thread: pages written reach the
// database file without any request doing it, and closing stops the thread.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database.ts';

describe('background WAL checkpoints (SQLite)', () => {
  it('copies committed pages into the database file while the process writes nothing more', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rz-wal-'));
    try {
      const handle = openDatabase({ databaseUrl: null, dataDir, backgroundCheckpoints: true });
      const file = path.join(dataDir, 'rz.sqlite');
      await sql`create table filler (id integer primary key, body text not null)`.execute(handle.db);
      const before = fs.statSync(file).size;
      await handle.db.transaction().execute(async (tx) => {
        for (let i = 0; i < 200; i++) await sql`insert into filler (body) values (${'x'.repeat(2000)})`.execute(tx);
      });
      // ~100 pages sit in the WAL, far below the automatic checkpoint's 20,000: only the thread moves them.
      let size = fs.statSync(file).size;
      for (const end = Date.now() + 180_000; size < before + 100 * 4096 && Date.now() < end;) {
        await new Promise((r) => setTimeout(r, 100));
        size = fs.statSync(file).size;
      }
      assert.ok(size >= before + 100 * 4096, `database file grew from ${before} to ${size} bytes`);
      const rows = await sql<{ n: number }>`select count(*) as n from filler`.execute(handle.db);
      assert.equal(rows.rows[0].n, 200);
      await handle.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
