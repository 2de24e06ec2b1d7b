// The optional LLM analyzer: any OpenAI-compatible chat completions endpoint (OpenAI, Azure,
// vLLM, Ollama, llama.cpp server) with a JSON-schema response format. The built-in analyzer runs
// first (it is cheap and deterministic): its measurements, call language and form of address
// frame the LLM's answer, and its result is the fallback when the LLM fails or answers invalid
// output twice.
import OpenAI from 'openai';
import type { LlmConfig } from '../../config.ts';
import { analysisThreads } from './coach/analysis-threads.ts';
import { validateAnalysis } from './validate.ts';
import {
  METHODS, SCORE_DIMENSIONS,
  type AnalysisResult, type AnalyzeInput, type Analyzer, type BiggestMiss, type Moment,
} from './types.ts';

const METHOD_KEYS = Object.keys(METHODS);

const momentSchema = (withInstead: boolean) => ({
  type: 'object',
  additionalProperties: false,
  required: ['quote', 'speaker', 'why', 'coaching', 'method', ...(withInstead ? ['what_to_say_instead'] : [])],
  properties: {
    quote: { type: 'string', description: 'Verbatim words from the transcript, without speaker label or timestamp' },
    speaker: { type: 'string' },
    why: { type: 'string' },
    coaching: { type: 'string' },
    method: { type: ['string', 'null'], enum: [...METHOD_KEYS, null] },
    ...(withInstead ? { what_to_say_instead: { type: 'string' } } : {}),
  },
});

/** The JSON schema the LLM must answer (strict: every key required, nulls for "none"). */
export const LLM_RESPONSE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['scores', 'strongest_moment', 'biggest_miss', 'moments', 'commitment'],
  properties: {
    scores: {
      type: 'object',
      additionalProperties: false,
      required: [...SCORE_DIMENSIONS],
      properties: Object.fromEntries(SCORE_DIMENSIONS.map((d) => [d, { type: 'integer', minimum: 1, maximum: 5 }])),
    },
    strongest_moment: momentSchema(false),
    biggest_miss: momentSchema(true),
    moments: { type: 'array', minItems: 3, maxItems: 3, items: momentSchema(false) },
    commitment: { type: 'string' },
  },
};

function systemPrompt(input: AnalyzeInput, base: AnalysisResult): string {
  const lang = input.language === 'en' ? 'English' : 'German';
  const callLang = base.call_language === 'en' ? 'English' : 'German';
  const address = base.form_of_address ? ` using "${base.form_of_address}" (the form of address the salesperson used)` : '';
  return [
    'You are an experienced B2B sales coach. Analyse the sales call transcript and coach the salesperson.',
    `The salesperson is the speaker "${base.rep_speaker}".`,
    'Score five dimensions from 1 (poor) to 5 (excellent): discovery (situation, pain and impact uncovered with open questions and follow-ups), listening (the customer got the floor: talk share, no long monologues, paraphrasing), value (the offer tied to the customer\'s own stated problem, not a feature list), objection_handling (acknowledge, clarify, answer, check back; not defend), next_step (a concrete, dated commitment with an owner).',
    `Measurements of this call: rep talk share ${Math.round(base.metrics.rep_talk_share * 100)}%, ${base.metrics.questions} rep questions (${base.metrics.open_questions} open), ${base.metrics.pains} customer pains, objections: ${base.metrics.objections.map((o) => `${o.type} (${o.handled ? 'handled' : 'not handled'})`).join(', ') || 'none'}, dated next step: ${base.metrics.next_step_dated ? 'yes' : 'no'}.`,
    'Pick the strongest moment, the biggest miss and exactly three moments. Every "quote" must be copied verbatim from the transcript (words of one utterance, without the speaker label or timestamp).',
    `Write "why", "coaching" and "commitment" in ${lang}. The commitment is one concrete thing the salesperson will do in the next call.`,
    `Write "what_to_say_instead" in ${callLang}${address}, built from the customer's own words (echo their objection or pain) — never a generic line.`,
    `"method" is null or one key of this catalogue: ${Object.entries(METHODS).map(([k, v]) => `${k} (${v})`).join('; ')}.`,
    'Answer only with the JSON object of the given schema.',
  ].join('\n');
}

