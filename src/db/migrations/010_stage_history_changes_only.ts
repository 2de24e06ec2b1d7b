// stage_history records stage changes only (decisions.md: a PATCH of `stage` adds an entry); the
// entry a new deal used to get (from_stage null) goes. Nothing is lost: the first stage is the
// first change's from_stage, or the deal's stage, and the time is the deal's created_at.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('deal_stage_history').where('from_stage', 'is', null).execute();
}

export async function down(): Promise<void> {
  throw new Error('RZ migrations are forward-only');
}
