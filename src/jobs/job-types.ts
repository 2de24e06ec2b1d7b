// Typed job payloads, like graphile-worker's task list: each job kind maps to its payload type,
// so enqueueJob and the task handlers agree at compile time. A capability adds its kind here
// (or by declaration merging from its own module).
export interface JobPayloads {
  /** Analyse a pushed call (src/calls/call-analysis.service.ts). */
  'call.analyze': { team_id: string; call_id: string };
}

export type JobKind = keyof JobPayloads;

export interface JobContext {
  jobId: string;
  /** 1 on the first run; counts every claim, including runs whose worker died. */
  attempt: number;
  maxAttempts: number;
  workerId: string;
  /** Aborted when this worker lost the job's lease (another worker may take it over). */
  signal: AbortSignal;
}

export interface JobTask<K extends JobKind> {
  run(payload: JobPayloads[K], ctx: JobContext): Promise<void>;
  /**
   * Called when the job is given up (its last attempt failed, or it threw PermanentJobError),
   * before the job row is marked failed: puts the domain state right (e.g. a call ends `failed`).
   */
  onFailed?(payload: JobPayloads[K], error: unknown, ctx: JobContext): Promise<void>;
}

export type JobTasks = { [K in JobKind]?: JobTask<K> };

/** Thrown by a task that cannot run yet: the job is put back for `runAt` without using an attempt. */
export class RescheduleJob extends Error {
  constructor(readonly runAt: Date, reason: string) {
    super(reason);
    this.name = 'RescheduleJob';
  }
}

/** Thrown by a task whose failure no retry can fix: the job is given up at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** Thrown by a task that failed for now and knows when to try again (e.g. Retry-After): uses an attempt, retried no earlier than `notBefore`. */
export class RetryJobLater extends Error {
  constructor(readonly notBefore: Date, message: string) {
    super(message);
    this.name = 'RetryJobLater';
  }
}
