// The chat completions transport of the LLM analyzer. Compatible servers differ in what they
// accept: the response format is tried as a JSON schema, then JSON mode, then plain text (the
// JSON object taken from the answer), and the first mode that works is remembered per endpoint.
// Outages (429, 5xx, timeouts, refused connections) are not retried here: they surface as
// LlmUnavailableError so the durable job queue puts the call back with backoff.
import OpenAI from 'openai';
import type { LlmConfig } from '../../../config.ts';

export type ResponseMode = 'json_schema' | 'json_object' | 'text';
const MODES: readonly ResponseMode[] = ['json_schema', 'json_object', 'text'];

/** Endpoint (base URL + model) -> the response format it accepted last (in memory, per process). */
const workingMode = new Map<string, ResponseMode>();

/** The endpoint cannot answer now (429, 5xx, timeout, unreachable): try again later. */
export class LlmUnavailableError extends Error {
  constructor(message: string, readonly retryAfterMs: number | null) {
    super(message);
    this.name = 'LlmUnavailableError';
  }
}

/** The endpoint refused the request itself (4xx other than 429 in every response format). */
export class LlmRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LlmRejectedError';
  }
}

export interface ChatAnswer {
  content: string;
  promptTokens: number;
  completionTokens: number;
  mode: ResponseMode;
}

/** Retry-After in seconds or as an HTTP date; also the non-standard retry-after-ms. */
export function retryAfterMs(headers: { get(name: string): string | null } | undefined, now = Date.now()): number | null {
  const ms = headers?.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const raw = headers?.get('retry-after');
  if (!raw) return null;
  if (/^\d+(\.\d+)?$/.test(raw.trim())) return Math.round(Number(raw) * 1000);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function classify(err: unknown): Error {
  if (err instanceof OpenAI.APIConnectionTimeoutError) return new LlmUnavailableError('the LLM request timed out', null);
  if (err instanceof OpenAI.APIConnectionError) return new LlmUnavailableError('the LLM endpoint is unreachable', null);
  if (err instanceof OpenAI.APIError && typeof err.status === 'number') {
    if (err.status === 429) return new LlmUnavailableError('the LLM endpoint answered 429 (rate limited)', retryAfterMs(err.headers));
    if (err.status >= 500 || err.status === 408) return new LlmUnavailableError(`the LLM endpoint answered ${err.status}`, retryAfterMs(err.headers));
    return new LlmRejectedError(`the LLM endpoint answered ${err.status}`);
  }
  return err instanceof Error ? err : new Error(String(err));
}

/** A 400/422 while a response format was sent: most likely the format (servers word it differently). */
const formatRejected = (err: unknown, mode: ResponseMode) =>
  mode !== 'text' && err instanceof OpenAI.APIError && (err.status === 400 || err.status === 422);

export class ChatClient {
  private readonly client: OpenAI;
  private readonly endpoint: string;

  constructor(private readonly config: LlmConfig) {
    // maxRetries 0: retries belong to the job queue, which survives restarts and honours Retry-After.
    this.client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey, timeout: config.timeoutMs, maxRetries: 0 });
    this.endpoint = `${config.baseUrl}#${config.model}`;
  }

  /** The response format this endpoint is asked with first. */
  get mode(): ResponseMode {
    return workingMode.get(this.endpoint) ?? 'json_schema';
  }

  async complete(messages: OpenAI.Chat.ChatCompletionMessageParam[], schema: Record<string, unknown>): Promise<ChatAnswer> {
    for (let i = MODES.indexOf(this.mode); ; i++) {
      const mode = MODES[i];
      const format = mode === 'json_schema'
        ? { response_format: { type: 'json_schema' as const, json_schema: { name: 'call_analysis', strict: true, schema } } }
        : mode === 'json_object' ? { response_format: { type: 'json_object' as const } } : {};
      try {
        const completion = await this.client.chat.completions.create({
          model: this.config.model, messages, temperature: 0, max_tokens: this.config.maxTokens, ...format,
        });
        workingMode.set(this.endpoint, mode);
        return {
          content: completion.choices[0]?.message?.content ?? '',
          promptTokens: completion.usage?.prompt_tokens ?? 0,
          completionTokens: completion.usage?.completion_tokens ?? 0,
          mode,
        };
      } catch (err) {
        if (formatRejected(err, mode)) continue;
        throw classify(err);
      }
    }
  }
}

/** The JSON object in an answer: the whole answer, or the outermost {...} in prose or a code fence. */
export function extractJson(content: string): unknown {
  const text = content.trim();
  try {
    return JSON.parse(text);
  } catch {
    const start = text.indexOf('{');
    const end = text.lastIndexOf('}');
    if (start < 0 || end <= start) return null;
    try {
      return JSON.parse(text.slice(start, end + 1));
    } catch {
      return null;
    }
  }
}

/** Forgets the remembered response formats (tests). */
export function forgetResponseModes(): void {
  workingMode.clear();
}
