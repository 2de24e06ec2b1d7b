// Configuration from RZ_* environment variables (documented in README.md).
export interface Config {
  databaseUrl: string | null;
  dataDir: string;
  host: string;
  port: number;
  logLevel: string;
  webhookAllowPrivate: boolean;
  webhookRetrySchedule: number[]; // seconds between attempts
  webhookTimeoutMs: number; // per delivery attempt; lowered only by tests
  workerPollMs: number;
  publicUrl: string | null;
  trustProxy: boolean; // RZ_TRUST_PROXY=1 behind a reverse proxy that sets X-Forwarded-For/-Proto
  analyzer: 'builtin' | 'llm'; // RZ_ANALYZER
  analyzerDelayMs: number; // RZ_ANALYZER_DELAY_MS: test knob, slows every analysis down (restart tests)
  workerConcurrency: number; // jobs run at the same time per process
  jobLeaseMs: number; // a dead worker's job is taken over after this
  jobBackoffMs: number; // first retry delay of a failed job; doubles per attempt
  llm: LlmConfig | null; // RZ_LLM_*, with RZ_ANALYZER=llm
  /** GET /metrics: off unless RZ_METRICS=1 (open) or RZ_METRICS_TOKEN is set (a bearer token guards it). */
  metrics: { enabled: boolean; token: string | null };
}

export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Prices in cents per million tokens; token usage x price is the cost the daily spend limit counts. */
  inputCentsPerMTok: number;
  outputCentsPerMTok: number;
  timeoutMs: number;
  /** Transcripts longer than this (characters) are not sent to the LLM; the built-in result is used. */
  maxTranscriptChars: number;
  /** max_tokens of each request: room for the answer (RZ_LLM_MAX_TOKENS, default 4096). */
  maxTokens: number;
  /** The model's context window in tokens (RZ_LLM_CONTEXT_TOKENS, default 32768). */
  contextTokens: number;
}

function nonNegative(v: string | undefined, fallback: number, name: string): number {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${v}"`);
  return n;
}

export function llmConfigFromEnv(env: NodeJS.ProcessEnv): LlmConfig {
  const baseUrl = env.RZ_LLM_BASE_URL;
  const model = env.RZ_LLM_MODEL;
  if (!baseUrl || !model) throw new Error('RZ_ANALYZER=llm needs RZ_LLM_BASE_URL and RZ_LLM_MODEL (and usually RZ_LLM_API_KEY).');
  return {
    baseUrl,
    model,
    apiKey: env.RZ_LLM_API_KEY || 'not-needed',
    inputCentsPerMTok: nonNegative(env.RZ_LLM_PRICE_INPUT_CENTS_PER_MTOK, 0, 'RZ_LLM_PRICE_INPUT_CENTS_PER_MTOK'),
    outputCentsPerMTok: nonNegative(env.RZ_LLM_PRICE_OUTPUT_CENTS_PER_MTOK, 0, 'RZ_LLM_PRICE_OUTPUT_CENTS_PER_MTOK'),
    timeoutMs: nonNegative(env.RZ_LLM_TIMEOUT_MS, 60_000, 'RZ_LLM_TIMEOUT_MS'),
    maxTranscriptChars: nonNegative(env.RZ_LLM_MAX_TRANSCRIPT_CHARS, 200_000, 'RZ_LLM_MAX_TRANSCRIPT_CHARS'),
    maxTokens: Math.max(1, Math.round(nonNegative(env.RZ_LLM_MAX_TOKENS, 4096, 'RZ_LLM_MAX_TOKENS'))),
    contextTokens: Math.max(1, Math.round(nonNegative(env.RZ_LLM_CONTEXT_TOKENS, 32_768, 'RZ_LLM_CONTEXT_TOKENS'))),
  };
}

function parseSchedule(raw: string | undefined): number[] {
  if (!raw) return [60, 300, 1800, 7200];
  const parts = raw.split(',').map((s) => Number(s.trim()));
  if (parts.length === 0 || parts.some((n) => !Number.isFinite(n) || n < 0)) {
    throw new Error(`RZ_WEBHOOK_RETRY_SCHEDULE must be comma-separated seconds, got "${raw}"`);
  }
  return parts;
}

function parseAnalyzer(raw: string | undefined): 'builtin' | 'llm' {
  if (!raw || raw === 'builtin') return 'builtin';
  if (raw === 'llm') return 'llm';
  throw new Error(`RZ_ANALYZER must be builtin or llm, got "${raw}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    databaseUrl: env.RZ_DATABASE_URL || null,
    dataDir: env.RZ_DATA_DIR || './data',
    host: env.RZ_HOST || '127.0.0.1',
    port: env.RZ_PORT ? Number(env.RZ_PORT) : 8080,
    logLevel: env.RZ_LOG_LEVEL || 'info',
    webhookAllowPrivate: env.RZ_WEBHOOK_ALLOW_PRIVATE === '1' || env.RZ_WEBHOOK_ALLOW_PRIVATE === 'true',
    webhookRetrySchedule: parseSchedule(env.RZ_WEBHOOK_RETRY_SCHEDULE),
    webhookTimeoutMs: nonNegative(env.RZ_WEBHOOK_TIMEOUT_MS, 10_000, 'RZ_WEBHOOK_TIMEOUT_MS'),
    workerPollMs: env.RZ_WORKER_POLL_MS ? Number(env.RZ_WORKER_POLL_MS) : 500,
    publicUrl: env.RZ_PUBLIC_URL || null,
    trustProxy: env.RZ_TRUST_PROXY === '1' || env.RZ_TRUST_PROXY === 'true',
    analyzer: parseAnalyzer(env.RZ_ANALYZER),
    analyzerDelayMs: env.RZ_ANALYZER_DELAY_MS ? Number(env.RZ_ANALYZER_DELAY_MS) : 0,
    workerConcurrency: env.RZ_WORKER_CONCURRENCY ? Number(env.RZ_WORKER_CONCURRENCY) : 4,
    jobLeaseMs: env.RZ_JOB_LEASE_MS ? Number(env.RZ_JOB_LEASE_MS) : 60_000,
    jobBackoffMs: env.RZ_JOB_BACKOFF_MS ? Number(env.RZ_JOB_BACKOFF_MS) : 10_000,
    llm: env.RZ_ANALYZER === 'llm' ? llmConfigFromEnv(env) : null,
    metrics: { enabled: env.RZ_METRICS === '1' || env.RZ_METRICS === 'true' || !!env.RZ_METRICS_TOKEN, token: env.RZ_METRICS_TOKEN || null },
  };
}
