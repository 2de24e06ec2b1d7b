// The LLM analyzer against local servers that speak the chat completions protocol on loopback:
// the model's own reading (salesperson, language, du/Sie) is used and checked against the
// transcript, invalid output is retried once with the problems named, servers that refuse the
// JSON schema or wrap JSON in prose still work, outages ask the job queue to come back later,
// and calls that do not fit the model's context are never cut.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LlmAnalyzer } from '../../src/calls/analyzer/llm.ts';
import { PROMPT_VERSION, systemPrompt } from '../../src/calls/analyzer/llm/prompt.ts';
import { readSpeakers } from '../../src/calls/analyzer/llm/speakers.ts';
import { splitTranscript } from '../../src/calls/analyzer/llm/parts.ts';
import { retryAfterMs } from '../../src/calls/analyzer/llm/chat.ts';
import { analyzeTranscript } from '../../src/calls/analyzer/coach/index.ts';
import { AnalyzerUnavailableError, METHODS } from '../../src/calls/analyzer/types.ts';
import { createAnalyzer } from '../../src/calls/analyzer/factory.ts';
import { loadConfig, type LlmConfig } from '../../src/config.ts';
import { FakeLlm, modelAnswer } from '../helpers/fake-llm.ts';
import { corpus } from './helpers.ts';

const TRANSCRIPT = corpus('en_discovery_poor.txt');
const answer = (language: 'de' | 'en', tweak?: (a: any) => void) => modelAnswer(TRANSCRIPT, language, tweak);

function config(url: string, over: Partial<LlmConfig> = {}): LlmConfig {
  return { baseUrl: url, apiKey: 'sk-test-123', model: 'coach-1', inputCentsPerMTok: 250, outputCentsPerMTok: 1000, timeoutMs: 5000, maxTranscriptChars: 200_000, maxTokens: 3000, contextTokens: 32_768, ...over };
}

async function withFake<T>(fake: FakeLlm, fn: (f: FakeLlm) => Promise<T>): Promise<T> {
  await fake.start();
  try {
    return await fn(fake);
  } finally {
    await fake.stop();
  }
}

