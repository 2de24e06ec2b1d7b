// Background work that runs inside `rz serve` and `rz worker`: periodic upkeep now; the job
// runner and the webhook dispatcher hook in here.
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.ts';
import { startJobWorker } from '../jobs/job-worker.ts';
import { startWebhookWorker } from '../webhooks/webhook.worker.ts';

export interface Background {
  stop(): Promise<void>;
}

export function startBackground(services: Services, opts: { log?: FastifyBaseLogger } = {}): Background {
  const upkeep = setInterval(() => {
    services.idempotency.purgeExpired().catch((err) => opts.log?.error({ err }, 'idempotency purge failed'));
  }, 10 * 60_000);
  upkeep.unref();
  services.preloadAnalyzer();
  const jobs = startJobWorker(services, { log: opts.log });
  const webhooks = startWebhookWorker(services, { log: opts.log });
  return {
    async stop() {
      clearInterval(upkeep);
      await jobs.stop();
      await webhooks.stop();
    },
  };
}
