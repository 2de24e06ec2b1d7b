import { Type, type Static, type TSchema } from 'typebox';
import type { CallTable } from '../db/schema.ts';
import { Id, Nullable, Timestamp } from '../common/schema.ts';
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
  method: Type.Optional(Type.Union(Object.keys(METHODS).map((k) => Type.Literal(k)), { description: 'The coaching method applied; only when the analysis named one' })),
  method_label: Type.Optional(Type.String({ description: "The method's English label; present with method when language is en" })),
};
const Moment = Type.Object({ ...momentText, ...methodFields }, { additionalProperties: true });

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
}, { additionalProperties: true, description: 'The analysis; null until status is done' });

export const CALL_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const CallRow = Type.Object({
  id: Id('cl'), status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  language: Type.Union([Type.Literal('de'), Type.Literal('en')]), filename: Nullable(Type.String()),
  deal_id: Nullable(Type.String()), contact_id: Nullable(Type.String()), owner_id: Type.String(),
  error: Nullable(Type.String()),
  result: Nullable(CallResult),
  created_at: Timestamp, analysed_at: Nullable(Timestamp),
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