describe('LLM analyzer', () => {
  const llm = new FakeLlm();
  let analyzer: LlmAnalyzer;
  before(async () => {
    await llm.start();
    analyzer = new LlmAnalyzer(config(llm.url));
  });
  after(() => llm.stop());

  it('uses valid output, asks with a JSON schema and max_tokens, and prices the tokens in fractions of a cent', async () => {
    llm.requests = [];
    llm.replies = [{ content: answer('en'), usage: { prompt_tokens: 400, completion_tokens: 120 } }];
    const { result, costCents } = await analyzer.analyze({ transcript: TRANSCRIPT, language: 'en' });
    assert.equal(result.analyzer, 'llm');
    assert.equal(result.fallback_reason, undefined);
    assert.deepEqual(result.scores, { discovery: 2, listening: 1, value: 2, objection_handling: 2, next_step: 1 });
    assert.equal(result.biggest_miss.method, 'laer');
    assert.equal(result.biggest_miss.method_label, METHODS.laer, 'method_label comes from the catalogue');
    assert.equal(result.rep_speaker, 'Greg Miller');
    assert.deepEqual(result.metrics.objections, [{ type: 'price', handled: true }], 'objections are the model\'s reading');
    assert.equal(result.metrics.pains, 2);
    assert.deepEqual(result.metrics.llm, { prompt_version: PROMPT_VERSION, response_format: 'json_schema', attempts: 1, cost_cents: 0.22 });
    assert.equal(costCents, (400 * 250 + 120 * 1000) / 1e6, 'a 0.22-cent call counts 0.22 cents');
    assert.equal(llm.requests.length, 1);
    const req = llm.requests[0];
    assert.equal(req.path, '/v1/chat/completions');
    assert.equal(req.auth, 'Bearer sk-test-123');
    assert.equal(req.body.model, 'coach-1');
    assert.equal(req.body.max_tokens, 3000);
    assert.equal(req.body.response_format.type, 'json_schema');
    assert.equal(req.body.messages[1].content, TRANSCRIPT);
    const prompt: string = req.body.messages[0].content;
    assert.match(prompt, /"Greg Miller", "David Okafor"/, 'the speakers are listed, none named the salesperson');
    assert.match(prompt, /Greg Miller: 85 % of the words/, 'measurements per speaker');
    assert.doesNotMatch(prompt, /salesperson is the speaker|FACT/, 'no classification is passed as a fact');
    assert.doesNotMatch(prompt, /objections: .*handled/, 'no built-in objections');
    assert.match(prompt, /1 = no real discovery question/, 'the rubric anchors');
    assert.match(prompt, /Worked example \(de\)[\s\S]*Worked example \(en\)/);
    assert.doesNotMatch(JSON.stringify(req.body.response_format), /minimum|maxItems|minItems|null/, 'a portable schema');
  });

  it('takes the salesperson from the model and measures the metrics for that speaker', async () => {
    llm.replies = [{ content: answer('en', (a) => { a.rep_speaker = 'david okafor'; }) }];
    const { result } = await analyzer.analyze({ transcript: TRANSCRIPT, language: 'en' });
    assert.equal(result.analyzer, 'llm');
    assert.equal(result.rep_speaker, 'David Okafor', 'the label as the transcript writes it');
    assert.ok(result.metrics.rep_talk_share < 0.2, `talk share measured for David Okafor (${result.metrics.rep_talk_share})`);
    assert.equal(result.metrics.rep_detection, 'llm');
  });

  it('passes a pushed rep_speaker as a fact and insists on it', async () => {
    llm.requests = [];
    llm.replies = [{ content: answer('en', (a) => { a.rep_speaker = 'David Okafor'; }) }, { content: answer('en') }];
    const { result } = await analyzer.analyze({ transcript: TRANSCRIPT, language: 'en', repSpeaker: 'greg miller' });
    assert.match(llm.requests[0].body.messages[0].content, /FACT from the dialer[^\n]*"Greg Miller"/);
    assert.equal(llm.requests.length, 2);
    assert.match(llm.requests[1].body.messages.at(-1).content, /rep_speaker must be "Greg Miller"/);
    assert.equal(result.rep_speaker, 'Greg Miller');
  });

  it('retries when a speaker is not in the transcript or a quote was said by someone else', async () => {
    llm.requests = [];
    const greg = analyzeTranscript({ transcript: TRANSCRIPT, language: 'en' }).strongest_moment;
    llm.replies = [
      { content: answer('en', (a) => { a.rep_speaker = 'Sales Rep'; a.moments[0].speaker = 'Nobody'; a.strongest_moment.speaker = greg.speaker === 'David Okafor' ? 'Greg Miller' : 'David Okafor'; }) },
      { content: answer('en') },
    ];
    const { result } = await analyzer.analyze({ transcript: TRANSCRIPT, language: 'en' });
    assert.equal(result.analyzer, 'llm');
    const retry: string = llm.requests[1].body.messages.at(-1).content;
    assert.match(retry, /rep_speaker "Sales Rep" is not a speaker of the transcript/);
    assert.match(retry, /moments\[0\]\.speaker "Nobody" is not a speaker/);
    assert.match(retry, /strongest_moment\.quote is not said by/);
  });

  it('leaves method_label out for German coaching', async () => {
    llm.replies = [{ content: answer('de') }];
    const { result } = await analyzer.analyze({ transcript: TRANSCRIPT, language: 'de' });
    assert.equal(result.analyzer, 'llm');
    assert.equal(result.biggest_miss.method, 'laer');
    assert.equal(result.biggest_miss.method_label, undefined);
  });

  it('retries once with the problems named when a quote is not verbatim, then uses the corrected answer', async () => {
    llm.requests = [];
    llm.replies = [
      { content: answer('en', (a) => { a.strongest_moment.quote = 'We guarantee results in one week.'; }), usage: { prompt_tokens: 1000, completion_tokens: 1000 } },
      { content: answer('en'), usage: { prompt_tokens: 1000, completion_tokens: 1000 } },
    ];
    const { result, costCents } = await analyzer.analyze({ transcript: TRANSCRIPT, language: 'en' });
    assert.equal(result.analyzer, 'llm');
    assert.equal(llm.requests.length, 2);
    assert.match(llm.requests[1].body.messages.at(-1).content, /verbatim|quote/i);
    assert.equal(costCents, 2 * (1000 * 250 + 1000 * 1000) / 1e6);
  });

  it('falls back to the built-in analysis after two invalid answers, and records why', async () => {
    llm.requests = [];
    llm.replies = [{ content: 'not json at all' }, { content: answer('en', (a) => { a.scores.discovery = 9; }) }];
    const { result, costCents } = await analyzer.analyze({ transcript: TRANSCRIPT, language: 'en' });
    assert.equal(llm.requests.length, 2);
    assert.equal(result.analyzer, 'builtin');
    assert.match(result.fallback_reason ?? '', /invalid twice/);
    assert.equal(result.metrics.llm?.failure, 'invalid_output');
    assert.deepEqual(result.scores, analyzeTranscript({ transcript: TRANSCRIPT, language: 'en' }).scores);
    assert.ok(costCents > 0, 'tokens spent on invalid answers still cost money');
  });

  it('never cuts a call that does not fit the context: it is not sent, and the result says so', async () => {
    llm.requests = [];
    const small = new LlmAnalyzer(config(llm.url, { contextTokens: 3000, maxTokens: 1000 }));
    const { result, costCents } = await small.analyze({ transcript: TRANSCRIPT, language: 'en' });
    assert.equal(llm.requests.length, 0);
    assert.equal(result.analyzer, 'builtin');
    assert.match(result.fallback_reason ?? '', /too long for the model's context: about \d+ tokens.*RZ_LLM_CONTEXT_TOKENS is 3000/);
    assert.equal(result.metrics.llm?.failure, 'too_long');
    assert.equal(costCents, 0);
    const tiny = new LlmAnalyzer(config(llm.url, { maxTranscriptChars: 100 }));
    assert.match((await tiny.analyze({ transcript: TRANSCRIPT, language: 'en' })).result.fallback_reason ?? '', /longer than 100/);
    assert.equal(llm.requests.length, 0);
  });

  it('reads a call longer than the context in parts, each whole lines, and combines their findings', async () => {
    const system = systemPrompt({ transcript: TRANSCRIPT, language: 'en' }, readSpeakers(TRANSCRIPT), null).length;
    const maxTokens = 1000;
    // Room for the prompt, the answer, the part note and about 60 % of the call.
    const contextTokens = maxTokens + Math.ceil(system / 4) + 80 + Math.ceil((TRANSCRIPT.length * 0.6) / 4);
    const parted = new LlmAnalyzer(config(llm.url, { contextTokens, maxTokens }));
    llm.requests = [];
    llm.replies = [
      { content: answer('en', (a) => { a.scores.discovery = 1; a.pains = 1; a.objections = []; a.scores.next_step = 1; }), usage: { prompt_tokens: 100, completion_tokens: 100 } },
      { content: answer('en', (a) => { a.scores.discovery = 4; a.pains = 2; a.next_step_dated = true; a.scores.next_step = 4; }), usage: { prompt_tokens: 100, completion_tokens: 100 } },
    ];
    const { result, costCents } = await parted.analyze({ transcript: TRANSCRIPT, language: 'en' });
    assert.equal(llm.requests.length, 2);
    assert.equal(llm.requests.map((r) => r.body.messages[1].content).join(''), TRANSCRIPT, 'the parts are the whole call: nothing cut');
    assert.match(llm.requests[0].body.messages[0].content, /part 1 of 2/);
    assert.match(llm.requests[1].body.messages[0].content, /part 2 of 2/);
    assert.equal(result.analyzer, 'llm', result.fallback_reason);
    assert.equal(result.metrics.llm?.parts, 2);
    assert.equal(result.scores.discovery, 3, 'the mean of the parts (1 and 4), rounded');
    assert.equal(result.scores.next_step, 4, 'the next step where it was agreed');
    assert.equal(result.metrics.pains, 3);
    assert.equal(result.metrics.next_step_dated, true);
    assert.deepEqual(result.metrics.objections, [{ type: 'price', handled: true }]);
    assert.equal(costCents, 2 * (100 * 250 + 100 * 1000) / 1e6);
  });

  it('splits WebVTT and SRT at whole cues, and refuses when one unit is longer than a part', () => {
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:05.000\n<v Anna>Hallo, hier ist Anna.\n\n00:05.000 --> 00:09.000\n<v Ben>Worum geht es?\n\n00:09.000 --> 00:12.000\n<v Anna>Um Ihre Touren.\n';
    const parts = splitTranscript(vtt, 60)!;
    assert.equal(parts.join(''), vtt);
    assert.ok(parts.length >= 2);
    for (const p of parts.slice(1)) assert.match(p, /^\d\d:\d\d\.\d{3} -->/, 'each part starts with a cue');
    assert.equal(splitTranscript('a very long line\nshort\n', 5), null);
  });

  it('is chosen by RZ_ANALYZER=llm and needs its endpoint settings; max_tokens and context have defaults', () => {
    const cfg = loadConfig({ RZ_ANALYZER: 'llm', RZ_LLM_BASE_URL: llm.url, RZ_LLM_MODEL: 'm', RZ_LLM_PRICE_INPUT_CENTS_PER_MTOK: '15' });
    assert.equal(cfg.llm?.inputCentsPerMTok, 15);
    assert.equal(cfg.llm?.maxTokens, 4096);
    assert.equal(cfg.llm?.contextTokens, 32_768);
    assert.equal(loadConfig({ RZ_ANALYZER: 'llm', RZ_LLM_BASE_URL: llm.url, RZ_LLM_MODEL: 'm', RZ_LLM_CONTEXT_TOKENS: '8192', RZ_LLM_MAX_TOKENS: '1024' }).llm?.contextTokens, 8192);
    assert.ok(createAnalyzer(cfg) instanceof LlmAnalyzer);
    assert.throws(() => loadConfig({ RZ_ANALYZER: 'llm' }), /RZ_LLM_BASE_URL/);
  });
});

describe('LLM analyzer: servers that answer differently', () => {
  it('falls back to JSON mode when the server refuses the JSON schema, and remembers it', () => withFake(new FakeLlm({ rejectJsonSchema: true }), async (fake) => {
    const analyzer = new LlmAnalyzer(config(fake.url));
    fake.fallback = () => ({ content: answer('en') });
    const first = await analyzer.analyze({ transcript: TRANSCRIPT, language: 'en' });
    assert.equal(first.result.analyzer, 'llm');
    assert.equal(first.result.metrics.llm?.response_format, 'json_object');
    assert.deepEqual(fake.requests.map((r) => r.body.response_format?.type), ['json_schema', 'json_object']);
    fake.requests = [];
    const again = await new LlmAnalyzer(config(fake.url)).analyze({ transcript: TRANSCRIPT, language: 'en' });
    assert.equal(again.result.analyzer, 'llm');
    assert.deepEqual(fake.requests.map((r) => r.body.response_format?.type), ['json_object'], 'the working mode is remembered per endpoint');
  }));

  it('takes the JSON object out of prose from a server without response formats', () => withFake(new FakeLlm({ rejectResponseFormat: true, prose: true }), async (fake) => {
    fake.fallback = () => ({ content: answer('de') });
    const { result } = await new LlmAnalyzer(config(fake.url)).analyze({ transcript: TRANSCRIPT, language: 'de' });
    assert.equal(result.analyzer, 'llm');
    assert.equal(result.metrics.llm?.response_format, 'text');
    assert.deepEqual(fake.requests.map((r) => r.body.response_format?.type), ['json_schema', 'json_object', undefined]);
  }));

  it('a 429 asks the job to come back after Retry-After; on the last attempt the built-in result says why', () => withFake(new FakeLlm(), async (fake) => {
    fake.fallback = () => ({ status: 429, headers: { 'retry-after': '7' } });
    const analyzer = new LlmAnalyzer(config(fake.url));
    await assert.rejects(analyzer.analyze({ transcript: TRANSCRIPT, language: 'en' }, { attempt: 1, maxAttempts: 3 }), (err: unknown) => {
      assert.ok(err instanceof AnalyzerUnavailableError);
      assert.equal(err.retryAfterMs, 7000);
      assert.match(err.message, /429/);
      return true;
    });
    const last = await analyzer.analyze({ transcript: TRANSCRIPT, language: 'en' }, { attempt: 3, maxAttempts: 3 });
    assert.equal(last.result.analyzer, 'builtin');
    assert.match(last.result.fallback_reason ?? '', /LLM failed after 3 attempts \(.*429/);
    assert.deepEqual(last.result.metrics.llm, { prompt_version: PROMPT_VERSION, attempts: 3, cost_cents: 0, failure: 'unavailable' });
    assert.equal(fake.requests.length, 2, 'no retries inside one attempt: the job queue retries');
  }));

  it('5xx and timeouts are outages too; a refused request falls back at once', () => withFake(new FakeLlm(), async (fake) => {
    const analyzer = new LlmAnalyzer(config(fake.url, { timeoutMs: 300 }));
    fake.replies = [{ status: 503 }, { hang: true }, { status: 401 }];
    await assert.rejects(analyzer.analyze({ transcript: TRANSCRIPT, language: 'en' }, { attempt: 1, maxAttempts: 5 }), /answered 503/);
    await assert.rejects(analyzer.analyze({ transcript: TRANSCRIPT, language: 'en' }, { attempt: 2, maxAttempts: 5 }), /timed out/);
    const refused = await analyzer.analyze({ transcript: TRANSCRIPT, language: 'en' }, { attempt: 3, maxAttempts: 5 });
    assert.equal(refused.result.analyzer, 'builtin');
    assert.match(refused.result.fallback_reason ?? '', /refused.*401/);
    assert.doesNotMatch(JSON.stringify(refused.result), /sk-test-123/, 'the key never appears');
  }));

  it('reads Retry-After as seconds, as an HTTP date and as retry-after-ms', () => {
    const h = (o: Record<string, string>) => new Headers(o);
    assert.equal(retryAfterMs(h({ 'retry-after': '2' })), 2000);
    assert.equal(retryAfterMs(h({ 'retry-after-ms': '150' })), 150);
    assert.equal(retryAfterMs(h({ 'retry-after': new Date(10_000).toUTCString() }), 4000), 6000);
    assert.equal(retryAfterMs(h({})), null);
  });
});
