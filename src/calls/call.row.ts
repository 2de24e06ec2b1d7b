import { Type, type Static, type TSchema } from 'typebox';
import type { CallTable } from '../db/schema.ts';
import { Id, NullableValue, Timestamp, StringEnum } from '../common/schema.ts';
import { METHODS, SCORE_DIMENSIONS } from './analyzer/types.ts';

const Score = Type.Integer({ minimum: 1, maximum: 5 });
const momentText = {
  quote: Type.String({ description: 'Verbatim from the transcript' }),
  speaker: Type.String({ description: 'The speaker label as written in the transcript' }),
  why: Type.String({ description: 'Why this moment matters (in the requested language)' }),
  coaching: Type.String({ description: 'What to do with it (in the requested language)' }),
};
// Optional fields last: the API's serializer writes required fields first.
const methodFields = {
  method: Type.Optional(StringEnum(Object.keys(METHODS), { description: 'The coaching method applied; only when the analysis named one' })),
  method_label: Type.Optional(Type.String({ description: "The method's English label; present with method when language is en" })),
};
const Moment = Type.Object({ ...momentText, ...methodFields }, { additionalProperties: true });

const Count = Type.Number({ minimum: 0 });
const CallMetrics = Type.Object({
  rep_talk_share: Type.Number({ minimum: 0, maximum: 1, description: "The salesperson's share of the words, 0 to 1" }),
  longest_monologue_seconds: Type.Union([Type.Number(), Type.Null()], { description: 'null when the transcript has no timestamps' }),
  longest_monologue_words: Count,
  questions: Count, open_questions: Count, closed_questions: Count,
  pains: Count,
  objections: Type.Array(Type.Object({
    type: Type.String(), handled: Type.Boolean(),
    // Built-in analyzer (calls analysed since issue 22): where it was said and how it was answered.
    utterance: Type.Optional(Type.Integer({ minimum: 0, description: "Index of the customer's sentence among the call's sentences" })),
    quote: Type.Optional(Type.String({ description: "The customer's words, verbatim" })),
    reply_utterances: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { description: "The seller's sentences that answered it" })),
    acknowledged: Type.Optional(Type.Boolean()), explored: Type.Optional(Type.Boolean()), answered: Type.Optional(Type.Boolean()),
    checked_back: Type.Optional(Type.Boolean()), defended: Type.Optional(Type.Boolean()), conceded: Type.Optional(Type.Boolean()),
  }, { additionalProperties: true })),
  next_step_dated: Type.Boolean(),
  duration_seconds: NullableValue(Type.Number()),
  questions_by_third: Type.Optional(Type.Array(Count, { minItems: 3, maxItems: 3, description: 'Questions in the first, second and last third of the call' })),
  pain_impacts: Type.Optional(Type.Number({ minimum: 0, description: 'Customer statements that quantify the impact of a problem' })),
  next_step: Type.Optional(StringEnum(['dated', 'undated', 'vague', 'none'])),
  speakers: Type.Optional(Count), words: Type.Optional(Count),
  format: Type.Optional(Type.String({ description: 'Transcript format recognised: labelled, webvtt, srt, unlabelled' })),
  rep_detection: Type.Optional(Type.String({ description: 'Which rule identified the salesperson: hint, role_label, rep_name, inbound, introduction, selling, questions or single_speaker' })),
  notes: Type.Optional(Type.Array(Type.String(), { description: 'Caveats about the transcript, e.g. no_speaker_labels' })),
  question_utterances: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { description: "Indices of the salesperson's questions among the call's sentences" })),
  llm: Type.Optional(Type.Object({
    prompt_version: Type.String({ description: 'The version of the LLM prompt (src/calls/analyzer/llm/prompt-v2.md)' }),
    response_format: Type.Optional(Type.String({ description: 'json_schema, json_object or text: the response format the endpoint accepted' })),
    attempts: Type.Optional(Count),
    parts: Type.Optional(Type.Integer({ minimum: 2, description: "A call longer than the model's context: how many parts it was read in" })),
    cost_cents: Type.Optional(Type.Number({ minimum: 0, description: "What the LLM's tokens cost for this analysis, in cents with fractions" })),
    failure: Type.Optional(StringEnum(['unavailable', 'refused', 'invalid_output', 'too_long'], { description: 'Set when the built-in result stands in for the LLM' })),
  }, { additionalProperties: true, description: 'LLM analyzer only: prompt version and response format, or how the LLM failed' })),
}, { additionalProperties: true, description: 'What the analysis measured (talk share, monologue, questions, pains, objections, next step); coaching.md' });

