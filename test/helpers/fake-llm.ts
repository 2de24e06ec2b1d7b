// A configurable server that speaks the OpenAI chat completions protocol on loopback, the way
// the servers RZ meets do: OpenAI and vLLM (JSON schema), servers that refuse `json_schema` with
// a 400 (older llama.cpp and vLLM builds), servers without any response_format that wrap the JSON
// in prose, rate limits (429 with Retry-After), 5xx and answers that never come (timeouts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { analyzeTranscript } from '../../src/calls/analyzer/coach/index.ts';
import type { Language } from '../../src/calls/analyzer/types.ts';

export interface FakeReply {
  status?: number;
  headers?: Record<string, string>;
  content?: string;
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Never answer (the client's timeout ends the request). */
  hang?: boolean;
}

export interface FakeLlmOptions {
  /** 400 for response_format json_schema, as servers without schema support answer. */
  rejectJsonSchema?: boolean;
  /** 400 for any response_format (json_object too). */
  rejectResponseFormat?: boolean;
  /** Wraps every content in prose and a code fence. */
  prose?: boolean;
}

export interface FakeRequest { path: string; auth: string | undefined; body: any; at: number }

export class FakeLlm {
  readonly server = http.createServer((req, res) => this.handle(req, res));
  requests: FakeRequest[] = [];
  /** Answered in order; when empty, `fallback` answers (default: 500). */
  replies: FakeReply[] = [];
  fallback: (req: FakeRequest) => FakeReply = () => ({ status: 500 });
  url = '';

  constructor(public options: FakeLlmOptions = {}) {}

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  /** Requests that reached the model (not refused for their response format). */
  get answered(): FakeRequest[] {
    return this.requests.filter((r) => !this.refuses(r.body));
  }

  private refuses(body: any): boolean {
    const type = body.response_format?.type;
    return (type === 'json_schema' && (this.options.rejectJsonSchema || this.options.rejectResponseFormat)) || (!!type && !!this.options.rejectResponseFormat);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    req.on('data', (d) => { raw += d; });
    req.on('end', () => {
      const request = { path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw), at: Date.now() };
      this.requests.push(request);
      res.setHeader('content-type', 'application/json');
      if (this.refuses(request.body)) {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { message: `response_format type ${request.body.response_format.type} is not supported`, type: 'invalid_request_error' } }));
        return;
      }
      const reply = this.replies.shift() ?? this.fallback(request);
      if (reply.hang) return;
      for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
      if (reply.status && reply.status !== 200) {
        res.statusCode = reply.status;
        res.end(JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }));
        return;
      }
      const content = this.options.prose ? `Sure! Here is the analysis of the call:\n\`\`\`json\n${reply.content ?? ''}\n\`\`\`\nLet me know if you need more.` : reply.content ?? '';
      res.end(JSON.stringify({
        id: 'chatcmpl-test', object: 'chat.completion', created: 1, model: 'test-model',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
        usage: { ...(reply.usage ?? { prompt_tokens: 1000, completion_tokens: 500 }), total_tokens: 0 },
      }));
    });
  }
}

/**
 * What a well-behaved model answers for `transcript`: the schema's keys, quotes and speakers as
 * in the transcript (taken from the built-in analysis), the right languages.
 */
export function modelAnswer(transcript: string, language: Language, tweak: (a: any) => void = () => {}): string {
  const base = analyzeTranscript({ transcript, language });
  const moment = (m: any, instead = false) => ({
    quote: m.quote, speaker: m.speaker, why: m.why, coaching: m.coaching, method: m.method ?? 'none',
    ...(instead ? { what_to_say_instead: m.what_to_say_instead } : {}),
  });
  const answer = {
    rep_speaker: base.rep_speaker,
    call_language: base.call_language,
    form_of_address: base.form_of_address ?? 'none',
    objections: [{ type: 'price', handled: true }],
    pains: 2,
    next_step_dated: false,
    scores: { discovery: 2, listening: 1, value: 2, objection_handling: 2, next_step: 1 },
    strongest_moment: moment(base.strongest_moment),
    biggest_miss: { ...moment(base.biggest_miss, true), method: 'laer' },
    moments: base.moments.map((m) => moment(m)),
    commitment: language === 'en' ? 'In my next call I will ask two questions about the customer\'s problem before I show anything.' : 'Im nächsten Gespräch stelle ich zwei Fragen zum Problem der Kundin, bevor ich etwas zeige.',
  };
  tweak(answer);
  return JSON.stringify(answer);
}
