import { sql, type Kysely } from 'kysely';
import type { Database, TaskTable } from '../db/schema.ts';
import type { Actor } from '../common/actor.ts';
import { dealVisible, prepareVisibleQuery, taskVisible } from '../common/visibility.ts';
import { NESTED_LIMIT } from '../deals/deal.repository.ts';

export interface TaskFilters {
  ownerId?: string;
  done?: boolean;
  dealId?: string;
  contactId?: string;
  /** Open tasks whose due_at has passed at this instant. */
  overdueAt?: string;
}

/** The visible tasks of a contact or deal, newest first: a nested list of detail views. */
export function tasksOf(db: Kysely<Database>, actor: Actor, link: { contactId?: string; dealId?: string }) {
  let qb = db.selectFrom('tasks').selectAll().where(taskVisible(actor));
  if (link.contactId) qb = qb.where('contact_id', '=', link.contactId);
  if (link.dealId) qb = qb.where('deal_id', '=', link.dealId);
  return qb.orderBy('id', 'desc').limit(NESTED_LIMIT);
}

const tasksOfContact = prepareVisibleQuery(1, (db, actor, contactId: string) => tasksOf(db, actor, { contactId }));

export class TaskRepository {
  constructor(private readonly db: Kysely<Database>) {}

  visibleById(actor: Actor, id: string): Promise<TaskTable | undefined> {
    return this.db.selectFrom('tasks').selectAll().where(taskVisible(actor)).where('id', '=', id).executeTakeFirst();
  }

  /** A contact's visible tasks (contact detail: a hot path, so compiled once). */
  ofContact(actor: Actor, contactId: string): Promise<TaskTable[]> {
    return tasksOfContact(this.db, actor, contactId);
  }

  visibleFor(actor: Actor, link: { contactId?: string; dealId?: string }): Promise<TaskTable[]> {
    return tasksOf(this.db, actor, link).execute();
  }

  insert(row: TaskTable): Promise<unknown> {
    return this.db.insertInto('tasks').values(row).execute();
  }

  /** Marks an open task done; false when it already was (so task.done is recorded once, even under concurrency). */
  async markDone(teamId: string, id: string, at: string): Promise<boolean> {
    const res = await this.db.updateTable('tasks').set({ done: 1, done_at: at, updated_at: at })
      .where('team_id', '=', teamId).where('id', '=', id).where('done', '=', 0).executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  private filtered(actor: Actor, f: TaskFilters) {
    let qb = this.db.selectFrom('tasks').where(taskVisible(actor));
    if (f.ownerId) qb = qb.where('tasks.owner_id', '=', f.ownerId);
    if (f.done !== undefined) qb = qb.where('tasks.done', '=', f.done ? 1 : 0);
    if (f.dealId) qb = qb.where('tasks.deal_id', '=', f.dealId);
    if (f.contactId) qb = qb.where('tasks.contact_id', '=', f.contactId);
    // Timestamps are canonical RFC 3339 UTC text, so text order is time order.
    if (f.overdueAt) qb = qb.where('tasks.done', '=', 0).where('tasks.due_at', 'is not', null).where('tasks.due_at', '<', f.overdueAt);
    return qb;
  }

  /**
   * Tasks in the order to work through them, each with the deal (if the actor may see it) and
   * the contact it is for: open ones soonest due first (overdue first, undated last), done ones
   * most recently done first.
   */
  agenda(actor: Actor, f: TaskFilters & { offset: number; limit: number }) {
    let qb = this.filtered(actor, f)
      .leftJoin('deals', (j) => j.onRef('deals.id', '=', 'tasks.deal_id').on(dealVisible(actor)))
      .leftJoin('contacts', (j) => j.onRef('contacts.id', '=', 'tasks.contact_id').on('contacts.team_id', '=', actor.teamId))
      .selectAll('tasks')
      .select(['deals.title as deal_title', 'contacts.first_name as contact_first_name', 'contacts.last_name as contact_last_name', 'contacts.email as contact_email']);
    qb = f.done ? qb.orderBy('tasks.done_at', 'desc').orderBy('tasks.id', 'desc')
      : qb.orderBy(sql`tasks.due_at is null`).orderBy('tasks.due_at').orderBy('tasks.id');
    return qb.limit(f.limit + 1).offset(f.offset).execute();
  }

  list(actor: Actor, f: TaskFilters & { before?: string | null; limit: number }): Promise<TaskTable[]> {
    let qb = this.filtered(actor, f).selectAll();
    if (f.before) qb = qb.where('id', '<', f.before);
    return qb.orderBy('id', 'desc').limit(f.limit + 1).execute();
  }

  async count(actor: Actor, f: TaskFilters): Promise<number> {
    const r = await this.filtered(actor, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
