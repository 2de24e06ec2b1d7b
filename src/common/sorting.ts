// Sorted list pages for the application (extension; the API lists stay newest first by keyset).
// A sort other than "newest" pages by offset: the order is (column, id), so it is stable, and a
// page is at most MAX_OFFSET rows deep.
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

export type SortDir = 'asc' | 'desc';

export interface Sort<K extends string = string> {
  key: K;
  dir: SortDir;
}

export const MAX_OFFSET = 100_000;

/**
 * `?sort=name` (ascending) or `?sort=-name` (descending), checked against an allow-list. Anything
 * else, or nothing, is null: the list's default order (newest first).
 */
export function parseSort<K extends string>(raw: unknown, allowed: readonly K[]): Sort<K> | null {
  if (typeof raw !== 'string') return null;
  const dir: SortDir = raw.startsWith('-') ? 'desc' : 'asc';
  const key = raw.replace(/^-/, '') as K;
  return allowed.includes(key) ? { key, dir } : null;
}

/** The row offset of a sorted page (`?from=`), 0 when absent or out of range. */
export function parseOffset(raw: unknown): number {
  return typeof raw === 'string' && /^\d{1,6}$/.test(raw) && Number(raw) <= MAX_OFFSET ? Number(raw) : 0;
}

/**
 * Orders by `expr` in `dir` with rows lacking a value last either way (SQLite and PostgreSQL place
 * NULL differently), then by id for a stable order; fetches limit+1 rows from `offset`.
 */
export function sortedRows<DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>, expr: RawBuilder<unknown>, idColumn: string, dir: SortDir, offset: number, limit: number) {
  return qb.orderBy(sql`${expr} is null`).orderBy(expr, dir).orderBy(sql.ref(idColumn), 'desc').offset(offset).limit(limit + 1);
}

export interface SortedPage<T> {
  items: T[];
  total: number;
  total_relation: 'eq' | 'gte';
  /** The offset of the next page, or null on the last one. */
  next_from: number | null;
}

export function toSortedPage<R, T>(rows: R[], offset: number, limit: number, total: { total: number; relation: 'eq' | 'gte' } | number, map: (r: R) => T): SortedPage<T> {
  const more = rows.length > limit && offset + limit <= MAX_OFFSET;
  const t = typeof total === 'number' ? { total, relation: 'eq' as const } : total;
  return { items: rows.slice(0, limit).map(map), total: t.total, total_relation: t.relation, next_from: more ? offset + limit : null };
}
