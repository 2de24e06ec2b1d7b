// Where PostgreSQL and SQLite differ in what a statement costs. On SQLite a statement runs in
// process (microseconds, no trip), so the hot paths keep their small prepared statements. On
// PostgreSQL every statement is a round trip over the network, so the same work is done in fewer,
// larger statements: the key lookup with the request counter, a detail's nested lists with its
// row. The results are the same on both.
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type Simplify } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Database } from './schema.ts';
import { prepareQuery } from './prepared.ts';
import { dialectOf } from './search-index.ts';

/** True where a round trip costs more than a larger statement (PostgreSQL). */
export function fewerRoundTrips(db: Kysely<Database>): boolean {
  return dialectOf(db) === 'postgres';
}

export interface KeyWithCount {
  key_id: string;
  scopes: string;
  revoked_at: string | null;
  last_used_at: string | null;
  user_id: string;
  role: Database['users']['role'];
  active: number;
  name: string;
  email: string;
  user_team_id: string;
  team_id: string;
  licence: 'active' | 'inactive';
  request_limit: number;
  /** The counter after this statement's increment; null when the key may not be used (nothing counted). */
  request_count: number | null;
}

/**
 * PostgreSQL only: the key with its user and team (as IdentityRepository.keyByHash reads them)
 * and, for a key that may be used, the team's counter of `kind` in `period` raised by `by` in the
 * same statement (one atomic upsert, as incrementCounter's: exact across processes), and its
 * last_used_at written when it is older than `touchBefore` (at most once a minute per key).
 * Data-modifying CTEs run once and to completion whether or not the final select reads them.
 */
const keyLookupAndCount = prepareQuery(6, (db, hash: string, period: string, kind: string, by: number, now: string, touchBefore: string) => compiled<KeyWithCount>(db, sql`
  with k as (
    select k.id as key_id, k.scopes, k.revoked_at, k.last_used_at,
      u.id as user_id, u.role, u.active, u.name, u.email, u.team_id as user_team_id,
      t.id as team_id, t.licence, t.request_limit,
      (k.revoked_at is null and u.active = 1 and u.team_id = k.team_id) as usable
    from api_keys k join users u on u.id = k.user_id join teams t on t.id = k.team_id
    where k.key_hash = ${hash}
  ), counted as (
    insert into usage_counters (scope_id, period, kind, count)
    select k.team_id, ${period}, ${kind}, ${by}::bigint from k where k.usable
    on conflict (scope_id, period, kind) do update set count = usage_counters.count + excluded.count
    returning count
  ), touched as (
    update api_keys set last_used_at = ${now}
    where id = (select k.key_id from k where k.usable) and (last_used_at is null or last_used_at < ${touchBefore})
  )
  select k.key_id, k.scopes, k.revoked_at, k.last_used_at, k.user_id, k.role, k.active, k.name, k.email,
    k.user_team_id, k.team_id, k.licence, k.request_limit, (select count from counted) as request_count
  from k`));

export async function lookUpKeyAndCount(db: Kysely<Database>, hash: string, counter: { period: string; kind: string; by: number }, now: Date): Promise<KeyWithCount | undefined> {
  const touchBefore = new Date(now.getTime() - 60_000).toISOString();
  const [row] = await keyLookupAndCount(db, hash, counter.period, counter.kind, counter.by, now.toISOString(), touchBefore);
  return row;
}

/** A raw statement as prepareQuery builds it (compiled once, then run with each call's values). */
export function compiled<R>(db: Kysely<Database>, raw: RawBuilder<R>) {
  return { compile: () => raw.compile(db) };
}

/**
 * A nested list of a detail read as a column of its row's statement (PostgreSQL: a json_agg
 * subquery, in the subquery's order). Its rows arrive as JSON objects keyed by column; our
 * columns are text and integers, which JSON carries unchanged.
 */
export function nestedList<O>(qb: SelectQueryBuilder<Database, any, O>): RawBuilder<Simplify<O>[]> {
  return jsonArrayFrom(qb) as unknown as RawBuilder<Simplify<O>[]>;
}

/** A nested row of a detail read (null when there is none), as nestedList. */
export function nestedRow<O>(qb: SelectQueryBuilder<Database, any, O>): RawBuilder<Simplify<O> | null> {
  return jsonObjectFrom(qb) as unknown as RawBuilder<Simplify<O> | null>;
}
