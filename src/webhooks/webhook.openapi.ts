// What a webhook receiver gets, for the OpenAPI document: one `webhooks` entry per event (3.1).
// Rows carry the event names in their own schemas; where the API takes names (a subscription,
// the event log filter) the services check them (422 naming the field, "*"/"all", trimming), so
// those route schemas keep plain text and the names are added to the document here.
import { EVENT_NAMES } from '../events/event.repository.ts';

/** The row each event carries in `data` (the API's own shape); ping carries the webhook. */
const DATA_OF: Record<string, string> = {
  'contact.created': 'Contact', 'company.created': 'Company', 'task.done': 'Task', 'activity.created': 'Activity',
  'call_analysis.done': 'Call', ping: 'Webhook',
};
const dataOf = (event: string) => DATA_OF[event] ?? 'Deal';

const header = (name: string, description: string, schema: object = { type: 'string' }) => ({ in: 'header', name, required: true, description, schema });

function delivery(event: string) {
  return {
    post: {
      operationId: `webhook${event.split(/[._]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')}`,
      summary: event === 'ping' ? 'ping: sent by POST /webhooks/{id}/ping to test a receiver' : `${event}: see docs/webhooks.md for what causes it`,
      description: 'Delivered as an HTTP POST to the webhook URL. Verify X-RZ-Signature over the raw body before trusting it. '
        + 'Answer 2xx within 10 seconds; any other answer, or none in time, is retried with growing intervals, 5 attempts in all, under the same X-RZ-Delivery.',
      tags: ['webhook events'],
      parameters: [
        header('X-RZ-Event', 'The event name', { type: 'string', const: event }),
        header('X-RZ-Delivery', 'The delivery id: the same on every attempt of one delivery (deduplicate on it)'),
        header('X-RZ-Signature', 'sha256=<hex HMAC-SHA256 of the raw body with the webhook secret>', { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' }),
        header('X-RZ-Attempt', 'The attempt number, 1 to 5', { type: 'string', pattern: '^[1-5]$' }),
        header('webhook-id', 'Standard Webhooks: the delivery id'),
        header('webhook-timestamp', 'Standard Webhooks: Unix seconds of this attempt'),
        header('webhook-signature', 'Standard Webhooks: v1,<base64 HMAC-SHA256 of "id.timestamp.body">'),
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object', required: ['id', 'event', 'created_at', 'data'],
              properties: {
                id: { type: 'string', description: 'The event id (ev_...); GET /events lists the same events' },
                event: { type: 'string', const: event },
                created_at: { type: 'string', format: 'date-time' },
                data: { $ref: `#/components/schemas/${dataOf(event)}` },
              },
            },
          },
        },
      },
      responses: { '2XX': { description: 'Received' } },
    },
  };
}

type Doc = { paths?: Record<string, Record<string, any>>; components?: Record<string, any>; webhooks?: Record<string, unknown> };

const jsonBodySchema = (op: any) => op?.requestBody?.content?.['application/json']?.schema;

export function withWebhookEvents<T extends object>(source: T): T {
  const doc = source as Doc;
  const eventName = { $ref: '#/components/schemas/EventName' };
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, EventName: { type: 'string', enum: [...EVENT_NAMES] } } };
  doc.webhooks = Object.fromEntries([...EVENT_NAMES, 'ping'].map((e) => [e, delivery(e)]));

  // Where names are taken: a subscription list (or "*" / "all" for every event) and the event log filter.
  const subscribed = { type: 'array', items: { anyOf: [eventName, { const: '*' }] }, description: 'Event names, or ["*"] for every event, also those added later' };
  for (const op of [doc.paths?.['/webhooks']?.post, doc.paths?.['/webhooks/{id}']?.patch]) {
    const props = jsonBodySchema(op)?.properties;
    if (props?.events) props.events = { anyOf: [subscribed, { type: 'string', enum: ['all', '*'], description: 'Every event' }] };
  }
  // GET /events accepts a name with spaces around it (the service trims), so its schema stays text.
  for (const p of doc.paths?.['/events']?.get?.parameters ?? []) if (p.name === 'event') p.schema = eventName;
  return source;
}
