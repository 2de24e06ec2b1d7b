import type { Kysely } from 'kysely';
import type { ActivityTable, Database } from '../db/schema.ts';
import type { Actor } from '../common/actor.ts';
import { activityVisible, prepareVisibleQuery } from '../common/visibility.ts';
import { prepareQuery } from '../db/prepared.ts';
import { NESTED_LIMIT } from '../deals/deal.repository.ts';

export interface ActivityLink {
  contactId?: string;
  dealId?: string;
  companyId?: string;
}

function filtered(db: Kysely<Database>, actor: Actor, link: ActivityLink) {
  let qb = db.selectFrom('activities').where(activityVisible(actor));
  if (link.contactId) qb = qb.where('contact_id', '=', link.contactId);
  if (link.dealId) qb = qb.where('deal_id', '=', link.dealId);
  if (link.companyId) qb = qb.where('company_id', '=', link.companyId);
  return qb;
}

/** A timeline: visible activities of a contact, deal or company, latest occurred_at first (a nested list of detail views). */
export function timelineOf(db: Kysely<Database>, actor: Actor, link: ActivityLink) {
  return filtered(db, actor, link).selectAll().orderBy('occurred_at', 'desc').orderBy('id', 'desc').limit(NESTED_LIMIT);
}

const timelineOfContact = prepareVisibleQuery(1, (db, actor, contactId: string) => timelineOf(db, actor, { contactId }));

// POST /activities inserts through this, compiled once (building the INSERT cost more than running it).
const insertActivity = prepareQuery(11, (db, id: string, team_id: string, kind: string, body: string | null, occurred_at: string, deal_id: string | null,
  contact_id: string | null, company_id: string | null, call_id: string | null, owner_id: string, created_at: string) => db.insertInto('activities')
  .values({ id, team_id, kind: kind as ActivityTable['kind'], body, occurred_at, deal_id, contact_id, company_id, call_id, owner_id, created_at }));

export class ActivityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insert(r: ActivityTable): Promise<unknown> {
    return insertActivity(this.db, r.id, r.team_id, r.kind, r.body, r.occurred_at, r.deal_id, r.contact_id, r.company_id, r.call_id, r.owner_id, r.created_at);
  }

  visibleById(actor: Actor, id: string): Promise<ActivityTable | undefined> {
    return this.db.selectFrom('activities').selectAll().where(activityVisible(actor)).where('id', '=', id).executeTakeFirst();
  }

  private filtered(actor: Actor, link: ActivityLink) {
    return filtered(this.db, actor, link);
  }

  /** A contact's timeline (contact detail: a hot path, so compiled once). */
  timelineOfContact(actor: Actor, contactId: string): Promise<ActivityTable[]> {
    return timelineOfContact(this.db, actor, contactId);
  }

  /** A timeline: visible activities of a contact, deal or company, latest occurred_at first. */
  timeline(actor: Actor, link: ActivityLink): Promise<ActivityTable[]> {
    return timelineOf(this.db, actor, link).execute();
  }

  list(actor: Actor, f: ActivityLink & { before?: string | null; limit: number }): Promise<ActivityTable[]> {
    let qb = this.filtered(actor, f).selectAll();
    if (f.before) qb = qb.where('id', '<', f.before);
    return qb.orderBy('id', 'desc').limit(f.limit + 1).execute();
  }

  async count(actor: Actor, link: ActivityLink): Promise<number> {
    const r = await this.filtered(actor, link).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }
  /** The latest occurred_at of the visible activities of each of these contacts or deals (the lists' "last activity"). */
  async lastAt(actor: Actor, link: 'contact_id' | 'deal_id', ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('activities').select((eb) => [eb.ref(`activities.${link}`).as('ref_id'), eb.fn.max('activities.occurred_at').as('at')])
      .where(activityVisible(actor)).where(`activities.${link}`, 'in', ids).groupBy(`activities.${link}`).execute();
    return new Map(rows.flatMap((r) => (r.ref_id ? [[r.ref_id, String(r.at)] as const] : [])));
  }
}
