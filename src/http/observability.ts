// What an operator's load balancer, proxy and monitoring read, outside /api/v1 (no API key, not
// counted against a team's request limit): GET /healthz (the process answers and reaches its
// database), GET /readyz (and the database has every migration this code needs), the request id
// of every answer, and Prometheus metrics at GET /metrics when configured (metrics.ts).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { pendingMigrations, ping } from '../db/database.ts';

/** Short and of safe characters: it goes into every log line of the request. */
const SANE_REQUEST_ID = /^[\w.:+=/-]{1,128}$/;
/** A database that does not answer within this counts as unreachable. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * Fastify's genReqId: the X-Request-Id a client or proxy sent, when it is sane, so one id follows
 * a request through the proxy's logs and ours; else a new UUID.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * One log line per request, when it has been answered: its id (request_id), method, url, status
 * and duration (responseTime, ms). Fastify's own two lines (incoming, completed) cost a pino
 * write each on every request; errors are logged as Fastify logs them.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'request_id' });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

async function databaseAnswers(services: Services): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS); });
  try {
    return await Promise.race([ping(services.handle.db).then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function unavailable(reply: FastifyReply, body: Record<string, unknown>) {
  return reply.code(503).header('cache-control', 'no-store').send(body);
}

export async function installObservability(app: FastifyInstance, services: Services): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // Ready until the process starts stopping: then 503, so a load balancer that still holds a
  // connection to it sends new work elsewhere while its open requests finish.
  let stopping = false;
  app.addHook('preClose', (done) => {
    stopping = true;
    done();
  });
  const stopped = (reply: FastifyReply) => reply.code(503).header('connection', 'close').send({ status: 'stopping' });

  app.get('/healthz', { schema: { hide: true }, config: { public: true } }, async (_request, reply) => {
    if (stopping) return stopped(reply);
    if (!(await databaseAnswers(services))) return unavailable(reply, { status: 'unavailable', database: 'unreachable' });
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: { hide: true }, config: { public: true } }, async (_request, reply) => {
    if (stopping) return stopped(reply);
    if (!(await databaseAnswers(services))) return unavailable(reply, { status: 'not_ready', database: 'unreachable' });
    const pending = await pendingMigrations(services.handle.db).catch(() => null);
    if (pending === null) return unavailable(reply, { status: 'not_ready', database: 'unreachable' });
    if (pending.length > 0) return unavailable(reply, { status: 'not_ready', database: 'ok', pending_migrations: pending });
    return { status: 'ready', database: 'ok' };
  });

  if (services.config.metrics.enabled) {
    // prom-client loads only when metrics are on: start-up time of every other install.
    const { installMetrics } = await import('./metrics.ts');
    await installMetrics(app, services);
  }
}
