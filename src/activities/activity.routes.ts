import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../services.ts';
import { MAX_LENGTH } from '../common/text.ts';
import { errors, IdParam, ListQuery, Nullable, pageOf, StringEnum } from '../common/schema.ts';

const ActivityBody = Type.Object({
  kind: StringEnum(['note', 'call', 'email', 'meeting', 'whatsapp']),
  body: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.activity_body }))),
  occurred_at: Type.Optional(Nullable(Type.String({ description: 'RFC 3339 date-time; default: now' }))),
  deal_id: Type.Optional(Nullable(Type.String({ description: 'A deal the key can see (404 otherwise)' }))),
  contact_id: Type.Optional(Nullable(Type.String({ description: "A contact of the team (404 otherwise); default: the deal's contact" }))),
  company_id: Type.Optional(Nullable(Type.String({ description: "A company of the team (404 otherwise); default: the deal's, else the contact's company" }))),
  contact_email: Type.Optional(Nullable(Type.String({ maxLength: 254, description: 'Finds the contact by email or creates it (contact.created). Alternative to contact_id.' }))),
}, {
  title: 'ActivityInput', description: 'kind and at least one of deal_id, contact_id, company_id, contact_email',
  examples: [{ kind: 'note', body: 'Asked for references', contact_email: 'ada@example.com' }],
});

const ActivityQuery = Type.Object({
  cursor: ListQuery.properties.cursor,
  limit: ListQuery.properties.limit,
  deal_id: Type.Optional(Type.String()),
  contact_id: Type.Optional(Type.String()),
  company_id: Type.Optional(Type.String()),
}, { title: 'ActivityQuery' });

export function activityRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (api) => {
    api.get('/activities', {
      schema: { tags: ['activities'], operationId: 'listActivities', summary: 'List activities', description: 'Extension: keyset page of the activities the key can see, newest first; filters deal_id, contact_id, company_id.', querystring: ActivityQuery, response: { 200: pageOf(Type.Ref('Activity'), 'ActivityPage'), ...errors(403, 422) } },
    }, async (request) => services.activities.list(request.actor, request.query));

    api.post('/activities', {
      schema: { tags: ['activities'], operationId: 'createActivity', summary: 'Log an activity', description: 'Creates an activity: kind (note, call, email, meeting, whatsapp), body, and a link by deal_id, contact_id, company_id or contact_email. Sends activity.created.', body: ActivityBody, response: { 201: Type.Ref('Activity'), ...errors(402, 403, 404, 422) } },
    }, async (request, reply) => reply.code(201).send(await services.activities.create(request.actor, request.body)));

    api.get('/activities/:id', {
      schema: { tags: ['activities'], operationId: 'getActivity', summary: 'Get an activity', description: 'Extension: one activity the key can see (404 otherwise).', params: IdParam, response: { 200: Type.Ref('Activity'), ...errors(403, 404) } },
    }, async (request) => services.activities.get(request.actor, request.params.id));
  };
}
