// The trigram indexes behind `q` (migration 012): where SQLite and PostgreSQL differ for search.
//
// A `q` search stays the predicate of containsCi (pagination.ts); the index only narrows the rows
// that predicate is tested on. So the narrowing must never lose a row the predicate accepts: it
// searches a "document" per row that contains every searched column, folded exactly as the
// predicate folds them. ASCII searches compare lower(column) (SQLite: ASCII letters only) and
// non-ASCII searches rz_lower(column) (NFC, then Unicode lower case), so each document is indexed
// in both foldings: column `a` holds lower(document), column `u` rz_lower(document). The fields
// are joined by a line feed, which no fold changes and which composes with nothing, so a match in
// one field is a match in the document.
//
// SQLite: an FTS5 table per kind with the trigram tokenizer (case-sensitive: the text is folded
// already), rowids mapped to entity ids by search_keys (rowids of our text-keyed tables may change
// on VACUUM, so they are never used), kept in step by triggers. A search phrase of n >= 3
// characters matches where all its trigrams stand in a row: a substring, as LIKE '%q%'.
// PostgreSQL: GIN pg_trgm indexes on the folded documents; LIKE uses them directly.
import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName } from './database.ts';

export type SearchKind = 'contacts' | 'companies' | 'deals';

/**
 * The document of a row: the searched columns, in SQL (the deal's contact and company names are
 * searched through the contact and company indexes). Changing one needs a migration that
 * rebuilds the indexes: PostgreSQL matches the expression of a query to its index's.
 */
export function searchDocument(dialect: DialectName, kind: SearchKind, alias: string = kind): string {
  const c = (col: string) => `${alias}.${col}`;
  const lf = dialect === 'postgres' ? 'chr(10)' : 'char(10)';
  switch (kind) {
    case 'contacts':
      return `coalesce(${c('first_name')}, '') || ' ' || coalesce(${c('last_name')}, '') || ${lf} || coalesce(${c('email')}, '') || ${lf} || coalesce(${c('phone')}, '')`;
    case 'companies':
      return `coalesce(${c('name')}, '') || ${lf} || coalesce(${c('domain')}, '')`;
    case 'deals':
      return c('title');
  }
}

export interface SearchTerm {
  /** The search folded as its predicate folds it. */
  folded: string;
  /** Which folding the predicate uses: `a` lower(), `u` rz_lower(). */
  fold: 'a' | 'u';
}

/**
 * The term the index can serve, or null: under three characters (no trigram), or text the index
 * would read differently from the predicate (NUL, unpaired surrogates), which is searched by a scan.
 */
export function indexableTerm(raw: string): SearchTerm | null {
  const q = raw.normalize('NFC');
  if (/\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(q)) return null;
  const ascii = /^[\x00-\x7f]*$/.test(q);
  const folded = q.toLowerCase();
  if ([...folded].length < 3) return null;
  return { folded, fold: ascii ? 'a' : 'u' };
}

/** FTS5 phrase: the text in double quotes, inner quotes doubled; every other character is literal. */
function phrase(term: SearchTerm): string {
  return `{${term.fold}} : "${term.folded.replaceAll('"', '""')}"`;
}

/** SQLite: the ids of the rows whose document contains the term (a superset of the matches). */
export function sqliteCandidates(kind: SearchKind, term: SearchTerm): RawBuilder<{ entity_id: string }> {
  const fts = sql.table(`${kind}_search`);
  return sql<{ entity_id: string }>`select k.entity_id from ${fts} join search_keys k on k.rowid = ${fts}.rowid where ${fts} match ${phrase(term)}`;
}

export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** LIKE pattern of a term, escaped as containsCi escapes it. */
function termPattern(term: SearchTerm): string {
  return `%${term.folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The rows of `kind` that a search for `term` starts from, as the first table of the query
 * (SQLite: the index's ids, joined to the table by CROSS JOIN, which keeps the index the outer
 * loop, so a count with a LIMIT stops early), or null where the table itself is the start and a
 * condition narrows it (`narrowing`, PostgreSQL).
 */
export function searchStart(dialect: DialectName, kind: 'contacts' | 'companies', term: SearchTerm): RawBuilder<{ entity_id: string }> | null {
  return dialect === 'sqlite' ? sql<{ entity_id: string }>`(${sqliteCandidates(kind, term)})` : null;
}

/** PostgreSQL's narrowing of a table to the rows a search can match (GIN index on the document). */
export function narrowing(kind: SearchKind, term: SearchTerm, alias: string = kind): RawBuilder<SqlBool> {
  const doc = sql.raw(searchDocument('postgres', kind, alias));
  const folded = term.fold === 'a' ? sql`lower(${doc})` : sql`rz_lower(${doc})`;
  return sql<SqlBool>`${folded} like ${termPattern(term)} escape '\\'`;
}

/**
 * A condition that keeps the rows of `kind` a search can match (a superset): SQLite, the row's
 * id among the index's candidates; PostgreSQL, LIKE on the indexed document.
 */
export function narrowTo(dialect: DialectName, kind: SearchKind, term: SearchTerm, alias: string = kind): RawBuilder<SqlBool> {
  if (dialect === 'postgres') return narrowing(kind, term, alias);
  return sql<SqlBool>`${sql.ref(`${alias}.id`)} in (${sqliteCandidates(kind, term)})`;
}

/**
 * Ids of the team's deals a search can match, each once: by title, or through a linked contact's
 * or company's name (searched in their indexes, so a renamed company is found by its new name).
 * On SQLite each part starts from an index (CROSS JOIN keeps it the outer loop).
 */
export function dealCandidates(dialect: DialectName, teamId: string, term: SearchTerm): RawBuilder<{ id: string }> {
  if (dialect === 'sqlite') {
    const via = (kind: 'contacts' | 'companies', column: string) =>
      sql`select d.id from (${sqliteCandidates(kind, term)}) m cross join deals d where d.${sql.raw(column)} = m.entity_id and d.team_id = ${teamId}`;
    return sql<{ id: string }>`select entity_id as id from (${sqliteCandidates('deals', term)}) union ${via('contacts', 'contact_id')} union ${via('companies', 'company_id')}`;
  }
  return sql<{ id: string }>`select d.id from deals d where d.team_id = ${teamId} and ${narrowing('deals', term, 'd')}
    union select d.id from deals d join contacts c on c.id = d.contact_id where d.team_id = ${teamId} and c.team_id = ${teamId} and ${narrowing('contacts', term, 'c')}
    union select d.id from deals d join companies c on c.id = d.company_id where d.team_id = ${teamId} and c.team_id = ${teamId} and ${narrowing('companies', term, 'c')}`;
}
