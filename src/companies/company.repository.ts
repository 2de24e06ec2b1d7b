import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { CompanyTable, Database } from '../db/schema.ts';
import { containsCi, countUpTo, searchTotal, SEARCH_TOTAL_CAP, type Total } from '../common/pagination.ts';
import { prepareQuery } from '../db/prepared.ts';
import { dialectOf, indexableTerm, narrowing, searchStart, type SearchTerm } from '../db/search-index.ts';
import { readOffThread, type DialectName } from '../db/database.ts';
import { ownerNameKey, sortedRows, type Sort } from '../common/sorting.ts';
import type { Actor } from '../common/actor.ts';
import { dealVisible } from '../common/visibility.ts';

export const COMPANY_SORTS = ['name', 'domain', 'owner', 'contacts'] as const;
export type CompanySort = (typeof COMPANY_SORTS)[number];
// Contacts are visible to every role, so their count is the same for everyone (contacts_company_idx).
const SORT_EXPR: Record<CompanySort, RawBuilder<unknown>> = {
  name: sql`companies.name_key`, domain: sql`companies.domain`, owner: ownerNameKey('companies'),
  contacts: sql`(select count(*) from contacts c where c.company_id = companies.id and c.team_id = companies.team_id)`,
};

const companyById = prepareQuery(2, (db, teamId: string, id: string) => db.selectFrom('companies').selectAll().where('team_id', '=', teamId).where('id', '=', id));
// The unfiltered list (the common case), compiled once: the same statements as the builder below makes.
const firstPage = prepareQuery(2, (db, teamId: string, limit: number) => db.selectFrom('companies').selectAll('companies').where('companies.team_id', '=', teamId)
  .orderBy('companies.id', 'desc').limit(limit), { literals: [1] });
const pageAfter = prepareQuery(3, (db, teamId: string, before: string, limit: number) => db.selectFrom('companies').selectAll('companies').where('companies.team_id', '=', teamId)
  .where('companies.id', '<', before).orderBy('companies.id', 'desc').limit(limit), { literals: [2] });
const countAll = prepareQuery(1, (db, teamId: string) => db.selectFrom('companies').where('companies.team_id', '=', teamId).select((eb) => eb.fn.countAll<number>().as('n')));

export class CompanyRepository {
  private readonly dialect: DialectName;

  constructor(private readonly db: Kysely<Database>) {
    this.dialect = dialectOf(db);
  }

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

  update(teamId: string, id: string, set: Partial<CompanyTable>): Promise<unknown> {
    return this.db.updateTable('companies').set(set).where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  /**
   * The team's companies, matching `q` if given. With a term the index serves, the search starts
   * from the index's candidates (`containsCi` stays the final test, so the result is the same).
   */
  private filtered(teamId: string, q: string | undefined, term: SearchTerm | null = null) {
    const start = term ? searchStart(this.dialect, 'companies', term) : null;
    let qb = start
      ? this.db.selectFrom(start.as('m')).crossJoin('companies').whereRef('companies.id', '=', 'm.entity_id') as unknown as SelectQueryBuilder<Database, 'companies', object>
      : this.db.selectFrom('companies');
    qb = qb.where('companies.team_id', '=', teamId);
    if (term && !start) qb = qb.where(narrowing('companies', term));
    if (q) qb = qb.where((eb) => eb.or([containsCi('name', q), containsCi('domain', q)]));
    return qb;
  }

  list(teamId: string, opts: { before?: string | null; limit: number }): Promise<CompanyTable[]> {
    return opts.before ? pageAfter(this.db, teamId, opts.before, opts.limit + 1) : firstPage(this.db, teamId, opts.limit + 1);
  }

  private page(qb: SelectQueryBuilder<Database, 'companies', object>, opts: { before?: string | null; limit: number }, search = false): Promise<CompanyTable[]> {
    let rows = qb.selectAll('companies');
    if (opts.before) rows = rows.where('companies.id', '<', opts.before);
    rows = rows.orderBy('companies.id', 'desc').limit(opts.limit + 1);
    return search ? readOffThread(this.db, rows) : rows.execute();
  }

  /** Every company of the team. */
  async count(teamId: string): Promise<number> {
    const [r] = await countAll(this.db, teamId);
    return Number(r.n);
  }

  /** A `q` search: a page and the total counted up to the cap (as ContactRepository.search). */
  async search(teamId: string, q: string, page: { before: string | null; limit: number }): Promise<{ rows: CompanyTable[]; total: Total }> {
    const term = indexableTerm(q);
    const total = searchTotal(await countUpTo(this.db, this.filtered(teamId, q, term), SEARCH_TOTAL_CAP + 1));
    const rows = await this.page(this.filtered(teamId, q, total.relation === 'eq' ? term : null), page, true);
    return { rows, total };
  }
  /** A page of the team's companies (matching `q` if given) in a sort order of the application's lists. */
  sorted(teamId: string, q: string | undefined, sort: Sort<CompanySort>, offset: number, limit: number): Promise<CompanyTable[]> {
    const qb = this.filtered(teamId, q, q ? indexableTerm(q) : null).selectAll('companies');
    return readOffThread(this.db, sortedRows(qb, SORT_EXPR[sort.key], 'companies.id', sort.dir, offset, limit));
  }

  /** The companies matching `q`, counted up to the cap (as search counts them). */
  async countMatching(teamId: string, q: string): Promise<Total> {
    return searchTotal(await countUpTo(this.db, this.filtered(teamId, q, indexableTerm(q)), SEARCH_TOTAL_CAP + 1));
  }

  /** Per company of `ids`: its contacts, and the deals the actor sees (the companies list's counts). */
  async counts(actor: Actor, ids: string[]): Promise<Map<string, { contacts: number; deals: number }>> {
    const out = new Map(ids.map((id) => [id, { contacts: 0, deals: 0 }]));
    if (ids.length === 0) return out;
    const [contacts, deals] = await Promise.all([
      this.db.selectFrom('contacts').select((eb) => ['company_id', eb.fn.countAll<number>().as('n')]).where('team_id', '=', actor.teamId).where('company_id', 'in', ids).groupBy('company_id').execute(),
      this.db.selectFrom('deals').select((eb) => ['company_id', eb.fn.countAll<number>().as('n')]).where(dealVisible(actor)).where('company_id', 'in', ids).groupBy('company_id').execute(),
    ]);
    for (const r of contacts) if (r.company_id) out.get(r.company_id)!.contacts = Number(r.n);
    for (const r of deals) if (r.company_id) out.get(r.company_id)!.deals = Number(r.n);
    return out;
  }
}
