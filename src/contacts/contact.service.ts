import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ContactTable, Database } from '../db/schema.ts';
import type { Actor } from '../common/actor.ts';
import { type Page, cursorKey, keysetPage, keysetSearchPage, parseLimit } from '../common/pagination.ts';
import { toSortedPage, type Sort, type SortedPage } from '../common/sorting.ts';
import { notFound, validation } from '../errors/app-error.ts';
import { newId } from '../lib/ids.ts';
import { writeTransaction } from '../idempotency/idempotency-scope.ts';
import { nowIso } from '../lib/time.ts';
import { noteEventsRecorded, recordEvents } from '../events/event.repository.ts';
import { isValidEmail, normalizeEmail } from '../identity/identity.service.ts';
import { CompanyRepository } from '../companies/company.repository.ts';
import { CompanyService } from '../companies/company.service.ts';
import { MAX_LENGTH, cleanText } from '../common/text.ts';
import { toCompanyRow } from '../companies/company.row.ts';
import { DealRepository, dealsOf } from '../deals/deal.repository.ts';
import { fewerRoundTrips, nestedList, nestedRow } from '../db/round-trips.ts';
import { prepareVisibleQuery } from '../common/visibility.ts';
import { toDealRow } from '../deals/deal.row.ts';
import { TaskRepository, tasksOf } from '../tasks/task.repository.ts';
import { toTaskRow } from '../tasks/task.row.ts';
import { ActivityRepository, timelineOf } from '../activities/activity.repository.ts';
import { toActivityRow } from '../activities/activity.row.ts';
import { ContactRepository, type ContactSort } from './contact.repository.ts';
import { toContactRow, type ContactRow } from './contact.row.ts';

export interface ContactInput {
  email?: unknown;
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  job_title?: string | null;
  company?: string | null;
  company_id?: string | null;
}

const TEXT_FIELDS = { first_name: MAX_LENGTH.name, last_name: MAX_LENGTH.name, phone: MAX_LENGTH.phone, job_title: MAX_LENGTH.job_title } as const;

export function parseEmail(raw: unknown, field = 'email'): string {
  if (typeof raw !== 'string' || !raw.trim()) throw validation(field, `${field} is required.`);
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw validation(field, `${field} is not a valid email address.`);
  return email;
}

// PostgreSQL: the contact, its company and its nested lists in one statement (round-trips.ts).
const detailInOne = prepareVisibleQuery(1, (db, actor, id: string) => db.selectFrom('contacts').selectAll('contacts')
  .select((eb) => [
    nestedRow(eb.selectFrom('companies').selectAll('companies').where('companies.team_id', '=', actor.teamId).whereRef('companies.id', '=', 'contacts.company_id')).as('nested_company'),
    nestedList(dealsOf(db, actor, { contactId: id })).as('nested_deals'),
    nestedList(tasksOf(db, actor, { contactId: id })).as('nested_tasks'),
    nestedList(timelineOf(db, actor, { contactId: id })).as('nested_timeline'),
  ])
  .where('contacts.team_id', '=', actor.teamId).where('contacts.id', '=', id));

export class ContactService {
  constructor(private readonly db: Db, private readonly companies: CompanyService) {}

  /**
   * Finds a contact by email or creates it inside the caller's transaction (contact.created when it does).
   * Given fields update an existing contact.
   */
  async findOrCreate(tx: Kysely<Database>, actor: Actor, input: ContactInput): Promise<{ row: ContactTable; created: boolean }> {
    const email = parseEmail(input.email);
    const fields: Partial<ContactTable> = {};
    for (const [f, max] of Object.entries(TEXT_FIELDS) as Array<[keyof typeof TEXT_FIELDS, number]>) {
      const v = cleanText(input[f], f, max);
      if (v !== undefined) fields[f] = v;
    }
    const company = await this.companies.resolveLink(tx, actor, input);
    if (company !== undefined) fields.company_id = company?.id ?? null;
    const repo = new ContactRepository(tx);
    const now = nowIso();
    const row: ContactTable = {
      id: newId('contact'), team_id: actor.teamId, email, first_name: null, last_name: null, phone: null, job_title: null,
      company_id: null, owner_id: actor.userId, created_at: now, updated_at: now, ...fields,
    };
    if (await this.insertRecording(tx, actor, row)) return { row, created: true };
    const existing = (await repo.byEmail(actor.teamId, email))!;
    const changed = Object.entries(fields).filter(([k, v]) => existing[k as keyof ContactTable] !== v);
    if (changed.length === 0) return { row: existing, created: false };
    const updated = { ...existing, ...Object.fromEntries(changed), updated_at: now } as ContactTable;
    await repo.update(actor.teamId, existing.id, { ...Object.fromEntries(changed), updated_at: now });
    return { row: updated, created: false };
  }

