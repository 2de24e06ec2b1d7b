import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ContactTable, Database, DealTable } from '../db/schema.ts';
import { type Actor, seesAll } from '../common/actor.ts';
import { type Page, cursorKey, keysetPage, keysetSearchPage, parseLimit } from '../common/pagination.ts';
import { toSortedPage, type Sort, type SortedPage } from '../common/sorting.ts';
import { parseDealValue } from '../common/money.ts';
import { AppError, forbidden, notFound, validation } from '../errors/app-error.ts';
import { isIdOf, newId } from '../lib/ids.ts';
import { writeTransaction } from '../idempotency/idempotency-scope.ts';
import { nowIso } from '../lib/time.ts';
import { insertRecordingEvent, recordEvents, type RecordedEvent } from '../events/event.repository.ts';
import { IdentityRepository } from '../identity/identity.repository.ts';
import { TaskRepository, tasksOf } from '../tasks/task.repository.ts';
import { fewerRoundTrips, nestedList } from '../db/round-trips.ts';
import { dealVisible, prepareVisibleQuery } from '../common/visibility.ts';
import { toTaskRow } from '../tasks/task.row.ts';
import { ActivityRepository, timelineOf } from '../activities/activity.repository.ts';
import { toActivityRow } from '../activities/activity.row.ts';
import { DealRepository, stageHistoryOf, type DealSort, type DealStatusFilter } from './deal.repository.ts';
import { toDealRow, toStageHistoryRow, type DealRow } from './deal.row.ts';
import { optionalTimestamp, type LinkResolver } from './input.ts';
import { MAX_LENGTH, cleanText } from '../common/text.ts';

