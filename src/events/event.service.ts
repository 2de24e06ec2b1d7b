// The event log (GET /events): what a receiver that was down reads to catch up.
import type { Db } from '../db/database.ts';
import type { Actor } from '../common/actor.ts';
import { cursorKey, decodeCursor, parseLimit, toPage, type Page } from '../common/pagination.ts';
import { validation } from '../errors/app-error.ts';
import { isIdOf } from '../lib/ids.ts';
import { normalizeTimestamp } from '../lib/time.ts';
import { countEvents, EVENT_NAMES, listEvents } from './event.repository.ts';
import { toEventRow, type EventRow } from './event.row.ts';

export interface EventQuery {
  since?: string;
  order?: string;
  cursor?: string;
  limit?: string;
  event?: string;
}

export class EventService {
  constructor(private readonly db: Db) {}

  /**
   * Events of rows the actor can see now: newest first like every list, or with `order=asc`
   * oldest first (a log is read forward). `since` is an event id (events after it) or an
   * RFC 3339 time (events at or after it); the cursor continues from the last item of the
   * previous page.
   */
  async list(actor: Actor, query: EventQuery): Promise<Page<EventRow>> {
    const limit = parseLimit(query.limit);
    let sinceId: string | null = null;
    let since: string | null = null;
    const rawSince = query.since?.trim();
    if (rawSince) {
      if (isIdOf('event', rawSince)) sinceId = rawSince;
      else if (!(since = normalizeTimestamp(rawSince))) throw validation('since', 'since must be an event id (ev_...) or an RFC 3339 time.');
    }
    const event = query.event?.trim() || undefined;
    if (event && !(EVENT_NAMES as readonly string[]).includes(event)) {
      throw validation('event', `event must be one of: ${EVENT_NAMES.join(', ')}.`);
    }
    const order = query.order?.trim() || 'desc';
    if (order !== 'asc' && order !== 'desc') throw validation('order', 'order must be desc (newest first) or asc (oldest first).');
    // Bound to the event filter and the order only: a feed reader keeps its cursor even if it drops `since`.
    const key = cursorKey('events', actor.teamId, { event, order });
    const cursor = decodeCursor(key, query.cursor);
    const bounds = order === 'asc'
      ? { afterId: cursor && (!sinceId || cursor > sinceId) ? cursor : sinceId }
      : { afterId: sinceId, beforeId: cursor };
    const [rows, total] = await Promise.all([
      listEvents(this.db, actor, { ...bounds, since, event }, limit, order),
      countEvents(this.db, actor, { sinceId, since, event }),
    ]);
    return toPage(key, rows, limit, total, toEventRow);
  }
}
