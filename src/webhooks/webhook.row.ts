import { Type, type Static } from 'typebox';
import type { WebhookAttemptTable, WebhookDeliveryTable, WebhookTable } from '../db/schema.ts';
import { Id, NullableValue, Timestamp, StringEnum } from '../common/schema.ts';
import { EVENT_NAMES } from '../events/event.repository.ts';

/** The subscription to every event, also to those added later. */
export const ALL_EVENTS = '*';

/** Subscribed events are stored as a JSON array; ["*"] means every event, also those added later. */
export function parseSubscribedEvents(stored: string): string[] {
  return JSON.parse(stored) as string[];
}

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const WebhookRow = Type.Object({
  id: Id('wh'),
  url: Type.String({ description: 'https URL the deliveries are POSTed to' }),
  events: Type.Array(Type.String({ enum: [...EVENT_NAMES, ALL_EVENTS] }), { description: 'Subscribed event names, or ["*"] for every event' }),
  paused: Type.Boolean({ description: 'A paused webhook gets no deliveries for new events' }),
  description: NullableValue(Type.String()),
  created_by: Type.String({ description: 'User whose visibility filters the deliveries' }),
  created_at: Timestamp,
  updated_at: Timestamp,
}, { $id: 'Webhook', title: 'Webhook' });
export type WebhookRow = Static<typeof WebhookRow>;

export function toWebhookRow(r: WebhookTable): WebhookRow {
  return {
    id: r.id, url: r.url, events: parseSubscribedEvents(r.events), paused: r.paused === 1, description: r.description,
    created_by: r.created_by, created_at: r.created_at, updated_at: r.updated_at,
  };
}

export const WebhookAttemptRow = Type.Object({
  attempt: Type.Integer({ description: '1 to 5' }),
  attempted_at: Timestamp,
  status_code: NullableValue(Type.Integer({ description: 'HTTP status of the answer; null without an answer' })),
  duration_ms: Type.Integer(),
  error: NullableValue(Type.String({ description: 'Why the attempt failed; null on success' })),
  response_snippet: NullableValue(Type.String({ description: 'First bytes (at most 1 KiB) of the answer body' })),
}, { $id: 'WebhookAttempt', title: 'WebhookAttempt' });
export type WebhookAttemptRow = Static<typeof WebhookAttemptRow>;

export function toWebhookAttemptRow(r: WebhookAttemptTable): WebhookAttemptRow {
  return {
    attempt: r.attempt, attempted_at: r.attempted_at, status_code: r.status_code, duration_ms: r.duration_ms,
    error: r.error, response_snippet: r.response_snippet,
  };
}

export const WebhookDeliveryRow = Type.Object({
  id: Id('dv'),
  webhook_id: Type.String(),
  event: Type.String({ description: 'Event name, or "ping"' }),
  event_id: NullableValue(Type.String({ description: 'The event (body id); null for a ping' })),
  status: StringEnum(['pending', 'succeeded', 'failed']),
  attempt_count: Type.Integer(),
  next_attempt_at: NullableValue(Timestamp),
  last_status_code: NullableValue(Type.Integer()),
  last_error: NullableValue(Type.String()),
  created_at: Timestamp,
  completed_at: NullableValue(Timestamp),
  body: Type.String({
    description: 'The exact JSON text that is POSTed ({id, event, created_at, data}), byte for byte: every attempt '
      + 'and a redelivery send these bytes, and X-RZ-Signature is the HMAC-SHA256 of them, so you can verify it with this string. '
      + 'Do not re-serialise it before hashing.',
  }),
  attempts: Type.Array(Type.Ref('WebhookAttempt'), { description: 'Every attempt, oldest first' }),
}, { $id: 'WebhookDelivery', title: 'WebhookDelivery' });
export type WebhookDeliveryRow = Static<typeof WebhookDeliveryRow>;

export function toWebhookDeliveryRow(r: WebhookDeliveryTable, attempts: WebhookAttemptTable[]): WebhookDeliveryRow {
  return {
    id: r.id, webhook_id: r.webhook_id, event: r.event, event_id: r.event_id, status: r.status, attempt_count: r.attempts,
    next_attempt_at: r.next_attempt_at, last_status_code: r.last_status_code, last_error: r.last_error,
    created_at: r.created_at, completed_at: r.completed_at, body: r.body, attempts: attempts.map(toWebhookAttemptRow),
  };
}