export const DEAL_STATUSES = ['open', 'won', 'lost'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

export interface DealInput {
  title?: string | null;
  value_eur?: unknown;
  value_cents?: unknown;
  stage?: string;
  contact_id?: string | null;
  contact_email?: string | null;
  company?: string | null;
  company_id?: string | null;
  next_step?: string | null;
  next_step_at?: string | null;
}

export interface DealPatch extends DealInput {
  status?: string;
  owner_id?: string;
}

export interface DealListQuery {
  q?: string;
  status?: string;
  stage?: string;
  owner_id?: string;
  cursor?: string;
  limit?: string;
}

function contactName(c: ContactTable): string {
  const full = [c.first_name, c.last_name].filter(Boolean).join(' ');
  return full || c.email;
}

// PostgreSQL: the visible deal and its nested lists in one statement (round-trips.ts).
const detailInOne = prepareVisibleQuery(1, (db, actor, id: string) => db.selectFrom('deals').selectAll('deals')
  .select([
    nestedList(tasksOf(db, actor, { dealId: id })).as('nested_tasks'),
    nestedList(timelineOf(db, actor, { dealId: id })).as('nested_timeline'),
    nestedList(stageHistoryOf(db, actor.teamId, id)).as('nested_history'),
  ])
  .where(dealVisible(actor)).where('deals.id', '=', id));

export class DealService {
  constructor(private readonly db: Db, private readonly links: LinkResolver) {}

  /** The team's pipeline stage keys in order; a stage must be one of them. */
  private async stageKeys(tx: Kysely<Database>, teamId: string): Promise<string[]> {
    return (await new IdentityRepository(tx).stages(teamId)).map((s) => s.key);
  }

  private async checkStage(tx: Kysely<Database>, teamId: string, stage: string): Promise<void> {
    const keys = await this.stageKeys(tx, teamId);
    if (!keys.includes(stage)) throw validation('stage', `stage must be a pipeline stage key of the team: ${keys.join(', ')}.`);
  }

  async create(actor: Actor, input: DealInput): Promise<DealRow> {
    // Checks that touch nothing come first.
    const value = parseDealValue(input) ?? null;
    const nextStepAt = optionalTimestamp(input.next_step_at, 'next_step_at') ?? null;
    const { row } = await writeTransaction(this.db, (tx) => this.insertIn(tx, actor, input, value, nextStepAt, false));
    return toDealRow(row);
  }

  /**
   * rz import: POST /deals inside the caller's transaction, except that a visible deal with the
   * same title, contact and company (whatever its status) is found instead of a second one
   * created, so importing a file twice creates each deal once.
   */
  async findOrCreateIn(tx: Kysely<Database>, actor: Actor, input: DealInput): Promise<{ row: DealTable; created: boolean }> {
    const value = parseDealValue(input) ?? null;
    const nextStepAt = optionalTimestamp(input.next_step_at, 'next_step_at') ?? null;
    return this.insertIn(tx, actor, input, value, nextStepAt, true);
  }

  private async insertIn(tx: Kysely<Database>, actor: Actor, input: DealInput, value: number | null, nextStepAt: string | null, findSame: boolean): Promise<{ row: DealTable; created: boolean }> {
    const keys = await this.stageKeys(tx, actor.teamId);
    const stage = input.stage ?? keys[0];
    if (!keys.includes(stage)) throw validation('stage', `stage must be a pipeline stage key of the team: ${keys.join(', ')}.`);
    const company = await this.links.company(tx, actor, input);
    // A deal with a contact but no company belongs to the contact's company.
    const { contact, company: contactCompany } = await this.links.contactAndCompany(tx, actor, input, !company);
    const companyRow = company ?? contactCompany;
    const now = nowIso();
    const deal: DealTable = {
      id: newId('deal'), team_id: actor.teamId,
      title: cleanText(input.title, 'title', MAX_LENGTH.deal_title) ?? companyRow?.name ?? (contact ? contactName(contact) : null) ?? 'Deal',
      value_cents: value, currency: 'EUR', stage, status: 'open',
      contact_id: contact?.id ?? null, company_id: companyRow?.id ?? null,
      // Rule 4 of public-api.md: a new deal is created on behalf of the key owner.
      owner_id: actor.userId,
      next_step: cleanText(input.next_step, 'next_step', MAX_LENGTH.next_step) ?? null, next_step_at: nextStepAt, closed_at: null,
      created_at: now, updated_at: now,
    };
    const repo = new DealRepository(tx);
    if (findSame) {
      const same = await repo.visibleSame(actor, deal);
      if (same) return { row: same, created: false };
    }
    await insertRecordingEvent(tx, 'deals', deal, actor.teamId, { event: 'deal.created', entityType: 'deal', entityId: deal.id, data: toDealRow(deal) });
    return { row: deal, created: true };
  }

  /**
   * Changes an open deal. Order of checks: visibility (404), open (422 deal_not_open),
   * reassignment permission (403), then the fields (422). Events: the specific ones
   * (deal.stage_changed, deal.closed, deal.reassigned) first, then deal.updated.
   */
  async update(actor: Actor, id: string, input: DealPatch): Promise<DealRow> {
    const out = await writeTransaction(this.db, async (tx) => {
      const repo = new DealRepository(tx);
      const deal = await this.lockVisible(tx, actor, id);
      const now = nowIso();
      if (deal.status !== 'open') throw new AppError('deal_not_open', `The deal is ${deal.status}; only an open deal can be changed (reopen it first).`);
      const next: DealTable = { ...deal };

      if (input.owner_id !== undefined && input.owner_id !== deal.owner_id) {
        if (!seesAll(actor)) throw forbidden('Only owners and managers may reassign a deal.');
        const user = await new IdentityRepository(tx).user(input.owner_id);
        if (!user || user.team_id !== actor.teamId || user.active !== 1) throw validation('owner_id', 'owner_id must be an active user of your team.');
        next.owner_id = user.id;
      }
      if (input.title !== undefined) {
        const title = cleanText(input.title, 'title', MAX_LENGTH.deal_title);
        if (!title) throw validation('title', 'title must not be empty.');
        next.title = title;
      }
      const value = parseDealValue(input);
      if (value !== undefined) next.value_cents = value;
      if (input.stage !== undefined) {
        await this.checkStage(tx, actor.teamId, input.stage);
        next.stage = input.stage;
      }
      if (input.status !== undefined) {
        if (!(DEAL_STATUSES as readonly string[]).includes(input.status)) throw validation('status', 'status must be one of: open, won, lost.');
        // "open" on an open deal changes nothing; won/lost close it.
        if (input.status !== 'open') {
          next.status = input.status as DealStatus;
          next.closed_at = now;
        }
      }
      if (input.next_step !== undefined) next.next_step = cleanText(input.next_step, 'next_step', MAX_LENGTH.next_step) ?? null;
      const nextStepAt = optionalTimestamp(input.next_step_at, 'next_step_at');
      if (nextStepAt !== undefined) next.next_step_at = nextStepAt;
      const contact = await this.links.contact(tx, actor, input);
      if (contact !== undefined) next.contact_id = contact?.id ?? null;
      const company = await this.links.company(tx, actor, input);
      if (company !== undefined) next.company_id = company?.id ?? null;

      const before = toDealRow(deal);
      const after = toDealRow(next);
      const changed = (Object.keys(after) as Array<keyof DealRow>).filter((k) => k !== 'updated_at' && before[k] !== after[k]);
      if (changed.length === 0) return { row: deal, changed: false };

      next.updated_at = now;
      const set = Object.fromEntries(changed.filter((k) => k !== 'value_eur').map((k) => [k, next[k as keyof DealTable]]));
      await repo.update(actor.teamId, id, { ...set, updated_at: now });

      const data = toDealRow(next);
      const events: RecordedEvent[] = [];
      const ev = (event: RecordedEvent['event']) => events.push({ event, entityType: 'deal', entityId: id, data });
      if (next.stage !== deal.stage) {
        await repo.insertStageHistory({ id: newId('stageHistory'), team_id: actor.teamId, deal_id: id, from_stage: deal.stage, to_stage: next.stage, changed_at: now, changed_by: actor.userId });
        ev('deal.stage_changed');
      }
      if (next.status !== deal.status) ev('deal.closed');
      if (next.owner_id !== deal.owner_id) ev('deal.reassigned');
      events.push({ event: 'deal.updated', entityType: 'deal', entityId: id, data });
      await recordEvents(tx, actor.teamId, events);
      return { row: next, changed: true };
    });
    return toDealRow(out.row);
  }

  /** Extension: a won or lost deal becomes open again (deal.reopened); an open deal answers 422. */
  async reopen(actor: Actor, id: string): Promise<DealRow> {
    const row = await writeTransaction(this.db, async (tx) => {
      const deal = await this.lockVisible(tx, actor, id);
      if (deal.status === 'open') throw validation('status', 'deal is already open.');
      const next: DealTable = { ...deal, status: 'open', closed_at: null, updated_at: nowIso() };
      await new DealRepository(tx).update(actor.teamId, id, { status: next.status, closed_at: null, updated_at: next.updated_at });
      await recordEvents(tx, actor.teamId, [{ event: 'deal.reopened', entityType: 'deal', entityId: id, data: toDealRow(next) }]);
      return next;
    });
    return toDealRow(row);
  }

  private async lockVisible(tx: Kysely<Database>, actor: Actor, id: string): Promise<DealTable> {
    const deal = await new DealRepository(tx).lockVisible(actor, id);
    if (!deal) throw notFound('Deal');
    return deal;
  }

  async get(actor: Actor, id: string): Promise<DealRow> {
    return toDealRow(await this.links.deal(this.db, actor, id));
  }

  async detail(actor: Actor, id: string) {
    const { deal, tasks, timeline, history } = fewerRoundTrips(this.db) ? await this.detailRowsInOne(actor, id) : await this.detailRows(actor, id);
    return {
      ...toDealRow(deal),
      tasks: tasks.map(toTaskRow),
      timeline: timeline.map(toActivityRow),
      stage_history: history.map(toStageHistoryRow),
    };
  }

  private async detailRows(actor: Actor, id: string) {
    const deal = await this.links.deal(this.db, actor, id);
    const [tasks, timeline, history] = await Promise.all([
      new TaskRepository(this.db).visibleFor(actor, { dealId: id }),
      new ActivityRepository(this.db).timeline(actor, { dealId: id }),
      new DealRepository(this.db).stageHistory(actor.teamId, id),
    ]);
    return { deal, tasks, timeline, history };
  }

  private async detailRowsInOne(actor: Actor, id: string) {
    const [one] = await detailInOne(this.db, actor, id);
    if (!one) throw notFound('Deal');
    const { nested_tasks: tasks, nested_timeline: timeline, nested_history: history, ...deal } = one;
    return { deal, tasks, timeline, history };
  }

  /** The value of the open deals the actor sees, per stage (the pipeline board's column totals), optionally of one owner. */
  openValueByStage(actor: Actor, ownerId?: string): Promise<Map<string, number>> {
    return new DealRepository(this.db).valueByStage(actor, { status: 'open', ownerId });
  }

  /** The list's filters, checked (the API's rules for status, owner_id and stage). */
  private async filters(actor: Actor, query: DealListQuery) {
    const status = (query.status ?? 'open') as DealStatusFilter;
    if (!['open', 'won', 'lost', 'all'].includes(status)) throw validation('status', 'status must be one of: open, won, lost, all.');
    // Extension: one user's deals. Visibility still applies first (a member asking for someone
    // else's deals gets an empty page); a user of another team, or no user at all, matches nothing.
    const ownerId = query.owner_id || undefined;
    if (ownerId !== undefined && !isIdOf('user', ownerId)) throw validation('owner_id', 'owner_id must be a user id (us_ followed by 26 characters).');
    const stage = query.stage?.trim() || undefined;
    if (stage) await this.checkStage(this.db, actor.teamId, stage);
    return { q: query.q?.trim() || undefined, status, stage, ownerId };
  }

  async list(actor: Actor, query: DealListQuery): Promise<Page<DealRow>> {
    const filters = await this.filters(actor, query);
    const repo = new DealRepository(this.db);
    const key = cursorKey('deals', actor.teamId, filters);
    const q = filters.q;
    if (q) return keysetSearchPage(key, query, (page) => repo.search(actor, { ...filters, q }, page), toDealRow);
    return keysetPage(key, query, (page) => repo.list(actor, { ...filters, ...page }), () => repo.count(actor, filters), toDealRow);
  }

  /** The application's sorted list (extension): the same filters and visibility as list, paged by offset. */
  async listSorted(actor: Actor, query: DealListQuery, sort: Sort<DealSort>, offset: number): Promise<SortedPage<DealRow>> {
    const filters = await this.filters(actor, query);
    const limit = parseLimit(query.limit);
    const repo = new DealRepository(this.db);
    const [rows, total] = await Promise.all([
      repo.sorted(actor, filters, sort, offset, limit),
      filters.q ? repo.countMatching(actor, { ...filters, q: filters.q }) : repo.count(actor, filters),
    ]);
    return toSortedPage(rows, offset, limit, total, toDealRow);
  }

  /** When each deal entered its current stage (the pipeline cards' "days in stage"); deals the caller already sees. */
  async stageSince(actor: Actor, deals: DealRow[]): Promise<Map<string, string>> {
    const changed = await new DealRepository(this.db).stageEnteredAt(actor.teamId, deals.map((d) => d.id));
    return new Map(deals.map((d) => [d.id, changed.get(d.id) ?? d.created_at]));
  }

  /** The latest visible activity of each deal (the deals list's "last activity"). */
  lastActivity(actor: Actor, dealIds: string[]): Promise<Map<string, string>> {
    return new ActivityRepository(this.db).lastAt(actor, 'deal_id', dealIds);
  }
}
