import type { Kysely } from 'kysely';
import type { CompanyTable, Database } from '../db/schema.ts';
import { containsCi } from '../common/pagination.ts';
import { prepareQuery } from '../db/prepared.ts';

const companyById = prepareQuery(2, (db, teamId: string, id: string) => db.selectFrom('companies').selectAll().where('team_id', '=', teamId).where('id', '=', id));

export class CompanyRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async byId(teamId: string, id: string): Promise<CompanyTable | undefined> {
    return (await companyById(this.db, teamId, id))[0];
  }

  /** Several companies of the team at once (a page of contacts names theirs). */
  async byIds(teamId: string, ids: string[]): Promise<CompanyTable[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('companies').selectAll().where('team_id', '=', teamId).where('id', 'in', ids).execute();
  }

  byNameKey(teamId: string, nameKey: string): Promise<CompanyTable | undefined> {
    return this.db.selectFrom('companies').selectAll().where('team_id', '=', teamId).where('name_key', '=', nameKey).executeTakeFirst();
  }

  /** Inserts unless the name exists; returns whether this call created it (safe under concurrency). */
  async insertIfAbsent(row: CompanyTable): Promise<boolean> {
    const res = await this.db.insertInto('companies').values(row)
      .onConflict((oc) => oc.columns(['team_id', 'name_key']).doNothing()).executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  update(teamId: string, id: string, set: Partial<CompanyTable>): Promise<unknown> {
    return this.db.updateTable('companies').set(set).where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  private filtered(teamId: string, q: string | undefined) {
    let qb = this.db.selectFrom('companies').where('team_id', '=', teamId);
    if (q) qb = qb.where((eb) => eb.or([containsCi('name', q), containsCi('domain', q)]));
    return qb;
  }

  list(teamId: string, opts: { q?: string; before?: string | null; limit: number }): Promise<CompanyTable[]> {
    let qb = this.filtered(teamId, opts.q).selectAll();
    if (opts.before) qb = qb.where('id', '<', opts.before);
    return qb.orderBy('id', 'desc').limit(opts.limit + 1).execute();
  }

  async count(teamId: string, q: string | undefined): Promise<number> {
    const r = await this.filtered(teamId, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
