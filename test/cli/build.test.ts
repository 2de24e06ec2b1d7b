// The compiled build (`npm run build`, what `rz` and `npm start` run): built into a scratch copy
// of the project's layout (package.json, bin/rz.js, dist/), it answers the CLI, serves the API
// and the application's static files, and analyses a pushed call in its worker threads, so every
// file the compiled code reads at run time is in the build.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { dbEnv, spawnRz, type ChildServer } from '../helpers/process.ts';
import { ApiClient } from '../helpers/client.ts';
import { transcript, waitFor } from '../calls/call-fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: ROOT, env, timeout: 240_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('the compiled build', () => {
  // Inside the project, so the build resolves node_modules as dist/ does.
  const scratch = path.join(ROOT, '.tmp', `build-${randomBytes(4).toString('hex')}`);
  const launcher = [path.join(scratch, 'bin/rz.js')];
  let db: TestDatabase;
  let server: ChildServer | undefined;
  const rz = async (...args: string[]) => {
    const r = await run([...launcher, ...args], { ...process.env, ...dbEnv(db) });
    assert.equal(r.code, 0, `compiled rz ${args.join(' ')} failed: ${r.stderr}`);
    return JSON.parse(r.stdout);
  };

  before(async () => {
    fs.mkdirSync(path.join(scratch, 'bin'), { recursive: true });
    fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(scratch, 'package.json'));
    fs.copyFileSync(path.join(ROOT, 'bin/rz.js'), path.join(scratch, 'bin/rz.js'));
    const built = await run([path.join(ROOT, 'scripts/build.mjs'), '--out', path.join(scratch, 'dist')]);
    assert.equal(built.code, 0, `build failed: ${built.stdout}${built.stderr}`);
    db = await createTestDatabase();
  });
  after(async () => {
    await server?.kill();
    await db?.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('runs without TypeScript: no .ts import and no tsx left in the compiled code', () => {
    const files = fs.readdirSync(path.join(scratch, 'dist'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.m?js$/.test(f) && !f.startsWith('vendor'));
    assert.ok(files.length > 50);
    for (const f of files) {
      const code = fs.readFileSync(path.join(scratch, 'dist', f), 'utf8').replace(/^\s*\/\/.*$/gm, '');
      assert.doesNotMatch(code, /from ['"][^'"]+\.ts['"]|import\(['"][^'"]+\.ts['"]\)|['"]tsx(\/[^'"]*)?['"]/, f);
    }
  });

  it('answers the CLI: version, migrate, team, user and key commands', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.deepEqual(await rz('--version'), { version: pkg.version });
    assert.equal((await rz('migrate')).migrated, true);
    const team = await rz('team', 'create', '--name', 'Built', '--owner-email', 'built@build.test');
    const key = await rz('key', 'create', '--user', team.owner_id, '--name', 'built');
    assert.deepEqual((await rz('team', 'list')).teams.map((t: any) => t.id), [team.team_id]);
    assert.deepEqual((await rz('user', 'list', '--team', team.team_id)).users.map((u: any) => u.id), [team.owner_id]);
    assert.deepEqual((await rz('key', 'list', '--user', team.owner_id)).keys.map((k: any) => k.id), [key.key_id]);
  });

  it('serves the API, the application and /docs, and analyses a pushed call', async () => {
    server = await spawnRz('serve', db, {}, launcher);
    const team = await rz('team', 'create', '--name', 'Calls', '--owner-email', 'calls@build.test');
    await rz('user', 'update', team.owner_id, '--consent', 'yes', '--paid', 'yes');
    const { key } = await rz('key', 'create', '--user', team.owner_id);
    assert.equal((await fetch(`${server.baseUrl}/static/app.css`)).status, 200);
    assert.equal((await fetch(`${server.baseUrl}/docs/`)).status, 200);
    const api = new ApiClient(server.api, key);
    const pushed = await api.post('/calls', { transcript: transcript('build'), language: 'de' });
    assert.equal(pushed.status, 202, JSON.stringify(pushed.body));
    // Generous: the first analysis starts the worker threads, which load the analysis on a busy machine.
    const call = await waitFor('the analysis', async () => {
      const r = await api.get(`/calls/${pushed.body.id}`);
      return ['done', 'failed'].includes(r.body?.status) ? r.body : undefined;
    }, 120_000);
    assert.equal(call.status, 'done', JSON.stringify(call));
    assert.ok(call.result.scores);
  });
});
