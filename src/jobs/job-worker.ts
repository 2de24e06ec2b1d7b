// The job runner of `rz serve` and `rz worker`, with the task of every job kind.
import type { Services } from '../services.ts';
import type { JobTasks } from './job-types.ts';
import { startJobRunner, type JobRunner, type JobRunnerOptions } from './job-runner.ts';

export function jobTasks(services: Services): JobTasks {
  return {
    'call.analyze': services.callAnalysis.task(),
  };
}

export function startJobWorker(services: Services, opts: { log?: JobRunnerOptions['log']; tasks?: JobTasks } = {}): JobRunner {
  const c = services.config;
  return startJobRunner({
    db: services.handle.db,
    dialect: services.handle.dialect,
    tasks: opts.tasks ?? jobTasks(services),
    concurrency: c.workerConcurrency,
    pollMs: c.workerPollMs,
    leaseMs: c.jobLeaseMs,
    backoffBaseMs: c.jobBackoffMs,
    log: opts.log,
  });
}
