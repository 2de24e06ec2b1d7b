// The operator's read commands: rz --version, rz team list, rz user list, rz key list, in the
// JSON contract of decisions.md, against the database a running server uses. Nothing secret
// (password hashes, keys, key hashes) is ever printed.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { dbEnv, RZ_CLI } from '../helpers/process.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { ApiClient } from '../helpers/client.ts';
import { TIMESTAMP } from '../helpers/fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Run { code: number; stdout: string; stderr: string }

describe('rz read commands', () => {
  let s: TestServer;
  const rz = (...args: string[]) => new Promise<Run>((resolve) => {
    execFile(process.execPath, [...RZ_CLI, ...args], { cwd: ROOT, env: { ...process.env, ...dbEnv(s.database) } }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
  const ok = async (...args: string[]) => {
    const r = await rz(...args);
    assert.equal(r.code, 0, `rz ${args.join(' ')} failed: ${r.stderr}`);
    assert.equal(r.stdout.trim().split('\n').length, 1, 'exactly one line of JSON');
    return { json: JSON.parse(r.stdout), stdout: r.stdout };
  };
  const fails = async (...args: string[]) => {
    const r = await rz(...args);
    assert.notEqual(r.code, 0, `rz ${args.join(' ')} should fail`);
    assert.equal(r.stdout, '');
    return r.stderr;
  };

  before(async () => { s = await startTestServer(); });
  after(() => s?.stop());

  it('rz --version prints the version of package.json', async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.deepEqual((await ok('--version')).json, { version });
    assert.match((await rz('--help')).stdout, /rz --version/);
  });

  it('lists teams oldest first, and a team\'s users without their password hashes', async () => {
    // Set up through the services (what the CLI calls): each CLI run starts a process, slow on a busy machine.
    const id = s.services.identity;
    const a = await id.createTeam({ name: 'Alpha', ownerEmail: 'alpha@lists.test', ownerPassword: 'alpha-password-1' });
    const b = await id.createTeam({ name: 'Beta', ownerEmail: 'beta@lists.test' });
    const rep = await id.addUser({ teamId: a.team_id, email: 'rep@lists.test', role: 'member', name: 'Rep', password: 'rep-password-12' });
    const listed = (await ok('team', 'list')).json;
    assert.deepEqual(Object.keys(listed), ['teams']);
    const mine = listed.teams.filter((t: any) => [a.team_id, b.team_id].includes(t.id));
    assert.deepEqual(mine.map((t: any) => t.name), ['Alpha', 'Beta']);
    assert.deepEqual(mine[0], await id.updateTeam(a.team_id, {}), 'the same team shape as rz team update prints');

    const { json, stdout } = await ok('user', 'list', '--team', a.team_id);
    assert.deepEqual(Object.keys(json), ['users']);
    assert.deepEqual(json.users.map((u: any) => [u.id, u.email, u.role]), [[a.owner_id, 'alpha@lists.test', 'owner'], [rep.user_id, 'rep@lists.test', 'member']]);
    assert.deepEqual(json.users[1], await id.updateUser(rep.user_id, {}), 'the same user shape as rz user update prints');
    assert.doesNotMatch(stdout, /password|scrypt|\$/i);
    assert.deepEqual((await ok('user', 'list', '--team', b.team_id)).json.users.map((u: any) => u.id), [b.owner_id]);
  });

  it('lists a user\'s keys with prefix, scopes and times, revoked ones included, never the key', async () => {
    const id = s.services.identity;
    const team = await id.createTeam({ name: 'Keys', ownerEmail: 'keys@lists.test' });
    const used = await id.createKey({ userId: team.owner_id, scopes: ['read'], name: 'dialer' });
    const revoked = await id.createKey({ userId: team.owner_id, name: 'old' });
    await id.revokeKey(revoked.key_id);
    assert.equal((await new ApiClient(s.api, used.key).get('/me')).status, 200);

    const { json, stdout } = await ok('key', 'list', '--user', team.owner_id);
    assert.deepEqual(Object.keys(json), ['keys']);
    const [first, second] = json.keys;
    assert.deepEqual(Object.keys(first).sort(), ['created_at', 'created_by', 'id', 'last_used_at', 'name', 'prefix', 'revoked_at', 'scopes', 'team_id', 'user_id']);
    assert.deepEqual([first.id, first.name, first.scopes, first.revoked_at], [used.key_id, 'dialer', ['read'], null]);
    assert.ok(used.key.startsWith(first.prefix) && first.prefix.length < used.key.length);
    assert.match(first.created_at, TIMESTAMP);
    assert.match(first.last_used_at, TIMESTAMP, 'the key was used against the API');
    assert.deepEqual([second.id, second.scopes, second.last_used_at], [revoked.key_id, ['read', 'write'], null]);
    assert.match(second.revoked_at, TIMESTAMP);
    for (const secret of [used.key, revoked.key]) assert.ok(!stdout.includes(secret), 'no key is printed');
    assert.doesNotMatch(stdout, /hash/);
    const keyless = await id.addUser({ teamId: team.team_id, email: 'nokeys@lists.test', role: 'member' });
    assert.deepEqual((await ok('key', 'list', '--user', keyless.user_id)).json, { keys: [] });
  });

  it('fails on stderr with a non-zero exit for unknown ids and missing options', async () => {
    assert.match(await fails('user', 'list', '--team', 'tm_nope'), /not found/);
    assert.match(await fails('user', 'list'), /--team is required/);
    assert.match(await fails('key', 'list', '--user', 'us_nope'), /not found/);
    assert.match(await fails('key', 'list'), /--user is required/);
    assert.match(await fails('--version', 'extra'), /unexpected argument/);
  });
});
