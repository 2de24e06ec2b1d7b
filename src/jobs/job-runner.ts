// One job runner per process (`rz serve`, `rz worker`): polls the jobs table every
// workerPollMs, wakes at once when this process enqueues, runs a bounded number of jobs at a
// time, renews their leases while they run, and on stop() waits for the running ones.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, JobTable } from '../db/schema.ts';
import type { DialectName } from '../db/database.ts';
import { JobRepository, onJobsEnqueued } from './job.repository.ts';
import { PermanentJobError, RescheduleJob, RetryJobLater, type JobContext, type JobKind, type JobTask, type JobTasks } from './job-types.ts';

export interface JobRunnerOptions {
  db: Kysely<Database>;
  dialect: DialectName;
  tasks: JobTasks;
  /** Jobs run at the same time in this process. */
  concurrency: number;
  pollMs: number;
  /** How long a claim holds without renewal; a dead worker's job is taken over after it. */
  leaseMs: number;
  /** First retry delay; doubles per attempt up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs?: number;
  workerId?: string;
  log?: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

export interface JobRunner {
  readonly workerId: string;
  /** Claim due jobs now (also called by the in-process enqueue notification). */
  wake(): void;
  /** Stops claiming and waits for the running jobs to finish. */
  stop(): Promise<void>;
}

export function backoffDelayMs(attempt: number, baseMs: number, maxMs: number): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  // Up to 20% jitter upwards, so jobs that failed together do not all retry together.
  return Math.round(exp * (1 + Math.random() * 0.2));
}

function errorText(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

export function startJobRunner(opts: JobRunnerOptions): JobRunner {
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const repo = new JobRepository(opts.db, opts.dialect);
  const backoffMaxMs = opts.backoffMaxMs ?? 3600_000;
  const running = new Set<Promise<void>>();
  let stopping = false;
  let ticking: Promise<void> | null = null;
  let again = false;

  const logError = (err: unknown, msg: string) => opts.log?.error({ err }, msg);

  async function execute(job: JobTable): Promise<void> {
    const task = opts.tasks[job.kind as JobKind] as JobTask<JobKind> | undefined;
    let payload: any;
    const abort = new AbortController();
    const ctx: JobContext = { jobId: job.id, attempt: job.attempts, maxAttempts: job.max_attempts, workerId, signal: abort.signal };
    const renew = setInterval(() => {
      repo.renew(job.id, workerId, opts.leaseMs).then((held) => {
        if (!held) abort.abort(new Error('lease lost'));
      }, (err) => logError(err, 'job lease renewal failed'));
    }, Math.max(10, Math.floor(opts.leaseMs / 3)));
    try {
      // Another process (a newer version) may know the kind: leave it to them, using no attempt.
      if (!task) throw new RescheduleJob(new Date(Date.now() + 60_000), `no task handles job kind "${job.kind}" in worker ${workerId}`);
      try {
        payload = JSON.parse(job.payload);
      } catch {
        throw new PermanentJobError('the job payload is not valid JSON');
      }
      // The worker that ran the last attempt died: give the job up instead of running it again.
      if (job.attempts > job.max_attempts) {
        await giveUp(job, task, payload, ctx, new Error(`gave up after ${job.max_attempts} attempts; the last worker stopped while running it`));
        return;
      }
      await task.run(payload, ctx);
      await repo.complete(job.id, workerId);
    } catch (err) {
      if (err instanceof RescheduleJob) {
        await repo.reschedule(job.id, workerId, err.runAt, err.message);
        return;
      }
      if (task && (err instanceof PermanentJobError || job.attempts >= job.max_attempts)) {
        await giveUp(job, task, payload, ctx, err);
        return;
      }
      let retryAt = Date.now() + backoffDelayMs(job.attempts, opts.backoffBaseMs, backoffMaxMs);
      // A server's Retry-After is a floor, never a reason to retry sooner than the backoff.
      if (err instanceof RetryJobLater) retryAt = Math.max(retryAt, err.notBefore.getTime());
      await repo.failAttempt(job.id, workerId, errorText(err), { retryAt: new Date(retryAt), giveUp: false });
    } finally {
      clearInterval(renew);
    }
  }

  async function giveUp(job: JobTable, task: JobTask<JobKind>, payload: any, ctx: JobContext, err: unknown): Promise<void> {
    try {
      if (payload !== undefined) await task.onFailed?.(payload, err, ctx);
    } catch (cleanupErr) {
      // The domain cleanup must happen before the job is marked failed: try again later.
      logError(cleanupErr, `job ${job.id} (${job.kind}): cleanup after failure failed`);
      const retryAt = new Date(Date.now() + backoffDelayMs(job.attempts, opts.backoffBaseMs, backoffMaxMs));
      await repo.failAttempt(job.id, workerId, errorText(err), { retryAt, giveUp: false });
      return;
    }
    await repo.failAttempt(job.id, workerId, errorText(err), { retryAt: new Date(), giveUp: true });
    opts.log?.warn({ jobId: job.id, kind: job.kind, error: errorText(err) }, 'job given up');
  }

  function launch(job: JobTable): void {
    const p = execute(job)
      .catch((err) => logError(err, `job ${job.id} (${job.kind}) could not be settled; its lease will expire`))
      .finally(() => {
        running.delete(p);
        wake();
      });
    running.add(p);
  }

  async function tick(): Promise<void> {
    do {
      again = false;
      const free = opts.concurrency - running.size;
      if (free <= 0 || stopping) return;
      try {
        // Jobs claimed while stop() began still run: stop() waits for them, so no lease dangles.
        const jobs = await repo.claim(workerId, free, opts.leaseMs);
        for (const job of jobs) launch(job);
      } catch (err) {
        logError(err, 'claiming jobs failed');
        return;
      }
    } while (again && !stopping);
  }

  function wake(): void {
    if (stopping) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = tick().finally(() => {
      ticking = null;
      // A wake that arrived after the last claim must not be lost until the next poll.
      if (again) wake();
    });
  }

  const poll = setInterval(wake, opts.pollMs);
  const unsubscribe = onJobsEnqueued(wake);
  wake();

  return {
    workerId,
    wake,
    async stop() {
      if (stopping) return;
      stopping = true;
      clearInterval(poll);
      unsubscribe();
      if (ticking) await ticking;
      await Promise.all([...running]);
    },
  };
}
