import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { CompanyTable, ContactTable, Database } from '../db/schema.ts';
import { compiled, nestedRow } from '../db/round-trips.ts';
import { containsCi, countUpTo, searchTotal, SEARCH_TOTAL_CAP, type Total } from '../common/pagination.ts';
import { prepareQuery } from '../db/prepared.ts';
import { dialectOf, indexableTerm, narrowing, searchStart, type SearchTerm } from '../db/search-index.ts';
import { readOffThread, type DialectName } from '../db/database.ts';
import { incrementCounter, readCounter } from '../limits/usage-counter.repository.ts';
import { lastActivityKey, ownerNameKey, personNameKey, sortedRows, type Sort } from '../common/sorting.ts';
import type { Actor } from '../common/actor.ts';

export const CONTACT_SORTS = ['name', 'email', 'company', 'owner', 'last_activity'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

// The name as the lists show it; the company by its name key (as the companies list sorts it);
// the last activity the actor sees (visibility, so per actor).
function sortExpr(actor: Actor, key: ContactSort): RawBuilder<unknown> {
  switch (key) {
    case 'name': return personNameKey('contacts');
    case 'email': return sql`contacts.email`;
    case 'company': return sql`(select co.name_key from companies co where co.id = contacts.company_id and co.team_id = contacts.team_id)`;
    case 'owner': return ownerNameKey('contacts');
    case 'last_activity': return lastActivityKey(actor, 'contact_id', 'contacts.id');
  }
}

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

// PostgreSQL: a contact with its company (null when it has none) in one statement (round-trips.ts).
const contactWithCompany = prepareQuery(2, (db, teamId: string, id: string) => db.selectFrom('contacts').selectAll('contacts')
  .select((eb) => nestedRow(eb.selectFrom('companies').selectAll('companies').where('companies.team_id', '=', teamId).whereRef('companies.id', '=', 'contacts.company_id')).as('nested_company'))
  .where('contacts.team_id', '=', teamId).where('contacts.id', '=', id));

/** A company's contacts, newest first (company detail's nested list: as list() reads it with a company_id). */
export function contactsOfCompany(db: Kysely<Database>, teamId: string, companyId: string, limit: number) {
  return db.selectFrom('contacts').where('contacts.team_id', '=', teamId).selectAll('contacts')
    .where('contacts.company_id', '=', companyId).orderBy('contacts.id', 'desc').limit(limit);
}

// PostgreSQL: POST /contacts' insert, the team's contact count and the contact.created event in
// one statement; the count and the event are written only when the row was (email not taken).
const insertCountedRecorded = prepareQuery(14, (db, id: string, team_id: string, email: string, first_name: string | null, last_name: string | null, phone: string | null,
  job_title: string | null, company_id: string | null, owner_id: string, created_at: string, updated_at: string, eventId: string, eventData: string, eventAt: string) => compiled<{ id: string }>(db, sql`
  with c as (
    insert into contacts (id, team_id, email, first_name, last_name, phone, job_title, company_id, owner_id, created_at, updated_at)
    values (${id}, ${team_id}, ${email}, ${first_name}, ${last_name}, ${phone}, ${job_title}, ${company_id}, ${owner_id}, ${created_at}, ${updated_at})
    on conflict (team_id, email) do nothing
    returning id, team_id
  ), counted as (
    insert into usage_counters (scope_id, period, kind, count) select c.team_id, ${COUNT_PERIOD}, ${COUNT_KIND}, 1 from c
    on conflict (scope_id, period, kind) do update set count = usage_counters.count + excluded.count
  ), recorded as (
    insert into events (id, team_id, event, entity_type, entity_id, data, changed_fields, dispatched, created_at)
    select ${eventId}, c.team_id, 'contact.created', 'contact', c.id, ${eventData}, null, 0, ${eventAt} from c
  )
  select id from c`));

export class ContactRepository {
  private readonly dialect: DialectName;

  constructor(private readonly db: Kysely<Database>) {
    this.dialect = dialectOf(db);
  }

  async byId(teamId: string, id: string): Promise<ContactTable | undefined> {
    return (await contactById(this.db, teamId, id))[0];
  }

  /** The contact and its company (null: none) in one statement, where that saves a round trip (PostgreSQL). */
  async byIdWithCompany(teamId: string, id: string): Promise<{ contact: ContactTable; company: CompanyTable | null } | undefined> {
    const [row] = await contactWithCompany(this.db, teamId, id);
    if (!row) return undefined;
    const { nested_company: company, ...contact } = row;
    return { contact, company };
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

  /** insertIfAbsent and, when inserted, the contact.created event (`event`: its id, data and time), in one statement (PostgreSQL). */
  async insertIfAbsentRecorded(r: ContactTable, event: { id: string; data: string; created_at: string }): Promise<boolean> {
    const inserted = await insertCountedRecorded(this.db, r.id, r.team_id, r.email, r.first_name, r.last_name, r.phone, r.job_title, r.company_id, r.owner_id, r.created_at, r.updated_at, event.id, event.data, event.created_at);
    return inserted.length > 0;
  }

  update(teamId: string, id: string, set: Partial<ContactTable>): Promise<unknown> {
    return this.db.updateTable('contacts').set(set).where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  /**
   * The team's contacts, matching `q` if given. With a term the index serves, the search starts
   * from the index's candidates (`containsCi` stays the final test, so the result is the same).
   */
  private filtered(teamId: string, q: string | undefined, term: SearchTerm | null = null) {
    const start = term ? searchStart(this.dialect, 'contacts', term) : null;
    let qb = start
      ? this.db.selectFrom(start.as('m')).crossJoin('contacts').whereRef('contacts.id', '=', 'm.entity_id') as unknown as SelectQueryBuilder<Database, 'contacts', object>
      : this.db.selectFrom('contacts');
    qb = qb.where('contacts.team_id', '=', teamId);
    if (term && !start) qb = qb.where(narrowing('contacts', term));
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
    return this.page(this.filtered(teamId, opts.q), opts);
  }

  private page(qb: SelectQueryBuilder<Database, 'contacts', object>, opts: { before?: string | null; limit: number; companyId?: string }, search = false): Promise<ContactTable[]> {
    let rows = qb.selectAll('contacts');
    if (opts.companyId) rows = rows.where('contacts.company_id', '=', opts.companyId);
    if (opts.before) rows = rows.where('contacts.id', '<', opts.before);
    rows = rows.orderBy('contacts.id', 'desc').limit(opts.limit + 1);
    return search ? readOffThread(this.db, rows) : rows.execute();
  }

  /** Every contact of the team (kept as a counter). */
  async count(teamId: string): Promise<number> {
    return readCounter(this.db, teamId, COUNT_PERIOD, COUNT_KIND);
  }

  /**
   * A `q` search: a page and the total, counted up to the cap (decisions.md). Below the cap the
   * page comes from the index's candidates; above it matches are many, and newest first through
   * the team's rows reaches a page's worth soonest.
   */
  async search(teamId: string, q: string, page: { before: string | null; limit: number }): Promise<{ rows: ContactTable[]; total: Total }> {
    const term = indexableTerm(q);
    const total = searchTotal(await countUpTo(this.db, this.filtered(teamId, q, term), SEARCH_TOTAL_CAP + 1));
    const rows = await this.page(this.filtered(teamId, q, total.relation === 'eq' ? term : null), page, true);
    return { rows, total };
  }
  /** A page of the team's contacts (matching `q` if given) in a sort order of the application's lists. */
  sorted(actor: Actor, q: string | undefined, sort: Sort<ContactSort>, offset: number, limit: number): Promise<ContactTable[]> {
    const qb = this.filtered(actor.teamId, q, q ? indexableTerm(q) : null).selectAll('contacts');
    return readOffThread(this.db, sortedRows(qb, sortExpr(actor, sort.key), 'contacts.id', sort.dir, offset, limit));
  }

  /** The contacts matching `q`, counted up to the cap (as search counts them). */
  async countMatching(teamId: string, q: string): Promise<Total> {
    return searchTotal(await countUpTo(this.db, this.filtered(teamId, q, indexableTerm(q)), SEARCH_TOTAL_CAP + 1));
  }
}
