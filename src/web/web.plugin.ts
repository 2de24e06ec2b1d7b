// The application, served next to the API on the same port: server-rendered pages that use the
// same domain services as /api/v1 (one visibility rule, one set of limits).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { Services } from '../services.ts';
import { AppError } from '../errors/app-error.ts';
import { html } from './html.ts';
import { renderError } from '../http/error-handler.ts';
import { apiNotFound } from '../http/api-guard.ts';
import { backPath, COOKIE, safeLocalPath, cookieOptions, ctxOf, licenceGate, localeFrom, readFlash, setFlash, type WebState } from './context.ts';
import { tokensEqual, randomToken } from './session.service.ts';
import { HANDOFF_MINUTES, HandoffService, type Handoffs } from './handoff.service.ts';
import { layout } from './layout.ts';
import { translator, type MessageKey } from './i18n.ts';
import { authRoutes } from './pages/auth.ts';
import { accountRoutes } from './pages/account.ts';
import { teamRoutes } from './pages/team.ts';
import { crmRoutes } from './pages/crm.ts';
import { dealRoutes } from './pages/deals.ts';
import { exportRoutes } from './pages/export.ts';
import { callRoutes } from './pages/calls.ts';
import { analyseCallRoutes } from './pages/analyse-call.ts';
import { coachingRoutes } from './pages/coaching.ts';
import { webhookRoutes } from './pages/webhooks.ts';
import { usageRoutes } from './pages/usage.ts';
import { searchRoutes } from './pages/search.ts';
import { formErrorText } from './form-errors.ts';
import { unstorableTextPath } from '../http/stored-text.ts';

const STATIC_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'static');
const STATIC: Record<string, { type: string; body: string }> = {
  'app.css': { type: 'text/css; charset=utf-8', body: fs.readFileSync(path.join(STATIC_DIR, 'app.css'), 'utf8') },
  'app.js': { type: 'text/javascript; charset=utf-8', body: fs.readFileSync(path.join(STATIC_DIR, 'app.js'), 'utf8') },
  'favicon.svg': { type: 'image/svg+xml', body: fs.readFileSync(path.join(STATIC_DIR, 'favicon.svg'), 'utf8') },
};

/** Files served without a session lookup (browsers fetch them alongside every page). */
const isAsset = (url: string) => url.startsWith('/static/') || url.startsWith('/favicon.ico');

/**
 * An unknown address gets the application's "Page not found" page, except under /api/ and for
 * clients that ask for JSON only: they get the API's error body.
 */
function wantsPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0];
  if (path === '/api' || path.startsWith('/api/')) return false;
  const accept = request.headers.accept ?? '';
  return !(/application\/json/.test(accept) && !/text\/html/.test(accept));
}

// Scripts and styles only from this origin; no framing; forms only post here.
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'";

const ERROR_TITLES: Record<number, MessageKey> = {
  400: 'error.400', 401: 'error.401', 402: 'error.402', 403: 'error.403', 404: 'error.404', 422: 'error.422', 429: 'error.429', 500: 'error.500',
};

export class CsrfError extends AppError {
  constructor() {
    super('forbidden', 'The form has expired or did not come from this site. Reload the page and try again.');
  }
}

export function renderErrorPage(request: FastifyRequest, reply: FastifyReply, status: number, message: string | null, services: Services,
  opts: { title?: MessageKey; back?: string } = {}) {
  const ctx = ctxOf(request, services.config.publicUrl);
  const title = ctx.t(opts.title ?? ERROR_TITLES[status] ?? (status >= 500 ? 'error.500' : 'error.400'));
  const body = html`<section class="error-page">
    <h1>${title}</h1>
    ${message ? html`<p>${message}</p>` : ''}
    <p>${opts.back ? html`<a href="${opts.back}">${ctx.t('error.back')}</a> · ` : ''}<a href="/">${ctx.t('error.home')}</a></p>
  </section>`;
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(layout(ctx, { title, body }));
}

/** The state of a request that has no web session (an unknown address, an error before the session was read). */
function noWebState(request: FastifyRequest): WebState {
  return {
    session: null, locale: localeFrom(undefined, request.headers['accept-language']), csrf: '', flash: null, handed: {},
    hand: async () => { throw new Error('a hand-over needs a session'); },
  };
}

export function webApp(services: Services): FastifyPluginAsync {
  const handoffs = new HandoffService(services.handle.db);
  return async (web) => {
    await web.register(cookie);
    await web.register(formbody, { bodyLimit: 1024 * 1024 });
    web.decorateRequest('web', null as unknown as WebState);

    web.get('/static/:file', { schema: { hide: true }, config: { access: 'public' } }, async (request, reply) => {
      const file = STATIC[(request.params as { file: string }).file];
      if (!file) throw new AppError('not_found', 'Not found.');
      return reply.type(file.type).header('cache-control', 'public, max-age=300').send(file.body);
    });
    web.get('/favicon.ico', { schema: { hide: true }, config: { access: 'public' } }, async (_request, reply) =>
      reply.type(STATIC['favicon.svg'].type).header('cache-control', 'public, max-age=86400').send(STATIC['favicon.svg'].body));

    installSession(web, services, handoffs);
    installFormChecks(web);
    installErrorPages(web, services);

    await web.register(authRoutes(services));
    await web.register(accountRoutes(services));
    await web.register(teamRoutes(services));
    await web.register(crmRoutes(services));
    await web.register(dealRoutes(services));
    await web.register(exportRoutes(services));
    await web.register(callRoutes(services));
    await web.register(analyseCallRoutes(services));
    await web.register(coachingRoutes(services));
    await web.register(webhookRoutes(services));
    await web.register(usageRoutes(services));
    await web.register(searchRoutes(services));
  };
}

