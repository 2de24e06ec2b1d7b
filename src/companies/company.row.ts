import { Type, type Static } from 'typebox';
import type { CompanyTable } from '../db/schema.ts';
import { Id, NullableValue, Timestamp } from '../common/schema.ts';

export const CompanyRow = Type.Object({
  id: Id('co'), name: Type.String(), domain: NullableValue(Type.String()), owner_id: Type.String(),
  created_at: Timestamp, updated_at: Timestamp,
}, { $id: 'Company', title: 'Company' });
export type CompanyRow = Static<typeof CompanyRow>;

export function toCompanyRow(r: CompanyTable): CompanyRow {
  return { id: r.id, name: r.name, domain: r.domain, owner_id: r.owner_id, created_at: r.created_at, updated_at: r.updated_at };
}
