// Keyset pagination shared by every list: newest first by id (ids sort by creation time).
import { createHash } from 'node:crypto';
import { AppError, validation } from '../errors/app-error.ts';
import { ID_PREFIX } from '../lib/ids.ts';
import { readOffThread } from '../db/database.ts';

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;

export type TotalRelation = 'eq' | 'gte';

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
  total: number;
  total_relation: TotalRelation;
}

/**
 * A `q` search counts its matches up to this many (decisions.md): above it the page says
 * `total: 10000, total_relation: "gte"`, so a search never has to count a whole table.
 */
export const SEARCH_TOTAL_CAP = 10_000;

/** A count as a list page reports it; a bare number is an exact count. */
export interface Total {
  total: number;
  relation: TotalRelation;
}

/** The total of a search counted with LIMIT SEARCH_TOTAL_CAP + 1 (see countUpTo). */
export function searchTotal(counted: number): Total {
  return counted > SEARCH_TOTAL_CAP ? { total: SEARCH_TOTAL_CAP, relation: 'gte' } : { total: counted, relation: 'eq' };
}

export function parseLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_LIMIT;
  if (!/^\d+$/.test(raw)) throw validation('limit', 'limit must be an integer from 1 to 100.');
  const n = Number(raw);
  if (n < 1 || n > MAX_LIMIT) throw validation('limit', 'limit must be an integer from 1 to 100.');
  return n;
}

/**
 * What a cursor is valid for: one list, one team and one set of filters. A cursor from another
 * list, another team or other filters is "foreign" and answers 422 (field cursor); `limit` may
 * change between pages. `scope` is a short digest of team and filters, not a secret: it only
 * catches a client mixing up cursors (no row is ever shown that the key could not see anyway).
 */
export interface CursorKey {
  list: string;
  scope: string;
}

export function cursorKey(list: string, teamId: string, filters: Record<string, unknown> = {}): CursorKey {
  const given = Object.keys(filters).sort().filter((k) => filters[k] !== undefined && filters[k] !== null && filters[k] !== '').map((k) => [k, filters[k]]);
  return { list, scope: createHash('sha256').update(JSON.stringify([teamId, given])).digest('base64url').slice(0, 10) };
}

/** Cursor = base64url("<list>:<last id>:<scope>"). */
export function encodeCursor(key: CursorKey, lastId: string): string {
  return Buffer.from(`${key.list}:${lastId}:${key.scope}`, 'utf8').toString('base64url');
}

// The id prefix each list's cursor must carry, so a crafted cursor naming another kind of row is refused.
const LIST_ID_PREFIX: Record<string, string> = {
  contacts: ID_PREFIX.contact, companies: ID_PREFIX.company, deals: ID_PREFIX.deal, tasks: ID_PREFIX.task,
  activities: ID_PREFIX.activity, calls: ID_PREFIX.call, webhooks: ID_PREFIX.webhook, events: ID_PREFIX.event,
  deliveries: ID_PREFIX.delivery,
};

export function decodeCursor(key: CursorKey, raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  const bad = (): AppError => validation('cursor', 'cursor is malformed, or was issued for another list, team or filters.');
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw bad();
  const [list, id, scope, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split(':');
  if (rest.length > 0 || list !== key.list || scope !== key.scope || id === undefined) throw bad();
  const m = /^([a-z]{2,3})_[0-9A-Z]{26}$/.exec(id);
  if (!m || (LIST_ID_PREFIX[list] !== undefined && m[1] !== LIST_ID_PREFIX[list])) throw bad();
  return id;
}

/** Given limit+1 fetched rows, builds the page. */
export function toPage<R extends { id: string }, T>(key: CursorKey, rows: R[], limit: number, total: number | Total, map: (r: R) => T): Page<T> {
  const more = rows.length > limit;
  const slice = more ? rows.slice(0, limit) : rows;
  const t = typeof total === 'number' ? { total, relation: 'eq' as const } : total;
  return {
    items: slice.map(map),
    next_cursor: more ? encodeCursor(key, slice[slice.length - 1].id) : null,
    total: t.total,
    total_relation: t.relation,
  };
}

/** LIKE pattern for a case-insensitive substring search (the column side is lower-cased). */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';

/**
 * Counts the rows of `qb` (a filtered query without a select list), stopping at `max`: a
 * subquery with a LIMIT, so the database never reads more matches than that.
 */
export async function countUpTo<DB, TB extends keyof DB>(db: Kysely<DB>, qb: SelectQueryBuilder<DB, TB, object>, max: number): Promise<number> {
  const matches = qb.select(sql<number>`1`.as('one')).limit(max);
  const count = sql<{ n: number }>`select count(*) as n from (${matches}) as matches`;
  // A search's count: off the event loop where the database can (see readOffThread).
  const rows = await readOffThread(db, { compile: () => count.compile(db) });
  return Number(rows[0]?.n ?? 0);
}

/**
 * `lower(col) LIKE '%q%'` with escaping that behaves the same on SQLite and PostgreSQL. A search
 * with non-ASCII letters ("Ärger") folds the column with rz_lower (migrations 008 and 011), which
 * knows Unicode on both databases and composes accents; ASCII searches keep the built-in lower(),
 * which needs no call into JavaScript on SQLite and finds the same rows.
 */
export function containsCi(column: string | RawBuilder<unknown>, raw: string): RawBuilder<SqlBool> {
  // Composed like rz_lower's side, so a decomposed accent in the search finds the typed name.
  const q = raw.normalize('NFC');
  const col = typeof column === 'string' ? sql.ref(column) : column;
  const lower = /^[\x00-\x7f]*$/.test(q) ? sql`lower(${col})` : sql`rz_lower(${col})`;
  return sql<SqlBool>`${lower} like ${likePattern(q)} escape '\\'`;
}

/**
 * One list page: validates `limit` and `cursor`, then fetches limit+1 rows after the cursor and
 * the total in parallel. Every list endpoint answers through this.
 */
export async function keysetPage<R extends { id: string }, T>(
  key: CursorKey,
  query: { cursor?: string; limit?: string },
  fetch: (page: { before: string | null; limit: number }) => Promise<R[]>,
  count: () => Promise<number | Total>,
  map: (r: R) => T,
): Promise<Page<T>> {
  const limit = parseLimit(query.limit);
  const before = decodeCursor(key, query.cursor);
  const [rows, total] = await Promise.all([fetch({ before, limit }), count()]);
  return toPage(key, rows, limit, total, map);
}

/** A list page whose rows and total come from one call (a search that picks its plan by its count). */
export async function keysetSearchPage<R extends { id: string }, T>(
  key: CursorKey,
  query: { cursor?: string; limit?: string },
  search: (page: { before: string | null; limit: number }) => Promise<{ rows: R[]; total: Total }>,
  map: (r: R) => T,
): Promise<Page<T>> {
  const limit = parseLimit(query.limit);
  const before = decodeCursor(key, query.cursor);
  const { rows, total } = await search({ before, limit });
  return toPage(key, rows, limit, total, map);
}
