// The application as a Fastify plugin tree: /api/v1 (public API), /healthz, /readyz, /metrics, /docs, OpenAPI.
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Server } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import addFormats from 'ajv-formats';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Services } from '../services.ts';
import { ErrorBody, ValidationListBody } from '../common/schema.ts';
import { ContactRow } from '../contacts/contact.row.ts';
import { CompanyRow } from '../companies/company.row.ts';
import { DealRow, StageHistoryRow } from '../deals/deal.row.ts';
import { TaskRow } from '../tasks/task.row.ts';
import { ActivityRow } from '../activities/activity.row.ts';
import { CallRow } from '../calls/call.row.ts';
import { WebhookAttemptRow, WebhookDeliveryRow, WebhookRow } from '../webhooks/webhook.row.ts';
import { EventRow } from '../events/event.row.ts';
import { clientErrorHandler, installErrorHandling, renderError } from './error-handler.ts';
import { installSecurityHeaders } from './security-headers.ts';
import { AppError } from '../errors/app-error.ts';
import { apiNotFound, installApiGuard } from './api-guard.ts';
import { installJsonParser } from './json-body.ts';
import { withGuardHeaders } from './openapi-headers.ts';
import { withWebhookEvents } from '../webhooks/webhook.openapi.ts';
import { polishDocument } from './openapi-document.ts';
import { DOCS_FAVICON, DOCS_LOGO } from './docs-branding.ts';
import { apiRoutes } from './api-routes.ts';
import { webApp } from '../web/web.plugin.ts';
import { lazySerializers } from './lazy-serializers.ts';
import { installObservability, RequestLogController, requestIdOf } from './observability.ts';

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: Array<{ method: string; url: string }>;
  }
}

export const SHARED_SCHEMAS = [ErrorBody, ValidationListBody, ContactRow, CompanyRow, DealRow, StageHistoryRow, TaskRow, ActivityRow, CallRow, WebhookRow, WebhookAttemptRow, WebhookDeliveryRow, EventRow];

export function apiWithoutTrailingSlash(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (!path.startsWith('/api/v1/') || !path.endsWith('/') || path.length <= '/api/v1/'.length) return url;
  return path.replace(/\/+$/, '') + (q < 0 ? '' : url.slice(q));
}

/** Fastify's options: limits, URL rewriting, proxies, errors, serialisers, request ids, validation. */
function serverOptions(services: Services, opts: { logger?: FastifyServerOptions['logger'] }): FastifyHttpOptions<Server> {
  return {
    logger: opts.logger ?? false,
    bodyLimit: 2 * 1024 * 1024,
    clientErrorHandler,
    // Ids of any length reach the route (the request line is capped at 16 KiB with the headers)
    // and answer 404 like any unknown id, counted and with the limit headers.
    routerOptions: { maxParamLength: 16 * 1024 },
    // Under /api/v1, `/contacts/` is `/contacts`, as integrators who build paths with a trailing
    // slash expect (the application's pages keep one spelling each).
    rewriteUrl: (req) => apiWithoutTrailingSlash(req.url ?? '/'),
    // A body must arrive within 60 s, like the headers: a client trickling bytes cannot hold a connection open for ever.
    requestTimeout: 60_000,
    // While the server stops, a request that still arrives on an open connection is answered as
    // usual (then the connection closes), not with Fastify's own 503 body, which is no answer of the API.
    return503OnClosing: false,
    // Node would refuse a request without Host (HTTP/1.1) with an empty body; the hook below
    // refuses it in the error body of the API instead.
    http: { requireHostHeader: false },
    // Behind a reverse proxy (RZ_TRUST_PROXY=1) the client address and https come from X-Forwarded-*;
    // without one those headers are not believed (sign-in throttling per IP, Secure cookies).
    trustProxy: services.config.trustProxy,
    // Router-level failures (a URL that cannot be decoded) use the same error body as everything
    // else; under /api/v1 they are an unknown route, counted like one.
    frameworkErrors: (err, request, reply) => {
      if (err.code !== 'FST_ERR_BAD_URL') return renderError(err, request, reply);
      if (!request.url.startsWith('/api/v1/')) return renderError(new AppError('not_found', 'No such route.'), request, reply);
      apiNotFound(services, request, reply, 'No such route.').catch((e) => renderError(e, request, reply));
    },
    schemaController: { compilersFactory: { buildSerializer: lazySerializers() } },
    // The client's or proxy's X-Request-Id when sane, else a new one; in every log line as request_id.
    genReqId: requestIdOf,
    logController: new RequestLogController(),
    ajv: {
      // Wrong types must be refused (422 list), not silently coerced.
      customOptions: { coerceTypes: false, allErrors: true, removeAdditional: false, useDefaults: true, strict: false },
      plugins: [addFormats as any],
    },
  };
}

