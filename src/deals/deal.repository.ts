import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database, DealStageHistoryTable, DealTable } from '../db/schema.ts';
import { forUpdate, readOffThread, type DialectName } from '../db/database.ts';
import type { Actor } from '../common/actor.ts';
import { dealVisible, prepareVisibleQuery } from '../common/visibility.ts';
import { prepareQuery } from '../db/prepared.ts';
import { containsCi, countUpTo, searchTotal, SEARCH_TOTAL_CAP, type Total } from '../common/pagination.ts';
import { dealCandidates, dialectOf, indexableTerm, narrowTo, type SearchTerm } from '../db/search-index.ts';

import { lastActivityKey, ownerNameKey, personNameKey, sortedRows, type Sort } from '../common/sorting.ts';

export const NESTED_LIMIT = 100;

export const DEAL_SORTS = ['title', 'value', 'next_step', 'stage', 'owner', 'contact', 'last_activity'] as const;
export type DealSort = (typeof DEAL_SORTS)[number];

// The stage by its place in the team's pipeline (a stage since removed: no place, so last); the
// contact by the name the lists show; the last activity the actor sees (visibility, so per actor).
function sortExpr(actor: Actor, key: DealSort): RawBuilder<unknown> {
  switch (key) {
    case 'title': return sql`lower(deals.title)`;
    case 'value': return sql`deals.value_cents`;
    case 'next_step': return sql`deals.next_step_at`;
    case 'stage': return sql`(select ps.position from pipeline_stages ps where ps.team_id = deals.team_id and ps.key = deals.stage)`;
    case 'owner': return ownerNameKey('deals');
    case 'contact': return sql`(select ${personNameKey('c')} from contacts c where c.id = deals.contact_id and c.team_id = deals.team_id)`;
    case 'last_activity': return lastActivityKey(actor, 'deal_id', 'deals.id');
  }
}

export type DealStatusFilter = 'open' | 'won' | 'lost' | 'all';

export interface DealFilters {
  q?: string;
  status: DealStatusFilter;
  stage?: string;
  /** One user's deals (extension). Applied on top of visibility, never instead of it. */
  ownerId?: string;
}

/** The visible deals of a contact or company, newest first: a nested list of detail views. */
export function dealsOf(db: Kysely<Database>, actor: Actor, link: { contactId?: string; companyId?: string }) {
  let qb = db.selectFrom('deals').selectAll().where(dealVisible(actor));
  if (link.contactId) qb = qb.where('contact_id', '=', link.contactId);
  if (link.companyId) qb = qb.where('company_id', '=', link.companyId);
  return qb.orderBy('id', 'desc').limit(NESTED_LIMIT);
}

/** A deal's stage history, oldest first (ids sort by creation time). */
export function stageHistoryOf(db: Kysely<Database>, teamId: string, dealId: string) {
  return db.selectFrom('deal_stage_history').selectAll().where('team_id', '=', teamId).where('deal_id', '=', dealId).orderBy('id', 'asc');
}

const dealsOfContact = prepareVisibleQuery(1, (db, actor, contactId: string) => dealsOf(db, actor, { contactId }));

// Every deal write reads its deal through this (row-locked on PostgreSQL), compiled once.
const lockedVisibleDeal = prepareVisibleQuery(1, (db, actor, id: string) => forUpdate(dialectOf(db), db.selectFrom('deals').selectAll().where(dealVisible(actor)).where('id', '=', id)));

// The list by status alone (GET /deals, the common case), compiled once per visibility variant:
// the same statements as the builder in DealRepository makes for it.
type ListedStatus = Exclude<DealStatusFilter, 'all'>;
const statusPage = prepareVisibleQuery(2, (db, actor, status: ListedStatus, limit: number) => db.selectFrom('deals').where(dealVisible(actor)).where('status', '=', status)
  .selectAll('deals').orderBy('deals.id', 'desc').limit(limit), { literals: [1] });
const statusPageAfter = prepareVisibleQuery(3, (db, actor, status: ListedStatus, before: string, limit: number) => db.selectFrom('deals').where(dealVisible(actor)).where('status', '=', status)
  .selectAll('deals').where('deals.id', '<', before).orderBy('deals.id', 'desc').limit(limit), { literals: [2] });
const statusCount = prepareVisibleQuery(1, (db, actor, status: ListedStatus) => db.selectFrom('deals').where(dealVisible(actor)).where('status', '=', status)
  .select((eb) => eb.fn.countAll<number>().as('n')));