/** What a finished analysis holds (decisions.md); analyzers may add diagnostic fields such as metrics. */
export const CallResult = Type.Object({
  scores: Type.Object(Object.fromEntries(SCORE_DIMENSIONS.map((d) => [d, Score])), { description: 'The five dimensions, integers 1 to 5' }),
  strongest_moment: Moment,
  biggest_miss: Type.Object({
    ...momentText,
    what_to_say_instead: Type.String({ description: "In the call's own language and the salesperson's form of address (du/Sie), whatever language says" }),
    ...methodFields,
  }, { additionalProperties: true }),
  moments: Type.Array(Moment, { minItems: 3, maxItems: 3 }),
  commitment: Type.String({ description: "The salesperson's commitment (in the requested language)" }),
  // Beyond decisions.md: what the analysis measured and found out about the call (api-guide, Calls).
  call_language: Type.Optional(StringEnum(['de', 'en'], { description: 'The language the call was held in (may differ from the coaching language)' })),
  form_of_address: Type.Optional(NullableValue(StringEnum(['du', 'Sie'], { description: "German calls: the salesperson's form of address; null for English calls" }))),
  rep_speaker: Type.Optional(Type.String({ description: 'The speaker label taken for the salesperson' })),
  metrics: Type.Optional(CallMetrics),
  analyzer: Type.Optional(StringEnum(['builtin', 'llm'], { description: 'Which analyzer produced the result' })),
  fallback_reason: Type.Optional(Type.String({ description: 'Why the built-in analyzer stood in for the configured LLM' })),
}, { additionalProperties: true, description: 'The analysis; null until status is done' });

export const CALL_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const CallRow = Type.Object({
  id: Id('cl'), status: StringEnum(['queued', 'running', 'done', 'failed']),
  language: StringEnum(['de', 'en']), filename: NullableValue(Type.String()),
  deal_id: NullableValue(Type.String({ description: 'The deal as pushed; once done, the deal whose timeline got the result (also one the analysis chose)' })),
  contact_id: NullableValue(Type.String({ description: "The contact as pushed (or the deal's); once done, the contact whose timeline got the result" })),
  owner_id: Type.String(),
  error: NullableValue(Type.String()),
  result: NullableValue(CallResult),
  created_at: Timestamp, analysed_at: NullableValue(Timestamp),
}, { $id: 'Call', title: 'Call' });
export type CallRow = Static<typeof CallRow>;

/**
 * The value with its object keys in the schema's order, then any others: the API's serializer
 * writes schema order, and a webhook's `data` (plain JSON.stringify) must read the same.
 */
function inSchemaOrder(value: unknown, schema: TSchema | undefined): unknown {
  if (Array.isArray(value)) return value.map((v) => inSchemaOrder(v, (schema as { items?: TSchema } | undefined)?.items));
  if (value === null || typeof value !== 'object') return value;
  const props = ((schema as { properties?: Record<string, TSchema> } | undefined)?.properties) ?? {};
  const v = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(props)) if (k in v) out[k] = inSchemaOrder(v[k], props[k]);
  for (const k of Object.keys(v)) if (!(k in out)) out[k] = v[k];
  return out;
}

/** Takes the call with or without its transcript, which no row ever carries. */
export function toCallRow(r: Omit<CallTable, 'transcript'>): CallRow {
  return {
    id: r.id, status: r.status, language: r.language, filename: r.filename, deal_id: r.deal_id, contact_id: r.contact_id,
    owner_id: r.owner_id, error: r.error, result: r.result ? inSchemaOrder(JSON.parse(r.result), CallResult) as CallRow['result'] : null,
    created_at: r.created_at, analysed_at: r.analysed_at,
  };
}
