// The outbox: every event is written in the same transaction as the change that causes it.
// The webhook dispatcher reads undispatched rows; GET /events reads them for reconciliation.
import { sql, type Expression, type ExpressionBuilder, type Insertable, type Kysely, type QueryCreator, type SqlBool } from 'kysely';
import type { Database, EventTable } from '../db/schema.ts';
import { forUpdate } from '../db/database.ts';
import { dialectOf } from '../db/search-index.ts';
import { type Actor, seesAll } from '../common/actor.ts';
import { activityVisible, callVisible, dealVisible, taskVisible } from '../common/visibility.ts';
import { newId } from '../lib/ids.ts';
import { nowIso } from '../lib/time.ts';
import { prepareQuery } from '../db/prepared.ts';
import { fewerRoundTrips } from '../db/round-trips.ts';

export const EVENT_NAMES = [
  'deal.created', 'deal.updated', 'deal.stage_changed', 'deal.closed', 'deal.reopened', 'deal.reassigned',
  'contact.created', 'company.created', 'task.done', 'activity.created', 'call_analysis.done',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export type EntityType = 'deal' | 'contact' | 'company' | 'task' | 'activity' | 'call';

export interface RecordedEvent {
  event: EventName;
  entityType: EntityType;
  entityId: string;
  data: unknown;
}

/**
 * Listeners are told after a commit that recorded events, so the dispatcher wakes at once
 * (latency), not for correctness: it also polls. Commits in the same event-loop turn share one
 * wake, and a write that recorded nothing wakes nothing (a busy server would otherwise run an
 * empty dispatch round per write).
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let wakePending = false;
export function onEventsCommitted(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
export function notifyEventsCommitted(): void {
  if (wakePending) return;
  wakePending = true;
  setImmediate(() => {
    wakePending = false;
    for (const fn of listeners) fn();
  });
}

/**
 * On SQLite an event that no webhook can receive is recorded already dispatched: it stays in the
 * event log, but costs no dispatch round (a second write transaction after the write). "Can
 * receive": a live, unpaused webhook of the team subscribed to the event's name or to every event;
 * who may see the row is still decided by the dispatcher. SQLite's writers are serialised, so the
 * check sees every webhook committed before the write: a webhook receives the events of every
 * change committed after its creation (its unpausing, its new subscription). On PostgreSQL a
 * statement's snapshot may predate a webhook committed while the write waits, and making the check
 * exact there would cost a lock, a round trip per write: every event goes to the dispatcher, which
 * skips those no webhook receives.
 */
// webhooks.events is the JSON array of the names (`["*"]` for all), so a name in quotes is found
// as a substring; LIKE's `_` may match another character, which could only send an event to the
// dispatcher that it then skips, never the reverse.
const insertEvent = prepareQuery(8, (db, id: string, team_id: string, event: string, entity_type: string, entity_id: string, data: string, created_at: string, subscribed: string) => db
  .insertInto('events')
  .values({
    id, team_id, event: event as EventName, entity_type: entity_type as EntityType, entity_id, data, changed_fields: null, created_at,
    dispatched: sql<number>`case when exists (select 1 from webhooks w where w.team_id = ${team_id} and w.deleted_at is null and w.paused = 0
      and (w.events like '%"*"%' or w.events like ${subscribed})) then 0 else 1 end`,
  })
  .returning('dispatched'));

// PostgreSQL: every event for the dispatcher (see above).
const insertEventForDispatch = prepareQuery(7, (db, id: string, team_id: string, event: string, entity_type: string, entity_id: string, data: string, created_at: string) => db
  .insertInto('events')
  .values({ id, team_id, event: event as EventName, entity_type: entity_type as EntityType, entity_id, data, changed_fields: null, dispatched: 0, created_at }));

// The transactions that recorded an event for the dispatcher (writeTransaction wakes it after their commit).
const recordedIn = new WeakSet<object>();
export function eventsRecordedIn(tx: object): boolean {
  return recordedIn.has(tx);
}

/** For a statement that inserts an event row itself (a round trip saved, round-trips.ts): the transaction recorded events. */
export function noteEventsRecorded(tx: object): void {
  recordedIn.add(tx);
}

export async function recordEvents(tx: Kysely<Database>, teamId: string, events: RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const at = nowIso();
  if (dialectOf(tx) === 'postgres') {
    recordedIn.add(tx);
    for (const e of events) await insertEventForDispatch(tx, newId('event'), teamId, e.event, e.entityType, e.entityId, JSON.stringify(e.data), at);
    return;
  }
  for (const e of events) {
    const [row] = await insertEvent(tx, newId('event'), teamId, e.event, e.entityType, e.entityId, JSON.stringify(e.data), at, `%"${e.event}"%`);
    if (Number(row.dispatched) === 0) recordedIn.add(tx);
  }
}

/**
 * Inserts a row and records the event of its creation, in the caller's transaction; with
 * `unlessTaken` (the columns of a unique key) nothing is inserted or recorded when the key is
 * taken. Answers whether the row was inserted. On PostgreSQL one statement: the insert is a
 * data-modifying CTE and the event row is inserted from its RETURNING row (the same rows as the
 * two statements write, a round trip less); elsewhere `insertDirect` (a prepared insert, where the
 * caller has one) or the insert built here, and recordEvents.
 */
export async function insertRecordingEvent<T extends 'deals' | 'activities' | 'companies'>(tx: Kysely<Database>, table: T, row: Insertable<Database[T]>, teamId: string, e: RecordedEvent, unlessTaken?: string[], insertDirect?: () => Promise<unknown>): Promise<boolean> {
  const insert = (db: QueryCreator<Database>) => {
    const qb = db.insertInto(table).values(row as never);
    return unlessTaken ? qb.onConflict((oc) => oc.columns(unlessTaken as never).doNothing()) : qb;
  };
  if (!fewerRoundTrips(tx)) {
    if (insertDirect && !unlessTaken) await insertDirect();
    else {
      const res = await insert(tx).executeTakeFirst();
      if (unlessTaken && Number(res.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    }
    await recordEvents(tx, teamId, [e]);
    return true;
  }
  const recorded = await tx.with('inserted', (db) => insert(db).returning(sql<number>`1`.as('one')))
    .insertInto('events')
    .columns(['id', 'team_id', 'event', 'entity_type', 'entity_id', 'data', 'changed_fields', 'dispatched', 'created_at'])
    .expression((eb) => eb.selectFrom('inserted').select([
      sql.val(newId('event')).as('id'), sql.val(teamId).as('team_id'), sql.val(e.event).as('event'), sql.val(e.entityType).as('entity_type'),
      sql.val(e.entityId).as('entity_id'), sql.val(JSON.stringify(e.data)).as('data'), sql`null`.as('changed_fields'), sql.lit(0).as('dispatched'), sql.val(nowIso()).as('created_at'),
    ]))
    .returning('id')
    .execute();
  if (recorded.length > 0) recordedIn.add(tx);
  return recorded.length > 0;
}

// ---------------------------------------------------------------------------------------
// Reading the outbox: the webhook dispatcher and GET /events.

/**
 * Events whose row the actor can see now: the one visibility rule (src/common/visibility.ts)
 * applied to the event's entity. Contacts and companies are visible to every role of the team.
 */
export function eventVisible(actor: Actor) {
  return (eb: ExpressionBuilder<Database, 'events'>): Expression<SqlBool> => {
    const team = eb('events.team_id', '=', actor.teamId);
    if (seesAll(actor)) return team;
    const of = (type: EntityType, ids: Expression<unknown>) => eb.and([eb('events.entity_type', '=', type), eb('events.entity_id', 'in', ids as any)]);
    return eb.and([team, eb.or([
      eb('events.entity_type', 'in', ['contact', 'company']),
      of('deal', eb.selectFrom('deals').select('deals.id').where(dealVisible(actor))),
      of('task', eb.selectFrom('tasks').select('tasks.id').where(taskVisible(actor))),
      of('activity', eb.selectFrom('activities').select('activities.id').where(activityVisible(actor))),
      of('call', eb.selectFrom('calls').select('calls.id').where(callVisible(actor))),
    ])]);
  };
}

// The dispatcher runs a round after every write that records events: its statements are compiled once.
const undispatched = prepareQuery(1, (db, limit: number) => forUpdate(dialectOf(db), db.selectFrom('events').selectAll().where('dispatched', '=', 0).orderBy('id').limit(limit), { skipLocked: true }), { literals: [0] });
const markOneDispatched = prepareQuery(1, (db, id: string) => db.updateTable('events').set({ dispatched: 1 }).where('id', '=', id));

/** Claims the oldest undispatched events inside the caller's transaction (skipped by other dispatchers on PostgreSQL). */
export function claimUndispatched(tx: Kysely<Database>, limit: number): Promise<EventTable[]> {
  return undispatched(tx, limit);
}

export async function markDispatched(tx: Kysely<Database>, ids: string[]): Promise<void> {
  if (ids.length === 1) await markOneDispatched(tx, ids[0]);
  else if (ids.length > 1) await tx.updateTable('events').set({ dispatched: 1 }).where('id', 'in', ids).execute();
}

/** Of the given events, the ids whose row the actor can see now. */
export async function visibleEventIds(db: Kysely<Database>, actor: Actor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('events').select('id').where('id', 'in', ids).where(eventVisible(actor)).execute();
  return new Set(rows.map((r) => r.id));
}

export interface EventLogFilter {
  /** Exclusive lower bound on the id (the `since` event id, or the cursor when reading oldest first). */
  afterId?: string | null;
  /** Exclusive upper bound on the id (the cursor when reading newest first). */
  beforeId?: string | null;
  /** Inclusive lower bound on created_at. */
  since?: string | null;
  event?: string;
}

function eventLog(db: Kysely<Database>, actor: Actor, f: EventLogFilter) {
  let qb = db.selectFrom('events').where(eventVisible(actor));
  if (f.since) qb = qb.where('created_at', '>=', f.since);
  if (f.event) qb = qb.where('event', '=', f.event);
  return qb;
}

/** The event log, newest first like every list, or oldest first for a receiver that reads it forward to catch up. */
export function listEvents(db: Kysely<Database>, actor: Actor, f: EventLogFilter, limit: number, order: 'asc' | 'desc'): Promise<EventTable[]> {
  let qb = eventLog(db, actor, f).selectAll();
  if (f.afterId) qb = qb.where('id', '>', f.afterId);
  if (f.beforeId) qb = qb.where('id', '<', f.beforeId);
  return qb.orderBy('id', order).limit(limit + 1).execute();
}

/** total of the page: every event matching the filters (not only those after the cursor). */
export async function countEvents(db: Kysely<Database>, actor: Actor, f: Omit<EventLogFilter, 'afterId'> & { sinceId?: string | null }): Promise<number> {
  let qb = eventLog(db, actor, f);
  if (f.sinceId) qb = qb.where('id', '>', f.sinceId);
  const r = await qb.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}
