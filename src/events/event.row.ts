import { Type, type Static } from 'typebox';
import type { EventTable } from '../db/schema.ts';
import { Id, Timestamp } from '../common/schema.ts';
import { EVENT_NAMES } from './event.repository.ts';

// One shape for an event: the body of a webhook delivery and an item of GET /events.
export const EventRow = Type.Object({
  id: Id('ev'),
  event: Type.String({ enum: [...EVENT_NAMES], description: 'The event name' }),
  created_at: Timestamp,
  data: Type.Unknown({ description: 'The row as the API returned it when the event happened (Deal, Contact, Company, Task, Activity or Call)' }),
}, { $id: 'Event', title: 'Event' });
export type EventRow = Static<typeof EventRow>;

export function toEventRow(r: EventTable): EventRow {
  return { id: r.id, event: r.event, created_at: r.created_at, data: JSON.parse(r.data) };
}