type Raw = Record<string, any>;

/** Drops null methods and sets method_label from the catalogue: the labels are ours, not the model's. */
function normalise(raw: Raw, input: AnalyzeInput, base: AnalysisResult): AnalysisResult {
  const fix = <T extends Moment>(m: Raw): T => {
    const out: Raw = { quote: m.quote, speaker: m.speaker, why: m.why, coaching: m.coaching };
    if (m.what_to_say_instead !== undefined) out.what_to_say_instead = m.what_to_say_instead;
    if (typeof m.method === 'string' && m.method in METHODS) {
      out.method = m.method;
      if (input.language === 'en') out.method_label = METHODS[m.method as keyof typeof METHODS];
    }
    return out as T;
  };
  return {
    scores: raw.scores,
    strongest_moment: fix<Moment>(raw.strongest_moment ?? {}),
    biggest_miss: fix<BiggestMiss>(raw.biggest_miss ?? {}),
    moments: (Array.isArray(raw.moments) ? raw.moments : []).map((m: Raw) => fix<Moment>(m)) as AnalysisResult['moments'],
    commitment: raw.commitment,
    call_language: base.call_language,
    form_of_address: base.form_of_address,
    rep_speaker: base.rep_speaker,
    metrics: base.metrics,
    analyzer: 'llm',
  };
}

export class LlmAnalyzer implements Analyzer {
  private readonly client: OpenAI;

  constructor(private readonly config: LlmConfig) {
    this.client = new OpenAI({ baseURL: config.baseUrl, apiKey: config.apiKey, timeout: config.timeoutMs, maxRetries: 1 });
  }

  async analyze(input: AnalyzeInput): Promise<{ result: AnalysisResult; costCents: number }> {
    // Throws AnalysisError for transcripts without words: nothing to send to the LLM either.
    const base = await analysisThreads().analyze(input);
    const fallback = (reason: string, cost: number) => ({ result: { ...base, fallback_reason: reason }, costCents: Math.ceil(cost) });
    if (input.transcript.length > this.config.maxTranscriptChars) {
      return fallback(`transcript longer than ${this.config.maxTranscriptChars} characters; built-in analysis used`, 0);
    }
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
      { role: 'system', content: systemPrompt(input, base) },
      { role: 'user', content: input.transcript },
    ];
    let cost = 0;
    let problems: string[] = [];
    for (let attempt = 1; attempt <= 2; attempt++) {
      let content: string | null | undefined;
      try {
        const completion = await this.client.chat.completions.create({
          model: this.config.model,
          messages,
          temperature: 0,
          response_format: { type: 'json_schema', json_schema: { name: 'call_analysis', strict: true, schema: LLM_RESPONSE_SCHEMA } },
        });
        cost += ((completion.usage?.prompt_tokens ?? 0) * this.config.inputCentsPerMTok + (completion.usage?.completion_tokens ?? 0) * this.config.outputCentsPerMTok) / 1_000_000;
        content = completion.choices[0]?.message?.content;
      } catch (err) {
        return fallback(`LLM request failed: ${err instanceof Error ? err.message : String(err)}`, cost);
      }
      let raw: Raw | null = null;
      try {
        raw = content ? JSON.parse(content) : null;
      } catch {
        problems = ['the answer is not valid JSON'];
      }
      if (raw && typeof raw === 'object') {
        const result = normalise(raw, input, base);
        problems = validateAnalysis(result, { transcript: input.transcript, language: input.language, callLanguage: base.call_language, formOfAddress: base.form_of_address });
        if (problems.length === 0) return { result, costCents: Math.ceil(cost) };
      } else if (problems.length === 0) {
        problems = ['the answer is empty or not a JSON object'];
      }
      // One retry, telling the model exactly what was wrong.
      messages.push({ role: 'assistant', content: content ?? '' }, { role: 'user', content: `Your answer was invalid: ${problems.join('; ')}. Answer again with a corrected JSON object.` });
    }
    return fallback(`LLM output invalid twice (${problems.slice(0, 3).join('; ')}); built-in analysis used`, cost);
  }
}
