import { Type, type Static } from 'typebox';
import type { CallTable } from '../db/schema.ts';
import { Id, Nullable, Timestamp } from '../common/schema.ts';

export const CALL_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const CallRow = Type.Object({
  id: Id('cl'), status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  language: Type.Union([Type.Literal('de'), Type.Literal('en')]), filename: Nullable(Type.String()),
  deal_id: Nullable(Type.String()), contact_id: Nullable(Type.String()), owner_id: Type.String(),
  external_id: Nullable(Type.String()), error: Nullable(Type.String()),
  result: Nullable(Type.Unknown({ description: 'The analysis (scores, strongest_moment, biggest_miss, moments, commitment); null until done' })),
  created_at: Timestamp, analysed_at: Nullable(Timestamp),
}, { $id: 'Call', title: 'Call' });
export type CallRow = Static<typeof CallRow>;

/** Takes the call with or without its transcript, which no row ever carries. */
export function toCallRow(r: Omit<CallTable, 'transcript'>): CallRow {
  return {
    id: r.id, status: r.status, language: r.language, filename: r.filename, deal_id: r.deal_id, contact_id: r.contact_id,
    owner_id: r.owner_id, external_id: r.external_id, error: r.error, result: r.result ? JSON.parse(r.result) : null,
    created_at: r.created_at, analysed_at: r.analysed_at,
  };
}
