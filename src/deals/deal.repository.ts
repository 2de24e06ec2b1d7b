import { sql, type Kysely } from 'kysely';
import type { Database, DealStageHistoryTable, DealTable } from '../db/schema.ts';
import { forUpdate, type DialectName } from '../db/database.ts';
import type { Actor } from '../common/actor.ts';
import { dealVisible, prepareVisibleQuery } from '../common/visibility.ts';
import { containsCi, countUpTo, searchTotal, SEARCH_TOTAL_CAP, type Total } from '../common/pagination.ts';

export const NESTED_LIMIT = 100;

export type DealStatusFilter = 'open' | 'won' | 'lost' | 'all';

export interface DealFilters {
  q?: string;
  status: DealStatusFilter;
  stage?: string;
  /** One user's deals (extension). Applied on top of visibility, never instead of it. */
  ownerId?: string;
}

const dealsOfContact = prepareVisibleQuery(1, (db, actor, contactId: string) => db.selectFrom('deals').selectAll()
  .where(dealVisible(actor)).where('contact_id', '=', contactId).orderBy('id', 'desc').limit(NESTED_LIMIT));

export class DealRepository {
  constructor(private readonly db: Kysely<Database>) {}

  visibleById(actor: Actor, id: string): Promise<DealTable | undefined> {
    return this.db.selectFrom('deals').selectAll().where(dealVisible(actor)).where('id', '=', id).executeTakeFirst();
  }

  /** The visible deal, row-locked for a read-modify-write inside the caller's transaction. */
  lockVisible(dialect: DialectName, actor: Actor, id: string): Promise<DealTable | undefined> {
    const qb = this.db.selectFrom('deals').selectAll().where(dealVisible(actor)).where('id', '=', id);
    return forUpdate(dialect, qb).executeTakeFirst();
  }

  /** Deals of a contact or company that the actor can see, newest first (nested lists of detail views). */
  /** A contact's visible deals (contact detail: a hot path, so compiled once). */
  ofContact(actor: Actor, contactId: string): Promise<DealTable[]> {
    return dealsOfContact(this.db, actor, contactId);
  }

  visibleFor(actor: Actor, link: { contactId?: string; companyId?: string }): Promise<DealTable[]> {
    let qb = this.db.selectFrom('deals').selectAll().where(dealVisible(actor));
    if (link.contactId) qb = qb.where('contact_id', '=', link.contactId);
    if (link.companyId) qb = qb.where('company_id', '=', link.companyId);
    return qb.orderBy('id', 'desc').limit(NESTED_LIMIT).execute();
  }

  insert(row: DealTable): Promise<unknown> {
    return this.db.insertInto('deals').values(row).execute();
  }

  update(teamId: string, id: string, set: Partial<DealTable>): Promise<unknown> {
    return this.db.updateTable('deals').set(set).where('team_id', '=', teamId).where('id', '=', id).execute();
  }

  insertStageHistory(row: DealStageHistoryTable): Promise<unknown> {
    return this.db.insertInto('deal_stage_history').values(row).execute();
  }

  /** Stage history of one deal, oldest first (ids sort by creation time). */
  stageHistory(teamId: string, dealId: string): Promise<DealStageHistoryTable[]> {
    return this.db.selectFrom('deal_stage_history').selectAll().where('team_id', '=', teamId).where('deal_id', '=', dealId).orderBy('id', 'asc').execute();
  }

  private filtered(actor: Actor, f: DealFilters) {
    let qb = this.db.selectFrom('deals').where(dealVisible(actor));
    if (f.status !== 'all') qb = qb.where('status', '=', f.status);
    if (f.stage) qb = qb.where('stage', '=', f.stage);
    // Served by deals_team_owner_idx (team_id, owner_id, status, id), newest first.
    if (f.ownerId) qb = qb.where('deals.owner_id', '=', f.ownerId);
    const q = f.q;
    if (q) {
      // Title, or the linked contact's name, or the linked company's name (decisions.md). Subqueries
      // stay inside the team, so a search never reaches another team's rows.
      qb = qb.where((eb) => eb.or([
        containsCi('deals.title', q),
        eb('deals.contact_id', 'in', eb.selectFrom('contacts').select('contacts.id').where('contacts.team_id', '=', actor.teamId).where((cb) => cb.or([
          containsCi('contacts.first_name', q), containsCi('contacts.last_name', q),
          containsCi(sql`coalesce(contacts.first_name, '') || ' ' || coalesce(contacts.last_name, '')`, q),
        ]))),
        eb('deals.company_id', 'in', eb.selectFrom('companies').select('companies.id').where('companies.team_id', '=', actor.teamId).where(containsCi('companies.name', q))),
      ]));
    }
    return qb;
  }

  list(actor: Actor, f: DealFilters & { before?: string | null; limit: number }): Promise<DealTable[]> {
    let qb = this.filtered(actor, f).selectAll('deals');
    if (f.before) qb = qb.where('deals.id', '<', f.before);
    return qb.orderBy('deals.id', 'desc').limit(f.limit + 1).execute();
  }

  /** Sum of value_cents of the deals matching `f`, per stage (deals without a value count 0). */
  async valueByStage(actor: Actor, f: DealFilters): Promise<Map<string, number>> {
    const rows = await this.filtered(actor, f).select((eb) => ['deals.stage', eb.fn.sum<number | string | null>('deals.value_cents').as('cents')]).groupBy('deals.stage').execute();
    return new Map(rows.map((r) => [r.stage, Number(r.cents ?? 0)]));
  }

  /** The deals matching `f`, or a search's matches counted up to the cap (decisions.md). */
  async count(actor: Actor, f: DealFilters): Promise<Total> {
    if (f.q) return searchTotal(await countUpTo(this.db, this.filtered(actor, f), SEARCH_TOTAL_CAP + 1));
    const r = await this.filtered(actor, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return { total: Number(r.n), relation: 'eq' };
  }
}
