// Request-input helpers shared by deals, tasks and activities: resolving link fields (deal,
// contact, company) under the visibility rule, and timestamps. All run inside the caller's
// transaction, so a contact or company created on the way is rolled back with a failed request.
import type { Kysely } from 'kysely';
import type { CompanyTable, ContactTable, Database, DealTable } from '../db/schema.ts';
import type { Actor } from '../common/actor.ts';
import { notFound, validation } from '../errors/app-error.ts';
import { normalizeTimestamp } from '../lib/time.ts';
import { CompanyRepository } from '../companies/company.repository.ts';
import type { CompanyService } from '../companies/company.service.ts';
import { ContactRepository } from '../contacts/contact.repository.ts';
import { parseEmail, type ContactService } from '../contacts/contact.service.ts';
import { DealRepository } from './deal.repository.ts';
import { fewerRoundTrips } from '../db/round-trips.ts';

/** undefined = not given, null = cleared, else the canonical RFC 3339 UTC timestamp. */
export function optionalTimestamp(raw: string | null | undefined, field: string): string | null | undefined {
  if (raw === undefined || raw === null) return raw;
  const ts = normalizeTimestamp(raw);
  if (!ts) throw validation(field, `${field} must be an RFC 3339 date-time such as 2026-11-22T09:15:00Z.`);
  return ts;
}

function both(a: unknown, b: unknown): boolean {
  return a !== undefined && a !== null && b !== undefined && b !== null;
}

export interface ContactLink {
  contact_id?: string | null;
  contact_email?: string | null;
}

export interface CompanyLink {
  company?: string | null;
  company_id?: string | null;
}

export class LinkResolver {
  constructor(private readonly contacts: ContactService, private readonly companies: CompanyService) {}

  /** A visible deal by id; 404 otherwise. */
  async deal(tx: Kysely<Database>, actor: Actor, id: string): Promise<DealTable> {
    const deal = await new DealRepository(tx).visibleById(actor, id);
    if (!deal) throw notFound('Deal');
    return deal;
  }

  /**
   * The contact named by contact_id (must be in the team: contacts are visible to every role)
   * or contact_email (found or created, contact.created when created). undefined = not given,
   * null = explicitly cleared.
   */
  async contact(tx: Kysely<Database>, actor: Actor, link: ContactLink): Promise<ContactTable | null | undefined> {
    if (both(link.contact_id, link.contact_email)) throw validation('contact_email', 'Send contact_id or contact_email, not both.');
    if (link.contact_id) {
      const row = await new ContactRepository(tx).byId(actor.teamId, link.contact_id);
      if (!row) throw notFound('Contact');
      return row;
    }
    if (typeof link.contact_email === 'string') {
      const email = parseEmail(link.contact_email, 'contact_email');
      return (await this.contacts.findOrCreate(tx, actor, { email })).row;
    }
    if (link.contact_id === null || link.contact_email === null) return null;
    if (link.contact_id === '') throw notFound('Contact');
    return undefined;
  }

  /**
   * The contact as contact() finds it and, when `withCompany` and it has one, its company. A
   * contact named by id is read with its company in one statement where that saves a round
   * trip (PostgreSQL); elsewhere the company is read after it, as companyById.
   */
  async contactAndCompany(tx: Kysely<Database>, actor: Actor, link: ContactLink, withCompany: boolean): Promise<{ contact: ContactTable | null | undefined; company: CompanyTable | undefined }> {
    if (link.contact_id && !both(link.contact_id, link.contact_email) && fewerRoundTrips(tx)) {
      const found = await new ContactRepository(tx).byIdWithCompany(actor.teamId, link.contact_id);
      if (!found) throw notFound('Contact');
      return { contact: found.contact, company: (withCompany && found.company) || undefined };
    }
    const contact = await this.contact(tx, actor, link);
    const company = withCompany && contact?.company_id ? await this.companyById(tx, actor, contact.company_id) : undefined;
    return { contact, company };
  }

  /** The company named by company_id or company (see CompanyService.resolveLink). */
  company(tx: Kysely<Database>, actor: Actor, link: CompanyLink): Promise<CompanyTable | null | undefined> {
    return this.companies.resolveLink(tx, actor, link);
  }

  companyById(tx: Kysely<Database>, actor: Actor, id: string): Promise<CompanyTable | undefined> {
    return new CompanyRepository(tx).byId(actor.teamId, id);
  }
}
