// Sorted list pages for the application (extension; the API lists stay newest first by keyset).
// A sort other than "newest" pages by offset: the order is (column, id), so it is stable, and a
// page is at most MAX_OFFSET rows deep.
import { expressionBuilder, sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Actor } from './actor.ts';
import { activityVisible } from './visibility.ts';

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
 * NULL differently unless told), then by id for a stable order; fetches limit+1 rows from `offset`.
 * `expr` appears once, so a subquery in it (a last activity, a count) runs once per row.
 */
export function sortedRows<DB, TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>, expr: RawBuilder<unknown>, idColumn: string, dir: SortDir, offset: number, limit: number) {
  return qb.orderBy(sql`${expr} ${sql.raw(dir)} nulls last`).orderBy(sql.ref(idColumn), 'desc').offset(offset).limit(limit + 1);
}

// Sort keys that live in other tables, each a subquery on a primary key or an index (one lookup
// per row), kept inside the row's team.

/** The owner's name, folded (as the lists show it). */
export const ownerNameKey = (table: string): RawBuilder<unknown> =>
  sql`(select lower(u.name) from users u where u.id = ${sql.ref(`${table}.owner_id`)} and u.team_id = ${sql.ref(`${table}.team_id`)})`;

/** A contact's name as the lists show it (first and last name, else the email), folded. */
export const personNameKey = (alias: string): RawBuilder<unknown> =>
  sql`lower(coalesce(nullif(trim(coalesce(${sql.ref(`${alias}.first_name`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.last_name`)}, '')), ''), ${sql.ref(`${alias}.email`)}))`;

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

/**
 * When the latest activity the actor sees on the row happened (the lists' "last activity", as
 * ActivityRepository.lastAt computes it): walks the timeline index (contact_id or deal_id,
 * occurred_at, id) from its newest end to the first visible activity.
 */
export function lastActivityKey(actor: Actor, link: 'contact_id' | 'deal_id', rowId: string): RawBuilder<unknown> {
  const sub = expressionBuilder<Database, 'activities'>().selectFrom('activities').select('activities.occurred_at')
    .where(sql<boolean>`${sql.ref(`activities.${link}`)} = ${sql.ref(rowId)}`).where(activityVisible(actor))
    .orderBy('activities.occurred_at', 'desc').limit(1);
  return sql`(${sub})`;
}
