// The operator CLI contract of decisions.md: one JSON object on stdout and exit 0, or an
// error on stderr and a non-zero exit; --help on every command.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { dbEnv, spawnRz, type ChildServer, RZ_CLI } from '../helpers/process.ts';
import { ApiClient } from '../helpers/client.ts';
import { WebClient } from '../e2e/helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Run { code: number; stdout: string; stderr: string; json: any }

describe('rz CLI', () => {
  let db: TestDatabase;
  let server: ChildServer;
  const rz = (...args: string[]) => new Promise<Run>((resolve) => {
    execFile(process.execPath, [...RZ_CLI, ...args], { cwd: ROOT, env: { ...process.env, ...dbEnv(db) } }, (err, stdout, stderr) => {
      let json: any = null;
      try { json = JSON.parse(stdout); } catch { /* not JSON */ }
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr, json });
    });
  });
  const ok = async (...args: string[]) => {
    const r = await rz(...args);
    assert.equal(r.code, 0, `rz ${args.join(' ')} failed: ${r.stderr}`);
    assert.equal(r.stdout.trim().split('\n').length, 1, 'exactly one line of JSON');
    assert.ok(r.json && typeof r.json === 'object');
    return r.json;
  };
  const fails = async (...args: string[]) => {
    const r = await rz(...args);
    assert.notEqual(r.code, 0, `rz ${args.join(' ')} should fail`);
    assert.equal(r.stdout, '');
    assert.ok(r.stderr.length > 0);
    return r.stderr;
  };

  before(async () => {
    db = await createTestDatabase();
    assert.deepEqual(Object.keys(await ok('migrate')).sort(), ['applied', 'database', 'migrated']);
    server = await spawnRz('serve', db);
  });
  after(async () => {
    await server?.kill();
    await db.drop();
  });

  it('creates a team, users and keys that work against the API, and revokes keys', async () => {
    const team = await ok('team', 'create', '--name', 'CLI GmbH', '--owner-email', 'Boss@cli.test', '--owner-name', 'Boss');
    assert.deepEqual(Object.keys(team).sort(), ['owner_id', 'team_id']);
    const member = await ok('user', 'add', '--team', team.team_id, '--email', 'rep@cli.test', '--role', 'member', '--name', 'Rep');
    assert.deepEqual(Object.keys(member), ['user_id']);
    const key = await ok('key', 'create', '--user', member.user_id, '--scopes', 'read', '--name', 'dialer');
    assert.deepEqual(Object.keys(key).sort(), ['key', 'key_id', 'scopes']);
    assert.deepEqual(key.scopes, ['read']);
    const defaultKey = await ok('key', 'create', '--user', team.owner_id);
    assert.deepEqual(defaultKey.scopes, ['read', 'write']);
    const api = new ApiClient(server.api, key.key);
    const me = await api.get('/me');
    assert.equal(me.status, 200);
    assert.equal(me.body.role, 'member');
    assert.equal(me.body.team.name, 'CLI GmbH');
    assert.equal((await api.post('/contacts', { email: 'a@b.test' })).status, 403);
    assert.deepEqual(await ok('key', 'revoke', '--key', key.key_id), { key_id: key.key_id, revoked: true });
    assert.equal((await api.get('/me')).status, 401);
  });

  it('updates teams and users with the options of the contract and prints them', async () => {
    const team = await ok('team', 'create', '--name', 'Upd', '--owner-email', 'upd@cli.test');
    const t = await ok('team', 'update', team.team_id, '--licence', 'inactive', '--request-limit', '100', '--call-limit', '7', '--team-cap', '30', '--spend-limit-cents', '500');
    assert.equal(t.id, team.team_id);
    assert.equal(t.licence, 'inactive');
    assert.equal(t.request_limit, 100);
    assert.equal(t.call_limit, 7);
    assert.equal(t.team_cap, 30);
    assert.equal(t.spend_limit_cents, 500);
    const t2 = await ok('team', 'update', team.team_id, '--team-cap', 'none', '--spend-limit-cents', 'none', '--licence', 'active');
    assert.equal(t2.team_cap, null);
    assert.equal(t2.spend_limit_cents, null);
    assert.equal(t2.licence, 'active');
    // No option: the team as it is, untouched (updated_at included).
    await new Promise((r) => setTimeout(r, 5));
    assert.deepEqual(await ok('team', 'update', team.team_id), t2);
    const fresh = await ok('user', 'add', '--team', team.team_id, '--email', 'u@upd.test', '--role', 'manager');
    const u0 = await ok('user', 'update', fresh.user_id);
    assert.equal(u0.updated_at, u0.created_at, 'no option changes nothing');
    assert.equal(u0.consent, false);
    assert.equal(u0.paid, false);
    assert.equal(u0.personal_pool, null);
    assert.equal(u0.credits, 0);
    const u = await ok('user', 'update', fresh.user_id, '--role', 'member', '--consent', 'yes', '--paid', 'yes', '--personal-pool', '10', '--credits', '5');
    assert.equal(u.role, 'member');
    assert.equal(u.consent, true);
    assert.equal(u.paid, true);
    assert.equal(u.personal_pool, 10);
    assert.equal(u.credits, 5);
    assert.equal((await ok('user', 'update', fresh.user_id, '--personal-pool', 'none')).personal_pool, null);
  });

  it('user update --password sets a password the user signs in with and signs them out everywhere', async () => {
    const team = await ok('team', 'create', '--name', 'Pw', '--owner-email', 'pw@cli.test', '--owner-password', 'first-password-1');
    const browser = new WebClient(server.baseUrl);
    await browser.signIn('pw@cli.test', 'first-password-1');
    assert.equal((await browser.get('/contacts')).status, 200);
    const u = await ok('user', 'update', team.owner_id, '--password', 'second-password-2');
    assert.equal(u.id, team.owner_id);
    assert.equal(u.password_hash, undefined);
    const ended = await browser.get('/contacts');
    assert.equal(ended.status, 303);
    assert.match(ended.location!, /^\/signin/);
    assert.equal((await new WebClient(server.baseUrl).post('/signin', { email: 'pw@cli.test', password: 'first-password-1' })).status, 401);
    await new WebClient(server.baseUrl).signIn('pw@cli.test', 'second-password-2');
  });

  it('fails with a message on stderr and a non-zero exit for bad input', async () => {
    const team = await ok('team', 'create', '--name', 'Bad', '--owner-email', 'bad@cli.test');
    assert.match(await fails('team', 'create', '--name', 'Dup', '--owner-email', 'bad@cli.test'), /exists/);
    assert.match(await fails('team', 'create', '--name', 'X'), /--owner-email/);
    assert.match(await fails('user', 'add', '--team', team.team_id, '--email', 'x@bad.test', '--role', 'boss'), /role/);
    assert.match(await fails('user', 'add', '--team', 'tm_nope', '--email', 'y@bad.test', '--role', 'member'), /not found/);
    assert.match(await fails('key', 'create', '--user', team.owner_id, '--scopes', 'admin'), /scopes/);
    assert.match(await fails('key', 'create', '--user', team.owner_id, '--name', 'k'.repeat(101)), /name is longer than 100 characters/);
    assert.match(await fails('team', 'update', team.team_id, '--licence', 'maybe'), /licence/);
    assert.match(await fails('team', 'update', team.team_id, '--call-limit', '-3'), /call-limit/);
    assert.match(await fails('user', 'update', team.owner_id, '--consent', 'perhaps'), /consent/);
    assert.match(await fails('key', 'revoke', '--key', 'key_nope'), /not found/);
    assert.match(await fails('team', 'create', '--name', 'X', '--owner-email', 'z@cli.test', '--colour', 'red'), /unknown option/);
    assert.match(await fails('frobnicate'), /unknown command/);
  });

  it('has --help on every command', async () => {
    const top = await rz('--help');
    assert.equal(top.code, 0);
    const commands = ['serve', 'worker', 'migrate', 'team create', 'team list', 'team update', 'user add', 'user list', 'user update', 'key create', 'key list', 'key revoke', 'webhook create'];
    for (const c of commands) assert.ok(top.stdout.includes(`rz ${c}`), `top-level help lists ${c}`);
    for (const c of commands) {
      const r = await rz(...c.split(' '), '--help');
      assert.equal(r.code, 0, c);
      assert.match(r.stdout, new RegExp(`usage: rz ${c}`));
    }
    // A command group's --help lists that group's commands.
    const group = await rz('team', '--help');
    assert.equal(group.code, 0);
    assert.match(group.stdout, /rz team create/);
    assert.match(group.stdout, /rz team update/);
    assert.doesNotMatch(group.stdout, /rz key create/);
  });
});
