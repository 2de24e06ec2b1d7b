// The optional LLM analyzer: any OpenAI-compatible chat completions endpoint (OpenAI, Azure,
// vLLM, Ollama, llama.cpp server). The model reads the call itself: it names the salesperson,
// the call's language, the form of address and the objections. Only arithmetic measurements
// (word share, longest stretch, question marks per speaker) go into the prompt, and a
// rep_speaker pushed by the dialer as a fact. A call longer than the model's context is read in
// parts whose findings are combined (llm/parts.ts). The built-in analyzer still runs: for the
// measurements of the speaker the model named, and as the fallback when the LLM answers
// invalid output twice, refuses, or stays unavailable until the job's last attempt.
import type OpenAI from 'openai';
import type { LlmConfig } from '../../config.ts';
import { analysisThreads } from './coach/analysis-threads.ts';
import { validateAnalysis } from './validate.ts';
import { ChatClient, extractJson, LlmRejectedError, LlmUnavailableError, type ResponseMode } from './llm/chat.ts';
import { combine, partNote, splitTranscript } from './llm/parts.ts';
import { PROMPT_VERSION, systemPrompt } from './llm/prompt.ts';
import { readSpeakers, saidBy, speakerLabel, type TranscriptSpeakers } from './llm/speakers.ts';
import {
  AnalyzerUnavailableError, METHODS, SCORE_DIMENSIONS,
  type AnalysisResult, type AnalyzeInput, type AnalyzeRun, type Analyzer, type BiggestMiss, type CallMetrics,
  type FormOfAddress, type Language, type LlmRunInfo, type Moment,
} from './types.ts';

const METHOD_KEYS = Object.keys(METHODS);

/** Characters per token for the context estimate: about 4 for English and German text. */
export const CHARS_PER_TOKEN = 4;
/** A long call is read in at most this many parts (each a request); longer ones get the built-in result. */
export const MAX_PARTS = 10;
/** Parts smaller than this say too little to score a call. */
const MIN_PART_CHARS = 1000;
/** Room for the "part i of n" note added to the prompt. */
const PART_NOTE_TOKENS = 80;

// Portable on purpose: no minimum/maximum, minItems or nullable enums, which some compatible
// servers refuse. Ranges and counts are checked by validation instead.
const momentSchema = (withInstead: boolean) => ({
  type: 'object',
  additionalProperties: false,
  required: ['quote', 'speaker', 'why', 'coaching', 'method', ...(withInstead ? ['what_to_say_instead'] : [])],
  properties: {
    quote: { type: 'string', description: 'Verbatim words of one utterance, without speaker label or timestamp' },
    speaker: { type: 'string', description: 'The label of the speaker who said the quote' },
    why: { type: 'string' },
    coaching: { type: 'string' },
    method: { type: 'string', enum: [...METHOD_KEYS, 'none'] },
    ...(withInstead ? { what_to_say_instead: { type: 'string' } } : {}),
  },
});

/** The JSON schema the LLM answers (strict: every key required, "none" where there is nothing). */
export const LLM_RESPONSE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['rep_speaker', 'call_language', 'form_of_address', 'objections', 'pains', 'next_step_dated', 'scores', 'strongest_moment', 'biggest_miss', 'moments', 'commitment'],
  properties: {
    rep_speaker: { type: 'string' },
    call_language: { type: 'string', enum: ['de', 'en'] },
    form_of_address: { type: 'string', enum: ['du', 'Sie', 'none'] },
    objections: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['type', 'handled'], properties: { type: { type: 'string' }, handled: { type: 'boolean' } } },
    },
    pains: { type: 'integer' },
    next_step_dated: { type: 'boolean' },
    scores: {
      type: 'object',
      additionalProperties: false,
      required: [...SCORE_DIMENSIONS],
      properties: Object.fromEntries(SCORE_DIMENSIONS.map((d) => [d, { type: 'integer' }])),
    },
    strongest_moment: momentSchema(false),
    biggest_miss: momentSchema(true),
    moments: { type: 'array', items: momentSchema(false) },
    commitment: { type: 'string' },
  },
};

type Raw = Record<string, any>;

