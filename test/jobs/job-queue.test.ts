import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
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

async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
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

  function runner(tasks: JobTasks, opts: Partial<JobRunnerOptions> = {}): JobRunner {
    const r = startJobRunner({ db: handle.db, dialect: handle.dialect, tasks, concurrency: 4, pollMs: 30, leaseMs: 5_000, backoffBaseMs: 100, ...opts });
    runners.push(r);
    return r;
  }

  async function enqueue(tag: string, opts: { maxAttempts?: number; runAt?: Date } = {}): Promise<string> {
    const id = await handle.db.transaction().execute((tx) => enqueueJob(tx, 'test.work', { tag }, opts));
    notifyJobsEnqueued();
    return id;
  }

  const job = (id: string) => handle.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

  it('runs a job written in a committed transaction, never one from a rolled-back one, and deletes it when done', async () => {
    const seen: string[] = [];
    const r = runner({ 'test.work': { run: async (p) => { seen.push(p.tag); } } });
    await handle.db.transaction().execute(async (tx) => {
      await enqueueJob(tx, 'test.work', { tag: 'rolled-back' });
      throw new Error('rollback');
    }).catch(() => undefined);
    const id = await enqueue('committed');
    await waitFor('the job to run and be deleted', async () => seen.includes('committed') && !(await job(id)));
    await sleep(100);
    assert.deepEqual(seen, ['committed']);
    await r.stop();
  });

  it('retries a failing job with exponential backoff, recording the error, until it succeeds', async () => {
    const runsAt: number[] = [];
    const r = runner({
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

  it('gives a job up after max_attempts: failed_at set, the row kept for inspection, onFailed called once', async () => {
    let runs = 0;
    const failed: string[] = [];
    const r = runner({
      'test.work': {
        run: async () => { runs++; throw new Error('always broken'); },
        onFailed: async (p, err) => { failed.push(`${p.tag}: ${(err as Error).message}`); },
      },
    }, { backoffBaseMs: 20 });
    const id = await enqueue('doomed', { maxAttempts: 3 });
    const row = await waitFor('the job to be given up', async () => {
      const j = await job(id);
      return j?.failed_at ? j : undefined;
    });
    await sleep(150);
    assert.equal(runs, 3);
    assert.equal(row.attempts, 3);
    assert.match(row.last_error ?? '', /always broken/);
    assert.deepEqual(failed, ['doomed: always broken']);
    assert.ok(await job(id), 'a given-up job is kept');
    await r.stop();
  });

  it('gives up at once on PermanentJobError and puts a job back without using an attempt on RescheduleJob', async () => {
    let permanentRuns = 0;
    let waits = 0;
    const r = runner({
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

  it('takes over the job of a dead worker once its lease expires, not before', async () => {
    const ranAt: number[] = [];
    const id = await enqueue('orphan');
    // A worker claimed it and died: the lease holds for another 400 ms.
    const leaseEnd = Date.now() + 400;
    await handle.db.updateTable('jobs').set({ locked_by: 'dead-worker', locked_until: new Date(leaseEnd).toISOString(), attempts: 1 }).where('id', '=', id).execute();
    const r = runner({ 'test.work': { run: async () => { ranAt.push(Date.now()); } } });
    await waitFor('the orphaned job to run', async () => ranAt.length === 1 && !(await job(id)));
    assert.ok(ranAt[0] >= leaseEnd, 'not run while the dead worker still held the lease');
    await r.stop();
  });

  it('gives a job up without running it when the worker of its last attempt died', async () => {
    let runs = 0;
    const failed: string[] = [];
    const id = await enqueue('last-gasp', { maxAttempts: 2 });
    await handle.db.updateTable('jobs').set({ locked_by: 'dead-worker', locked_until: new Date(Date.now() - 1).toISOString(), attempts: 2 }).where('id', '=', id).execute();
    const r = runner({ 'test.work': { run: async () => { runs++; }, onFailed: async (p) => { failed.push(p.tag); } } });
    const row = await waitFor('the job to be given up', async () => {
      const j = await job(id);
      return j?.failed_at ? j : undefined;
    });
    assert.equal(runs, 0);
    assert.deepEqual(failed, ['last-gasp']);
    assert.match(row.last_error ?? '', /last worker stopped/);
    await r.stop();
  });

  it('leaves a job of a kind this process does not handle for another process, using no attempt', async () => {
    const id = 'jb_01JUNKNOWNKIND000000000000';
    const now = new Date().toISOString();
    await handle.db.insertInto('jobs').values({ id, kind: 'newer.kind', payload: '{}', run_at: now, attempts: 0, max_attempts: 5, locked_by: null, locked_until: null, last_error: null, failed_at: null, created_at: now }).execute();
    const r = runner({ 'test.work': { run: async () => undefined } });
    const row = await waitFor('the job to be put back', async () => {
      const j = await job(id);
      return j?.last_error ? j : undefined;
    });
    assert.equal(row.attempts, 0);
    assert.equal(row.failed_at, null);
    assert.match(row.last_error ?? '', /no task handles job kind "newer.kind"/);
    assert.ok(Date.parse(row.run_at) > Date.now() + 30_000);
    await r.stop();
    await handle.db.deleteFrom('jobs').where('id', '=', id).execute();
  });

  it('renews the lease of a long job, so another runner never takes it over', async () => {
    let runs = 0;
    const tasks: JobTasks = { 'test.work': { run: async () => { runs++; await sleep(900); } } };
    const a = runner(tasks, { leaseMs: 200 });
    const id = await enqueue('long');
    await waitFor('the long job to start', () => runs === 1);
    const b = runner(tasks, { leaseMs: 200 });
    await waitFor('the long job to finish', async () => !(await job(id)));
    await sleep(300);
    assert.equal(runs, 1);
    await a.stop();
    await b.stop();
  });

  it('wakes at once when this process enqueues, without waiting for the poll', async () => {
    const seen: string[] = [];
    const r = runner({ 'test.work': { run: async (p) => { seen.push(p.tag); } } }, { pollMs: 60_000 });
    await sleep(50);
    const t0 = Date.now();
    await enqueue('now');
    await waitFor('the job to run', () => seen.includes('now'), 2_000);
    assert.ok(Date.now() - t0 < 2_000);
    await r.stop();
  });

  it('runs at most `concurrency` jobs at a time, and stop() waits for the running ones', async () => {
    let active = 0;
    let peak = 0;
    let finished = 0;
    const r = runner({
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

  it('two runners (on PostgreSQL with their own connection pools) never run the same job twice', async () => {
    await handle.db.deleteFrom('jobs').execute();
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
    const a = runner(tasks('a'), { concurrency: 8, pollMs: 5 });
    const b = startJobRunner({ db: second.db, dialect: second.dialect, tasks: tasks('b'), concurrency: 8, pollMs: 5, leaseMs: 5_000, backoffBaseMs: 100 });
    runners.push(b);
    await waitFor('every job to run', async () => {
      const left = await handle.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(left.n) === 0;
    }, 30_000);
    await a.stop();
    await b.stop();
    assert.equal(runs.size, n);
    assert.deepEqual([...runs.values()].filter((c) => c !== 1), [], 'every job ran exactly once');
    assert.ok((byRunner.get('a') ?? 0) > 0 && (byRunner.get('b') ?? 0) > 0, `both runners worked: ${JSON.stringify([...byRunner])}`);
  });
});
