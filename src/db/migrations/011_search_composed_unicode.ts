// A search finds a name however its accents were encoded: "Zoé" typed on a keyboard (composed)
// finds "Zoe" + combining acute (decomposed, as some systems send it) and the other way round.
// rz_lower folds to NFC before lower-casing; on SQLite it is registered on every connection
// (database.ts), here on PostgreSQL. normalize() needs a UTF8 database; any other keeps lower().
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const { rows } = await sql<{ server_encoding: string }>`show server_encoding`.execute(db);
  const body = rows[0]?.server_encoding === 'UTF8' ? 'select lower(normalize($1, NFC))' : 'select lower($1)';
  await sql`create or replace function rz_lower(text) returns text language sql immutable strict parallel safe as ${sql.lit(body)}`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('RZ migrations are forward-only');
}
