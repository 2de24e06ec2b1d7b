import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../services.ts';
import { errors, StringEnum } from '../common/schema.ts';

const MeResponse = Type.Object({
  team: Type.Object({ id: Type.String(), name: Type.String() }),
  role: StringEnum(['owner', 'manager', 'member']),
  user: Type.Object({ id: Type.String(), email: Type.String(), name: Type.String() }),
  key: Type.Object({ id: Type.String(), scopes: Type.Array(Type.String()) }),
  pipeline_stages: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), position: Type.Integer() })),
}, { title: 'Me' });

export function meRoutes(services: Services): FastifyPluginAsyncTypebox {
  return async (api) => {
    api.get('/me', {
      schema: { tags: ['me'], operationId: 'getMe', summary: "Who the key is", description: "Public API: the team, role and pipeline stages of the key. Also the key owner (user) and the key's scopes; role is the key owner's current role. Needs the read scope.", response: { 200: MeResponse, ...errors(403) } },
    }, async (request) => {
      const a = request.actor;
      const [team, stages] = await Promise.all([services.identity.repo.team(a.teamId), services.identity.repo.stages(a.teamId)]);
      return {
        team: { id: team!.id, name: team!.name },
        role: a.role,
        user: { id: a.userId, email: a.email, name: a.name },
        key: { id: a.keyId ?? '', scopes: [...a.scopes] },
        pipeline_stages: stages,
      };
    });
  };
}
