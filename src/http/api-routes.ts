// Registers every capability's routes under /api/v1. Each capability owns its route file.
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../services.ts';
import { meRoutes } from '../identity/me.routes.ts';
import { contactRoutes } from '../contacts/contact.routes.ts';
import { companyRoutes } from '../companies/company.routes.ts';
import { callRoutes } from '../calls/call.routes.ts';
import { webhookRoutes } from '../webhooks/webhook.routes.ts';
import { eventRoutes } from '../events/event.routes.ts';
import { dealRoutes } from '../deals/deal.routes.ts';
import { taskRoutes } from '../tasks/task.routes.ts';
import { activityRoutes } from '../activities/activity.routes.ts';

export function apiRoutes(services: Services): FastifyPluginAsync {
  return async (api) => {
    await api.register(meRoutes(services));
    await api.register(contactRoutes(services));
    await api.register(companyRoutes(services));
    await api.register(callRoutes(services));
    await api.register(webhookRoutes(services));
    await api.register(eventRoutes(services));
    await api.register(dealRoutes(services));
    await api.register(taskRoutes(services));
    await api.register(activityRoutes(services));
  };
}
