import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../services.ts';
import { errors, LimitParam, pageOf, StringEnum } from '../common/schema.ts';

const EventQuery = Type.Object({
  since: Type.Optional(Type.String({ description: 'An event id (events after it) or an RFC 3339 time (events at or after it)' })),
  event: Type.Optional(Type.String({ description: 'Only this event name' })),
  order: Type.Optional(StringEnum(['desc', 'asc'], { description: 'desc (default): newest first, like every list; asc: oldest first, to read the log forward from `since`' })),
  cursor: Type.Optional(Type.String({ description: 'Opaque cursor from next_cursor' })),
  limit: LimitParam,
});

export function eventRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (api) => {
    api.get('/events', {
      schema: {
        tags: ['events'],
        operationId: 'listEvents', summary: 'List events (the event log)',
        description: 'The event log: the events of rows this key can see. Lists recorded events (the bodies webhooks receive), newest first like every list; with order=asc in the order '
          + 'they were recorded, so a receiver that was down can read forward from the last event it processed. See docs/webhooks.md.',
        querystring: EventQuery,
        response: { 200: pageOf(Type.Ref('Event'), 'EventPage'), ...errors(403, 422) },
      },
    }, async (request) => services.events.list(request.actor, request.query));
  };
}
