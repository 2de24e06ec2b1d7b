import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { CompanyTable, Database } from '../db/schema.ts';
import type { Actor } from '../common/actor.ts';
import { type Page, cursorKey, keysetPage, keysetSearchPage, parseLimit } from '../common/pagination.ts';
import { toSortedPage, type Sort, type SortedPage } from '../common/sorting.ts';
import { MAX_LENGTH, companyNameKey, normaliseName } from '../common/text.ts';
import { notFound, validation } from '../errors/app-error.ts';
import { newId } from '../lib/ids.ts';
import { writeTransaction } from '../idempotency/idempotency-scope.ts';
import { nowIso } from '../lib/time.ts';
import { insertRecordingEvent } from '../events/event.repository.ts';
import { CompanyRepository, type CompanySort } from './company.repository.ts';
import { cleanDomain } from './domain.ts';
import { toCompanyRow, type CompanyRow } from './company.row.ts';
import { ContactRepository, contactsOfCompany } from '../contacts/contact.repository.ts';
import { fewerRoundTrips, nestedList } from '../db/round-trips.ts';
import { prepareVisibleQuery } from '../common/visibility.ts';
import { toContactRow } from '../contacts/contact.row.ts';
import { DealRepository, NESTED_LIMIT, dealsOf } from '../deals/deal.repository.ts';
import { toDealRow } from '../deals/deal.row.ts';
import { ActivityRepository, timelineOf } from '../activities/activity.repository.ts';
import { toActivityRow } from '../activities/activity.row.ts';

export interface CompanyInput {
  name?: unknown;
  domain?: string | null;
}

// PostgreSQL: the company and its nested lists in one statement (round-trips.ts).
const detailInOne = prepareVisibleQuery(1, (db, actor, id: string) => db.selectFrom('companies').selectAll('companies')
  .select([
    nestedList(contactsOfCompany(db, actor.teamId, id, NESTED_LIMIT)).as('nested_contacts'),
    nestedList(dealsOf(db, actor, { companyId: id })).as('nested_deals'),
    nestedList(timelineOf(db, actor, { companyId: id })).as('nested_timeline'),
  ])
  .where('companies.team_id', '=', actor.teamId).where('companies.id', '=', id));

export class CompanyService {
  constructor(private readonly db: Db) {}

  /**
   * Finds a company by name (case-insensitive, whitespace-normalised) or creates it, inside the
   * caller's transaction; records company.created when it creates.
   */
  async findOrCreate(tx: Kysely<Database>, actor: Actor, rawName: string, domain?: string | null, field = 'company') {
    const name = normaliseName(rawName);
    if (!name) throw validation(field, `${field} must not be empty.`);
    if (name.length > MAX_LENGTH.name) throw validation(field, `${field} is longer than ${MAX_LENGTH.name} characters.`);
    const repo = new CompanyRepository(tx);
    const key = companyNameKey(name);
    const now = nowIso();
    const row = { id: newId('company'), team_id: actor.teamId, name, name_key: key, domain: cleanDomain(domain) ?? null, owner_id: actor.userId, created_at: now, updated_at: now };
    const created = await insertRecordingEvent(tx, 'companies', row, actor.teamId, { event: 'company.created', entityType: 'company', entityId: row.id, data: toCompanyRow(row) }, ['team_id', 'name_key']);
    const stored = created ? row : (await repo.byNameKey(actor.teamId, key))!;
    return { row: stored, created };
  }

  /**
   * The company a request links to: company_id (404 unless in the team) or company (a name: found
   * or created). undefined = not given, null = explicitly cleared; both given = 422.
   */
  async resolveLink(tx: Kysely<Database>, actor: Actor, link: { company?: string | null; company_id?: string | null }): Promise<CompanyTable | null | undefined> {
    const given = (v: unknown) => v !== undefined && v !== null;
    if (given(link.company) && given(link.company_id)) throw validation('company', 'Send company or company_id, not both.');
    if (link.company_id) {
      const row = await new CompanyRepository(tx).byId(actor.teamId, link.company_id);
      if (!row) throw notFound('Company');
      return row;
    }
    if (typeof link.company === 'string') return (await this.findOrCreate(tx, actor, link.company)).row;
    if (link.company_id === null || link.company === null) return null;
    if (link.company_id === '') throw notFound('Company');
    return undefined;
  }