/** Security headers, then the session, locale, CSRF token, flash and hand-overs of each page request; pages that need a user send others to sign in. */
function installSession(web: FastifyInstance, services: Services, handoffs: HandoffService): void {
  web.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    if (isAsset(request.url)) return;
    if (request.is404 && !wantsPage(request)) {
      request.web = noWebState(request);
      return;
    }
    const token = request.cookies[COOKIE.session];
    const session = await services.sessions.resolve(token);
    let csrf = session?.csrf ?? request.cookies[COOKIE.csrf];
    if (!csrf) {
      csrf = randomToken();
      reply.setCookie(COOKIE.csrf, csrf, cookieOptions(request));
    }
    const flash = readFlash(request.cookies[COOKIE.flash]);
    if (flash) reply.clearCookie(COOKIE.flash, { path: '/' });
    const locale = localeFrom(session?.user.locale ?? request.cookies[COOKIE.lang], request.headers['accept-language']);
    const own = session && token ? { id: session.id, token } : null;
    // Something handed over by the form post that redirected here is read (and gone) on the next page.
    let handed: Handoffs = {};
    if (own && request.method === 'GET' && request.cookies[COOKIE.handoff]) {
      handed = await handoffs.take(own);
      reply.clearCookie(COOKIE.handoff, { path: '/' });
    }
    const hand: WebState['hand'] = async (kind, value) => {
      if (!own) throw new Error('a hand-over needs a session');
      await handoffs.put(own, kind, value);
      reply.setCookie(COOKIE.handoff, '1', cookieOptions(request, HANDOFF_MINUTES * 60));
    };
    request.web = { session, locale, csrf, flash, handed, hand, licenceInactive: session !== null && !session.licenceActive };

    const access = request.routeOptions.config?.access ?? 'user';
    if (access === 'public') return;
    if (!session) {
      const reading = request.method === 'GET' || request.method === 'HEAD';
      // A post from another site arrives without the (SameSite) session cookie: it is no
      // signed-out user's form but a forged one, and gets "This form has expired".
      if (!reading && fromAnotherSite(request)) throw new CsrfError();
      // A form sent, or a page opened, after the session ended: say so, and come back after signing in.
      if (!reading || token) {
        setFlash(request, reply, 'error', translator(locale)('signin.session_ended'));
        if (token) reply.clearCookie(COOKIE.session, { path: '/' });
      }
      // #restore: the browser kept what the form held (app.js) and puts it back on that page.
      return reply.redirect(`/signin?next=${encodeURIComponent(reading ? safeLocalPath(request.url) : `${backPath(request, '/')}#restore`)}`, 303);
    }
    if (access === 'admin' && session.user.role === 'member') throw new AppError('forbidden', 'Only owners and managers can open the Team page.');
  });
}

/** The browser says the request comes from another site (Sec-Fetch-Site, else Origin). */
function fromAnotherSite(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return origin === 'null' || new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

/** Every form post carries the session's CSRF token, meets the licence, and holds only storable text; HTML is never cached. */
function installFormChecks(web: FastifyInstance): void {
  // Every state-changing request must carry the token of this session (or of this browser before sign-in).
  web.addHook('preHandler', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.is404) return;
    const sent = (request.body as Record<string, unknown> | undefined)?._csrf;
    if (typeof sent !== 'string' || !tokensEqual(sent, request.web.csrf)) throw new CsrfError();
  });
  web.addHook('preHandler', licenceGate);
  // As in the API: text no database can keep (NUL, a lone surrogate; only scripts send it) changes nothing.
  web.addHook('preValidation', async (request) => {
    if (unstorableTextPath(request.params) !== null) throw new AppError('not_found', 'Not found.');
    const bad = unstorableTextPath(request.query) ?? unstorableTextPath(request.body);
    if (bad !== null) throw new AppError('validation_error', 'A field contains a NUL character or an unpaired surrogate, which cannot be stored.', { field: bad || 'body' });
  });

  web.addHook('onSend', async (request, reply, payload) => {
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** Errors and unknown addresses as pages in the user's language (or the API's body for JSON clients and /api paths). */
function installErrorPages(web: FastifyInstance, services: Services): void {
  web.setErrorHandler((err: FastifyError, request, reply) => {
    if (!request.web) request.web = noWebState(request);
    if (err instanceof CsrfError) {
      return renderErrorPage(request, reply, 403, ctxOf(request, null).t('error.expired_text'), services, { title: 'error.expired', back: backPath(request, '/') });
    }
    if (err instanceof AppError) {
      if (err.status === 401) return reply.redirect('/signin', 303);
      // Not found: the page title says it all. Otherwise the service's sentence, in the interface language where known.
      const message = err.status === 404 ? null : formErrorText(ctxOf(request, null).t, err, undefined);
      return renderErrorPage(request, reply, err.status, message, services);
    }
    if (err.validation || (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)) {
      return renderErrorPage(request, reply, 400, null, services);
    }
    request.log.error({ err }, 'unhandled error in the application');
    return renderErrorPage(request, reply, 500, null, services);
  });

  // Unknown addresses outside /api/v1 (which has its own): the page, or the API's body for JSON clients.
  web.setNotFoundHandler({ config: { access: 'public' } } as object, async (request, reply) => {
    const notFound = new AppError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`);
    // Another version or spelling of the API's path (/api/v2/me, /API/V1/me) is an unknown API
    // route: its key is counted and the answer carries the limit headers, as under /api/v1.
    if (/^\/api(\/|\?|$)/i.test(request.url)) return apiNotFound(services, request, reply, notFound.message).catch((e) => renderError(e, request, reply));
    if (!wantsPage(request)) return renderError(notFound, request, reply);
    if (!request.web) request.web = noWebState(request);
    return renderErrorPage(request, reply, 404, null, services);
  });
}
