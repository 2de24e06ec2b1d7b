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
}, { title: 'ContactInput' });

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
      schema: { tags: ['contacts'], summary: 'List contacts (search by name, email, phone)', querystring: ListQuery, response: { 200: pageOf(Type.Ref('Contact'), 'ContactPage'), ...errors(403, 422) } },
    }, async (request) => services.contacts.list(request.actor, request.query));

    api.post('/contacts', {
      schema: { tags: ['contacts'], summary: 'Find or create a contact by email (201 created, 200 existing updated)', body: ContactBody, response: { 200: Type.Ref('Contact'), 201: Type.Ref('Contact'), ...errors(402, 403, 404, 422) } },
    }, async (request, reply) => {
      const { row, created } = await services.contacts.upsert(request.actor, request.body);
      return reply.code(created ? 201 : 200).send(row);
    });

    api.get('/contacts/:id', {
      schema: { tags: ['contacts'], summary: 'A contact with its company, deals, tasks and timeline', params: IdParam, response: { 200: ContactDetail, ...errors(403, 404) } },
    }, async (request) => services.contacts.detail(request.actor, request.params.id));
  };
}
