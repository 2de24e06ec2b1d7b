// Prometheus metrics at GET /metrics (prom-client), installed when RZ_METRICS=1 or
// RZ_METRICS_TOKEN is set (docs: README, Operations). With a token, a scrape sends
// `Authorization: Bearer <token>`. Counters are this process's; the job queue is read from the
// database at each scrape, so it shows the work of every process.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import type { Services } from '../services.ts';
import { JobRepository } from '../jobs/job.repository.ts';
import { AppError } from '../errors/app-error.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest();

function authorised(request: FastifyRequest, token: string | null): boolean {
  if (token === null) return true;
  const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  // Hashes have one length, so the comparison takes the same time whatever was sent.
  return timingSafeEqual(sha256(given), sha256(token));
}

function instruments(registry: client.Registry) {
  const registers = [registry];
  return {
    requests: new client.Histogram({
      name: 'rz_http_request_duration_seconds',
      help: 'HTTP requests answered, by route template (unmatched: no route), method and status, with their durations.',
      labelNames: ['route', 'method', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    analyses: new client.Counter({
      name: 'rz_call_analyses_total',
      help: 'Call analyses this process settled, by outcome (done, failed).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    jobs: new client.Gauge({
      name: 'rz_jobs',
      help: 'Background jobs in the database (all processes), by kind and state: due (waiting for a worker), running, scheduled (later), failed (given up).',
      labelNames: ['kind', 'state'] as const,
      registers,
    }),
    oldestDue: new client.Gauge({
      name: 'rz_jobs_oldest_due_age_seconds',
      help: 'How long the oldest due job has been waiting for a worker (0 when none waits).',
      registers,
    }),
  };
}

export async function installMetrics(app: FastifyInstance, services: Services): Promise<void> {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const m = instruments(registry);
  for (const outcome of ['done', 'failed']) m.analyses.inc({ outcome }, 0);
  const unsubscribe = services.callAnalysis.onSettled((outcome) => m.analyses.inc({ outcome }));
  app.addHook('onClose', (_app, done) => {
    unsubscribe();
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route's template, never the raw path: ids in paths would make a series per row.
    const route = request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched');
    m.requests.observe({ route, method: request.method, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  const jobs = new JobRepository(services.handle.db, services.handle.dialect);
  app.get('/metrics', { schema: { hide: true }, config: { public: true } }, async (request, reply) => {
    if (!authorised(request, services.config.metrics.token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError('unauthenticated', 'GET /metrics needs Authorization: Bearer <RZ_METRICS_TOKEN>.');
    }
    const now = new Date();
    const depth = await jobs.depth(now);
    m.jobs.reset();
    for (const row of depth) m.jobs.set({ kind: row.kind, state: row.state }, row.n);
    const due = depth.filter((r) => r.state === 'due').map((r) => Date.parse(r.oldest));
    m.oldestDue.set(due.length ? Math.max(0, (now.getTime() - Math.min(...due)) / 1000) : 0);
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
