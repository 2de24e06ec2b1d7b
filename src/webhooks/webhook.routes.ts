import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../services.ts';
import { MAX_LENGTH } from '../common/text.ts';
import { errors, IdParam, LimitParam, Nullable, pageOf } from '../common/schema.ts';
import { DELIVERY_STATUSES } from './webhook.row.ts';

const Events = Type.Union([
  Type.Array(Type.String(), { description: 'Event names, or ["*"] for every event' }),
  Type.String({ description: '"all" (or "*") for every event' }),
]);

const CreateBody = Type.Object({
  url: Type.String({ description: 'https URL whose host resolves to public addresses only' }),
  events: Events,
  description: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.webhook_description }))),
  paused: Type.Optional(Type.Boolean()),
}, { title: 'WebhookInput', examples: [{ url: 'https://crm.example.com/rz-hook', events: ['deal.closed', 'call_analysis.done'], description: 'CRM sync' }] });

const UpdateBody = Type.Object({
  url: Type.Optional(Type.String()),
  events: Type.Optional(Events),
  description: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.webhook_description }))),
  paused: Type.Optional(Type.Boolean()),
}, { title: 'WebhookUpdate', examples: [{ events: ['*'], paused: false }] });

const Created = Type.Intersect([
  Type.Ref('Webhook'),
  Type.Object({ secret: Type.String({ description: 'Signing secret (whsec_...). Shown only in this answer.' }) }),
], { title: 'WebhookCreated' });

const PageQuery = Type.Object({
  cursor: Type.Optional(Type.String({ description: 'Opaque cursor from next_cursor' })),
  limit: LimitParam,
});

const DeliveryQuery = Type.Object({
  cursor: Type.Optional(Type.String({ description: 'Opaque cursor from next_cursor' })),
  limit: LimitParam,
  status: Type.Optional(Type.String({ enum: [...DELIVERY_STATUSES], description: 'Only deliveries with this status' })),
});

const DeliveryParams = Type.Object({ id: Type.String(), delivery_id: Type.String() });

export function webhookRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (api) => {
    const tags = ['webhooks'];

    api.get('/webhooks', {
      schema: { tags, operationId: 'listWebhooks', summary: "List webhooks", description: "Keyset page of the team's webhooks, newest first. Owners and managers only (members: 403 forbidden).", querystring: PageQuery, response: { 200: pageOf(Type.Ref('Webhook'), 'WebhookPage'), ...errors(403, 422) } },
    }, async (request) => services.webhooks.list(request.actor, request.query));

    api.post('/webhooks', {
      schema: { tags, operationId: 'createWebhook', summary: 'Register a webhook', description: 'Registers a URL for the events named (or [\'*\'] for every event). Only https URLs whose host resolves to public addresses. The answer carries the signing secret, shown only once: every delivery carries X-RZ-Signature, sha256=<hex HMAC-SHA256 of the raw body> with that secret. Owners and managers only.', body: CreateBody, response: { 201: Created, ...errors(402, 403, 422) } },
    }, async (request, reply) => reply.code(201).send(await services.webhooks.create(request.actor, request.body)));

    api.get('/webhooks/:id', {
      schema: { tags, operationId: 'getWebhook', summary: 'Get a webhook', description: 'A webhook of the team (never its secret). Owners and managers only.', params: IdParam, response: { 200: Type.Ref('Webhook'), ...errors(403, 404) } },
    }, async (request) => services.webhooks.detail(request.actor, request.params.id));

    api.patch('/webhooks/:id', {
      schema: { tags, operationId: 'updateWebhook', summary: 'Change a webhook', description: 'Change url, events, paused or description; a new url is checked again. Takes effect for every later attempt, retries already queued included.', params: IdParam, body: UpdateBody, response: { 200: Type.Ref('Webhook'), ...errors(402, 403, 404, 422) } },
    }, async (request) => services.webhooks.update(request.actor, request.params.id, request.body));

    api.delete('/webhooks/:id', {
      schema: { tags, operationId: 'deleteWebhook', summary: 'Delete a webhook', description: 'Deletes the webhook; its pending deliveries are cancelled. Answers 204 without a body.', params: IdParam, response: { 204: Type.Null({ description: 'Deleted' }), ...errors(402, 403, 404) } },
    }, async (request, reply) => {
      await services.webhooks.remove(request.actor, request.params.id);
      return reply.code(204).send(null);
    });

    api.get('/webhooks/:id/deliveries', {
      schema: { tags, operationId: 'listWebhookDeliveries', summary: 'List the deliveries of a webhook', description: 'Keyset page of the deliveries of one webhook, newest first, each with the exact body sent and its attempts (status, duration, error). Filter by status: pending, succeeded, failed.', params: IdParam, querystring: DeliveryQuery, response: { 200: pageOf(Type.Ref('WebhookDelivery'), 'WebhookDeliveryPage'), ...errors(403, 404, 422) } },
    }, async (request) => services.webhooks.deliveries(request.actor, request.params.id, request.query));

    api.post('/webhooks/:id/deliveries/:delivery_id/redeliver', {
      schema: { tags, operationId: 'redeliverWebhookDelivery', summary: 'Send a delivery again', description: 'Queues a new delivery with the same body now (202): the receiver answers with a 2xx status within 10 seconds, or it is retried with growing intervals, 5 attempts in all.', params: DeliveryParams, response: { 202: Type.Ref('WebhookDelivery'), ...errors(402, 403, 404) } },
    }, async (request, reply) => reply.code(202).send(await services.webhooks.redeliver(request.actor, request.params.id, request.params.delivery_id)));

    api.post('/webhooks/:id/ping', {
      schema: { tags, operationId: 'pingWebhook', summary: 'Send a ping delivery', description: 'Queues a delivery of the event ping (data: the webhook) now, to test a receiver. Pings are never in the event log.', params: IdParam, response: { 202: Type.Ref('WebhookDelivery'), ...errors(402, 403, 404) } },
    }, async (request, reply) => reply.code(202).send(await services.webhooks.ping(request.actor, request.params.id)));
  };
}
