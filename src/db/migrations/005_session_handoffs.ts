// One-time hand-overs of the application from a form post to the page its redirect opens (a
// rejected form's input, a secret shown once). In the database so any server process can answer
// the redirect; looked up by session, purged by expiry.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('session_handoffs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('session_handoffs_session_idx').on('session_handoffs').column('session_id').execute();
  await db.schema.createIndex('session_handoffs_expires_idx').on('session_handoffs').column('expires_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('RZ migrations are forward-only');
}
