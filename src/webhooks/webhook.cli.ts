// `rz webhook create --user USER_ID --url URL --events e1,e2|all` (decisions.md CLI contract):
// the same registration as POST /webhooks, acting as that user with their current role.
import type { Services } from '../services.ts';
import type { Actor } from '../common/actor.ts';
import { AppError, forbidden } from '../errors/app-error.ts';

export async function createWebhookFromCli(services: Services, input: { userId: string; url: string; events: string }): Promise<{ webhook_id: string; secret: string }> {
  const user = await services.identity.repo.user(input.userId);
  if (!user) throw new AppError('not_found', `User ${input.userId} not found.`);
  if (user.active !== 1) throw forbidden('User is deactivated.');
  const actor: Actor = {
    teamId: user.team_id, userId: user.id, role: user.role, name: user.name, email: user.email,
    keyId: null, scopes: new Set(['read', 'write']),
  };
  const events = input.events.trim() === 'all' ? 'all' : input.events.split(',').map((e) => e.trim()).filter(Boolean);
  const created = await services.webhooks.create(actor, { url: input.url, events });
  return { webhook_id: created.id, secret: created.secret };
}
