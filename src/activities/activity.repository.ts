import type { Kysely } from 'kysely';
import type { ActivityTable, Database } from '../db/schema.ts';
import type { Actor } from '../common/actor.ts';
import { activityVisible } from '../common/visibility.ts';
import { NESTED_LIMIT } from '../deals/deal.repository.ts';

export class ActivityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insert(row: ActivityTable): Promise<unknown> {
    return this.db.insertInto('activities').values(row).execute();
  }

  /** A timeline: visible activities of a contact, deal or company, newest first. */
  timeline(actor: Actor, link: { contactId?: string; dealId?: string; companyId?: string }): Promise<ActivityTable[]> {
    let qb = this.db.selectFrom('activities').selectAll().where(activityVisible(actor));
    if (link.contactId) qb = qb.where('contact_id', '=', link.contactId);
    if (link.dealId) qb = qb.where('deal_id', '=', link.dealId);
    if (link.companyId) qb = qb.where('company_id', '=', link.companyId);
    return qb.orderBy('id', 'desc').limit(NESTED_LIMIT).execute();
  }
}
