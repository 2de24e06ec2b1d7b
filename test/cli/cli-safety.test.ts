// The operator CLI keeps the application's rules (one rule in the services): the last active
// owner is neither demoted nor deactivated, passwords have at least 10 characters. Errors follow
// the CLI contract of decisions.md: nothing on stdout, a message on stderr, a non-zero exit.
// Its own file (and database, no server): CLI processes are slow to start on a busy machine.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { dbEnv, RZ_CLI } from '../helpers/process.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('rz CLI: the application\'s rules', () => {
  let db: TestDatabase;
  const rz = (...args: string[]) => new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [...RZ_CLI, ...args], { cwd: ROOT, env: { ...process.env, ...dbEnv(db) } }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
  const ok = async (...args: string[]) => {
    const r = await rz(...args);
    assert.equal(r.code, 0, `rz ${args.join(' ')} failed: ${r.stderr}`);
    return JSON.parse(r.stdout);
  };
  const fails = async (...args: string[]) => {
    const r = await rz(...args);
    assert.notEqual(r.code, 0, `rz ${args.join(' ')} should fail`);
    assert.equal(r.stdout, '');
    return r.stderr;
  };

  before(async () => { db = await createTestDatabase(); });
  after(() => db.drop());

  it('refuses what the application refuses: the only owner demoted or deactivated, passwords under 10 characters', async () => {
    const team = await ok('team', 'create', '--name', 'Safe', '--owner-email', 'only.owner@cli.test');
    const refused = async (args: string[], message: RegExp) => {
      const stderr = await fails(...args);
      assert.match(stderr, message);
      assert.match(stderr, /\(validation_error\)\n$/);
    };
    await refused(['user', 'update', team.owner_id, '--role', 'manager'], /at least one active owner/);
    await refused(['user', 'update', team.owner_id, '--active', 'no'], /at least one active owner/);
    const owner = await ok('user', 'update', team.owner_id, '--name', 'Still Owner');
    assert.equal(owner.role, 'owner');
    assert.equal(owner.active, true);
    // With a second owner, either may step down, but not both.
    const second = await ok('user', 'add', '--team', team.team_id, '--email', 'second.owner@cli.test', '--role', 'owner');
    assert.equal((await ok('user', 'update', team.owner_id, '--role', 'manager')).role, 'manager');
    await refused(['user', 'update', second.user_id, '--active', 'no'], /at least one active owner/);

    await refused(['team', 'create', '--name', 'Weak', '--owner-email', 'weak@cli.test', '--owner-password', 'short'], /at least 10 characters/);
    await refused(['user', 'add', '--team', team.team_id, '--email', 'weak.user@cli.test', '--role', 'member', '--password', '123456789'], /at least 10 characters/);
    await refused(['user', 'update', team.owner_id, '--password', 'short'], /at least 10 characters/);
    // Nothing was created by the refused commands: the same email is still free.
    await ok('user', 'add', '--team', team.team_id, '--email', 'weak.user@cli.test', '--role', 'member', '--password', 'long-enough-1');
    await ok('team', 'create', '--name', 'Weak', '--owner-email', 'weak@cli.test', '--owner-password', 'long-enough-1');
  });
});
