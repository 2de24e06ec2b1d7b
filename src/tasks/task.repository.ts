import type { Kysely } from 'kysely';
import type { Database, TaskTable } from '../db/schema.ts';
import type { Actor } from '../common/actor.ts';
import { taskVisible } from '../common/visibility.ts';
import { NESTED_LIMIT } from '../deals/deal.repository.ts';

export class TaskRepository {
  constructor(private readonly db: Kysely<Database>) {}

  visibleById(actor: Actor, id: string): Promise<TaskTable | undefined> {
    return this.db.selectFrom('tasks').selectAll().where(taskVisible(actor)).where('id', '=', id).executeTakeFirst();
  }

  visibleFor(actor: Actor, link: { contactId?: string; dealId?: string }): Promise<TaskTable[]> {
    let qb = this.db.selectFrom('tasks').selectAll().where(taskVisible(actor));
    if (link.contactId) qb = qb.where('contact_id', '=', link.contactId);
    if (link.dealId) qb = qb.where('deal_id', '=', link.dealId);
    return qb.orderBy('id', 'desc').limit(NESTED_LIMIT).execute();
  }
}
