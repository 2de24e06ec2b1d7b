import { Type, type Static } from 'typebox';
import type { ActivityTable } from '../db/schema.ts';
import { Id, NullableValue, Timestamp, StringEnum } from '../common/schema.ts';

export const ACTIVITY_KINDS = ['note', 'call', 'email', 'meeting', 'whatsapp'] as const;

export const ActivityRow = Type.Object({
  id: Id('ac'), kind: StringEnum(['note', 'call', 'email', 'meeting', 'whatsapp']), body: NullableValue(Type.String()),
  occurred_at: Timestamp, deal_id: NullableValue(Type.String()), contact_id: NullableValue(Type.String()),
  company_id: NullableValue(Type.String()), call_id: NullableValue(Type.String()), owner_id: Type.String(), created_at: Timestamp,
}, { $id: 'Activity', title: 'Activity' });
export type ActivityRow = Static<typeof ActivityRow>;

export function toActivityRow(r: ActivityTable): ActivityRow {
  return {
    id: r.id, kind: r.kind, body: r.body, occurred_at: r.occurred_at, deal_id: r.deal_id, contact_id: r.contact_id,
    company_id: r.company_id, call_id: r.call_id, owner_id: r.owner_id, created_at: r.created_at,
  };
}
