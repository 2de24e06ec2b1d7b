import { Type, type Static } from 'typebox';
import type { DealStageHistoryTable, DealTable } from '../db/schema.ts';
import { Id, NullableValue, Timestamp, StringEnum } from '../common/schema.ts';

export const DealRow = Type.Object({
  id: Id('dl'), title: Type.String(), value_cents: NullableValue(Type.Integer()), value_eur: NullableValue(Type.Number()),
  currency: Type.Literal('EUR'), stage: Type.String(), status: StringEnum(['open', 'won', 'lost']),
  contact_id: NullableValue(Type.String()), company_id: NullableValue(Type.String()), owner_id: Type.String(),
  next_step: NullableValue(Type.String()), next_step_at: NullableValue(Timestamp), closed_at: NullableValue(Timestamp),
  created_at: Timestamp, updated_at: Timestamp,
}, { $id: 'Deal', title: 'Deal' });
export type DealRow = Static<typeof DealRow>;

export function toDealRow(r: DealTable): DealRow {
  const cents = r.value_cents === null ? null : Number(r.value_cents);
  return {
    id: r.id, title: r.title, value_cents: cents, value_eur: cents === null ? null : cents / 100, currency: r.currency as 'EUR', // every deal is in euros (decisions.md)
    stage: r.stage, status: r.status, contact_id: r.contact_id, company_id: r.company_id, owner_id: r.owner_id,
    next_step: r.next_step, next_step_at: r.next_step_at, closed_at: r.closed_at, created_at: r.created_at, updated_at: r.updated_at,
  };
}

export const StageHistoryRow = Type.Object({
  from_stage: Type.String(), to_stage: Type.String(), changed_at: Timestamp, changed_by: Type.String(),
}, { $id: 'StageHistoryEntry', title: 'StageHistoryEntry' });
export type StageHistoryRow = Static<typeof StageHistoryRow>;

export function toStageHistoryRow(r: DealStageHistoryTable): StageHistoryRow {
  return { from_stage: r.from_stage, to_stage: r.to_stage, changed_at: r.changed_at, changed_by: r.changed_by };
}
