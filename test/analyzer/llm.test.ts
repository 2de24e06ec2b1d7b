// The LLM analyzer against a local server that speaks the chat completions protocol on
// loopback: valid output is used, invalid output is retried once with the problems named, and
// after that (or on a failing server) the built-in analysis is used with the fallback recorded.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LlmAnalyzer } from '../../src/calls/analyzer/llm.ts';
import { analyzeTranscript } from '../../src/calls/analyzer/coach/index.ts';
import { METHODS, type AnalysisResult, type Language } from '../../src/calls/analyzer/types.ts';
import { createAnalyzer } from '../../src/calls/analyzer/factory.ts';
import { loadConfig } from '../../src/config.ts';
import { corpus } from './helpers.ts';

type Reply = { status?: number; content?: string; usage?: { prompt_tokens: number; completion_tokens: number } };

/** A chat completions server: answers the queued replies in order and records every request. */
class FakeLlm {
  server = http.createServer((req, res) => this.handle(req, res));
  requests: Array<{ path: string; auth: string | undefined; body: any }> = [];
  replies: Reply[] = [];
  url = '';

  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    req.on('data', (d) => { raw += d; });
    req.on('end', () => {
      this.requests.push({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw) });
      const reply = this.replies.shift() ?? { status: 500 };
      res.setHeader('content-type', 'application/json');
      if (reply.status && reply.status !== 200) {
        res.statusCode = reply.status;
        res.end(JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }));
        return;
      }
      res.end(JSON.stringify({
        id: 'chatcmpl-test', object: 'chat.completion', created: 1, model: 'test-model',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply.content ?? '' } }],
        usage: { ...(reply.usage ?? { prompt_tokens: 1000, completion_tokens: 500 }), total_tokens: 0 },
      }));
    });
  }
}

const TRANSCRIPT = corpus('en_discovery_poor.txt');

/** What a well-behaved model answers: the schema's keys, verbatim quotes, the right languages. */
function modelAnswer(language: Language, tweak: (r: any) => void = () => {}): string {
  const base: AnalysisResult = analyzeTranscript({ transcript: TRANSCRIPT, language });
  const moment = (m: any, instead = false) => ({
    quote: m.quote, speaker: m.speaker, why: m.why, coaching: m.coaching, method: m.method ?? null,
    ...(instead ? { what_to_say_instead: m.what_to_say_instead } : {}),
  });
  const answer = {
    scores: { discovery: 2, listening: 1, value: 2, objection_handling: 2, next_step: 1 },
    strongest_moment: moment(base.strongest_moment),
    biggest_miss: { ...moment(base.biggest_miss, true), method: 'laer' },
    moments: base.moments.map((m) => moment(m)),
    commitment: language === 'en' ? 'In my next call I will ask two questions about the Monday backlog before I show anything.' : 'Im nächsten Gespräch stelle ich zwei Fragen zum Rückstau am Montag, bevor ich etwas zeige.',
  };
  tweak(answer);
  return JSON.stringify(answer);
}

