import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { TestServer } from '../helpers/server.ts';
import { makeTeam } from '../helpers/fixtures.ts';
import { dbEnv, RZ_CLI } from '../helpers/process.ts';
import { nextMonthStart, nextUtcMidnight } from '../../src/lib/time.ts';
import { enableCalls, transcript, waitForCall } from './call-fixtures.ts';
import { startTestServer } from '../helpers/server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function secondsToMidnight(): number {
  return nextUtcMidnight() - Math.floor(Date.now() / 1000);
}

describe('calls: checks in order, limits and allowances', () => {
  let s: TestServer;
  let n = 0;
  const fresh = () => transcript(`limits-${++n}`);
  before(async () => {
    s = await startTestServer({ background: true });
  });
  after(() => s.stop());

  function rz(...args: string[]): Promise<any> {
    return new Promise((resolve, reject) => {
      execFile(process.execPath, [...RZ_CLI, ...args], { cwd: ROOT, env: { ...process.env, ...dbEnv(s.database) } }, (err, stdout, stderr) => {
        if (err) reject(new Error(`rz ${args.join(' ')} failed: ${stderr}`));
        else resolve(JSON.parse(stdout));
      });
    });
  }

  const credits = async (userId: string) => (await s.services.identity.repo.user(userId))!.credits;

  it('runs the checks in the documented order: each condition answers only once the earlier ones pass', async () => {
    const t = await makeTeam(s.services, s.api, 'Order');
    const c = t.member.client;
    // Everything that can fail, fails.
    await s.services.identity.updateTeam(t.teamId, { licence: 'inactive', call_limit: 0, spend_limit_cents: 0, team_cap: 0 });
    await s.services.identity.updateUser(t.member.userId, { paid: false, consent: false, personal_pool: 0, credits: 0 });
    const expect = async (status: number, code: string) => {
      const r = await c.post('/calls', { transcript: transcript('order') });
      assert.equal(r.status, status, `${code}: ${r.text}`);
      assert.equal(r.body.detail.error, code);
      return r;
    };
    // Body validation comes before everything else, the licence included.
    const empty = await c.post('/calls', { transcript: '' });
    assert.equal(empty.status, 422, empty.text);
    assert.equal(empty.body.detail.field, 'transcript');
    await expect(402, 'licence_inactive');
    await s.services.identity.updateTeam(t.teamId, { licence: 'active' });
    await expect(402, 'subscription_required');
    await s.services.identity.updateUser(t.member.userId, { paid: true });
    await expect(428, 'consent_required');
    await s.services.identity.updateUser(t.member.userId, { consent: true });
    const limit = await expect(429, 'call_limit');
    assert.ok(Math.abs(Number(limit.headers.get('retry-after')) - secondsToMidnight()) <= 5, 'Retry-After: until 00:00 UTC');
    assert.equal(limit.body.detail.message, 'The team may push no calls (its daily call limit is 0).');
    await s.services.identity.updateTeam(t.teamId, { call_limit: 50 });
    const paused = await expect(503, 'paused');
    assert.ok(Math.abs(Number(paused.headers.get('retry-after')) - secondsToMidnight()) <= 5);
    await s.services.identity.updateTeam(t.teamId, { spend_limit_cents: null });
    const cap = await expect(402, 'team_cap');
    assert.match(cap.body.detail.message, new RegExp(`renews on ${nextMonthStart()}\\.$`));
    await s.services.identity.updateTeam(t.teamId, { team_cap: null });
    const pool = await expect(402, 'personal_pool');
    assert.match(pool.body.detail.message, new RegExp(`renews on ${nextMonthStart()}\\.$`));
    await s.services.identity.updateUser(t.member.userId, { credits: 1 });
    const accepted = await c.post('/calls', { transcript: transcript('order') });
    assert.equal(accepted.status, 202);
    assert.equal(await credits(t.member.userId), 0, 'the unit came from the credits balance');
    // Credits used up after having had some this month: code credits. The allowance answers before the duplicate check.
    const out = await expect(402, 'credits');
    assert.match(out.body.detail.message, new RegExp(`renews on ${nextMonthStart()}\\.$`));
    await s.services.identity.updateUser(t.member.userId, { credits: 5 });
    const dup = await expect(409, 'duplicate');
    assert.equal(dup.body.detail.existing_id, accepted.body.id);
    assert.equal(await credits(t.member.userId), 5, 'a refused push takes nothing');
  });

  it('takes the personal pool first, then credits; the pool is per user and the team cap counts the whole team', async () => {
    const t = await makeTeam(s.services, s.api, 'Pools');
    await s.services.identity.updateTeam(t.teamId, { team_cap: 4 });
    await enableCalls(s.services, t.member.userId, { personal_pool: 1, credits: 1 });
    await enableCalls(s.services, t.member2.userId, { personal_pool: null });
    await enableCalls(s.services, t.owner.userId);
    assert.equal((await t.member.client.post('/calls', { transcript: fresh() })).status, 202);
    assert.equal(await credits(t.member.userId), 1, 'the first call used the pool');
    assert.equal((await t.member.client.post('/calls', { transcript: fresh() })).status, 202);
    assert.equal(await credits(t.member.userId), 0, 'the second used a credit');
    const outOf = await t.member.client.post('/calls', { transcript: fresh() });
    assert.equal(outOf.body.detail.error, 'credits');
    // member2's pool is unlimited; the owner then meets the team cap of 4.
    assert.equal((await t.member2.client.post('/calls', { transcript: fresh() })).status, 202);
    assert.equal((await t.owner.client.post('/calls', { transcript: fresh() })).status, 202);
    const capped = await t.owner.client.post('/calls', { transcript: fresh() });
    assert.equal(capped.status, 402);
    assert.equal(capped.body.detail.error, 'team_cap');
    assert.match(capped.body.detail.message, /allowance of 4 calls is used up/);
    await s.services.identity.updateTeam(t.teamId, { team_cap: 1 });
    const one = await t.owner.client.post('/calls', { transcript: fresh() });
    assert.match(one.body.detail.message, /allowance of 1 call is used up/);
  });

  it('answers credits, not personal_pool, when the user had credits this month, even unused', async () => {
    const t = await makeTeam(s.services, s.api, 'HadCredits');
    await enableCalls(s.services, t.member.userId, { personal_pool: 0 });
    await enableCalls(s.services, t.member2.userId, { personal_pool: 0 });
    await s.services.identity.updateUser(t.member.userId, { credits: 2 });
    await s.services.identity.updateUser(t.member.userId, { credits: 0 });
    const had = await t.member.client.post('/calls', { transcript: fresh() });
    assert.equal(had.body.detail.error, 'credits', had.text);
    const never = await t.member2.client.post('/calls', { transcript: fresh() });
    assert.equal(never.body.detail.error, 'personal_pool', never.text);
    assert.match(never.body.detail.message, /\d{4}-\d{2}-01/);
  });

  it('gives a failed call its unit back: credits balance and team cap', async () => {
    const t = await makeTeam(s.services, s.api, 'GiveBack');
    await s.services.identity.updateTeam(t.teamId, { team_cap: 1 });
    await enableCalls(s.services, t.member.userId, { personal_pool: 0, credits: 1 });
    const bad = await t.member.client.post('/calls', { transcript: '... ??? ...' });
    assert.equal(bad.status, 202);
    assert.equal((await waitForCall(t.member.client, bad.body.id)).status, 'failed');
    assert.equal(await credits(t.member.userId), 1, 'the credit came back');
    const again = await t.member.client.post('/calls', { transcript: fresh() });
    assert.equal(again.status, 202, 'the team cap unit came back');
    assert.equal((await waitForCall(t.member.client, again.body.id)).status, 'done');
    assert.equal(await credits(t.member.userId), 0, 'a successful call keeps its unit');
    assert.equal((await t.member.client.post('/calls', { transcript: fresh() })).body.detail.error, 'team_cap');
  });

  it('holds pushes while the daily spend limit is reached (503 paused) and counts accepted calls per UTC day', async () => {
    const t = await makeTeam(s.services, s.api, 'Spend');
    await enableCalls(s.services, t.member.userId);
    await s.services.identity.updateTeam(t.teamId, { spend_limit_cents: 500, call_limit: 2 });
    await s.services.handle.db.transaction().execute((tx) => s.services.allowances.addSpend(tx, t.teamId, 499));
    assert.equal((await t.member.client.post('/calls', { transcript: fresh() })).status, 202, 'below the limit');
    await s.services.handle.db.transaction().execute((tx) => s.services.allowances.addSpend(tx, t.teamId, 1));
    const paused = await t.member.client.post('/calls', { transcript: fresh() });
    assert.equal(paused.status, 503);
    assert.equal(paused.body.detail.error, 'paused');
    assert.ok(Number(paused.headers.get('retry-after')) > 0);
    await s.services.identity.updateTeam(t.teamId, { spend_limit_cents: null });
    assert.equal((await t.member.client.post('/calls', { transcript: fresh() })).status, 202);
    const limited = await t.member.client.post('/calls', { transcript: fresh() });
    assert.equal(limited.status, 429);
    assert.equal(limited.body.detail.error, 'call_limit');
    // Refused pushes do not count: raising the limit by one lets exactly one more in.
    await s.services.identity.updateTeam(t.teamId, { call_limit: 3 });
    assert.equal((await t.member.client.post('/calls', { transcript: fresh() })).status, 202);
    assert.equal((await t.member.client.post('/calls', { transcript: fresh() })).status, 429);
  });

  it('is driven by the operator CLI: rz team update and rz user update', async () => {
    const t = await makeTeam(s.services, s.api, 'Cli');
    const c = t.member.client;
    assert.equal((await c.post('/calls', { transcript: fresh() })).body.detail.error, 'subscription_required', 'a new user has paid no');
    const user = await rz('user', 'update', t.member.userId, '--paid', 'yes', '--personal-pool', '1', '--credits', '0');
    assert.equal(user.paid, true);
    assert.equal((await c.post('/calls', { transcript: fresh() })).body.detail.error, 'consent_required', 'a new user has consent no');
    await rz('user', 'update', t.member.userId, '--consent', 'yes');
    assert.equal((await c.post('/calls', { transcript: fresh() })).status, 202);
    assert.equal((await c.post('/calls', { transcript: fresh() })).body.detail.error, 'personal_pool');
    await rz('user', 'update', t.member.userId, '--personal-pool', 'none');
    await rz('team', 'update', t.teamId, '--call-limit', '2');
    assert.equal((await c.post('/calls', { transcript: fresh() })).status, 202);
    assert.equal((await c.post('/calls', { transcript: fresh() })).body.detail.error, 'call_limit');
    await rz('team', 'update', t.teamId, '--call-limit', '10', '--spend-limit-cents', '0');
    assert.equal((await c.post('/calls', { transcript: fresh() })).body.detail.error, 'paused', 'a spend limit of 0 pauses');
    await rz('team', 'update', t.teamId, '--spend-limit-cents', 'none', '--team-cap', '2');
    assert.equal((await c.post('/calls', { transcript: fresh() })).body.detail.error, 'team_cap');
    await rz('team', 'update', t.teamId, '--team-cap', 'none', '--licence', 'inactive');
    assert.equal((await c.post('/calls', { transcript: fresh() })).body.detail.error, 'licence_inactive');
  });
});