// A PATCH's UPDATE sets the columns that changed: each set of columns is compiled once, as a
// prepared statement (building the UPDATE per request cost more than SQLite takes to run it). A
// handful of sets occur in practice; past the bound, the UPDATE is built per request as before.
const MAX_UPDATE_FORMS = 64;
type UpdateForm = (db: Kysely<Database>, ...args: unknown[]) => Promise<unknown[]>;
const updateForms = new Map<string, UpdateForm>();

function updateForm(columns: string[]): UpdateForm | undefined {
  const key = columns.join(',');
  let form = updateForms.get(key);
  if (!form && updateForms.size < MAX_UPDATE_FORMS) {
    const n = columns.length;
    form = prepareQuery(n + 2, (db, ...args: unknown[]) => db.updateTable('deals')
      .set(Object.fromEntries(columns.map((c, i) => [c, args[i]])) as Partial<DealTable>)
      .where('team_id', '=', args[n] as string).where('id', '=', args[n + 1] as string));
    updateForms.set(key, form);
  }
  return form;
}

/** Filters the prepared statements above serve. */
function byStatusOnly(f: DealFilters): f is DealFilters & { status: ListedStatus } {
  return !f.q && !f.stage && !f.ownerId && f.status !== 'all';
}

export class DealRepository {
  private readonly dialect: DialectName;

  constructor(private readonly db: Kysely<Database>) {
    this.dialect = dialectOf(db);
  }

  visibleById(actor: Actor, id: string): Promise<DealTable | undefined> {
    return this.db.selectFrom('deals').selectAll().where(dealVisible(actor)).where('id', '=', id).executeTakeFirst();
  }

  /** The visible deal, row-locked for a read-modify-write inside the caller's transaction. */
  async lockVisible(actor: Actor, id: string): Promise<DealTable | undefined> {
    return (await lockedVisibleDeal(this.db, actor, id))[0];
  }

  /** Deals of a contact or company that the actor can see, newest first (nested lists of detail views). */
  /** A contact's visible deals (contact detail: a hot path, so compiled once). */
  ofContact(actor: Actor, contactId: string): Promise<DealTable[]> {
    return dealsOfContact(this.db, actor, contactId);
  }

  visibleFor(actor: Actor, link: { contactId?: string; companyId?: string }): Promise<DealTable[]> {
    return dealsOf(this.db, actor, link).execute();
  }

  /** A visible deal with this deal's title, contact and company, any status (rz import's find). */
  visibleSame(actor: Actor, d: Pick<DealTable, 'title' | 'contact_id' | 'company_id'>): Promise<DealTable | undefined> {
    let qb = this.db.selectFrom('deals').selectAll().where(dealVisible(actor)).where('title', '=', d.title);
    qb = d.contact_id === null ? qb.where('contact_id', 'is', null) : qb.where('contact_id', '=', d.contact_id);
    qb = d.company_id === null ? qb.where('company_id', 'is', null) : qb.where('company_id', '=', d.company_id);
    return qb.orderBy('id').limit(1).executeTakeFirst();
  }

