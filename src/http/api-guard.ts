// What every /api/v1 request goes through before its handler: bearer key (401), the daily
// request limit (429, headers on every answer), licence (402), scope (403), Idempotency-Key.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, Scope } from '../common/actor.ts';
import { AppError, validation } from '../errors/app-error.ts';
import type { Services } from '../services.ts';
import { unstorableTextPath } from './stored-text.ts';
import { runUnderIdempotencyKey } from '../idempotency/idempotency-scope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
    licenceInactive?: boolean;
    idem?: { keyId: string; key: string; claimedAt: string };
  }
  interface FastifyContextConfig {
    /** Scope a key needs; default: read for GET, write for everything else. */
    scope?: Scope;
    /** Route is reachable without a key (health, docs). */
    public?: boolean;
    /** The service checks the licence itself, after every body check (POST /calls: decisions.md order). */
    licenceInService?: boolean;
  }
}

export function bearerSecret(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  // Node keeps only the first of two Authorization headers; two credentials are no credential.
  const raw = request.raw.rawHeaders;
  let seen = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].length === 13 && raw[i].toLowerCase() === 'authorization' && ++seen > 1) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1] : null;
}

/** Authenticates the key and counts the request against the team's daily limit, with the limit headers (429 past it); null for an unknown key. */
export async function countApiRequest(services: Services, secret: string, reply: FastifyReply) {
  const counted = await services.requestLimits.authenticateAndHit(services.identity, secret);
  if (!counted) return null;
  const { auth, limit } = counted;
  reply.header('X-RateLimit-Limit', String(limit.limit));
  reply.header('X-RateLimit-Remaining', String(limit.remaining));
  reply.header('X-RateLimit-Reset', String(limit.reset));
  if (limit.exceeded) {
    throw new AppError('rate_limited', `More than ${limit.limit} requests today for this team; the limit resets at 00:00 UTC.`, {}, { 'Retry-After': String(limit.retryAfter) });
  }
  return auth;
}

/** A request under /api/v1 that names no route (or one the router cannot decode): 404, counted with the limit headers when its key authenticates. */
export async function apiNotFound(services: Services, request: FastifyRequest, reply: FastifyReply, message: string): Promise<never> {
  const secret = bearerSecret(request);
  if (secret) await countApiRequest(services, secret, reply);
  throw new AppError('not_found', message);
}

/** The hooks every /api/v1 request passes: the key, its scopes and licence; query and body hygiene; the Idempotency-Key. */
export function installApiGuard(app: FastifyInstance, services: Services): void {
  app.decorateRequest('actor', null as unknown as Actor);
  installAuthentication(app, services);
  installInputHygiene(app);
  installLicenceAndIdempotency(app, services);
}

/** The key authenticates, is counted against the team's limit and holds the scope the route needs. */
function installAuthentication(app: FastifyInstance, services: Services): void {
  const countRequest = (secret: string, reply: FastifyReply) => countApiRequest(services, secret, reply);
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (config?.public) return;
    const secret = bearerSecret(request);
    // An unknown route answers 404 whatever the key; a key that authenticates is still counted
    // and gets the limit headers, like every other answer to it.
    if (request.is404) {
      if (secret) await countRequest(secret, reply);
      return;
    }
    if (!secret) throw new AppError('invalid_key', 'Send your API key as Authorization: Bearer <API_KEY>.');
    const auth = await countRequest(secret, reply);
    if (!auth) throw new AppError('invalid_key', 'The API key is unknown or has been revoked.');

    const writes = request.method !== 'GET' && request.method !== 'HEAD';
    const needed: Scope = config?.scope ?? (writes ? 'write' : 'read');
    if (!auth.actor.scopes.has(needed)) {
      throw new AppError('missing_scope', `This API key lacks the ${needed} scope.`);
    }
    request.actor = auth.actor;
    request.licenceInactive = auth.licence !== 'active' && !config?.licenceInService && (writes || auth.actor.role === 'member' || needed === 'write');
  });
}

function installInputHygiene(app: FastifyInstance): void {
  // An empty query parameter (`?status=`, as a form with an empty select sends it) counts as
  // not given, on every list alike: the default applies instead of a 422. A parameter given twice
  // (`?limit=1&limit=2`) answers 422 naming it (field), not the wrong-type list.
  // Text no database can keep as sent (NUL, a lone surrogate): an id that holds it names no row
  // (404); a query parameter or body field holding it answers 422 naming it.
  app.addHook('preValidation', (request, _reply, done) => {
    if (unstorableTextPath(request.params) !== null) return done(new AppError('not_found', 'Not found.'));
    const query = request.query as Record<string, unknown> | undefined;
    if (query) {
      for (const k of Object.keys(query)) {
        if (Array.isArray(query[k])) return done(validation(k, `${k} was given more than once; give it once.`));
        if (query[k] === '') delete query[k];
      }
      const bad = unstorableTextPath(query);
      if (bad !== null) return done(validation(bad, `${bad} contains a NUL character or an unpaired surrogate, which cannot be stored.`));
    }
    const bad = unstorableTextPath(request.body);
    if (bad !== null) return done(validation(bad || 'body', `${bad || 'body'} contains a NUL character or an unpaired surrogate, which cannot be stored.`));
    done();
  });
}

/** An inactive licence refuses after validation; a POST with an Idempotency-Key is claimed, replayed or run under the key. */
function installLicenceAndIdempotency(app: FastifyInstance, services: Services): void {
  const startIdempotent = async (request: FastifyRequest, reply: FastifyReply, key: string): Promise<boolean> => {
    const path = request.routeOptions.url ? request.url.split('?')[0] : request.url;
    const start = await services.idempotency.start({ keyId: request.actor.keyId!, teamId: request.actor.teamId, idemKey: key, method: request.method, path, body: request.body });
    if (start.kind === 'replay') {
      reply.header('Idempotent-Replayed', 'true');
      reply.code(start.status).type('application/json; charset=utf-8').send(start.body);
      return true;
    }
    request.idem = { keyId: request.actor.keyId!, key, claimedAt: start.claimedAt };
    return false;
  };

  // Callback-style hooks: most requests pass straight through, without a promise per hook.
  app.addHook('preHandler', (request, reply, done) => {
    // After body validation: a malformed request answers 422 whatever the licence (decisions.md order).
    if (request.licenceInactive) {
      const reads = request.method === 'GET' || request.method === 'HEAD';
      done(new AppError('licence_inactive', reads
        ? "The team's licence is not in force; members' keys can neither read nor write until it is."
        : "The team's licence is not in force; nothing can be written."));
      return;
    }
    const raw = request.method === 'POST' && request.actor?.keyId ? request.headers['idempotency-key'] : undefined;
    if (raw === undefined) {
      done();
      return;
    }
    // A replayed answer has been sent: the handler must not run, so done() is not called.
    // The handler runs under the key, so its write transaction marks it committed (idempotency-scope.ts).
    startIdempotent(request, reply, Array.isArray(raw) ? raw[0] : raw).then((replayed) => {
      if (!replayed) runUnderIdempotencyKey({ keyId: request.idem!.keyId, idemKey: request.idem!.key, claimedAt: request.idem!.claimedAt }, () => done());
    }, done);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const idem = request.idem;
    if (!idem) {
      done(null, payload);
      return;
    }
    request.idem = undefined;
    services.idempotency.finish(idem.keyId, idem.key, idem.claimedAt, reply.statusCode, typeof payload === 'string' ? payload : String(payload ?? ''))
      .then(() => done(null, payload), (err) => done(err));
  });
}