  /** Inserts the contact unless its email is taken, with contact.created when it is inserted; on PostgreSQL in one statement. */
  private async insertRecording(tx: Kysely<Database>, actor: Actor, row: ContactTable): Promise<boolean> {
    const repo = new ContactRepository(tx);
    const data = toContactRow(row);
    if (!fewerRoundTrips(tx)) {
      if (!(await repo.insertIfAbsent(row))) return false;
      await recordEvents(tx, actor.teamId, [{ event: 'contact.created', entityType: 'contact', entityId: row.id, data }]);
      return true;
    }
    const created = await repo.insertIfAbsentRecorded(row, { id: newId('event'), data: JSON.stringify(data), created_at: nowIso() });
    if (created) noteEventsRecorded(tx);
    return created;
  }

  async upsert(actor: Actor, input: ContactInput): Promise<{ row: ContactRow; created: boolean }> {
    const out = await writeTransaction(this.db, (tx) => this.findOrCreate(tx, actor, input));
    return { row: toContactRow(out.row), created: out.created };
  }

  /** Contacts are visible to every role of the team. */
  /** The team's contacts with these ids (every contact of the team is visible to every key), by id. */
  async byIds(actor: Actor, ids: string[]): Promise<Map<string, ContactTable>> {
    const rows = await new ContactRepository(this.db).byIds(actor.teamId, [...new Set(ids)]);
    return new Map(rows.map((r) => [r.id, r]));
  }

  async getRow(actor: Actor, id: string): Promise<ContactTable> {
    const row = await new ContactRepository(this.db).byId(actor.teamId, id);
    if (!row) throw notFound('Contact');
    return row;
  }

  async detail(actor: Actor, id: string) {
    const { row, company, deals, tasks, timeline } = fewerRoundTrips(this.db) ? await this.detailRowsInOne(actor, id) : await this.detailRows(actor, id);
    return {
      ...toContactRow(row),
      company: company ? toCompanyRow(company) : null,
      deals: deals.map(toDealRow),
      tasks: tasks.map(toTaskRow),
      timeline: timeline.map(toActivityRow),
    };
  }

  private async detailRows(actor: Actor, id: string) {
    const row = await this.getRow(actor, id);
    const [company, deals, tasks, timeline] = await Promise.all([
      row.company_id ? new CompanyRepository(this.db).byId(actor.teamId, row.company_id) : Promise.resolve(undefined),
      new DealRepository(this.db).ofContact(actor, id),
      new TaskRepository(this.db).ofContact(actor, id),
      new ActivityRepository(this.db).timelineOfContact(actor, id),
    ]);
    return { row, company, deals, tasks, timeline };
  }

  private async detailRowsInOne(actor: Actor, id: string) {
    const [one] = await detailInOne(this.db, actor, id);
    if (!one) throw notFound('Contact');
    const { nested_company: company, nested_deals: deals, nested_tasks: tasks, nested_timeline: timeline, ...row } = one;
    return { row, company, deals, tasks, timeline };
  }

  async list(actor: Actor, query: { q?: string; cursor?: string; limit?: string }): Promise<Page<ContactRow>> {
    const q = query.q?.trim() || undefined;
    const repo = new ContactRepository(this.db);
    const key = cursorKey('contacts', actor.teamId, { q });
    if (q) return keysetSearchPage(key, query, (page) => repo.search(actor.teamId, q, page), toContactRow);
    return keysetPage(key, query, (page) => repo.list(actor.teamId, page), () => repo.count(actor.teamId), toContactRow);
  }
  /** The application's sorted list (extension): the same rows as list, paged by offset. */
  async listSorted(actor: Actor, query: { q?: string; limit?: string }, sort: Sort<ContactSort>, offset: number): Promise<SortedPage<ContactRow>> {
    const q = query.q?.trim() || undefined;
    const limit = parseLimit(query.limit);
    const repo = new ContactRepository(this.db);
    const [rows, total] = await Promise.all([repo.sorted(actor, q, sort, offset, limit), q ? repo.countMatching(actor.teamId, q) : repo.count(actor.teamId)]);
    return toSortedPage(rows, offset, limit, total, toContactRow);
  }

  /** The latest visible activity of each contact (the contacts list's "last activity"). */
  lastActivity(actor: Actor, contactIds: string[]): Promise<Map<string, string>> {
    return new ActivityRepository(this.db).lastAt(actor, 'contact_id', contactIds);
  }
}
