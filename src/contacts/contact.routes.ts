import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../services.ts';
import { MAX_LENGTH } from '../common/text.ts';
import { errors, IdParam, ListQuery, Nullable, pageOf } from '../common/schema.ts';

const ContactBody = Type.Object({
  email: Type.String({ description: 'Lookup key: trimmed and lower-cased. Required.' }),
  first_name: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.name }))),
  last_name: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.name }))),
  phone: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.phone }))),
  job_title: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.job_title }))),
  company: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.name, description: 'Company name: found or created' }))),
  company_id: Type.Optional(Nullable(Type.String())),
}, {
  title: 'ContactInput',
  examples: [{ email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', job_title: 'Head of Sales', company: 'Analytical Engines Ltd' }],
});

const ContactDetail = Type.Intersect([
  Type.Ref('Contact'),
  Type.Object({
    company: Nullable(Type.Ref('Company')),
    deals: Type.Array(Type.Ref('Deal')),
    tasks: Type.Array(Type.Ref('Task')),
    timeline: Type.Array(Type.Ref('Activity'), { description: 'Activities, newest first (at most 100)' }),
  }),
], { title: 'ContactDetail' });

export function contactRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (api) => {
    api.get('/contacts', {
      schema: { tags: ['contacts'], operationId: 'listContacts', summary: 'List contacts', description: 'Keyset page (items, next_cursor, total, total_relation) of the contacts the key can see, newest first. q searches name, email and phone, case-insensitively.', querystring: ListQuery, response: { 200: pageOf(Type.Ref('Contact'), 'ContactPage'), ...errors(403, 422) } },
    }, async (request) => services.contacts.list(request.actor, request.query));

    api.post('/contacts', {
      schema: { tags: ['contacts'], operationId: 'upsertContact', summary: 'Find or create a contact by email', description: 'Finds or creates the contact by email (the lookup key: trimmed and lower-cased): 201 when created, 200 when an existing contact was updated. company is a company name, found or created. Sends contact.created (and company.created) for new rows.', body: ContactBody, response: { 200: Type.Ref('Contact'), 201: Type.Ref('Contact'), ...errors(402, 403, 404, 422) } },
    }, async (request, reply) => {
      const { row, created } = await services.contacts.upsert(request.actor, request.body);
      return reply.code(created ? 201 : 200).send(row);
    });

    api.get('/contacts/:id', {
      schema: { tags: ['contacts'], operationId: 'getContact', summary: 'Get a contact', description: 'The contact with its company, deals, tasks and timeline (activities, newest first). A contact the key cannot see answers 404, as if it did not exist.', params: IdParam, response: { 200: ContactDetail, ...errors(403, 404) } },
    }, async (request) => services.contacts.detail(request.actor, request.params.id));
  };
}