describe('LLM analyzer', () => {
  const llm = new FakeLlm();
  let analyzer: LlmAnalyzer;
  before(async () => {
    await llm.start();
    analyzer = new LlmAnalyzer({ baseUrl: llm.url, apiKey: 'sk-test-123', model: 'coach-1', inputCentsPerMTok: 250, outputCentsPerMTok: 1000, timeoutMs: 5000, maxTranscriptChars: 200_000 });
  });
  after(() => new Promise<void>((r) => llm.server.close(() => r())));

  it('uses valid output, asks with a JSON-schema response format, and prices the tokens', async () => {
    llm.requests = [];
    llm.replies = [{ content: modelAnswer('en'), usage: { prompt_tokens: 4000, completion_tokens: 1200 } }];
    const { result, costCents } = await analyzer.analyze({ transcript: TRANSCRIPT, language: 'en' });
    assert.equal(result.analyzer, 'llm');
    assert.equal(result.fallback_reason, undefined);
    assert.deepEqual(result.scores, { discovery: 2, listening: 1, value: 2, objection_handling: 2, next_step: 1 });
    assert.equal(result.biggest_miss.method, 'laer');
    assert.equal(result.biggest_miss.method_label, METHODS.laer, 'method_label comes from the catalogue');
    assert.match(result.commitment, /Monday backlog/);
    assert.equal(result.call_language, 'en');
    assert.equal(costCents, Math.ceil((4000 * 250 + 1200 * 1000) / 1e6));
    assert.equal(llm.requests.length, 1);
    const req = llm.requests[0];
    assert.equal(req.path, '/v1/chat/completions');
    assert.equal(req.auth, 'Bearer sk-test-123');
    assert.equal(req.body.model, 'coach-1');
    assert.equal(req.body.response_format.type, 'json_schema');
    assert.equal(req.body.response_format.json_schema.strict, true);
    assert.equal(req.body.messages[1].content, TRANSCRIPT);
    assert.match(req.body.messages[0].content, /Greg Miller/);
  });

  it('leaves method_label out for German coaching', async () => {
    llm.replies = [{ content: modelAnswer('de') }];
    const { result } = await analyzer.analyze({ transcript: TRANSCRIPT, language: 'de' });
    assert.equal(result.analyzer, 'llm');
    assert.equal(result.biggest_miss.method, 'laer');
    assert.equal(result.biggest_miss.method_label, undefined);
  });

  it('retries once with the problems named when a quote is not verbatim, then uses the corrected answer', async () => {
    llm.requests = [];
    llm.replies = [
      { content: modelAnswer('en', (a) => { a.strongest_moment.quote = 'We guarantee results in one week.'; }), usage: { prompt_tokens: 1000, completion_tokens: 1000 } },
      { content: modelAnswer('en'), usage: { prompt_tokens: 1000, completion_tokens: 1000 } },
    ];
    const { result, costCents } = await analyzer.analyze({ transcript: TRANSCRIPT, language: 'en' });
    assert.equal(result.analyzer, 'llm');
    assert.equal(llm.requests.length, 2);
    const retry = llm.requests[1].body.messages;
    assert.match(retry[retry.length - 1].content, /verbatim|quote/i);
    assert.equal(costCents, Math.ceil(2 * (1000 * 250 + 1000 * 1000) / 1e6));
  });

  it('falls back to the built-in analysis after two invalid answers, and records why', async () => {
    llm.requests = [];
    llm.replies = [{ content: 'not json at all' }, { content: modelAnswer('en', (a) => { a.scores.discovery = 9; }) }];
    const { result, costCents } = await analyzer.analyze({ transcript: TRANSCRIPT, language: 'en' });
    assert.equal(llm.requests.length, 2);
    assert.equal(result.analyzer, 'builtin');
    assert.match(result.fallback_reason ?? '', /invalid twice/);
    assert.deepEqual(result.scores, analyzeTranscript({ transcript: TRANSCRIPT, language: 'en' }).scores);
    assert.ok(costCents > 0, 'tokens spent on invalid answers still cost money');
  });

  it('falls back when the server fails, and for transcripts over the size it sends', async () => {
    llm.replies = [{ status: 500 }, { status: 500 }];
    const failed = await analyzer.analyze({ transcript: TRANSCRIPT, language: 'en' });
    assert.equal(failed.result.analyzer, 'builtin');
    assert.match(failed.result.fallback_reason ?? '', /LLM request failed/);
    const small = new LlmAnalyzer({ baseUrl: llm.url, apiKey: 'k', model: 'm', inputCentsPerMTok: 0, outputCentsPerMTok: 0, timeoutMs: 5000, maxTranscriptChars: 100 });
    llm.requests = [];
    const big = await small.analyze({ transcript: TRANSCRIPT, language: 'en' });
    assert.equal(llm.requests.length, 0);
    assert.match(big.result.fallback_reason ?? '', /longer than 100/);
  });

  it('is chosen by RZ_ANALYZER=llm and needs its endpoint settings', () => {
    const config = loadConfig({ RZ_ANALYZER: 'llm', RZ_LLM_BASE_URL: llm.url, RZ_LLM_MODEL: 'm', RZ_LLM_PRICE_INPUT_CENTS_PER_MTOK: '15' });
    assert.equal(config.llm?.inputCentsPerMTok, 15);
    assert.ok(createAnalyzer(config) instanceof LlmAnalyzer);
    assert.throws(() => loadConfig({ RZ_ANALYZER: 'llm' }), /RZ_LLM_BASE_URL/);
  });
});
