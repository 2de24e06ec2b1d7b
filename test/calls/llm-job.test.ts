// The LLM analyzer inside the durable job queue (both databases): a rate-limited or failing
// endpoint puts the call's job back with backoff (no sooner than Retry-After), the built-in
// result is stored only after the last attempt and says so, and fractions of a cent are summed
// into the team's daily spend.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { makeTeam } from '../helpers/fixtures.ts';
import { FakeLlm, modelAnswer } from '../helpers/fake-llm.ts';
import { startJobWorker } from '../../src/jobs/job-worker.ts';
import type { JobRunner } from '../../src/jobs/job-runner.ts';
import { LlmAnalyzer } from '../../src/calls/analyzer/llm.ts';
import { llmPriceWarning } from '../../src/server.ts';
import type { LlmConfig } from '../../src/config.ts';
import { enableCalls, transcript, waitFor } from './call-fixtures.ts';
import type { ApiClient } from '../helpers/client.ts';

/** Generous: the job backs off between attempts and a shared machine may be slow. */
const waitForCall = (client: ApiClient, id: string) => waitFor(`call ${id} to be done or failed`, async () => {
  const r = await client.get(`/calls/${id}`);
  return ['done', 'failed'].includes(r.body?.status) ? r.body : undefined;
}, 120_000);

describe('calls: the LLM analyzer in the job queue', () => {
  let s: TestServer;
  const llm = new FakeLlm();
  let worker: JobRunner | null = null;
  let n = 0;

  before(async () => {
    await llm.start();
    s = await startTestServer({ env: { RZ_JOB_BACKOFF_MS: '20' } });
    const config: LlmConfig = { baseUrl: llm.url, apiKey: 'k', model: 'coach', inputCentsPerMTok: 100, outputCentsPerMTok: 300, timeoutMs: 5000, maxTranscriptChars: 200_000, maxTokens: 2000, contextTokens: 32_768 };
    worker = startJobWorker(s.services, { tasks: { 'call.analyze': s.services.callAnalysis.task(new LlmAnalyzer(config)) } });
  });
  after(async () => {
    await worker?.stop();
    await s.stop();
    await llm.stop();
  });

  it('a 429 with Retry-After and a 503 put the job back; the third attempt stores the LLM result and its fractional cost', async () => {
    const t = await makeTeam(s.services, s.api, 'RateLimited');
    await enableCalls(s.services, t.member.userId);
    const text = transcript(`llm-${++n}`);
    llm.requests = [];
    llm.replies = [
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 503 },
      { content: modelAnswer(text, 'de'), usage: { prompt_tokens: 1000, completion_tokens: 500 } },
    ];
    const push = await t.member.client.post('/calls', { transcript: text });
    assert.equal(push.status, 202);
    const done = await waitForCall(t.member.client, push.body.id);
    assert.equal(done.status, 'done');
    assert.equal(done.result.analyzer, 'llm');
    assert.equal(done.result.rep_speaker, 'Anna');
    assert.equal(done.result.metrics.llm.attempts, 3);
    const mine = llm.requests.filter((r) => r.body.messages[1].content === text);
    assert.equal(mine.length, 3);
    assert.ok(mine[1].at - mine[0].at >= 950, `Retry-After honoured (${mine[1].at - mine[0].at} ms)`);
    // 1000 x 100 + 500 x 300 per million: 0.25 cents, not rounded up to a whole cent.
    assert.equal(await s.services.allowances.spentToday(t.teamId), 0.25);
    assert.equal(done.result.metrics.llm.cost_cents, 0.25);
  });

  it('answers paid for before an outage count into the day\'s spend, though the job comes back', async () => {
    const t = await makeTeam(s.services, s.api, 'PaidThenDown');
    await enableCalls(s.services, t.member.userId);
    const text = transcript(`llm-${++n}`);
    llm.requests = [];
    llm.replies = [
      // Attempt 1: an answer that is no analysis (paid for), then the endpoint is down for the correction.
      { content: '{"nonsense": true}', usage: { prompt_tokens: 1000, completion_tokens: 500 } },
      { status: 503 },
      // Attempt 2: a valid answer.
      { content: modelAnswer(text, 'de'), usage: { prompt_tokens: 1000, completion_tokens: 500 } },
    ];
    const push = await t.member.client.post('/calls', { transcript: text });
    const done = await waitForCall(t.member.client, push.body.id);
    assert.equal(done.status, 'done');
    assert.equal(done.result.analyzer, 'llm');
    assert.equal(done.result.metrics.llm.attempts, 2);
    assert.equal(llm.requests.filter((r) => r.body.messages[1].content === text).length, 3);
    // 0.25 cents for the answer before the outage and 0.25 for the one that was used.
    assert.equal(await s.services.allowances.spentToday(t.teamId), 0.5);
  });

  it('after the last attempt the built-in result is stored and says the LLM failed', async () => {
    const t = await makeTeam(s.services, s.api, 'Outage');
    await enableCalls(s.services, t.member.userId);
    llm.requests = [];
    llm.replies = [];
    llm.fallback = () => ({ status: 500 });
    const text = transcript(`llm-${++n}`);
    const push = await t.member.client.post('/calls', { transcript: text });
    const done = await waitForCall(t.member.client, push.body.id);
    assert.equal(done.status, 'done', 'an LLM outage never loses the call');
    assert.equal(done.result.analyzer, 'builtin');
    assert.match(done.result.fallback_reason, /LLM failed after 5 attempts \(the LLM endpoint answered 500\)/);
    assert.equal(done.result.metrics.llm.failure, 'unavailable');
    assert.equal(llm.requests.filter((r) => r.body.messages[1].content === text).length, 5);
    assert.equal(await s.services.allowances.spentToday(t.teamId), 0);
  });

  it('rz serve warns when an LLM without prices meets a spend limit', () => {
    const llmConfig = { baseUrl: 'http://x', apiKey: 'secret', model: 'm', inputCentsPerMTok: 0, outputCentsPerMTok: 0, timeoutMs: 1, maxTranscriptChars: 1, maxTokens: 1, contextTokens: 1 };
    assert.match(llmPriceWarning({ llm: llmConfig }, true) ?? '', /without prices.*spend limits/);
    assert.doesNotMatch(llmPriceWarning({ llm: llmConfig }, true) ?? '', /secret/);
    assert.equal(llmPriceWarning({ llm: llmConfig }, false), null);
    assert.equal(llmPriceWarning({ llm: { ...llmConfig, outputCentsPerMTok: 60 } }, true), null);
    assert.equal(llmPriceWarning({ llm: null }, true), null);
  });
});
