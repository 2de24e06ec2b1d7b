// The durable job queue in the `jobs` table. A job is written in the same transaction as the
// change that needs it, claimed under a lease (locked_by/locked_until), deleted when it
// succeeds, retried with backoff when it fails, and kept with failed_at once it is given up.
import { sql, type Kysely } from 'kysely';
import type { Database, JobTable } from '../db/schema.ts';
import { forUpdate, type DialectName } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import { nowIso } from '../lib/time.ts';
import type { JobKind, JobPayloads } from './job-types.ts';

export const DEFAULT_MAX_ATTEMPTS = 5;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
}

/** Writes a job inside the caller's transaction; call notifyJobsEnqueued() after commit. */
export async function enqueueJob<K extends JobKind>(tx: Kysely<Database>, kind: K, payload: JobPayloads[K], opts: EnqueueOptions = {}): Promise<string> {
  const id = newId('job');
  const now = nowIso();
  await tx.insertInto('jobs').values({
    id, kind, payload: JSON.stringify(payload), run_at: opts.runAt ? opts.runAt.toISOString() : now, attempts: 0,
    max_attempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, locked_by: null, locked_until: null, last_error: null,
    failed_at: null, created_at: now,
  }).execute();
  return id;
}

// Runners of this process are told after commit so they start at once (latency); other
// processes find the job on their next poll (correctness never depends on the notification).
type Listener = () => void;
const listeners = new Set<Listener>();
export function onJobsEnqueued(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
export function notifyJobsEnqueued(): void {
  for (const fn of listeners) fn();
}

const ERROR_MAX = 2000;

export class JobRepository {
  constructor(private readonly db: Kysely<Database>, private readonly dialect: DialectName) {}

  /**
   * Claims up to `limit` due jobs for this worker: not given up, run_at reached, and not leased
   * (or the lease of a dead worker expired). SKIP LOCKED on PostgreSQL lets several workers
   * claim side by side; the lease check in the UPDATE keeps a claim exclusive on SQLite too.
   */
  async claim(workerId: string, limit: number, leaseMs: number, now = new Date()): Promise<JobTable[]> {
    const at = now.toISOString();
    const until = new Date(now.getTime() + leaseMs).toISOString();
    return this.db.transaction().execute(async (tx) => {
      // Select the ids first, then update exactly those: as a subquery of the UPDATE,
      // PostgreSQL may evaluate `LIMIT n FOR UPDATE SKIP LOCKED` more than once and lease more than n.
      const due = await forUpdate(this.dialect, tx.selectFrom('jobs').select('id')
        .where('failed_at', 'is', null)
        .where('run_at', '<=', at)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
        .orderBy('run_at').orderBy('id')
        .limit(limit), { skipLocked: true }).execute();
      if (due.length === 0) return [];
      return tx.updateTable('jobs')
        .set({ locked_by: workerId, locked_until: until, attempts: sql<number>`attempts + 1` })
        .where('id', 'in', due.map((r) => r.id))
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
        .returningAll()
        .execute();
    });
  }

  /** Extends the lease of a running job; false when this worker no longer holds it. */
  async renew(id: string, workerId: string, leaseMs: number): Promise<boolean> {
    const res = await this.db.updateTable('jobs').set({ locked_until: new Date(Date.now() + leaseMs).toISOString() })
      .where('id', '=', id).where('locked_by', '=', workerId).executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** A job that succeeded is deleted. */
  async complete(id: string, workerId: string): Promise<void> {
    await this.db.deleteFrom('jobs').where('id', '=', id).where('locked_by', '=', workerId).execute();
  }

  /**
   * One UPDATE records a failed attempt: the lease is released and the job either waits for
   * its next attempt at `retryAt` (backoff from the attempt count of this claim) or, when
   * `giveUp`, is kept with failed_at for inspection.
   */
  async failAttempt(id: string, workerId: string, error: string, opts: { retryAt: Date; giveUp: boolean }): Promise<void> {
    await this.db.updateTable('jobs').set({
      run_at: opts.retryAt.toISOString(),
      last_error: error.slice(0, ERROR_MAX),
      locked_by: null,
      locked_until: null,
      failed_at: opts.giveUp ? nowIso() : null,
    }).where('id', '=', id).where('locked_by', '=', workerId).execute();
  }

  /** Puts a job back for later without using up an attempt (the task could not run yet). */
  async reschedule(id: string, workerId: string, runAt: Date, reason: string): Promise<void> {
    await this.db.updateTable('jobs').set({
      run_at: runAt.toISOString(), attempts: sql<number>`attempts - 1`, last_error: reason.slice(0, ERROR_MAX),
      locked_by: null, locked_until: null,
    }).where('id', '=', id).where('locked_by', '=', workerId).execute();
  }

  /**
   * The queue by kind and state (metrics): `due` (waiting for a worker), `running` (leased),
   * `scheduled` (a retry or a paused analysis, later), `failed` (given up, kept for inspection),
   * with the oldest run_at of each.
   */
  async depth(now = new Date()): Promise<Array<{ kind: string; state: 'due' | 'running' | 'scheduled' | 'failed'; n: number; oldest: string }>> {
    const at = now.toISOString();
    const state = sql<string>`case when failed_at is not null then 'failed' when locked_until >= ${at} then 'running' when run_at <= ${at} then 'due' else 'scheduled' end`;
    // Grouped by position: PostgreSQL does not see a parameterised expression repeated in GROUP BY as the same one.
    const { rows } = await sql<{ kind: string; state: 'due' | 'running' | 'scheduled' | 'failed'; n: number | string; oldest: string }>`
      select kind, ${state} as state, count(*) as n, min(run_at) as oldest from jobs group by 1, 2`.execute(this.db);
    return rows.map((r) => ({ ...r, n: Number(r.n) }));
  }

  byId(id: string): Promise<JobTable | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
