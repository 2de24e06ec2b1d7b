// Registers every capability's routes under /api/v1. Each capability owns its route file.
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../services.ts';
import { meRoutes } from '../identity/me.routes.ts';
import { contactRoutes } from '../contacts/contact.routes.ts';
import { companyRoutes } from '../companies/company.routes.ts';

export function apiRoutes(services: Services): FastifyPluginAsync {
  return async (api) => {
    await api.register(meRoutes(services));
    await api.register(contactRoutes(services));
    await api.register(companyRoutes(services));
  };
}
