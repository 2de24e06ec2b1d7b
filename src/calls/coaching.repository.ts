import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DialectName } from '../db/database.ts';
import type { Actor } from '../common/actor.ts';
import { callVisible } from '../common/visibility.ts';
import { SCORE_DIMENSIONS, type Scores } from './analyzer/types.ts';
import type { ScoredCall } from './coaching-stats.ts';

/** One field of the stored result (JSON text), read by the database so the page never parses whole results. */
function resultField(dialect: DialectName, path: string[]): RawBuilder<string | number | null> {
  return dialect === 'postgres'
    ? sql<string | null>`(calls.result::jsonb #>> ${`{${path.join(',')}}`})`
    : sql<string | number | null>`json_extract(calls.result, ${`$.${path.join('.')}`})`;
}

export class CoachingRepository {
  constructor(private readonly db: Kysely<Database>, private readonly dialect: DialectName) {}

  /** The analysed calls the actor may see, analysed since `since`, oldest first (scores and the biggest miss's method only). */
  async scoredSince(actor: Actor, since: string, ownerId?: string): Promise<ScoredCall[]> {
    let qb = this.db.selectFrom('calls').where(callVisible(actor)).where('status', '=', 'done')
      .where('analysed_at', '>=', since).where('result', 'is not', null);
    if (ownerId) qb = qb.where('owner_id', '=', ownerId);
    const rows = await qb.select(['id', 'owner_id', 'analysed_at'])
      .select(SCORE_DIMENSIONS.map((d) => resultField(this.dialect, ['scores', d]).as(d)))
      .select(resultField(this.dialect, ['biggest_miss', 'method']).as('miss_method'))
      .orderBy('analysed_at').orderBy('id').execute();
    return rows.map((r) => {
      const row = r as typeof r & Record<string, unknown>;
      return {
        id: r.id, ownerId: r.owner_id, at: r.analysed_at!,
        scores: Object.fromEntries(SCORE_DIMENSIONS.map((d) => [d, Number(row[d])])) as Scores,
        missMethod: typeof row.miss_method === 'string' && row.miss_method ? row.miss_method : null,
      };
    }).filter((c) => SCORE_DIMENSIONS.every((d) => Number.isFinite(c.scores[d])));
  }
}
