// Trigram indexes for `q` (issue 25; see src/db/search-index.ts for how a search uses them),
// built here for the rows that exist and kept in step with every later write: by triggers on
// SQLite, by the index itself on PostgreSQL.
import { sql, type Kysely } from 'kysely';
import { dialectOf, searchDocument, type SearchKind } from '../search-index.ts';

const KINDS: SearchKind[] = ['contacts', 'companies', 'deals'];
// The columns whose change changes a row's document.
const COLUMNS: Record<SearchKind, string> = { contacts: 'first_name, last_name, email, phone', companies: 'name, domain', deals: 'title' };

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const kind of KINDS) {
      const doc = searchDocument('postgres', kind);
      await sql.raw(`create index ${kind}_search_a_idx on ${kind} using gin (lower(${doc}) gin_trgm_ops)`).execute(db);
      await sql.raw(`create index ${kind}_search_u_idx on ${kind} using gin (rz_lower(${doc}) gin_trgm_ops)`).execute(db);
    }
    return;
  }
  // Entity id to FTS rowid, one table for every kind (ids carry their kind's prefix).
  await sql`create table search_keys (id integer primary key, entity_id text not null unique)`.execute(db);
  for (const kind of KINDS) {
    const fts = `${kind}_search`;
    const doc = (alias: string) => searchDocument('sqlite', kind, alias);
    const keyOf = (alias: string) => `(select id from search_keys where entity_id = ${alias}.id)`;
    const insert = (alias: string) => `insert into ${fts} (rowid, a, u) select k.id, lower(${doc(alias)}), rz_lower(${doc(alias)}) from search_keys k where k.entity_id = ${alias}.id`;
    await sql.raw(`create virtual table ${fts} using fts5(a, u, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`).execute(db);
    await sql.raw(`insert into search_keys (entity_id) select id from ${kind} order by id`).execute(db);
    await sql.raw(insert(kind).replace(` where k.entity_id = ${kind}.id`, ` join ${kind} on ${kind}.id = k.entity_id`)).execute(db);
    await sql.raw(`create trigger ${fts}_insert after insert on ${kind} begin
      insert into search_keys (entity_id) values (new.id);
      ${insert('new')};
    end`).execute(db);
    await sql.raw(`create trigger ${fts}_update after update of ${COLUMNS[kind]} on ${kind} begin
      delete from ${fts} where rowid = ${keyOf('old')};
      ${insert('new')};
    end`).execute(db);
    await sql.raw(`create trigger ${fts}_delete after delete on ${kind} begin
      delete from ${fts} where rowid = ${keyOf('old')};
      delete from search_keys where entity_id = old.id;
    end`).execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('RZ migrations are forward-only');
}
