import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { makeTeam, type Person } from '../helpers/fixtures.ts';
import { ApiClient } from '../helpers/client.ts';
import { enableCalls, sleep, transcript } from './call-fixtures.ts';

function tally(statuses: Array<{ status: number; body: any }>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of statuses) {
    const key = r.status === 202 ? '202' : `${r.status} ${r.body?.detail?.error}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

describe('calls: limits hold exactly under 100 concurrent pushes', () => {
  let database: TestDatabase;
  let s: TestServer;
  let s2: TestServer | null = null;
  let run = 0;

  before(async () => {
    database = await createTestDatabase();
    s = await startTestServer({ database });
  });
  after(async () => {
    await s2?.stop();
    await s.stop();
    await sleep(250); // let pg close its sockets before the database is dropped WITH (FORCE)
    await database.drop();
  });

  /** Pushes `n` distinct transcripts at once, round-robin over the given clients. */
  async function burst(clients: ApiClient[], n: number) {
    const tag = ++run;
    return Promise.all(Array.from({ length: n }, (_, i) => clients[i % clients.length].post('/calls', { transcript: transcript(`burst-${tag}-${i}`) })));
  }

  const callCount = async (teamId: string) => Number((await s.services.handle.db.selectFrom('calls')
    .select((eb) => eb.fn.countAll<number>().as('n')).where('team_id', '=', teamId).executeTakeFirstOrThrow()).n);

  it('daily call limit 50: exactly 50 accepted and 50 answered 429 call_limit', async () => {
    const t = await makeTeam(s.services, s.api, 'Burst');
    const people: Person[] = [t.owner, t.manager, t.member, t.member2];
    for (const p of people) await enableCalls(s.services, p.userId);
    const answers = await burst(people.map((p) => p.client), 100);
    assert.deepEqual(tally(answers), { '202': 50, '429 call_limit': 50 });
    assert.equal(await callCount(t.teamId), 50);
    const jobs = await s.services.handle.db.selectFrom('jobs').select('payload').where('kind', '=', 'call.analyze').execute();
    assert.equal(jobs.filter((j) => JSON.parse(j.payload).team_id === t.teamId).length, 50, 'one analysis job per accepted call');
  });

  it('team cap 30: exactly 30 accepted, 70 answered 402 team_cap', async () => {
    const t = await makeTeam(s.services, s.api, 'Cap');
    await s.services.identity.updateTeam(t.teamId, { team_cap: 30, call_limit: 1000 });
    for (const p of [t.member, t.member2]) await enableCalls(s.services, p.userId);
    const answers = await burst([t.member.client, t.member2.client], 100);
    assert.deepEqual(tally(answers), { '202': 30, '402 team_cap': 70 });
    assert.equal(await callCount(t.teamId), 30);
  });

  it('personal pool 10 then 15 credits: exactly 25 accepted, the balance ends at 0, never below', async () => {
    const t = await makeTeam(s.services, s.api, 'Credits');
    await s.services.identity.updateTeam(t.teamId, { call_limit: 1000 });
    await enableCalls(s.services, t.member.userId, { personal_pool: 10, credits: 15 });
    const answers = await burst([t.member.client], 100);
    assert.deepEqual(tally(answers), { '202': 25, '402 credits': 75 });
    assert.equal((await s.services.identity.repo.user(t.member.userId))!.credits, 0);
    const rows = await s.services.handle.db.selectFrom('calls').select('allowance').where('team_id', '=', t.teamId).execute();
    assert.equal(rows.filter((r) => r.allowance === 'pool').length, 10);
    assert.equal(rows.filter((r) => r.allowance === 'credits').length, 15);
  });

  it('the same transcript pushed 20 times at once is accepted once; the others answer 409 with its id', async () => {
    const t = await makeTeam(s.services, s.api, 'Dup');
    await enableCalls(s.services, t.member.userId);
    const same = transcript('same-at-once');
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.member.client.post('/calls', { transcript: same })));
    assert.deepEqual(tally(answers), { '202': 1, '409 duplicate': 19 });
    const id = answers.find((r) => r.status === 202)!.body.id;
    assert.ok(answers.filter((r) => r.status === 409).every((r) => r.body.detail.existing_id === id));
  });

  it('PostgreSQL, two server processes on one database: still exactly 50 of 100', { skip: process.env.RZ_TEST_DATABASE !== 'postgres' && 'two servers share one database on PostgreSQL only' }, async () => {
    s2 = await startTestServer({ database });
    const t = await makeTeam(s.services, s.api, 'TwoProcs');
    for (const p of [t.member, t.member2]) await enableCalls(s.services, p.userId);
    const clients = [t.member.client, new ApiClient(s2.api, t.member.key), t.member2.client, new ApiClient(s2.api, t.member2.key)];
    const answers = await burst(clients, 100);
    assert.deepEqual(tally(answers), { '202': 50, '429 call_limit': 50 });
    assert.equal(await callCount(t.teamId), 50);
    // Both servers accepted some of them.
    const viaSecond = answers.filter((_, i) => i % 2 === 1);
    assert.ok(viaSecond.some((r) => r.status === 202) && answers.filter((_, i) => i % 2 === 0).some((r) => r.status === 202));
  });
});
