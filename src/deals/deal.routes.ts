import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../services.ts';
import { MAX_LENGTH } from '../common/text.ts';
import { errors, IdParam, ListQuery, Nullable, pageOf, StringEnum } from '../common/schema.ts';

const ValueFields = {
  value_eur: Type.Optional(Nullable(Type.Union([Type.Number(), Type.String({ maxLength: 100 })], {
    description: 'Euros as a number or text: 12500, "12.500", "12,500", "12.500,50", "12,500.50", "€ 12.500", "12.5k", "12,5k". '
      + 'A single . or , followed by exactly three digits is a thousands separator. Rounded to cents. Alternative to value_cents.',
  }))),
  value_cents: Type.Optional(Nullable(Type.Integer({ description: 'Integer amount in cents. Alternative to value_eur.' }))),
};

const LinkFields = {
  contact_id: Type.Optional(Nullable(Type.String({ description: 'A contact of the team (404 otherwise)' }))),
  contact_email: Type.Optional(Nullable(Type.String({ maxLength: 254, description: 'Finds the contact by email or creates it (contact.created). Alternative to contact_id.' }))),
  company: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.name, description: 'Company name: found or created (company.created). Alternative to company_id.' }))),
  company_id: Type.Optional(Nullable(Type.String({ description: 'A company of the team (404 otherwise)' }))),
};

const DealCreateBody = Type.Object({
  title: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.deal_title, description: "Default: the company's name, else the contact's name or email, else \"Deal\"" }))),
  ...ValueFields,
  stage: Type.Optional(Type.String({ description: 'Pipeline stage key (GET /me); default: the first stage' })),
  // Refused rather than ignored: an import of a closed deal must not silently come out open.
  status: Type.Optional(Type.Literal('open', { description: 'A new deal is always open (won or lost: 422); close it afterwards with PATCH' })),
  ...LinkFields,
  next_step: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.next_step }))),
  next_step_at: Type.Optional(Nullable(Type.String({ description: 'RFC 3339 date-time (or a date); stored in UTC' }))),
}, {
  title: 'DealInput',
  examples: [{ contact_id: 'ct_01JD3Q6Z8W5V3K8Y2N4R7T9A1B', value_eur: '12.500', stage: 'qualified', next_step: 'Demo', next_step_at: '2026-12-01T10:00:00Z' }],
});

const DealPatchBody = Type.Object({
  title: Type.Optional(Type.String({ maxLength: MAX_LENGTH.deal_title })),
  ...ValueFields,
  stage: Type.Optional(Type.String({ description: 'Another stage key: a stage_history entry and deal.stage_changed' })),
  status: Type.Optional(StringEnum(['open', 'won', 'lost'], { description: 'won or lost closes the deal (closed_at, deal.closed); open on an open deal changes nothing' })),
  ...LinkFields,
  next_step: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.next_step }))),
  next_step_at: Type.Optional(Nullable(Type.String({ description: 'RFC 3339 date-time; null clears it' }))),
  owner_id: Type.Optional(Type.String({ description: 'Reassign (owners and managers only; a member gets 403 forbidden) to an active user of the team: deal.reassigned' })),
}, { title: 'DealPatch', examples: [{ stage: 'proposal', next_step: 'Send the offer', next_step_at: '2026-12-03T09:00:00Z' }] });

const DealQuery = Type.Object({
  ...ListQuery.properties,
  status: Type.Optional(StringEnum(['open', 'won', 'lost', 'all'], { description: 'Default open; all = every status' })),
  stage: Type.Optional(Type.String({ description: 'A pipeline stage key; an unknown key answers 422 (field stage)' })),
  owner_id: Type.Optional(Type.String({
    description: "Extension: only the deals owned by this user (a user id, us_...; anything else answers 422, field owner_id). "
      + "Visibility applies first: a member's list stays their own deals, so another user's id gives an empty page; "
      + 'an id that is not a user of the team matches nothing.',
    examples: ['us_01JD3Q6Z8W5V3K8Y2N4R7T9A1B'],
  })),
}, { title: 'DealQuery' });

const DealDetail = Type.Intersect([
  Type.Ref('Deal'),
  Type.Object({
    tasks: Type.Array(Type.Ref('Task'), { description: 'Visible tasks of the deal, newest first (at most 100)' }),
    timeline: Type.Array(Type.Ref('Activity'), { description: 'Visible activities of the deal, newest first (at most 100)' }),
    stage_history: Type.Array(Type.Ref('StageHistoryEntry'), { description: 'The stage changes, oldest first; empty until the first one (the first stage is the first entry\'s from_stage, else the deal\'s stage)' }),
  }),
], { title: 'DealDetail' });

export function dealRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (api) => {
    api.get('/deals', {
      schema: {
        tags: ['deals'], operationId: 'listDeals', summary: "List deals", description: "Keyset page of the deals the key can see. Filters: status (open, won, lost; all means every status; default open), stage (a stage key), q (searches the title and the linked contact's and company's names) and, as an extension, owner_id.",
        querystring: DealQuery, response: { 200: pageOf(Type.Ref('Deal'), 'DealPage'), ...errors(403, 422) },
      },
    }, async (request) => services.deals.list(request.actor, request.query));

    api.post('/deals', {
      schema: {
        tags: ['deals'], operationId: 'createDeal', summary: 'Create a deal', description: 'Creates a deal owned by the key owner (deal.created). value_eur is a number or a text such as a number with a thousands separator or a shortened form with a k suffix; value_cents is an integer amount in cents; they are alternatives. stage is the key of a pipeline stage (GET /me); link a contact by contact_id or contact_email and a company by company or company_id.',
        body: DealCreateBody, response: { 201: Type.Ref('Deal'), ...errors(402, 403, 404, 422) },
      },
    }, async (request, reply) => reply.code(201).send(await services.deals.create(request.actor, request.body)));

    api.get('/deals/:id', {
      schema: { tags: ['deals'], operationId: 'getDeal', summary: 'Get a deal', description: 'The deal with its tasks, timeline and stage history. A deal the key cannot see answers 404.', params: IdParam, response: { 200: DealDetail, ...errors(403, 404) } },
    }, async (request) => services.deals.detail(request.actor, request.params.id));

    api.patch('/deals/:id', {
      schema: {
        tags: ['deals'], operationId: 'updateDeal', summary: 'Change a deal', description: 'Only an open deal can be changed (422 deal_not_open otherwise). value_eur is accepted as on create; status won or lost closes the deal (deal.closed), another stage sends deal.stage_changed. A PATCH that changes no field answers 200 and sends no event.',
        params: IdParam, body: DealPatchBody, response: { 200: Type.Ref('Deal'), ...errors(402, 403, 404, [422, 'validation_error, with field; deal_not_open: the deal is won or lost; malformed JSON or wrong types answer a list of {loc, msg, type}']) },
      },
    }, async (request) => services.deals.update(request.actor, request.params.id, request.body));

    api.post('/deals/:id/reopen', {
      schema: {
        tags: ['deals'], operationId: 'reopenDeal', summary: 'Reopen a deal', description: 'Extension: reopens a won or lost deal (deal.reopened); an open deal answers 422.',
        params: IdParam, response: { 200: Type.Ref('Deal'), ...errors(402, 403, 404, [422, 'validation_error with field status: the deal is already open']) },
      },
    }, async (request) => services.deals.reopen(request.actor, request.params.id));
  };
}
