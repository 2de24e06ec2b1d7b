// Who is using a SQLite data directory. Every process that opens the database (rz serve, rz
// worker, a CLI command, a test) holds a shared lock on `rz.lock` beside it for as long as it
// has the database open; `rz restore` takes the lock exclusively, so it refuses while any of them
// runs, and a process that starts during a restore waits until the restore is done.
// The lock is SQLite's own file lock on that (empty) file: the kernel drops it when a process
// ends, however it ends (kill -9 included), so a crashed server never leaves a stale lock the way
// a pid file would.
import path from 'node:path';
import SQLite from 'better-sqlite3';

export const LOCK_FILE = 'rz.lock';

/** How long a starting process waits for a restore that holds the directory. */
const WAIT_FOR_RESTORE_MS = 60_000;

export interface DataDirLock {
  release(): void;
}

/** A shared hold: an open read transaction on the lock file, kept until release. */
export function holdDataDir(dataDir: string): DataDirLock {
  const lock = new SQLite(path.join(dataDir, LOCK_FILE));
  try {
    lock.pragma(`busy_timeout = ${WAIT_FOR_RESTORE_MS}`);
    lock.exec('BEGIN');
    lock.prepare('select count(*) from sqlite_master').get();
  } catch (err) {
    lock.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY') throw new Error(`the data directory ${dataDir} is being restored (rz restore); try again when it is done`);
    throw err;
  }
  return { release: () => lock.close() };
}

/** The exclusive hold of `rz restore`; throws DataDirInUse at once while any process holds the directory. */
export function takeDataDirExclusively(dataDir: string): DataDirLock {
  const lock = new SQLite(path.join(dataDir, LOCK_FILE));
  try {
    lock.pragma('busy_timeout = 0');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    lock.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY') throw new DataDirInUse(dataDir);
    throw err;
  }
  return { release: () => lock.close() };
}

export class DataDirInUse extends Error {
  constructor(dataDir: string) {
    super(`the database in ${dataDir} is in use (rz serve, rz worker or another rz command has it open); stop them first`);
  }
}
