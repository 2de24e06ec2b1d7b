import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../services.ts';
import { MAX_LENGTH } from '../common/text.ts';
import { errors, IdParam, ListQuery, Nullable, pageOf } from '../common/schema.ts';

const CompanyBody = Type.Object({
  name: Type.String({ description: 'Lookup key: case-insensitive, whitespace-normalised. Required.' }),
  domain: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.domain, description: 'A host name, kept lower-cased; a pasted URL is cut to its host; other text answers 422; blank clears it' }))),
}, { title: 'CompanyInput', examples: [{ name: 'Analytical Engines Ltd', domain: 'analytical-engines.example' }] });

const CompanyDetail = Type.Intersect([
  Type.Ref('Company'),
  Type.Object({
    contacts: Type.Array(Type.Ref('Contact'), { description: 'Newest first (at most 100)' }),
    deals: Type.Array(Type.Ref('Deal')),
    timeline: Type.Array(Type.Ref('Activity')),
  }),
], { title: 'CompanyDetail' });

export function companyRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (api) => {
    api.get('/companies', {
      schema: { tags: ['companies'], operationId: 'listCompanies', summary: 'List companies', description: 'Keyset page of the companies the key can see, newest first. q searches name and domain, case-insensitively.', querystring: ListQuery, response: { 200: pageOf(Type.Ref('Company'), 'CompanyPage'), ...errors(403, 422) } },
    }, async (request) => services.companies.list(request.actor, request.query));

    api.post('/companies', {
      schema: { tags: ['companies'], operationId: 'upsertCompany', summary: 'Find or create a company by name', description: 'Finds or creates the company by name (the lookup key: case-insensitive, whitespace-normalised): 201 when created, 200 when it existed. Sends company.created for a new row.', body: CompanyBody, response: { 200: Type.Ref('Company'), 201: Type.Ref('Company'), ...errors(402, 403, 422) } },
    }, async (request, reply) => {
      const { row, created } = await services.companies.upsert(request.actor, request.body);
      return reply.code(created ? 201 : 200).send(row);
    });

    api.get('/companies/:id', {
      schema: { tags: ['companies'], operationId: 'getCompany', summary: 'Get a company', description: 'The company with its contacts, deals and timeline. A company the key cannot see answers 404.', params: IdParam, response: { 200: CompanyDetail, ...errors(403, 404) } },
    }, async (request) => services.companies.detail(request.actor, request.params.id));
  };
}
