import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../services.ts';
import { errors, IdParam, ListQuery, Nullable, pageOf, StringEnum } from '../common/schema.ts';
import { MAX_LENGTH } from '../common/text.ts';

const TaskBody = Type.Object({
  title: Type.String({ maxLength: MAX_LENGTH.task_title, description: 'Required; trimmed, not empty' }),
  due_at: Type.Optional(Nullable(Type.String({ description: 'RFC 3339 date-time (or a date); stored in UTC' }))),
  deal_id: Type.Optional(Nullable(Type.String({ description: 'A deal the key can see (404 otherwise)' }))),
  contact_id: Type.Optional(Nullable(Type.String({ description: "A contact of the team (404 otherwise); default: the deal's contact" }))),
}, { title: 'TaskInput', examples: [{ title: 'Send references', due_at: '2026-11-25T09:00:00Z', contact_id: 'ct_01JD3Q6Z8W5V3K8Y2N4R7T9A1B' }] });

const TaskQuery = Type.Object({
  cursor: ListQuery.properties.cursor,
  limit: ListQuery.properties.limit,
  owner: Type.Optional(Type.String({ description: 'me, or a user id: tasks assigned to that user' })),
  done: Type.Optional(StringEnum(['true', 'false'])),
  deal_id: Type.Optional(Type.String()),
  contact_id: Type.Optional(Type.String()),
  overdue: Type.Optional(Type.Literal('true', { description: 'Open tasks whose due_at has passed' })),
}, { title: 'TaskQuery' });

export function taskRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (api) => {
    api.get('/tasks', {
      schema: { tags: ['tasks'], operationId: 'listTasks', summary: 'List tasks', description: 'Extension: keyset page of the tasks the key can see, newest first; filters owner, done, deal_id, contact_id, overdue.', querystring: TaskQuery, response: { 200: pageOf(Type.Ref('Task'), 'TaskPage'), ...errors(403, 422) } },
    }, async (request) => services.tasks.list(request.actor, request.query));

    api.post('/tasks', {
      schema: { tags: ['tasks'], operationId: 'createTask', summary: 'Create a task', description: 'Creates a task (title, due_at, deal_id, contact_id) assigned to the key owner. Sends no event.', body: TaskBody, response: { 201: Type.Ref('Task'), ...errors(402, 403, 404, 422) } },
    }, async (request, reply) => reply.code(201).send(await services.tasks.create(request.actor, request.body)));

    api.get('/tasks/:id', {
      schema: { tags: ['tasks'], operationId: 'getTask', summary: 'Get a task', description: 'Extension: one task the key can see (404 otherwise).', params: IdParam, response: { 200: Type.Ref('Task'), ...errors(403, 404) } },
    }, async (request) => services.tasks.get(request.actor, request.params.id));

    api.post('/tasks/:id/done', {
      schema: { tags: ['tasks'], operationId: 'completeTask', summary: 'Mark a task done', description: 'Extension: marks the task done and sends task.done once; a task already done answers 200 unchanged.', params: IdParam, response: { 200: Type.Ref('Task'), ...errors(402, 403, 404) } },
    }, async (request) => services.tasks.done(request.actor, request.params.id));
  };
}