interface ReadContext {
  input: AnalyzeInput;
  base: AnalysisResult;
  speakers: TranscriptSpeakers;
  repFact: string | null;
  run?: AnalyzeRun;
  /** Every answer's price so far, also of answers an outage later makes useless: they were paid for. */
  spent: { cents: number };
}

interface PartRead {
  raw: Raw;
  checked: { result: AnalysisResult; problems: string[] } | null;
  problems: string[];
  cost: number;
  mode: ResponseMode;
}

/** The model's reading of the call: who sells, in which language, du or Sie. */
interface Reading {
  rep: string | null;
  callLanguage: Language;
  form: FormOfAddress | null;
}

function reading(raw: Raw, speakers: TranscriptSpeakers, repFact: string | null, fallbackLanguage: Language): Reading {
  const callLanguage: Language = raw.call_language === 'en' || raw.call_language === 'de' ? raw.call_language : fallbackLanguage;
  const form = callLanguage === 'de' && (raw.form_of_address === 'du' || raw.form_of_address === 'Sie') ? raw.form_of_address : null;
  return { rep: repFact ?? speakerLabel(speakers, raw.rep_speaker), callLanguage, form };
}

/** Problems beyond the result's shape: speakers of this transcript, quotes said by the speaker named. */
function speakerProblems(raw: Raw, speakers: TranscriptSpeakers, read: Reading, repFact: string | null): string[] {
  const problems: string[] = [];
  if (!read.rep) problems.push(`rep_speaker ${JSON.stringify(raw.rep_speaker)} is not a speaker of the transcript (speakers: ${speakers.labels.join(', ')})`);
  else if (repFact && speakerLabel(speakers, raw.rep_speaker) !== repFact) problems.push(`rep_speaker must be ${JSON.stringify(repFact)} (given by the dialer)`);
  if (raw.call_language === 'de' && read.form === null) problems.push('form_of_address must be du or Sie in a German call');
  const moments: Array<[string, Raw]> = [['strongest_moment', raw.strongest_moment], ['biggest_miss', raw.biggest_miss],
    ...(Array.isArray(raw.moments) ? raw.moments : []).map((m: Raw, i: number) => [`moments[${i}]`, m] as [string, Raw])];
  for (const [path, m] of moments) {
    if (!m || typeof m.speaker !== 'string' || typeof m.quote !== 'string') continue; // the shape check names these
    const label = speakerLabel(speakers, m.speaker);
    if (!label) problems.push(`${path}.speaker ${JSON.stringify(m.speaker)} is not a speaker of the transcript`);
    else if (m.quote.trim() && !saidBy(speakers, label, m.quote)) problems.push(`${path}.quote is not said by ${label}: ${JSON.stringify(m.quote.slice(0, 80))}`);
  }
  return problems;
}

/** Drops "none" methods and sets method_label from the catalogue: the labels are ours, not the model's. */
function moment<T extends Moment>(m: Raw, language: Language, speakers: TranscriptSpeakers): T {
  const out: Raw = { quote: m.quote, speaker: speakerLabel(speakers, m.speaker) ?? m.speaker, why: m.why, coaching: m.coaching };
  if (m.what_to_say_instead !== undefined) out.what_to_say_instead = m.what_to_say_instead;
  if (typeof m.method === 'string' && Object.hasOwn(METHODS, m.method)) {
    out.method = m.method;
    if (language === 'en') out.method_label = METHODS[m.method as keyof typeof METHODS];
  }
  return out as T;
}

/**
 * Metrics: the arithmetic ones measured for the speaker the model named (the built-in analysis
 * run with that speaker as the salesperson), the judged ones (pains, objections, dated next step)
 * from the model's reading.
 */
function metrics(measured: CallMetrics, raw: Raw, llm: LlmRunInfo): CallMetrics {
  const objections = Array.isArray(raw.objections)
    ? raw.objections.filter((o: Raw) => o && typeof o.type === 'string').map((o: Raw) => ({ type: o.type, handled: o.handled === true }))
    : [];
  return {
    rep_talk_share: measured.rep_talk_share, longest_monologue_seconds: measured.longest_monologue_seconds,
    longest_monologue_words: measured.longest_monologue_words, questions: measured.questions,
    open_questions: measured.open_questions, closed_questions: measured.closed_questions,
    pains: Number.isInteger(raw.pains) && raw.pains >= 0 ? raw.pains : 0, objections, next_step_dated: raw.next_step_dated === true,
    duration_seconds: measured.duration_seconds, questions_by_third: measured.questions_by_third,
    speakers: measured.speakers, words: measured.words, format: measured.format, rep_detection: 'llm',
    ...(measured.notes ? { notes: measured.notes } : {}), llm,
  };
}