  async upsert(actor: Actor, input: CompanyInput): Promise<{ row: CompanyRow; created: boolean }> {
    if (typeof input.name !== 'string' || !input.name.trim()) throw validation('name', 'name is required.');
    const name = input.name;
    const out = await writeTransaction(this.db, (tx) => this.upsertIn(tx, actor, name, input.domain));
    return { row: toCompanyRow(out.row), created: out.created };
  }

  /** POST /companies inside the caller's transaction (also rz import): found by name, its domain updated when given. */
  async upsertIn(tx: Kysely<Database>, actor: Actor, name: string, rawDomain: string | null | undefined): Promise<{ row: CompanyTable; created: boolean }> {
    const found = await this.findOrCreate(tx, actor, name, rawDomain, 'name');
    if (!found.created && rawDomain !== undefined) {
      const domain = cleanDomain(rawDomain) ?? null;
      if (domain !== found.row.domain) {
        const updated = { ...found.row, domain, updated_at: nowIso() };
        await new CompanyRepository(tx).update(actor.teamId, found.row.id, { domain, updated_at: updated.updated_at });
        return { row: updated, created: false };
      }
    }
    return found;
  }

  /** The team's companies with these ids (every company of the team is visible to every key), by id. */
  async byIds(actor: Actor, ids: string[]): Promise<Map<string, CompanyTable>> {
    const rows = await new CompanyRepository(this.db).byIds(actor.teamId, [...new Set(ids)]);
    return new Map(rows.map((r) => [r.id, r]));
  }

  async get(actor: Actor, id: string) {
    const row = await new CompanyRepository(this.db).byId(actor.teamId, id);
    if (!row) throw notFound('Company');
    return row;
  }

  async detail(actor: Actor, id: string) {
    const { row, contacts, deals, timeline } = fewerRoundTrips(this.db) ? await this.detailRowsInOne(actor, id) : await this.detailRows(actor, id);
    return {
      ...toCompanyRow(row),
      contacts: contacts.map(toContactRow),
      deals: deals.map(toDealRow),
      timeline: timeline.map(toActivityRow),
    };
  }

  private async detailRows(actor: Actor, id: string) {
    const row = await this.get(actor, id);
    const [contacts, deals, timeline] = await Promise.all([
      new ContactRepository(this.db).list(actor.teamId, { companyId: id, limit: NESTED_LIMIT - 1 }),
      new DealRepository(this.db).visibleFor(actor, { companyId: id }),
      new ActivityRepository(this.db).timeline(actor, { companyId: id }),
    ]);
    return { row, contacts, deals, timeline };
  }

  private async detailRowsInOne(actor: Actor, id: string) {
    const [one] = await detailInOne(this.db, actor, id);
    if (!one) throw notFound('Company');
    const { nested_contacts: contacts, nested_deals: deals, nested_timeline: timeline, ...row } = one;
    return { row, contacts, deals, timeline };
  }

  async list(actor: Actor, query: { q?: string; cursor?: string; limit?: string }): Promise<Page<CompanyRow>> {
    const q = query.q?.trim() || undefined;
    const repo = new CompanyRepository(this.db);
    const key = cursorKey('companies', actor.teamId, { q });
    if (q) return keysetSearchPage(key, query, (page) => repo.search(actor.teamId, q, page), toCompanyRow);
    return keysetPage(key, query, (page) => repo.list(actor.teamId, page), () => repo.count(actor.teamId), toCompanyRow);
  }
  /** The application's sorted list (extension): the same rows as list, paged by offset. */
  async listSorted(actor: Actor, query: { q?: string; limit?: string }, sort: Sort<CompanySort>, offset: number): Promise<SortedPage<CompanyRow>> {
    const q = query.q?.trim() || undefined;
    const limit = parseLimit(query.limit);
    const repo = new CompanyRepository(this.db);
    const [rows, total] = await Promise.all([repo.sorted(actor.teamId, q, sort, offset, limit), q ? repo.countMatching(actor.teamId, q) : repo.count(actor.teamId)]);
    return toSortedPage(rows, offset, limit, total, toCompanyRow);
  }

  /** Per company: its contacts, and the deals the actor sees. */
  counts(actor: Actor, ids: string[]): Promise<Map<string, { contacts: number; deals: number }>> {
    return new CompanyRepository(this.db).counts(actor, ids);
  }
}
