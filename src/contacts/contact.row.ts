import { Type, type Static } from 'typebox';
import type { ContactTable } from '../db/schema.ts';
import { Id, NullableValue, Timestamp } from '../common/schema.ts';

export const ContactRow = Type.Object({
  id: Id('ct'), email: Type.String(), first_name: NullableValue(Type.String()), last_name: NullableValue(Type.String()),
  phone: NullableValue(Type.String()), job_title: NullableValue(Type.String()), company_id: NullableValue(Type.String()),
  owner_id: Type.String(), created_at: Timestamp, updated_at: Timestamp,
}, { $id: 'Contact', title: 'Contact' });
export type ContactRow = Static<typeof ContactRow>;

export function toContactRow(r: ContactTable): ContactRow {
  return {
    id: r.id, email: r.email, first_name: r.first_name, last_name: r.last_name, phone: r.phone, job_title: r.job_title,
    company_id: r.company_id, owner_id: r.owner_id, created_at: r.created_at, updated_at: r.updated_at,
  };
}