function result(raw: Raw, input: AnalyzeInput, speakers: TranscriptSpeakers, read: Reading, measured: CallMetrics, llm: LlmRunInfo): AnalysisResult {
  return {
    scores: raw.scores,
    strongest_moment: moment<Moment>(raw.strongest_moment ?? {}, input.language, speakers),
    biggest_miss: moment<BiggestMiss>(raw.biggest_miss ?? {}, input.language, speakers),
    moments: (Array.isArray(raw.moments) ? raw.moments : []).map((m: Raw) => moment<Moment>(m ?? {}, input.language, speakers)) as AnalysisResult['moments'],
    commitment: raw.commitment,
    call_language: read.callLanguage,
    form_of_address: read.form,
    rep_speaker: read.rep ?? '',
    metrics: metrics(measured, raw, llm),
    analyzer: 'llm',
  };
}

export class LlmAnalyzer implements Analyzer {
  private readonly chat: ChatClient;

  constructor(private readonly config: LlmConfig) {
    this.chat = new ChatClient(config);
  }

  async analyze(input: AnalyzeInput, run?: AnalyzeRun): Promise<{ result: AnalysisResult; costCents: number }> {
    // Throws AnalysisError for transcripts without words: nothing to send to the LLM either.
    const base = await analysisThreads().analyze(input);
    const speakers = readSpeakers(input.transcript);
    const repFact = input.repSpeaker ? speakerLabel(speakers, input.repSpeaker) : null;
    const system = systemPrompt(input, speakers, repFact);
    const split = this.parts(system, input.transcript);
    if (typeof split === 'string') return fallback(base, split, 'too_long', 0, run);
    const ctx: ReadContext = { input, base, speakers, repFact, run, spent: { cents: 0 } };
    let cost = 0;
    const reads: PartRead[] = [];
    for (let i = 0; i < split.length; i++) {
      const sys = split.length === 1 ? system : `${system}\n\n${partNote(i, split.length)}`;
      let read: PartRead;
      try {
        read = await this.readPart(sys, split[i], ctx, cost);
      } catch (err) {
        return this.outage(err, base, ctx.spent.cents, run);
      }
      cost += read.cost;
      if (!read.checked) return fallback(base, `LLM output invalid twice (${read.problems.slice(0, 3).join('; ')}); built-in analysis used`, 'invalid_output', cost, run);
      reads.push(read);
    }
    if (reads.length === 1) return { result: reads[0].checked!.result, costCents: cost };
    const llm: LlmRunInfo = { prompt_version: PROMPT_VERSION, response_format: reads.at(-1)!.mode, attempts: run?.attempt ?? 1, cost_cents: cost, parts: reads.length };
    const combined = await this.check(combine(reads.map((r) => r.raw)), ctx, llm);
    if (combined.problems.length > 0) {
      return fallback(base, `the parts' combined findings are invalid (${combined.problems.slice(0, 3).join('; ')}); built-in analysis used`, 'invalid_output', cost, run);
    }
    return { result: combined.result, costCents: cost };
  }

