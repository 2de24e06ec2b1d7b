import { Type } from 'typebox';
import { MAX_LENGTH } from '../common/text.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../services.ts';
import { errors, IdParam, LimitParam, Nullable, pageOf, StringEnum } from '../common/schema.ts';

const CallBody = Type.Object({
  transcript: Type.String({ maxLength: 500_000, description: 'The call transcript: required, not blank, at most 500,000 characters. `Name: text` lines (optionally with [hh:mm:ss]) or WebVTT.' }),
  filename: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.filename, description: 'Name of the recording or transcript file, at most 255 characters' }))),
  deal_id: Type.Optional(Nullable(Type.String({ description: 'A deal the key can see (404 otherwise)' }))),
  contact_id: Type.Optional(Nullable(Type.String())),
  contact_email: Type.Optional(Nullable(Type.String({ description: 'Finds or creates the contact (instead of contact_id)' }))),
  language: Type.Optional(Type.Union([StringEnum(['de', 'en']), Type.Null()], { default: 'de', description: 'Language of the coaching texts; default de (also for null)' })),
  external_id: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.external_id, description: "The dialer's own call id, at most 200 characters: a second push with it answers 409 duplicate" }))),
  rep_speaker: Type.Optional(Nullable(Type.String({ maxLength: MAX_LENGTH.rep_speaker, description: 'Speaker label of the salesperson in the transcript (or all parts of one label\'s name); a label that is not in the transcript is refused with 422' }))),
}, {
  title: 'CallInput',
  examples: [{ transcript: 'Agent: Hallo Frau Berg, hier ist Tim von Acme. Passt es gerade?\nKunde: Ja, kurz.', contact_email: 'ada@example.com', language: 'en', external_id: 'dialer-88412' }],
});

const CallListQuery = Type.Object({
  contact_id: Type.Optional(Type.String()),
  deal_id: Type.Optional(Type.String()),
  status: Type.Optional(StringEnum(['queued', 'running', 'done', 'failed'])),
  cursor: Type.Optional(Type.String({ description: 'Opaque cursor from next_cursor' })),
  limit: LimitParam,
});

// 500,000 characters may take up to 6 bytes each in JSON (\uXXXX escapes): room for that.
const CALL_BODY_LIMIT = 4 * 1024 * 1024;

export function callRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (api) => {
    api.post('/calls', {
      bodyLimit: CALL_BODY_LIMIT,
      config: { licenceInService: true },
      schema: {
        tags: ['calls'],
        operationId: 'pushCall', summary: 'Push a call transcript for analysis',
        description: 'Pushes a finished call transcript (German or English) for coaching: 202, and the analysis continues in the background; '
          + 'GET /calls/{id} returns its status and result, and call_analysis.done is sent when it is done. '
          + 'Checks in this order, after the body is valid (422 first): 402 licence_inactive, 402 subscription_required, 428 consent_required, 429 call_limit, 503 paused, 402 team_cap / personal_pool / credits, 409 duplicate.',
        body: CallBody,
        response: {
          202: Type.Ref('Call'),
          ...errors([402, 'licence_inactive; subscription_required (the key owner lacks the paid product); team_cap, personal_pool or credits (a monthly allowance is used up; message names the renewal day)'],
            403, 404, 409, 422, 428, [429, 'rate_limited (requests) or call_limit (accepted calls today), with Retry-After'], 503),
        },
      },
    }, async (request, reply) => reply.code(202).send(await services.calls.push(request.actor, request.body)));

    api.get('/calls', {
      schema: { tags: ['calls'], operationId: 'listCalls', summary: 'List calls', description: 'Keyset page of the pushed calls the key can see, newest first; filters contact_id, deal_id and status (queued, running, done, failed).', querystring: CallListQuery, response: { 200: pageOf(Type.Ref('Call'), 'CallPage'), ...errors(403, 422) } },
    }, async (request) => services.calls.list(request.actor, request.query));

    api.get('/calls/:id', {
      schema: { tags: ['calls'], operationId: 'getCall', summary: 'Get a call and its analysis', description: 'Status (queued, running, done, failed with error) and result of the analysis: five scores from 1 to 5, strongest_moment, biggest_miss with what_to_say_instead, three moments and a commitment. A call the key cannot see answers 404.', params: IdParam, response: { 200: Type.Ref('Call'), ...errors(403, 404) } },
    }, async (request) => services.calls.get(request.actor, request.params.id));
  };
}
