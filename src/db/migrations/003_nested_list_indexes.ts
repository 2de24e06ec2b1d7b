// Nested lists of detail views (a contact's deals and tasks, a deal's tasks, a company's deals)
// are read newest first: with the id in the index SQLite and PostgreSQL walk it in order
// instead of sorting every time.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('deals_contact_id_idx').on('deals').columns(['contact_id', 'id']).execute();
  await db.schema.createIndex('deals_company_id_idx').on('deals').columns(['company_id', 'id']).execute();
  await db.schema.createIndex('tasks_contact_id_idx').on('tasks').columns(['contact_id', 'id']).execute();
  await db.schema.createIndex('tasks_deal_id_idx').on('tasks').columns(['deal_id', 'id']).execute();
  await db.schema.dropIndex('deals_company_idx').execute();
  await db.schema.dropIndex('tasks_contact_idx').execute();
  await db.schema.dropIndex('tasks_deal_idx').execute();
}

export async function down(): Promise<void> {
  throw new Error('RZ migrations are forward-only');
}