  /** One reading of `text` (the call or a part of it); an invalid answer is sent back once with its problems. */
  private async readPart(system: string, text: string, ctx: ReadContext, costBefore: number): Promise<PartRead> {
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'system', content: system }, { role: 'user', content: text }];
    let cost = 0;
    let problems: string[] = [];
    let mode: ResponseMode = this.chat.mode;
    for (let round = 1; round <= 2; round++) {
      const answer = await this.chat.complete(messages, LLM_RESPONSE_SCHEMA);
      const price = (answer.promptTokens * this.config.inputCentsPerMTok + answer.completionTokens * this.config.outputCentsPerMTok) / 1_000_000;
      cost += price;
      ctx.spent.cents += price;
      mode = answer.mode;
      const raw = extractJson(answer.content);
      if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
        const llm: LlmRunInfo = { prompt_version: PROMPT_VERSION, response_format: mode, attempts: ctx.run?.attempt ?? 1, cost_cents: costBefore + cost };
        const checked = await this.check(raw as Raw, ctx, llm);
        if (checked.problems.length === 0) return { raw: raw as Raw, checked, problems: [], cost, mode };
        problems = checked.problems;
      } else {
        problems = ['the answer is not one JSON object'];
      }
      messages.push({ role: 'assistant', content: answer.content }, { role: 'user', content: `Your answer was invalid: ${problems.join('; ')}. Answer again with a corrected JSON object.` });
    }
    return { raw: {}, checked: null, problems, cost, mode };
  }

  private async check(raw: Raw, { input, base, speakers, repFact }: ReadContext, llm: LlmRunInfo) {
    const read = reading(raw, speakers, repFact, base.call_language);
    const problems = speakerProblems(raw, speakers, read, repFact);
    // Measured for the model's salesperson: the built-in analysis with that speaker as the hint.
    const measured = read.rep && read.rep !== base.rep_speaker
      ? (await analysisThreads().analyze({ ...input, repSpeaker: read.rep })).metrics
      : base.metrics;
    const out = result(raw, input, speakers, read, measured, llm);
    problems.push(...validateAnalysis(out, { transcript: input.transcript, language: input.language, callLanguage: read.callLanguage, formOfAddress: read.form }));
    return { result: out, problems };
  }

  /**
   * The call as one text, or in parts (whole lines, or whole cues of WebVTT/SRT) that each fit
   * the model's context with the prompt and the answer: never cut silently. A string says why
   * the call cannot be sent at all.
   */
  private parts(system: string, transcript: string): string[] | string {
    if (transcript.length > this.config.maxTranscriptChars) {
      return `transcript longer than ${this.config.maxTranscriptChars} characters (RZ_LLM_MAX_TRANSCRIPT_CHARS); built-in analysis used`;
    }
    const fixed = Math.ceil(system.length / CHARS_PER_TOKEN) + this.config.maxTokens;
    const estimate = fixed + Math.ceil(transcript.length / CHARS_PER_TOKEN);
    if (estimate <= this.config.contextTokens) return [transcript];
    const tooLong = `call too long for the model's context: about ${estimate} tokens with the answer (characters / ${CHARS_PER_TOKEN}), RZ_LLM_CONTEXT_TOKENS is ${this.config.contextTokens}`;
    const budget = (this.config.contextTokens - fixed - PART_NOTE_TOKENS) * CHARS_PER_TOKEN;
    const parts = budget >= MIN_PART_CHARS ? splitTranscript(transcript, budget) : null;
    if (!parts) return `${tooLong}, and its parts would not fit either; not sent to the LLM, built-in analysis used`;
    if (parts.length > MAX_PARTS) return `${tooLong}; it would take ${parts.length} parts (at most ${MAX_PARTS}); not sent to the LLM, built-in analysis used`;
    return parts;
  }

  /** Unavailable before the job's last attempt: the job comes back later. Otherwise the built-in result. */
  private outage(err: unknown, base: AnalysisResult, cost: number, run?: AnalyzeRun): { result: AnalysisResult; costCents: number } {
    if (err instanceof LlmUnavailableError) {
      if (run && run.attempt < run.maxAttempts) throw new AnalyzerUnavailableError(err.message, err.retryAfterMs, cost);
      const n = run?.attempt ?? 1;
      return fallback(base, `LLM failed after ${n} attempt${n === 1 ? '' : 's'} (${err.message}); built-in analysis used`, 'unavailable', cost, run);
    }
    const why = err instanceof LlmRejectedError ? `LLM request refused: ${err.message}` : `LLM request failed: ${err instanceof Error ? err.message : String(err)}`;
    return fallback(base, `${why}; built-in analysis used`, 'refused', cost, run);
  }
}

function fallback(base: AnalysisResult, reason: string, failure: LlmRunInfo['failure'], cost: number, run?: AnalyzeRun) {
  const llm: LlmRunInfo = { prompt_version: PROMPT_VERSION, attempts: run?.attempt ?? 1, cost_cents: cost, failure };
  return { result: { ...base, metrics: { ...base.metrics, llm }, fallback_reason: reason }, costCents: cost };
}
