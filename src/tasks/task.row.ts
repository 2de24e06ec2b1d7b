import { Type, type Static } from 'typebox';
import type { TaskTable } from '../db/schema.ts';
import { Id, NullableValue, Timestamp } from '../common/schema.ts';

export const TaskRow = Type.Object({
  id: Id('tk'), title: Type.String(), due_at: NullableValue(Timestamp), done: Type.Boolean(), done_at: NullableValue(Timestamp),
  deal_id: NullableValue(Type.String()), contact_id: NullableValue(Type.String()), owner_id: Type.String(),
  created_at: Timestamp, updated_at: Timestamp,
}, { $id: 'Task', title: 'Task' });
export type TaskRow = Static<typeof TaskRow>;

export function toTaskRow(r: TaskTable): TaskRow {
  return {
    id: r.id, title: r.title, due_at: r.due_at, done: r.done === 1, done_at: r.done_at, deal_id: r.deal_id,
    contact_id: r.contact_id, owner_id: r.owner_id, created_at: r.created_at, updated_at: r.updated_at,
  };
}
