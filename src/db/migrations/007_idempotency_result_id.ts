// The id of the row a POST made, kept with its Idempotency-Key in the same transaction: a retry
// whose first answer was lost in a crash answers 409 duplicate naming that row (existing_id).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('result_id', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('RZ migrations are forward-only');
}
