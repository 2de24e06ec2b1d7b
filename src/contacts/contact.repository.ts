import { sql, type Kysely } from 'kysely';
import type { ContactTable, Database } from '../db/schema.ts';
import { containsCi, countUpTo, searchTotal, SEARCH_TOTAL_CAP, type Total } from '../common/pagination.ts';
import { prepareQuery } from '../db/prepared.ts';
import { incrementCounter, readCounter } from '../limits/usage-counter.repository.ts';

// The unfiltered contact count of a team is kept as a counter (contacts are never deleted),
// so a list page costs the same at 1,000,000 contacts as at 100.
const COUNT_PERIOD = 'all';
const COUNT_KIND = 'contacts';

const contactById = prepareQuery(2, (db, teamId: string, id: string) => db.selectFrom('contacts').selectAll().where('team_id', '=', teamId).where('id', '=', id));
const firstPage = prepareQuery(2, (db, teamId: string, limit: number) => db.selectFrom('contacts').selectAll().where('team_id', '=', teamId).orderBy('id', 'desc').limit(limit), { literals: [1] });
const pageAfter = prepareQuery(3, (db, teamId: string, before: string, limit: number) => db.selectFrom('contacts').selectAll().where('team_id', '=', teamId).where('id', '<', before).orderBy('id', 'desc').limit(limit), { literals: [2] });

// The insert of POST /contacts, compiled once; it returns the id only when the row was inserted.
const insertUnlessEmailTaken = prepareQuery(11, (db, id: string, team_id: string, email: string, first_name: string | null, last_name: string | null, phone: string | null,
  job_title: string | null, company_id: string | null, owner_id: string, created_at: string, updated_at: string) => db.insertInto('contacts')
  .values({ id, team_id, email, first_name, last_name, phone, job_title, company_id, owner_id, created_at, updated_at })
  .onConflict((oc) => oc.columns(['team_id', 'email']).doNothing())
  .returning('id'));

export class ContactRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async byId(teamId: string, id: string): Promise<ContactTable | undefined> {
    return (await contactById(this.db, teamId, id))[0];
  }

  /** Several contacts of the team at once (a page of calls names theirs). */
  async byIds(teamId: string, ids: string[]): Promise<ContactTable[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('contacts').selectAll().where('team_id', '=', teamId).where('id', 'in', ids).execute();
  }

  byEmail(teamId: string, email: string): Promise<ContactTable | undefined> {
    return this.db.selectFrom('contacts').selectAll().where('team_id', '=', teamId).where('email', '=', email).executeTakeFirst();
  }

  async insertIfAbsent(r: ContactTable): Promise<boolean> {
    const inserted = await insertUnlessEmailTaken(this.db, r.id, r.team_id, r.email, r.first_name, r.last_name, r.phone, r.job_title, r.company_id, r.owner_id, r.created_at, r.updated_at);
    const created = inserted.length > 0;
    if (created) await incrementCounter(this.db, r.team_id, COUNT_PERIOD, COUNT_KIND);
    return created;
  }

  update(teamId: string, id: string, set: Partial<ContactTable>): Promise<unknown> {
    return this.db.updateTable('contacts').set(set).where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  private filtered(teamId: string, q: string | undefined) {
    let qb = this.db.selectFrom('contacts').where('team_id', '=', teamId);
    if (q) {
      qb = qb.where((eb) => eb.or([
        containsCi('first_name', q), containsCi('last_name', q), containsCi('email', q), containsCi('phone', q),
        // "Ada Lovelace" matches first and last name together.
        containsCi(sql`coalesce(first_name, '') || ' ' || coalesce(last_name, '')`, q),
      ]));
    }
    return qb;
  }

  list(teamId: string, opts: { q?: string; before?: string | null; limit: number; companyId?: string }): Promise<ContactTable[]> {
    // The unfiltered pages (the common case) are compiled once.
    if (!opts.q && !opts.companyId) return opts.before ? pageAfter(this.db, teamId, opts.before, opts.limit + 1) : firstPage(this.db, teamId, opts.limit + 1);
    let qb = this.filtered(teamId, opts.q).selectAll();
    if (opts.companyId) qb = qb.where('company_id', '=', opts.companyId);
    if (opts.before) qb = qb.where('id', '<', opts.before);
    return qb.orderBy('id', 'desc').limit(opts.limit + 1).execute();
  }

  /** Every contact of the team, or a search's matches counted up to the cap (decisions.md). */
  async count(teamId: string, q: string | undefined): Promise<Total> {
    if (!q) return { total: await readCounter(this.db, teamId, COUNT_PERIOD, COUNT_KIND), relation: 'eq' };
    return searchTotal(await countUpTo(this.db, this.filtered(teamId, q), SEARCH_TOTAL_CAP + 1));
  }
}
