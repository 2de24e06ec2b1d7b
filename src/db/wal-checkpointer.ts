// Long-running processes (rz serve, rz worker) move SQLite's WAL checkpoints off the event loop.
// With automatic checkpoints, every thousandth page written makes one request copy the WAL into
// the database file and fsync it: measured, that doubled the average COMMIT of a contact
// upsert (160 µs instead of 82 µs) and put multi-millisecond stalls into the request path. A
// worker thread with its own connection checkpoints PASSIVE (never blocking a reader or writer)
// a few times a second instead. The automatic checkpoint stays, set much higher, as the bound on
// the WAL's size should the thread ever fall behind.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';

const EVERY_MS = 1000;
export const FALLBACK_AUTOCHECKPOINT_PAGES = 20_000;

// Plain JavaScript, run with eval: the thread needs no TypeScript loader.
const THREAD = `
const { workerData, parentPort } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.every);
parentPort.on('message', () => { clearInterval(timer); try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} db.close(); parentPort.close(); });
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(file: string): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD, { eval: true, workerData: { file, driver, every: EVERY_MS } });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      // Kept alive until the thread has closed its connection (bounded, should it hang).
      worker.ref();
      worker.postMessage('stop');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 2000)))]);
      clearTimeout(timer);
      await worker.terminate();
    },
  };
}
