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
}, { title: 'WebhookInput' });

const UpdateBody = Type.Object({
  url: Type.Optional(Type.String()),
  events: Type.Optional(Events),
  description: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.webhook_description }))),
  paused: Type.Optional(Type.Boolean()),
}, { title: 'WebhookUpdate' });

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
      schema: { tags, summary: 'List webhooks (owners and managers)', querystring: PageQuery, response: { 200: pageOf(Type.Ref('Webhook'), 'WebhookPage'), ...errors(403, 422) } },
    }, async (request) => services.webhooks.list(request.actor, request.query));

    api.post('/webhooks', {
      schema: { tags, summary: 'Register a webhook; the answer carries the secret, shown only once', body: CreateBody, response: { 201: Created, ...errors(402, 403, 422) } },
    }, async (request, reply) => reply.code(201).send(await services.webhooks.create(request.actor, request.body)));

    api.get('/webhooks/:id', {
      schema: { tags, summary: 'A webhook', params: IdParam, response: { 200: Type.Ref('Webhook'), ...errors(403, 404) } },
    }, async (request) => services.webhooks.detail(request.actor, request.params.id));

    api.patch('/webhooks/:id', {
      schema: { tags, summary: 'Change url, events, paused or description (the url is checked again)', params: IdParam, body: UpdateBody, response: { 200: Type.Ref('Webhook'), ...errors(402, 403, 404, 422) } },
    }, async (request) => services.webhooks.update(request.actor, request.params.id, request.body));

    api.delete('/webhooks/:id', {
      schema: { tags, summary: 'Delete a webhook; its pending deliveries are cancelled', params: IdParam, response: { 204: Type.Null({ description: 'Deleted' }), ...errors(402, 403, 404) } },
    }, async (request, reply) => {
      await services.webhooks.remove(request.actor, request.params.id);
      return reply.code(204).send(null);
    });

    api.get('/webhooks/:id/deliveries', {
      schema: { tags, summary: 'Deliveries of a webhook, newest first, each with its attempts', params: IdParam, querystring: DeliveryQuery, response: { 200: pageOf(Type.Ref('WebhookDelivery'), 'WebhookDeliveryPage'), ...errors(403, 404, 422) } },
    }, async (request) => services.webhooks.deliveries(request.actor, request.params.id, request.query));

    api.post('/webhooks/:id/deliveries/:delivery_id/redeliver', {
      schema: { tags, summary: 'Send a delivery again: a new delivery with the same body, queued now', params: DeliveryParams, response: { 202: Type.Ref('WebhookDelivery'), ...errors(402, 403, 404) } },
    }, async (request, reply) => reply.code(202).send(await services.webhooks.redeliver(request.actor, request.params.id, request.params.delivery_id)));

    api.post('/webhooks/:id/ping', {
      schema: { tags, summary: 'Queue a ping delivery now (event "ping", data: the webhook)', params: IdParam, response: { 202: Type.Ref('WebhookDelivery'), ...errors(402, 403, 404) } },
    }, async (request, reply) => reply.code(202).send(await services.webhooks.ping(request.actor, request.params.id)));
  };
}
