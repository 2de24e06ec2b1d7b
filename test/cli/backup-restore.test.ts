// rz backup and rz restore, as an operator runs them: a backup taken while a real `rz serve`
// takes writes, restored into a fresh data directory, served again with the data there.
// Restore refuses a directory in use and a file that is not an RZ database, and changes nothing then.
// On PostgreSQL both commands point at pg_dump and exit non-zero.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, testDialect, type TestDatabase } from '../helpers/database.ts';
import { dbEnv, RZ_CLI, spawnRz, type ChildServer } from '../helpers/process.ts';
import { ApiClient } from '../helpers/client.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Run { code: number; stdout: string; stderr: string }

function rz(env: Record<string, string>, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...RZ_CLI, ...args], { cwd: ROOT, env: { ...process.env, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

async function ok(env: Record<string, string>, ...args: string[]) {
  const r = await rz(env, ...args);
  assert.equal(r.code, 0, `rz ${args.join(' ')} failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

describe('rz backup and rz restore', { skip: testDialect() !== 'sqlite' }, () => {
  let database: TestDatabase;
  let server: ChildServer | undefined;
  let restored: ChildServer | undefined;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rz-backup-'));
  const freshDir = path.join(scratch, 'fresh');
  const backupFile = path.join(scratch, 'rz-backup.sqlite');

  before(async () => { database = await createTestDatabase(); });
  after(async () => {
    await server?.kill();
    await restored?.kill();
    await database?.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('backs up while the server writes; the backup restores into a fresh directory and serves its data', async () => {
    const env = dbEnv(database);
    const team = await ok(env, 'team', 'create', '--name', 'Backup Co', '--owner-email', 'owner@backup.test');
    const { key } = await ok(env, 'key', 'create', '--user', team.owner_id);
    server = await spawnRz('serve', database);
    const client = new ApiClient(server.api, key);
    const before = await client.post('/contacts', { email: 'before@backup.test', first_name: 'Before' });
    assert.equal(before.status, 201);

    // Writes keep coming while the backup runs.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        const r = await client.post('/contacts', { email: `w${written}@backup.test`, company: `Company ${written % 7}` });
        assert.equal(r.status, 201, r.text);
        written++;
      }
    })();
    try {
      for (const end = Date.now() + 60_000; written < 5 && Date.now() < end;) await new Promise((r) => setTimeout(r, 20));
      const out = await ok(env, 'backup', '--to', backupFile);
      assert.equal(out.backup, backupFile);
      assert.ok(out.bytes > 0 && out.pages > 0);
      assert.ok(!fs.existsSync(`${backupFile}-wal`), 'a self-contained file, no WAL beside it');
    } finally {
      writing = false;
      await writer;
    }
    assert.ok(written >= 5, 'the server was writing');

    // A second backup to the same name is refused and leaves the first alone.
    const size = fs.statSync(backupFile).size;
    const again = await rz(env, 'backup', '--to', backupFile);
    assert.notEqual(again.code, 0);
    assert.match(again.stderr, /exists/);
    assert.equal(fs.statSync(backupFile).size, size);

    // The server's directory is in use: restore refuses and changes nothing.
    const busy = await rz(env, 'restore', '--from', backupFile);
    assert.notEqual(busy.code, 0);
    assert.match(busy.stderr, /in use/);
    assert.doesNotMatch(busy.stderr, /at .*\.ts:\d+/, 'no stack trace');
    assert.deepEqual(fs.readdirSync(database.dataDir).filter((f) => f.includes('before-restore')), []);

    const freshEnv = { RZ_DATA_DIR: freshDir };
    const result = await ok(freshEnv, 'restore', '--from', backupFile);
    assert.equal(result.restored, path.join(freshDir, 'rz.sqlite'));
    assert.equal(result.previous, null);

    restored = await spawnRz('serve', { ...database, dataDir: freshDir });
    const fromBackup = new ApiClient(restored.api, key);
    const found = await fromBackup.get('/contacts?q=before@backup.test');
    assert.equal(found.status, 200, 'the API key of the backup works');
    assert.deepEqual(found.body.items.map((c: any) => c.id), [before.body.id]);
    const all = await fromBackup.get('/contacts?limit=100');
    assert.ok(all.body.total >= 6 && all.body.total <= written + 1, `a snapshot taken during the writes: ${all.body.total} of ${written + 1}`);
    // The restored database takes writes.
    assert.equal((await fromBackup.post('/contacts', { email: 'after@backup.test' })).status, 201);
  });

  it('refuses a file that is not an RZ database, and keeps the previous database aside on a restore over one', async () => {
    await restored?.kill();
    restored = undefined;
    const freshEnv = { RZ_DATA_DIR: freshDir };
    const plain = path.join(scratch, 'notes.txt');
    fs.writeFileSync(plain, 'not a database');
    const before = fs.readFileSync(path.join(freshDir, 'rz.sqlite'));
    for (const [file, message] of [[plain, /not a usable SQLite database/], [path.join(scratch, 'missing.sqlite'), /does not exist/]] as const) {
      const r = await rz(freshEnv, 'restore', '--from', file);
      assert.notEqual(r.code, 0);
      assert.match(r.stderr, message);
      assert.equal(r.stdout, '');
    }
    assert.deepEqual(fs.readFileSync(path.join(freshDir, 'rz.sqlite')), before, 'nothing replaced');

    const out = await ok(freshEnv, 'restore', '--from', backupFile);
    assert.match(out.previous, /rz\.sqlite\.before-restore-/);
    assert.ok(fs.statSync(out.previous).size > 0);
  });
});

describe('rz restore after a crash', { skip: testDialect() !== 'sqlite' }, () => {
  it('is not blocked by a killed server, and keeps its last writes (from the WAL) in the database set aside', async () => {
    const database = await createTestDatabase();
    let server: ChildServer | undefined;
    const backupFile = path.join(database.dataDir, '..', `${path.basename(database.dataDir)}-backup.sqlite`);
    try {
      const env = dbEnv(database);
      const team = await ok(env, 'team', 'create', '--name', 'Crash Co', '--owner-email', 'owner@crash.test');
      const { key } = await ok(env, 'key', 'create', '--user', team.owner_id);
      await ok(env, 'backup', '--to', backupFile);
      server = await spawnRz('serve', database);
      const client = new ApiClient(server.api, key);
      for (let i = 0; i < 5; i++) assert.equal((await client.post('/contacts', { email: `late${i}@crash.test` })).status, 201);
      await server.kill('SIGKILL');

      const out = await ok(env, 'restore', '--from', backupFile);
      assert.match(out.previous, /before-restore/);
      const { default: SQLite } = await import('better-sqlite3');
      const previous = new SQLite(out.previous, { readonly: true });
      try {
        assert.equal((previous.prepare("select count(*) as n from contacts where email like 'late%'").get() as { n: number }).n, 5);
      } finally {
        previous.close();
      }
      assert.ok(!fs.existsSync(path.join(database.dataDir, 'rz.sqlite-wal')) || fs.statSync(path.join(database.dataDir, 'rz.sqlite-wal')).size === 0, 'no WAL of the old database left beside the restored one');
    } finally {
      await server?.kill();
      await database.drop();
      fs.rmSync(backupFile, { force: true });
    }
  });
});

describe('rz backup on PostgreSQL', { skip: testDialect() !== 'postgres' }, () => {
  it('says to use pg_dump and exits non-zero, as does rz restore', async () => {
    const database = await createTestDatabase();
    try {
      for (const args of [['backup', '--to', path.join(database.dataDir, 'x.sqlite')], ['restore', '--from', path.join(database.dataDir, 'x.sqlite')]]) {
        const r = await rz(dbEnv(database), ...args);
        assert.notEqual(r.code, 0);
        assert.match(r.stderr, /pg_dump/);
        assert.equal(r.stdout, '');
      }
    } finally {
      await database.drop();
    }
  });
});
