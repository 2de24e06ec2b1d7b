import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestServer } from '../helpers/server.ts';
import { eventsSince, lastEventId, makeTeam } from '../helpers/fixtures.ts';
import { startJobWorker } from '../../src/jobs/job-worker.ts';
import type { JobRunner } from '../../src/jobs/job-runner.ts';
import { BuiltinAnalyzer } from '../../src/calls/analyzer/coach/index.ts';
import type { AnalyzeInput, Analyzer } from '../../src/calls/analyzer/types.ts';
import { utcDay } from '../../src/lib/time.ts';
import { enableCalls, transcript, waitFor, waitForCall } from './call-fixtures.ts';
import { startTestServer } from '../helpers/server.ts';

const builtin = new BuiltinAnalyzer();

describe('calls: the background analysis', () => {
  let s: TestServer;
  let worker: JobRunner | null = null;
  let n = 0;
  const fresh = () => transcript(`analysis-${++n}`);

  before(async () => {
    // No background here: each test runs the job worker with the analyzer it needs.
    s = await startTestServer({ env: { RZ_JOB_BACKOFF_MS: '20' } });
  });
  after(async () => {
    await worker?.stop();
    await s.stop();
  });

  async function useAnalyzer(analyzer: Analyzer, concurrency = 4): Promise<void> {
    await worker?.stop();
    worker = startJobWorker({ ...s.services, config: { ...s.services.config, workerConcurrency: concurrency } }, { tasks: { 'call.analyze': s.services.callAnalysis.task(analyzer) } });
  }

  const job = async (callId: string) => (await s.services.handle.db.selectFrom('jobs').selectAll().where('kind', '=', 'call.analyze').execute())
    .find((j) => JSON.parse(j.payload).call_id === callId);

  it('passes the transcript, the coaching language, rep_speaker and the key owner\'s name to the analyzer', async () => {
    const t = await makeTeam(s.services, s.api, 'Hints');
    await enableCalls(s.services, t.member.userId);
    const seen: AnalyzeInput[] = [];
    await useAnalyzer({ analyze: async (input) => { seen.push(input); return builtin.analyze(input); } });
    const text = fresh();
    const push = await t.member.client.post('/calls', { transcript: text, language: 'en', rep_speaker: 'Anna' });
    assert.equal((await waitForCall(t.member.client, push.body.id)).status, 'done');
    assert.equal(seen.length, 1);
    assert.deepEqual(seen[0], { transcript: text, language: 'en', repSpeaker: 'Anna', repName: 'max Hints' });
  });

  it('retries an internal failure with backoff and then succeeds, settling the call once', async () => {
    const t = await makeTeam(s.services, s.api, 'Flaky');
    await enableCalls(s.services, t.member.userId);
    let calls = 0;
    await useAnalyzer({
      analyze: async (input) => {
        if (++calls <= 2) throw new Error('upstream answered 503');
        return builtin.analyze(input);
      },
    });
    const mark = await lastEventId(s.services, t.teamId);
    const push = await t.member.client.post('/calls', { transcript: fresh(), contact_email: 'flaky@kunde.test' });
    const done = await waitForCall(t.member.client, push.body.id);
    assert.equal(done.status, 'done');
    assert.equal(calls, 3);
    assert.equal(await job(push.body.id), undefined, 'the finished job is deleted');
    const events = (await eventsSince(s.services, t.teamId, mark)).map((e) => e.event);
    assert.deepEqual(events, ['contact.created', 'activity.created', 'call_analysis.done']);
  });

  it('after the last attempt: the call fails with an actionable error, the unit is given back, the job is kept for inspection', async () => {
    const t = await makeTeam(s.services, s.api, 'Broken');
    await enableCalls(s.services, t.member.userId, { personal_pool: 1 });
    let calls = 0;
    await useAnalyzer({ analyze: async () => { calls++; throw new Error('model server unreachable'); } });
    const push = await t.member.client.post('/calls', { transcript: fresh() });
    assert.equal(push.status, 202);
    const failed = await waitForCall(t.member.client, push.body.id);
    assert.equal(failed.status, 'failed');
    assert.match(failed.error, /internal error/);
    assert.doesNotMatch(failed.error, /unreachable/, 'internal details stay internal');
    assert.equal(calls, 5);
    const kept = await waitFor('the job to be marked failed', async () => (await job(push.body.id))?.failed_at ? job(push.body.id) : undefined);
    assert.equal(kept!.attempts, 5);
    assert.match(kept!.last_error ?? '', /model server unreachable/);
    await useAnalyzer(builtin);
    assert.equal((await t.member.client.post('/calls', { transcript: fresh() })).status, 202, 'the pool unit came back');
  });

  it('holds queued analyses while the daily spend limit is reached, and counts each analysis cost into today\'s spend', async () => {
    const t = await makeTeam(s.services, s.api, 'Budget');
    await enableCalls(s.services, t.member.userId);
    await s.services.identity.updateTeam(t.teamId, { spend_limit_cents: 10 });
    await worker?.stop();
    worker = null;
    const first = await t.member.client.post('/calls', { transcript: fresh() });
    const second = await t.member.client.post('/calls', { transcript: fresh() });
    assert.equal(second.status, 202);
    const costly: Analyzer = { analyze: async (input) => ({ ...(await builtin.analyze(input)), costCents: 10 }) };
    await useAnalyzer(costly, 1);
    assert.equal((await waitForCall(t.member.client, first.body.id)).status, 'done');
    assert.equal(await s.services.allowances.spentToday(t.teamId), 10);
    const waiting = await waitFor('the second job to be put back', async () => {
      const j = await job(second.body.id);
      return j && j.locked_by === null && j.last_error ? j : undefined;
    });
    assert.equal((await t.member.client.get(`/calls/${second.body.id}`)).body.status, 'queued');
    assert.equal(waiting.attempts, 0, 'waiting for budget uses no attempt');
    assert.ok(Date.parse(waiting.run_at) > Date.now() + 30_000, 'it looks again in a minute');
    const pushed = await t.member.client.post('/calls', { transcript: fresh() });
    assert.equal(pushed.status, 503);
    // The operator raises the limit; once the job is due again it runs.
    await s.services.identity.updateTeam(t.teamId, { spend_limit_cents: 100 });
    await s.services.handle.db.updateTable('jobs').set({ run_at: new Date().toISOString() }).where('id', '=', waiting.id).execute();
    worker!.wake();
    assert.equal((await waitForCall(t.member.client, second.body.id)).status, 'done');
    assert.equal(await s.services.allowances.spentToday(t.teamId), 20);
    const costs = await s.services.handle.db.selectFrom('calls').select('cost_cents').where('team_id', '=', t.teamId).where('created_day', '=', utcDay()).execute();
    assert.deepEqual(costs.map((c) => Number(c.cost_cents)), [10, 10]);
  });

  it('a limit of 0 pauses all analysis', async () => {
    const t = await makeTeam(s.services, s.api, 'Zero');
    await enableCalls(s.services, t.member.userId);
    await worker?.stop();
    worker = null;
    const push = await t.member.client.post('/calls', { transcript: fresh() });
    await s.services.identity.updateTeam(t.teamId, { spend_limit_cents: 0 });
    await useAnalyzer(builtin);
    await waitFor('the job to be put back', async () => (await job(push.body.id))?.last_error);
    assert.equal((await t.member.client.get(`/calls/${push.body.id}`)).body.status, 'queued');
  });

  it('settles a call once even when its job runs again (at-least-once delivery)', async () => {
    const t = await makeTeam(s.services, s.api, 'Once');
    await enableCalls(s.services, t.member.userId);
    await useAnalyzer(builtin);
    const push = await t.member.client.post('/calls', { transcript: fresh(), contact_email: 'once@kunde.test' });
    await waitForCall(t.member.client, push.body.id);
    const mark = await lastEventId(s.services, t.teamId);
    const task = s.services.callAnalysis.task(builtin);
    const ctx = { jobId: 'jb_again', attempt: 2, maxAttempts: 5, workerId: 'test', signal: new AbortController().signal };
    await task.run({ team_id: t.teamId, call_id: push.body.id }, ctx);
    await task.onFailed!({ team_id: t.teamId, call_id: push.body.id }, new Error('late'), ctx);
    assert.deepEqual(await eventsSince(s.services, t.teamId, mark), []);
    assert.equal((await t.member.client.get(`/calls/${push.body.id}`)).body.status, 'done');
    const activities = await s.services.handle.db.selectFrom('activities').select('id').where('call_id', '=', push.body.id).execute();
    assert.equal(activities.length, 1);
  });
});
