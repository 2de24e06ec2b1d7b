import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { createServices, type Services } from '../../src/services.ts';
import { openTestDatabase, type TestDatabase } from '../helpers/database.ts';
import { dbEnv, spawnRz, type ChildServer } from '../helpers/process.ts';
import { makeTeam } from '../helpers/fixtures.ts';
import { ApiClient } from '../helpers/client.ts';
import { startTestServer } from '../helpers/server.ts';
import { enableCalls, sleep, transcript, waitFor } from './call-fixtures.ts';

// Slow analyses (test knob RZ_ANALYZER_DELAY_MS) so the kill lands while jobs are queued and
// running, even on a loaded machine slow to take the six pushes; a short lease so the restarted
// server takes over the dead one's running jobs soon.
const CHILD_ENV = { RZ_ANALYZER_DELAY_MS: '3000', RZ_JOB_LEASE_MS: '2000', RZ_WORKER_CONCURRENCY: '2' };

describe('calls: queued work survives a crash of `rz serve`', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let services: Services;
  const children: ChildServer[] = [];

  let close: () => Promise<void>;

  before(async () => {
    ({ database, handle, close } = await openTestDatabase());
    services = createServices(loadConfig(dbEnv(database)), handle);
  });
  after(async () => {
    for (const c of children) await c.kill('SIGKILL');
    await close();
  });

  it('every call pushed before a SIGKILL ends done exactly once after a restart', async () => {
    const first = await spawnRz('serve', database, CHILD_ENV);
    children.push(first);
    const t = await makeTeam(services, first.api, 'Crash');
    await enableCalls(services, t.member.userId);
    const client = new ApiClient(first.api, t.member.key);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await client.post('/calls', { transcript: transcript(`crash-${i}`), contact_email: `crash${i}@kunde.test` });
      assert.equal(r.status, 202, r.text);
      ids.push(r.body.id);
    }
    const statuses = async () => (await handle.db.selectFrom('calls').select(['id', 'status']).where('team_id', '=', t.teamId).execute()).map((c) => c.status);
    await waitFor('an analysis to be running', async () => (await statuses()).includes('running'));
    await first.kill('SIGKILL');
    const atKill = await statuses();
    assert.ok(atKill.filter((x) => x !== 'done').length >= 3, `work was still queued or running at the kill: ${atKill}`);
    assert.ok(atKill.includes('running'), 'a job was mid-analysis when its worker died');

    const second = await spawnRz('serve', database, CHILD_ENV);
    children.push(second);
    const again = new ApiClient(second.api, t.member.key);
    await waitFor('every call to be analysed after the restart', async () => {
      const rows = await Promise.all(ids.map((id) => again.get(`/calls/${id}`)));
      return rows.every((r) => r.body.status === 'done');
    }, 180_000);
    for (const id of ids) {
      const call = (await again.get(`/calls/${id}`)).body;
      assert.equal(call.status, 'done');
      assert.equal(call.result.moments.length, 3);
    }
    const activities = await handle.db.selectFrom('activities').select('call_id').where('team_id', '=', t.teamId).where('kind', '=', 'call').execute();
    assert.deepEqual(activities.map((a) => a.call_id).sort(), [...ids].sort(), 'one call activity per call');
    const done = await handle.db.selectFrom('events').select('entity_id').where('team_id', '=', t.teamId).where('event', '=', 'call_analysis.done').execute();
    assert.deepEqual(done.map((e) => e.entity_id).sort(), [...ids].sort(), 'one call_analysis.done per call');
    const jobs = await handle.db.selectFrom('jobs').select('id').execute();
    assert.deepEqual(jobs, [], 'no job left behind');
    await second.kill('SIGTERM');
    assert.equal(second.child.exitCode, 0, `graceful stop:\n${second.output()}`);
  });

  it('`rz worker` analyses calls pushed to a server that runs no background work', async () => {
    const api = await startTestServer({ database }); // HTTP only: background off
    try {
      const t = await makeTeam(api.services, api.api, 'Worker');
      await enableCalls(api.services, t.member.userId);
      const push = await t.member.client.post('/calls', { transcript: transcript('via-worker'), contact_email: 'worker@kunde.test' });
      assert.equal(push.status, 202);
      await sleep(300);
      assert.equal((await t.member.client.get(`/calls/${push.body.id}`)).body.status, 'queued', 'nothing analyses it in the API process');
      const worker = await spawnRz('worker', database);
      children.push(worker);
      await waitFor('the worker to analyse the call', async () => (await t.member.client.get(`/calls/${push.body.id}`)).body.status === 'done');
      await worker.kill('SIGTERM');
      assert.equal(worker.child.exitCode, 0, worker.output());
    } finally {
      await api.stop();
    }
  });
});
