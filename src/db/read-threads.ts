// Long reads on SQLite (searches) run in worker threads with read-only connections of their own,
// so they never hold up the event loop: better-sqlite3 is synchronous, and a search of tens of
// milliseconds on the main thread made every other request wait for it. WAL mode lets readers
// run beside the writer; each statement reads the latest commit, as on the main connection.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { rzLower } from './sqlite-functions.ts';

// Plain JavaScript, run with eval: the thread needs no TypeScript loader. Statements are kept by
// SQL text (bounded, least recently used out), like the main connection's.
const THREAD = `
const { workerData, parentPort } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { readonly: true });
db.pragma('busy_timeout = 5000');
db.function('rz_lower', { deterministic: true }, ${rzLower.toString()});
const cache = new Map();
parentPort.on('message', (m) => {
  if (m === 'stop') { db.close(); parentPort.close(); return; }
  try {
    let stmt = cache.get(m.sql);
    if (stmt) cache.delete(m.sql);
    else {
      stmt = db.prepare(m.sql);
      if (cache.size >= 200) cache.delete(cache.keys().next().value);
    }
    cache.set(m.sql, stmt);
    parentPort.postMessage({ id: m.id, rows: stmt.all(m.parameters) });
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: e instanceof Error ? e.message : String(e) });
  }
});
`;

interface Pending {
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  busy: number;
  exited: Promise<void>;
}

export class ReadThreads {
  // Started at the first long read, so a process that never searches starts no threads.
  private threads: Thread[] | null = null;
  private readonly pending = new Map<number, Pending>();
  private seq = 0;

  constructor(private readonly file: string, private readonly size: number) {}

  private start(): Thread[] {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    return Array.from({ length: this.size }, () => {
      const worker = new Worker(THREAD, { eval: true, workerData: { file: this.file, driver } });
      worker.unref();
      const thread: Thread = { worker, busy: 0, exited: new Promise((resolve) => worker.once('exit', () => resolve())) };
      worker.on('message', (m: { id: number; rows?: unknown[]; error?: string }) => {
        // An idle thread does not keep the process alive; a busy one does, until it answers.
        if (--thread.busy === 0) worker.unref();
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.error !== undefined) p?.reject(new Error(m.error));
        else p?.resolve(m.rows ?? []);
      });
      worker.on('error', (e) => this.failAll(e));
      return thread;
    });
  }

  /** Runs one read-only statement in the least busy thread. */
  run<R>(sql: string, parameters: readonly unknown[]): Promise<R[]> {
    this.threads ??= this.start();
    const thread = this.threads.reduce((a, b) => (b.busy < a.busy ? b : a));
    const id = ++this.seq;
    if (thread.busy++ === 0) thread.worker.ref();
    return new Promise<R[]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      thread.worker.postMessage({ id, sql, parameters });
    });
  }

  private failAll(e: Error): void {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  async close(): Promise<void> {
    await Promise.all((this.threads ?? []).map(async (t) => {
      t.worker.postMessage('stop');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([t.exited, new Promise((r) => (timer = setTimeout(r, 2000)))]);
      clearTimeout(timer);
      await t.worker.terminate();
    }));
    this.failAll(new Error('database closed'));
  }
}
