import { after, before, beforeEach, describe, it, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { Kysely, KyselyPlugin } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import type { Database } from '../../src/db/schema.ts';
import { enqueueJob, notifyJobsEnqueued } from '../../src/jobs/job.repository.ts';
import { startJobRunner, type JobRunner, type JobRunnerOptions } from '../../src/jobs/job-runner.ts';
import { PermanentJobError, RescheduleJob, type JobTasks } from '../../src/jobs/job-types.ts';
import { openTestDatabase, type TestDatabase } from '../helpers/database.ts';

// Test-only job kinds, typed like the real ones.
declare module '../../src/jobs/job-types.ts' {
  interface JobPayloads {
    'test.work': { tag: string };
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Generous: a deadline only says when to give up on a condition; at load 50 on two cores a second of work takes a minute.
async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 180_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * The database as a runner sees it, counting its claims that have returned (a claim is the
 * runner's only SELECT): lets a test wait until a runner has looked, instead of sleeping.
 */
function countingClaims(db: Kysely<Database>): { db: Kysely<Database>; claims(): number } {
  let claims = 0;
  const selects = new Set<string>();
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      if (args.node.kind === 'SelectQueryNode') selects.add(args.queryId.queryId);
      return args.node;
    },
    transformResult: async (args) => {
      if (selects.delete(args.queryId.queryId)) claims++;
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), claims: () => claims };
}

describe('job queue', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const runners: JobRunner[] = [];
  const extraHandles: DatabaseHandle[] = [];

  let close: () => Promise<void>;

  before(async () => {
    ({ database, handle, close } = await openTestDatabase());
  });
  after(async () => {
    for (const r of runners) await r.stop();
    for (const h of extraHandles) await h.close();
    await close();
  });
  // Every test starts on an empty queue: what a failed test left behind is not the next one's work.
  beforeEach(async () => { await handle.db.deleteFrom('jobs').execute(); });

  /** A runner that is stopped when the test ends, pass or fail, so it never takes the next test's jobs. */
  function runner(t: TestContext, tasks: JobTasks, opts: Partial<JobRunnerOptions> = {}): JobRunner {
    const r = startJobRunner({ db: handle.db, dialect: handle.dialect, tasks, concurrency: 4, pollMs: 30, leaseMs: 5_000, backoffBaseMs: 100, ...opts });
    runners.push(r);
    t.after(() => r.stop());
    return r;
  }

  async function enqueue(tag: string, opts: { maxAttempts?: number; runAt?: Date } = {}): Promise<string> {
    const id = await handle.db.transaction().execute((tx) => enqueueJob(tx, 'test.work', { tag }, opts));
    notifyJobsEnqueued();
    return id;
  }

  const job = (id: string) => handle.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

  it('runs a job written in a committed transaction, never one from a rolled-back one, and deletes it when done', async (t) => {
    const seen: string[] = [];
    const r = runner(t, { 'test.work': { run: async (p) => { seen.push(p.tag); } } });
    await handle.db.transaction().execute(async (tx) => {
      await enqueueJob(tx, 'test.work', { tag: 'rolled-back' });
      throw new Error('rollback');
    }).catch(() => undefined);
    const id = await enqueue('committed');
    await waitFor('the job to run and be deleted', async () => seen.includes('committed') && !(await job(id)));
    await r.stop();
    assert.deepEqual(seen, ['committed']);
    assert.deepEqual(await handle.db.selectFrom('jobs').select('id').execute(), [], 'the rolled-back job was never written');
  });

  it('retries a failing job with exponential backoff, recording the error, until it succeeds', async (t) => {
    const runsAt: number[] = [];
    const r = runner(t, {
      'test.work': {
        run: async () => {
          runsAt.push(Date.now());
          if (runsAt.length < 3) throw new Error(`flaky ${runsAt.length}`);
        },
      },
    }, { backoffBaseMs: 150 });
    const id = await enqueue('retry');
    await waitFor('the second failure to be recorded', async () => (await job(id))?.last_error?.includes('flaky 2'));
    const mid = await job(id);
    assert.equal(mid?.attempts, 2);
    assert.equal(mid?.failed_at, null);
    assert.equal(mid?.locked_by, null);
    await waitFor('the third run to succeed', async () => runsAt.length === 3 && !(await job(id)));
    assert.ok(runsAt[1] - runsAt[0] >= 150, `first retry after ${runsAt[1] - runsAt[0]} ms`);
    assert.ok(runsAt[2] - runsAt[1] >= 300, `second retry after ${runsAt[2] - runsAt[1]} ms (doubled)`);
    await r.stop();
  });

  it('gives a job up after max_attempts: failed_at set, the row kept for inspection, onFailed called once', async (t) => {
    let runs = 0;
    const failed: string[] = [];
    const counted = countingClaims(handle.db);
    const r = runner(t, {
      'test.work': {
        run: async () => { runs++; throw new Error('always broken'); },
        onFailed: async (p, err) => { failed.push(`${p.tag}: ${(err as Error).message}`); },
      },
    }, { backoffBaseMs: 20, db: counted.db });
    const id = await enqueue('doomed', { maxAttempts: 3 });
    const row = await waitFor('the job to be given up', async () => {
      const j = await job(id);
      return j?.failed_at ? j : undefined;
    });
    // The runner looks twice more after giving up: a given-up job must not be claimed again.
    const seenClaims = counted.claims();
    await waitFor('two more claims', () => counted.claims() >= seenClaims + 2);
    await r.stop();
    assert.equal(runs, 3);
    assert.equal(row.attempts, 3);
    assert.match(row.last_error ?? '', /always broken/);
    assert.deepEqual(failed, ['doomed: always broken']);
    assert.ok(await job(id), 'a given-up job is kept');
    await r.stop();
  });

  it('gives up at once on PermanentJobError and puts a job back without using an attempt on RescheduleJob', async (t) => {
    let permanentRuns = 0;
    let waits = 0;
    const r = runner(t, {
      'test.work': {
        run: async (p) => {
          if (p.tag === 'permanent') {
            permanentRuns++;
            throw new PermanentJobError('cannot ever work');
          }
          if (waits++ < 2) throw new RescheduleJob(new Date(Date.now() + 50), 'not yet');
        },
      },
    });
    const permanent = await enqueue('permanent');
    const later = await enqueue('later', { maxAttempts: 1 });
    await waitFor('the permanent failure', async () => (await job(permanent))?.failed_at);
    await waitFor('the rescheduled job to finish', async () => !(await job(later)));
    assert.equal(permanentRuns, 1);
    assert.equal(waits, 3, 'two reschedules did not use up its single attempt');
    await r.stop();
  });

  it('takes over the job of a dead worker once its lease expires, not before', async (t) => {
    const ranAt: number[] = [];
    const id = await enqueue('orphan');
    // A worker claimed it and died: the lease holds for another 400 ms.
    const leaseEnd = Date.now() + 400;
    await handle.db.updateTable('jobs').set({ locked_by: 'dead-worker', locked_until: new Date(leaseEnd).toISOString(), attempts: 1 }).where('id', '=', id).execute();
    const r = runner(t, { 'test.work': { run: async () => { ranAt.push(Date.now()); } } });
    await waitFor('the orphaned job to run', async () => ranAt.length === 1 && !(await job(id)));
    assert.ok(ranAt[0] >= leaseEnd, 'not run while the dead worker still held the lease');
    await r.stop();
  });

  it('gives a job up without running it when the worker of its last attempt died', async (t) => {
    let runs = 0;
    const failed: string[] = [];
    const id = await enqueue('last-gasp', { maxAttempts: 2 });
    await handle.db.updateTable('jobs').set({ locked_by: 'dead-worker', locked_until: new Date(Date.now() - 1).toISOString(), attempts: 2 }).where('id', '=', id).execute();
    const r = runner(t, { 'test.work': { run: async () => { runs++; }, onFailed: async (p) => { failed.push(p.tag); } } });
    const row = await waitFor('the job to be given up', async () => {
      const j = await job(id);
      return j?.failed_at ? j : undefined;
    });
    assert.equal(runs, 0);
    assert.deepEqual(failed, ['last-gasp']);
    assert.match(row.last_error ?? '', /last worker stopped/);
    await r.stop();
  });

  it('leaves a job of a kind this process does not handle for another process, using no attempt', async (t) => {
    const id = 'jb_01JUNKNOWNKIND000000000000';
    const now = new Date().toISOString();
    await handle.db.insertInto('jobs').values({ id, kind: 'newer.kind', payload: '{}', run_at: now, attempts: 0, max_attempts: 5, locked_by: null, locked_until: null, last_error: null, failed_at: null, created_at: now }).execute();
    const r = runner(t, { 'test.work': { run: async () => undefined } });
    const row = await waitFor('the job to be put back', async () => {
      const j = await job(id);
      return j?.last_error ? j : undefined;
    });
    assert.equal(row.attempts, 0);
    assert.equal(row.failed_at, null);
    assert.match(row.last_error ?? '', /no task handles job kind "newer.kind"/);
    assert.ok(Date.parse(row.run_at) > Date.now() + 30_000);
    await r.stop();
  });

  it('renews the lease of a long job, so another runner never takes it over', async (t) => {
    // The job runs for twice its lease, renewed every third of it: a renewal would have to be
    // more than 1.3 s late for the lease to lapse, which load does not stretch it to.
    const leaseMs = 2_000;
    let runs = 0;
    let heldPastLease: string | null | undefined;
    const tasks: JobTasks = {
      'test.work': {
        run: async (_p, ctx) => {
          runs++;
          const claimedAt = Date.now();
          await sleep(leaseMs * 1.5);
          // Past the end of the lease it was claimed with: still ours only if it was renewed.
          heldPastLease = (await job(ctx.jobId))?.locked_by;
          await sleep(Math.max(0, claimedAt + 2 * leaseMs - Date.now()));
        },
      },
    };
    const a = runner(t, tasks, { leaseMs });
    const id = await enqueue('long');
    await waitFor('the long job to start', () => runs === 1);
    const b = runner(t, tasks, { leaseMs });
    await waitFor('the long job to finish', async () => !(await job(id)));
    await a.stop();
    await b.stop();
    assert.equal(heldPastLease, a.workerId, 'the lease was renewed');
    assert.equal(runs, 1, 'the other runner never took the job over');
  });

  it('wakes at once when this process enqueues, without waiting for the poll', async (t) => {
    const seen: string[] = [];
    const counted = countingClaims(handle.db);
    // The next poll is ten minutes away: only the enqueue notification can run the job sooner.
    const r = runner(t, { 'test.work': { run: async (p) => { seen.push(p.tag); } } }, { pollMs: 600_000, db: counted.db });
    await waitFor('the first (empty) claim', () => counted.claims() >= 1);
    await enqueue('now');
    await waitFor('the job to run', () => seen.includes('now'), 300_000);
    await r.stop();
  });

  it('runs at most `concurrency` jobs at a time, and stop() waits for the running ones', async (t) => {
    let active = 0;
    let peak = 0;
    let finished = 0;
    const r = runner(t, {
      'test.work': {
        run: async () => {
          active++;
          peak = Math.max(peak, active);
          await sleep(150);
          active--;
          finished++;
        },
      },
    }, { concurrency: 3 });
    const ids = [];
    for (let i = 0; i < 9; i++) ids.push(await enqueue(`c${i}`));
    await waitFor('jobs to start', () => active > 0);
    await r.stop();
    assert.equal(active, 0, 'stop() returned only after the running jobs finished');
    assert.ok(finished >= 1 && finished < 9, `stopped part-way (${finished} of 9 done)`);
    assert.ok(peak <= 3, `peak concurrency ${peak}`);
    const left = await handle.db.selectFrom('jobs').select(['id', 'locked_by']).where('id', 'in', ids).execute();
    assert.equal(left.length, 9 - finished);
    assert.ok(left.every((j) => j.locked_by === null), 'no job is left leased by the stopped runner');
  });

  it('two runners (on PostgreSQL with their own connection pools) never run the same job twice', async (t) => {
    const runs = new Map<string, number>();
    const byRunner = new Map<string, number>();
    const tasks = (name: string): JobTasks => ({
      'test.work': {
        run: async (p) => {
          runs.set(p.tag, (runs.get(p.tag) ?? 0) + 1);
          byRunner.set(name, (byRunner.get(name) ?? 0) + 1);
          await sleep(Math.random() * 10);
        },
      },
    });
    // PostgreSQL: a second connection pool, as a second process would have. SQLite runs in one
    // process with one connection (better-sqlite3 waits for locks synchronously, so two
    // connections of one process would block each other): both runners share it there.
    let second = handle;
    if (handle.dialect === 'postgres') {
      second = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      extraHandles.push(second);
    }
    const n = 200;
    await handle.db.insertInto('jobs').values(Array.from({ length: n }, (_, i) => ({
      id: `jb_${String(i).padStart(26, '0')}`, kind: 'test.work', payload: JSON.stringify({ tag: `j${i}` }), run_at: new Date().toISOString(),
      attempts: 0, max_attempts: 5, locked_by: null, locked_until: null, last_error: null, failed_at: null, created_at: new Date().toISOString(),
    }))).execute();
    const a = runner(t, tasks('a'), { concurrency: 8, pollMs: 5 });
    const b = runner(t, tasks('b'), { concurrency: 8, pollMs: 5, db: second.db, dialect: second.dialect });
    await waitFor('every job to run', async () => {
      const left = await handle.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(left.n) === 0;
    }, 300_000);
    await a.stop();
    await b.stop();
    assert.equal(runs.size, n);
    assert.deepEqual([...runs.values()].filter((c) => c !== 1), [], 'every job ran exactly once');
    assert.ok((byRunner.get('a') ?? 0) > 0 && (byRunner.get('b') ?? 0) > 0, `both runners worked: ${JSON.stringify([...byRunner])}`);
  });
});
