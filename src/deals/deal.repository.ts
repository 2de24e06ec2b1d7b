import type { Kysely } from 'kysely';
import type { Database, DealTable } from '../db/schema.ts';
import type { Actor } from '../common/actor.ts';
import { dealVisible } from '../common/visibility.ts';

export const NESTED_LIMIT = 100;

export class DealRepository {
  constructor(private readonly db: Kysely<Database>) {}

  visibleById(actor: Actor, id: string): Promise<DealTable | undefined> {
    return this.db.selectFrom('deals').selectAll().where(dealVisible(actor)).where('id', '=', id).executeTakeFirst();
  }

  /** Deals of a contact or company that the actor can see, newest first (nested lists of detail views). */
  visibleFor(actor: Actor, link: { contactId?: string; companyId?: string }): Promise<DealTable[]> {
    let qb = this.db.selectFrom('deals').selectAll().where(dealVisible(actor));
    if (link.contactId) qb = qb.where('contact_id', '=', link.contactId);
    if (link.companyId) qb = qb.where('company_id', '=', link.companyId);
    return qb.orderBy('id', 'desc').limit(NESTED_LIMIT).execute();
  }
}