  update(teamId: string, id: string, set: Partial<DealTable>): Promise<unknown> {
    const columns = Object.keys(set).sort() as Array<keyof DealTable>;
    const form = updateForm(columns);
    if (form) return form(this.db, ...columns.map((c) => set[c]), teamId, id);
    return this.db.updateTable('deals').set(set).where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  insertStageHistory(row: DealStageHistoryTable): Promise<unknown> {
    return this.db.insertInto('deal_stage_history').values(row).execute();
  }

  /** Stage history of one deal, oldest first (ids sort by creation time). */
  stageHistory(teamId: string, dealId: string): Promise<DealStageHistoryTable[]> {
    return stageHistoryOf(this.db, teamId, dealId).execute();
  }

  /**
   * The visible deals matching `f`. A search term the index serves narrows the linked contacts
   * and companies to the index's candidates and, with `fromIndex`, the deals themselves (the
   * search predicate stays the final test, so the result is the same).
   */
  private filtered(actor: Actor, f: DealFilters, term: SearchTerm | null = null, fromIndex = false) {
    // From the index: the candidates first, CROSS JOIN keeping them the outer loop on SQLite.
    let qb = term && fromIndex
      ? this.db.selectFrom(sql<{ id: string }>`(${dealCandidates(this.dialect, actor.teamId, term)})`.as('m')).crossJoin('deals').whereRef('deals.id', '=', 'm.id') as unknown as SelectQueryBuilder<Database, 'deals', object>
      : this.db.selectFrom('deals');
    qb = qb.where(dealVisible(actor));
    if (f.status !== 'all') qb = qb.where('status', '=', f.status);
    if (f.stage) qb = qb.where('stage', '=', f.stage);
    // Served by deals_team_owner_idx (team_id, owner_id, status, id), newest first.
    if (f.ownerId) qb = qb.where('deals.owner_id', '=', f.ownerId);
    const q = f.q;
    if (q) {
      const narrowed = (kind: 'contacts' | 'companies') => (term ? [narrowTo(this.dialect, kind, term)] : []);
      // Title, or the linked contact's name, or the linked company's name (decisions.md). Subqueries
      // stay inside the team, so a search never reaches another team's rows.
      qb = qb.where((eb) => eb.or([
        containsCi('deals.title', q),
        eb('deals.contact_id', 'in', eb.selectFrom('contacts').select('contacts.id').where('contacts.team_id', '=', actor.teamId).where((cb) => cb.and([...narrowed('contacts'), cb.or([
          containsCi('contacts.first_name', q), containsCi('contacts.last_name', q),
          containsCi(sql`coalesce(contacts.first_name, '') || ' ' || coalesce(contacts.last_name, '')`, q),
        ])]))),
        eb('deals.company_id', 'in', eb.selectFrom('companies').select('companies.id').where('companies.team_id', '=', actor.teamId)
          .where((cb) => cb.and([...narrowed('companies'), containsCi('companies.name', q)]))),
      ]));
    }
    return qb;
  }

  list(actor: Actor, f: DealFilters & { before?: string | null; limit: number }, term: SearchTerm | null = null, fromIndex = false): Promise<DealTable[]> {
    if (byStatusOnly(f)) return f.before ? statusPageAfter(this.db, actor, f.status, f.before, f.limit + 1) : statusPage(this.db, actor, f.status, f.limit + 1);
    let qb = this.filtered(actor, f, term, fromIndex).selectAll('deals');
    if (f.before) qb = qb.where('deals.id', '<', f.before);
    qb = qb.orderBy('deals.id', 'desc').limit(f.limit + 1);
    // A search's page: off the event loop where the database can (see readOffThread).
    return f.q ? readOffThread(this.db, qb) : qb.execute();
  }

  /** Sum of value_cents of the deals matching `f`, per stage (deals without a value count 0). */
  async valueByStage(actor: Actor, f: DealFilters): Promise<Map<string, number>> {
    const rows = await this.filtered(actor, f).select((eb) => ['deals.stage', eb.fn.sum<number | string | null>('deals.value_cents').as('cents')]).groupBy('deals.stage').execute();
    return new Map(rows.map((r) => [r.stage, Number(r.cents ?? 0)]));
  }

  /** The deals matching `f` (without a search: see search). */
  async count(actor: Actor, f: DealFilters): Promise<number> {
    if (byStatusOnly(f)) return Number((await statusCount(this.db, actor, f.status))[0].n);
    const r = await this.filtered(actor, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * A search (`f.q`): a page and the total counted up to the cap (decisions.md). Below the cap the
   * page comes from the index's candidates; above it matches are many, and newest first through
   * the visible deals reaches a page's worth soonest.
   */
  async search(actor: Actor, f: DealFilters & { q: string }, page: { before: string | null; limit: number }): Promise<{ rows: DealTable[]; total: Total }> {
    const term = indexableTerm(f.q);
    const total = searchTotal(await countUpTo(this.db, this.filtered(actor, f, term, true), SEARCH_TOTAL_CAP + 1));
    const rows = await this.list(actor, { ...f, ...page }, term, total.relation === 'eq');
    return { rows, total };
  }
  /** A page of the visible deals matching `f` in a sort order of the application's lists. */
  sorted(actor: Actor, f: DealFilters, sort: Sort<DealSort>, offset: number, limit: number): Promise<DealTable[]> {
    const term = f.q ? indexableTerm(f.q) : null;
    const qb = this.filtered(actor, f, term).selectAll('deals');
    return readOffThread(this.db, sortedRows(qb, sortExpr(actor, sort.key), 'deals.id', sort.dir, offset, limit));
  }

  /** The visible deals matching a search, counted up to the cap (as search counts them). */
  async countMatching(actor: Actor, f: DealFilters & { q: string }): Promise<Total> {
    return searchTotal(await countUpTo(this.db, this.filtered(actor, f, indexableTerm(f.q), true), SEARCH_TOTAL_CAP + 1));
  }

  /** When each of these deals of the team entered its stage: its last stage change (deals without one: their creation). */
  async stageEnteredAt(teamId: string, dealIds: string[]): Promise<Map<string, string>> {
    if (dealIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('deal_stage_history').select((eb) => ['deal_id', eb.fn.max('changed_at').as('at')])
      .where('team_id', '=', teamId).where('deal_id', 'in', dealIds).groupBy('deal_id').execute();
    return new Map(rows.map((r) => [r.deal_id, String(r.at)]));
  }
}
