// Indexes for the application's sign-in: throttling counts failures per client address, and
// sessions are looked up by user (sign out everywhere) and purged by expiry.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('login_attempts_ip_idx').on('login_attempts').columns(['ip', 'attempted_at']).execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
}

export async function down(): Promise<void> {
  throw new Error('RZ migrations are forward-only');
}
