// Case-insensitive search beyond ASCII ("ärger" finds "Ärger"): searches for text with non-ASCII
// letters compare rz_lower(column). SQLite's own lower() folds ASCII only, so on SQLite rz_lower
// is registered on every connection (database.ts); PostgreSQL's lower() folds Unicode, and
// rz_lower is a name for it.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create or replace function rz_lower(text) returns text language sql immutable strict parallel safe as 'select lower($1)'`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('RZ migrations are forward-only');
}
