// Deliveries survive a crash (SIGKILL of a real `rz serve` with deliveries pending and in
// flight), and several worker processes never send the same attempt twice.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { spawnRz, type ChildServer } from '../helpers/process.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { makeTeam } from '../helpers/fixtures.ts';
import { ApiClient } from '../helpers/client.ts';
import { startReceiver, sleep, type Receiver } from './receiver.ts';

const CHILD_ENV = { RZ_WEBHOOK_RETRY_SCHEDULE: '1,1,1,1', RZ_WEBHOOK_TIMEOUT_MS: '1000' };
// The attempts in flight at the kill must still be waiting for their answer then: a timeout far
// above the time twelve requests and the kill take on a busy machine.
const CRASH_ENV = { ...CHILD_ENV, RZ_WEBHOOK_TIMEOUT_MS: '5000' };

describe('webhooks across a crash', () => {
  let db: TestDatabase;
  let s: TestServer; // in-process API without background work: it only records changes
  let child: ChildServer | null = null;
  let rx: Receiver;
  before(async () => {
    db = await createTestDatabase();
    s = await startTestServer({ database: db });
    rx = await startReceiver();
  });
  after(async () => {
    await child?.kill('SIGKILL');
    await rx?.close();
    await s?.stop();
    await db?.drop();
  });

  it('delivers every event at least once after the service is killed with deliveries pending, in flight and undispatched', async () => {
    const t = await makeTeam(s.services, s.api, 'Crash');
    child = await spawnRz('serve', db, CRASH_ENV);
    const api = new ApiClient(child.api, t.manager.key);
    assert.equal((await api.post('/webhooks', { url: rx.url, events: ['*'] })).status, 201);

    // The receiver hangs: attempts are in flight, the rest pending, when the process dies.
    rx.respond = () => 'hang';
    for (let i = 0; i < 12; i++) assert.equal((await api.post('/contacts', { email: `crash${i}@crash.test` })).status, 201);
    await rx.waitFor((all) => all.length >= 4, 180_000, 'attempts in flight');
    await child.kill('SIGKILL');
    const inFlight = await s.services.handle.db.selectFrom('webhook_deliveries').select('id').where('status', '=', 'pending').where('locked_by', 'is not', null).execute();
    assert.ok(inFlight.length >= 1, 'some deliveries were leased by the killed process');

    // Changes committed while no worker runs (recorded by the API process alone).
    for (let i = 0; i < 3; i++) assert.equal((await t.owner.client.post('/companies', { name: `Down ${i} BV` })).status, 201);
    const undispatched = await s.services.handle.db.selectFrom('events').select('id').where('dispatched', '=', 0).execute();
    assert.ok(undispatched.length >= 3);

    rx.respond = () => 200;
    const restartedAt = Date.now();
    child = await spawnRz('serve', db, CRASH_ENV);
    const events = await s.services.handle.db.selectFrom('events').select('id').where('team_id', '=', t.teamId).execute();
    assert.equal(events.length, 15);
    const answered = () => new Set(rx.received.filter((r) => r.at >= restartedAt).map((r) => r.body.id));
    // In-flight deliveries come back once their lease (2 x timeout + 5 s) has run out.
    await rx.waitFor(() => events.every((e) => answered().has(e.id)), 300_000, 'every event after the restart');
    const deliveries = await waitAllDone(s);
    assert.equal(deliveries.length, 15);
    for (const d of deliveries) assert.equal(d.status, 'succeeded', JSON.stringify(d));
    for (const d of deliveries) assert.ok(rx.received.some((r) => r.delivery === d.id), `delivery ${d.id} arrived`);
    // The attempt the killed process had in flight is logged as interrupted and counts: the
    // receiver's next request for that delivery says attempt 2.
    const attempts = await s.services.handle.db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', inFlight.map((d) => d.id)).orderBy('attempt').execute();
    for (const { id } of inFlight) {
      const log = attempts.filter((a) => a.delivery_id === id);
      assert.deepEqual(log.map((a) => [a.attempt, a.status_code, /interrupted/.test(a.error ?? '')]), [[1, null, true], [2, 200, false]], id);
      assert.equal(deliveries.find((d) => d.id === id)!.attempts, 2);
      const after = rx.received.filter((r) => r.delivery === id && r.at >= restartedAt);
      assert.deepEqual(after.map((r) => String(r.headers['x-rz-attempt'])), ['2'], id);
    }
  });
});

