// Atomic counters (requests per team and day, spend per day, allowances per month).
// One upsert statement, so counts are exact under concurrency and across processes.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { prepareQuery } from '../db/prepared.ts';

const increment = prepareQuery(4, (db, scopeId: string, period: string, kind: string, by: number) => db.insertInto('usage_counters')
  .values({ scope_id: scopeId, period, kind, count: by })
  .onConflict((oc) => oc.columns(['scope_id', 'period', 'kind']).doUpdateSet({ count: sql`usage_counters.count + ${by}` }))
  .returning('count'));

export async function incrementCounter(db: Kysely<Database>, scopeId: string, period: string, kind: string, by = 1): Promise<number> {
  const [row] = await increment(db, scopeId, period, kind, by);
  return Number(row.count);
}

const read = prepareQuery(3, (db, scopeId: string, period: string, kind: string) => db.selectFrom('usage_counters').select('count')
  .where('scope_id', '=', scopeId).where('period', '=', period).where('kind', '=', kind));

export async function readCounter(db: Kysely<Database>, scopeId: string, period: string, kind: string): Promise<number> {
  const [row] = await read(db, scopeId, period, kind);
  return row ? Number(row.count) : 0;
}
