import type { Db } from '../db/database.ts';
import type { TaskTable } from '../db/schema.ts';
import type { Actor } from '../common/actor.ts';
import { type Page, cursorKey, keysetPage } from '../common/pagination.ts';
import { MAX_LENGTH } from '../common/text.ts';
import { notFound, validation } from '../errors/app-error.ts';
import { isIdOf, newId } from '../lib/ids.ts';
import { writeTransaction } from '../idempotency/idempotency-scope.ts';
import { nowIso, overdueCutoff } from '../lib/time.ts';
import { recordEvents } from '../events/event.repository.ts';
import { ContactRepository } from '../contacts/contact.repository.ts';
import { optionalTimestamp, type LinkResolver } from '../deals/input.ts';
import { TaskRepository, type TaskFilters } from './task.repository.ts';
import { toTaskRow, type TaskRow } from './task.row.ts';


export interface TaskInput {
  title?: unknown;
  due_at?: string | null;
  deal_id?: string | null;
  contact_id?: string | null;
}

export interface TaskListQuery {
  owner?: string;
  done?: string;
  deal_id?: string;
  contact_id?: string;
  overdue?: string;
  cursor?: string;
  limit?: string;
}

/** A task with what it is for: its deal (when the viewer may see it) and its contact. */
export type AgendaTask = TaskRow & {
  deal: { id: string; title: string } | null;
  contact: { id: string; first_name: string | null; last_name: string | null; email: string } | null;
};

export class TaskService {
  constructor(private readonly db: Db, private readonly links: LinkResolver) {}

  /** Creates a task assigned to the key owner. decisions.md names no event for it. */
  async create(actor: Actor, input: TaskInput): Promise<TaskRow> {
    const title = typeof input.title === 'string' ? input.title.trim() : '';
    if (!title) throw validation('title', 'title is required.');
    if (title.length > MAX_LENGTH.task_title) throw validation('title', `title is longer than ${MAX_LENGTH.task_title} characters.`);
    const dueAt = optionalTimestamp(input.due_at, 'due_at') ?? null;
    const row = await writeTransaction(this.db, async (tx) => {
      const deal = input.deal_id ? await this.links.deal(tx, actor, input.deal_id) : null;
      let contactId: string | null = null;
      if (input.contact_id) {
        const contact = await new ContactRepository(tx).byId(actor.teamId, input.contact_id);
        if (!contact) throw notFound('Contact');
        contactId = contact.id;
      }
      const now = nowIso();
      const task: TaskTable = {
        id: newId('task'), team_id: actor.teamId, title, due_at: dueAt, done: 0, done_at: null,
        // A task on a deal also shows on the deal's contact unless another contact is named.
        deal_id: deal?.id ?? null, contact_id: contactId ?? deal?.contact_id ?? null,
        owner_id: actor.userId, created_at: now, updated_at: now,
      };
      await new TaskRepository(tx).insert(task);
      return task;
    });
    return toTaskRow(row);
  }

  async get(actor: Actor, id: string): Promise<TaskRow> {
    const row = await new TaskRepository(this.db).visibleById(actor, id);
    if (!row) throw notFound('Task');
    return toTaskRow(row);
  }

  /** Extension: marks the task done and records task.done once; a done task answers unchanged. */
  async done(actor: Actor, id: string): Promise<TaskRow> {
    const row = await writeTransaction(this.db, async (tx) => {
      const repo = new TaskRepository(tx);
      const task = await repo.visibleById(actor, id);
      if (!task) throw notFound('Task');
      const now = nowIso();
      if (!(await repo.markDone(actor.teamId, id, now))) return (await repo.visibleById(actor, id))!;
      const done: TaskTable = { ...task, done: 1, done_at: now, updated_at: now };
      await recordEvents(tx, actor.teamId, [{ event: 'task.done', entityType: 'task', entityId: id, data: toTaskRow(done) }]);
      return done;
    });
    return toTaskRow(row);
  }

  /**
   * The application's task list: open tasks soonest due first (overdue first, undated last) or
   * done ones newest first, with their deal and contact; paged by position. Overdue by day, as the
   * application shows due dates (the API's overdue=true compares with the current instant).
   */
  async agenda(actor: Actor, query: { mine: boolean; done: boolean; overdue?: boolean; offset?: number; limit: number }): Promise<{ items: AgendaTask[]; total: number; next_offset: number | null }> {
    const f: TaskFilters = { done: query.done, ...(query.mine ? { ownerId: actor.userId } : {}), ...(query.overdue ? { overdueAt: overdueCutoff() } : {}) };
    const offset = query.offset ?? 0;
    const repo = new TaskRepository(this.db);
    const [rows, total] = await Promise.all([repo.agenda(actor, { ...f, offset, limit: query.limit }), repo.count(actor, f)]);
    const items = rows.slice(0, query.limit).map((r): AgendaTask => ({
      ...toTaskRow(r),
      deal: r.deal_id && r.deal_title !== null ? { id: r.deal_id, title: r.deal_title } : null,
      contact: r.contact_id && r.contact_email !== null ? { id: r.contact_id, first_name: r.contact_first_name, last_name: r.contact_last_name, email: r.contact_email } : null,
    }));
    return { items, total, next_offset: rows.length > query.limit ? offset + query.limit : null };
  }

  async list(actor: Actor, query: TaskListQuery): Promise<Page<TaskRow>> {
    const f: TaskFilters = {};
    if (query.owner) {
      // As GET /deals?owner_id=: a user id or "me"; anything else is a mistake, not an empty filter.
      if (query.owner !== 'me' && !isIdOf('user', query.owner)) throw validation('owner', 'owner must be me or a user id (us_ followed by 26 characters).');
      f.ownerId = query.owner === 'me' ? actor.userId : query.owner;
    }
    if (query.done !== undefined) {
      if (query.done !== 'true' && query.done !== 'false') throw validation('done', 'done must be true or false.');
      f.done = query.done === 'true';
    }
    if (query.overdue !== undefined) {
      if (query.overdue !== 'true') throw validation('overdue', 'overdue must be true.');
      f.overdueAt = nowIso();
    }
    if (query.deal_id) f.dealId = query.deal_id;
    if (query.contact_id) f.contactId = query.contact_id;
    const repo = new TaskRepository(this.db);
    // The overdue cut-off is "now" on every page; the cursor stays valid from page to page.
    return keysetPage(cursorKey('tasks', actor.teamId, { ...f, overdueAt: f.overdueAt ? true : undefined }), query, (page) => repo.list(actor, { ...f, ...page }), () => repo.count(actor, f), toTaskRow);
  }
}
