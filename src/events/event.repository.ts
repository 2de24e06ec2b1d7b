// The outbox: every event is written in the same transaction as the change that causes it.
// The webhook dispatcher reads undispatched rows; GET /events reads them for reconciliation.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { nowIso } from '../lib/time.ts';

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
  changedFields?: string[];
}

/** Listeners are told after commit so the dispatcher can wake up at once (latency), not for correctness. */
type Listener = () => void;
const listeners = new Set<Listener>();
export function onEventsCommitted(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
export function notifyEventsCommitted(): void {
  for (const fn of listeners) fn();
}

export async function recordEvents(tx: Kysely<Database>, teamId: string, events: RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const at = nowIso();
  await tx.insertInto('events').values(events.map((e) => ({
    id: newId('event'), team_id: teamId, event: e.event, entity_type: e.entityType, entity_id: e.entityId,
    data: JSON.stringify(e.data), changed_fields: e.changedFields ? JSON.stringify(e.changedFields) : null,
    dispatched: 0, created_at: at,
  }))).execute();
}