async function waitFor(what: string, fn: () => Promise<boolean>, ms = 180_000): Promise<void> {
  for (const until = Date.now() + ms; !(await fn());) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function waitAllDone(s: TestServer, ms = 180_000) {
  const until = Date.now() + ms;
  for (;;) {
    const rows = await s.services.handle.db.selectFrom('webhook_deliveries').selectAll().execute();
    if (rows.every((d) => d.status !== 'pending') || Date.now() > until) return rows;
    await sleep(50);
  }
}

describe('several worker processes', () => {
  let db: TestDatabase;
  let s: TestServer;
  const workers: ChildServer[] = [];
  let rx: Receiver;
  before(async () => {
    db = await createTestDatabase();
    s = await startTestServer({ database: db });
    rx = await startReceiver();
    for (let i = 0; i < 2; i++) workers.push(await spawnRz('worker', db, { ...CHILD_ENV, RZ_WORKER_POLL_MS: '20' }));
  });
  after(async () => {
    for (const w of workers) await w.kill();
    await rx?.close();
    await s?.stop();
    await db?.drop();
  });

  it('never send the same attempt twice: each delivery fails once, succeeds once, and is received exactly twice', async () => {
    const t = await makeTeam(s.services, s.api, 'Workers');
    const hook = (await t.manager.client.post('/webhooks', { url: rx.url, events: ['*'] })).body;
    // Slow answers keep both workers busy at the same time.
    rx.respond = (_r, nth) => ({ status: nth === 1 ? 500 : 200, delayMs: 30 });
    const N = 40;
    await Promise.all(Array.from({ length: N }, (_, i) => t.member.client.post('/contacts', { email: `w${i}@workers.test` })));
    // Watch the leases while they work: both processes take part.
    const holders = new Set<string>();
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const leased = await s.services.handle.db.selectFrom('webhook_deliveries').select('locked_by').where('locked_by', 'is not', null).execute();
        for (const l of leased) holders.add(l.locked_by!);
        await sleep(5);
      }
    })();
    await rx.waitFor((all) => new Set(all.map((r) => r.delivery)).size === N && all.length >= 2 * N, 180_000, 'two attempts per delivery');
    watching = false;
    await watch;
    const pids = new Set([...holders].map((h) => h.split(':')[1]));
    assert.deepEqual([...pids].sort(), workers.map((w) => String(w.child.pid)).sort(), 'both worker processes sent deliveries');
    // Every delivery settled and no lease held: no request is still on its way.
    const rows = await waitAllDone(s);
    await waitFor('every lease to be released', async () => (await s.services.handle.db.selectFrom('webhook_deliveries').select('id').where('locked_by', 'is not', null).execute()).length === 0);
    const perDelivery = new Map<string, string[]>();
    for (const r of rx.received) perDelivery.set(r.delivery, [...(perDelivery.get(r.delivery) ?? []), String(r.headers['x-rz-attempt'])]);
    assert.equal(perDelivery.size, N);
    for (const [id, attempts] of perDelivery) assert.deepEqual(attempts, ['1', '2'], `delivery ${id} got attempts ${attempts.join(',')}`);
    assert.equal(rows.length, N);
    const logged = await s.services.handle.db.selectFrom('webhook_attempts').select(['delivery_id', 'attempt']).where('webhook_id', '=', hook.id).execute();
    assert.equal(logged.length, 2 * N);
    for (const d of rows) {
      assert.equal(d.status, 'succeeded');
      assert.equal(d.attempts, 2);
      assert.deepEqual(logged.filter((a) => a.delivery_id === d.id).map((a) => a.attempt).sort(), [1, 2]);
    }
    for (const w of workers) assert.equal(w.child.exitCode, null, w.output());
  });
});