/** The OpenAPI document at /api/v1/openapi.json and the /docs page, one document built once. */
async function installApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'RZ public API',
        version: '1.0.0',
        description: 'Sales coaching and CRM API. All paths are relative to {base_url}/api/v1. See docs/api-guide.md for the rules.',
      },
      servers: [{ url: '/api/v1' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>' } } },
      security: [{ bearer: [] }],
    },
    refResolver: { buildLocalReference: (json: any, _base: unknown, _frag: unknown, i: number) => json.$id || `def-${i}` },
    transform: ({ schema, url }) => ({ schema: schema as any, url: url.startsWith('/api/v1') ? url.slice('/api/v1'.length) || '/' : url }),
    hideUntagged: false,
  });

  // One document for /api/v1/openapi.json and the /docs page (which loads /docs/json): built once.
  let openapi: object | undefined;
  const document = () => (openapi ??= polishDocument(withWebhookEvents(withGuardHeaders(app.swagger()))));
  app.get('/api/v1/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => document());

  await app.register(swaggerUi, {
    routePrefix: '/docs', transformSpecificationClone: false, transformSpecification: () => document(),
    // RZ's name in the top bar and the tab, not the framework's logo.
    logo: { type: 'image/svg+xml', content: DOCS_LOGO, href: '/docs' },
    theme: { title: 'RZ API reference', favicon: [{ filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: DOCS_FAVICON }] },
    // The plugin's CSP (scripts by hash), with framing refused; Swagger UI sets inline styles as
    // it renders, and upgrade-insecure-requests would break the page on a plain-http local install.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, '')
      .replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';"),
  });
}

export async function buildApp(services: Services, opts: { logger?: FastifyServerOptions['logger'] } = {}): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(services, opts)).withTypeProvider<TypeBoxTypeProvider>();

  // Every registered route, so tests can prove the OpenAPI document describes all of them.
  const routes: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (r) => {
    for (const m of [r.method].flat()) if (m !== 'HEAD') routes.push({ method: m, url: r.url });
  });
  app.decorate('registeredRoutes', routes);

  for (const s of SHARED_SCHEMAS) app.addSchema(s as any);
  installErrorHandling(app);
  installSecurityHeaders(app);
  // /healthz, /readyz, X-Request-Id on every answer, /metrics when configured.
  await installObservability(app, services);
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.raw.httpVersion === '1.1' && request.headers.host === undefined ? new AppError('bad_request', 'An HTTP/1.1 request needs a Host header.') : undefined);
  });
  // An expectation other than 100-continue ("Expect: bogus"): RFC 9110 lets a server ignore it,
  // so the request is answered as usual instead of Node's bodiless 417.
  app.server.on('checkExpectation', (req, res) => app.server.emit('request', req, res));
  installJsonParser(app);

  await installApiDocs(app);

  await app.register(async (api) => {
    installApiGuard(api, services);
    // Inside /api/v1 so the guard's hooks run for unknown routes too (limit headers, counting).
    api.setNotFoundHandler((request, reply) => renderError(new AppError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`), request, reply));
    // Every API body is read as JSON, whatever its Content-Type (text/plain from fetch, a form type from curl -d).
    installJsonParser(api, { anyType: true });
    await api.register(apiRoutes(services));
  }, { prefix: '/api/v1' });

  // The application (HTML pages, sessions, CSRF) in its own scope: the API guard does not apply there.
  await app.register(webApp(services));

  return app;
}
