// A timeline shows activities by when they happened (occurred_at, newest first), so a
// back-dated note or an analysed call sits where it belongs. Indexes let both databases walk
// a contact's, deal's or company's timeline in that order instead of sorting.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('activities_contact_timeline_idx').on('activities').columns(['contact_id', 'occurred_at', 'id']).execute();
  await db.schema.createIndex('activities_deal_timeline_idx').on('activities').columns(['deal_id', 'occurred_at', 'id']).execute();
  await db.schema.createIndex('activities_company_timeline_idx').on('activities').columns(['company_id', 'occurred_at', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('RZ migrations are forward-only');
}
