// Backup and restore of the SQLite database (rz backup, rz restore). PostgreSQL has its own
// tools (pg_dump, pg_restore); the CLI says so.
// Backup: SQLite's online backup API through the open connection. The database is in WAL mode,
// so copying rz.sqlite by hand while it runs can miss committed pages that are still in the WAL;
// the backup API reads one consistent snapshot (WAL included) while others go on writing.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sqliteConnectionOf, knownMigrations, SQLITE_FILE, type DatabaseHandle } from './database.ts';
import { takeDataDirExclusively } from './data-dir-lock.ts';

export class BackupError extends Error {}

// Copy every page in one step: a step that reads the whole database is one snapshot, whereas
// small steps restart from the first page whenever another process writes between two of them.
const ALL_PAGES = 0x7fffffff;

export async function backupSqlite(handle: DatabaseHandle, to: string): Promise<{ file: string; bytes: number; pages: number }> {
  const sqlite = sqliteConnectionOf(handle.db);
  if (!sqlite) throw new BackupError('backup needs the SQLite database');
  const file = path.resolve(to);
  if (fs.existsSync(file)) throw new BackupError(`${file} exists; choose a new file name (a backup never overwrites one)`);
  if (!fs.existsSync(path.dirname(file))) throw new BackupError(`the directory ${path.dirname(file)} does not exist`);
  // Written under a temporary name and renamed when complete: a failed backup leaves no file that looks finished.
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    const { totalPages } = await sqlite.backup(partial, { progress: () => ALL_PAGES });
    // A self-contained file (no WAL beside it), whatever the source's journal mode.
    const copy = new SQLite(partial);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    fs.renameSync(partial, file);
    return { file, bytes: fs.statSync(file).size, pages: totalPages };
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

/**
 * Checks that `file` is an intact RZ database this version can run: SQLite's integrity_check,
 * and a migrations table whose migrations this version all knows (a backup of a newer RZ is refused).
 */
function checkRzDatabase(file: string): { migrations: number } {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { fileMustExist: true });
    const integrity = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
    if (integrity.length !== 1 || integrity[0].integrity_check !== 'ok') {
      throw new BackupError(`the file fails SQLite's integrity check: ${integrity.slice(0, 3).map((r) => r.integrity_check).join('; ')}`);
    }
    const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'rz_migrations'").get();
    if (!table) throw new BackupError('the file is a SQLite database but not an RZ database (no rz_migrations table)');
    const names = (db.prepare('select name from rz_migrations').all() as Array<{ name: string }>).map((r) => r.name);
    const known = new Set(knownMigrations());
    const unknown = names.filter((n) => !known.has(n));
    if (unknown.length) throw new BackupError(`the backup comes from a newer RZ (migrations ${unknown.join(', ')} are unknown to this version); restore it with that version`);
    // Self-contained from here on: no WAL to carry along into the data directory.
    db.pragma('journal_mode = DELETE');
    return { migrations: names.length };
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`the file is not a usable SQLite database: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    db?.close();
  }
}

/** Moves the current database (with its WAL, checkpointed into it first) aside; returns where, or null if there was none. */
function moveAside(target: string): string | null {
  if (!fs.existsSync(target)) return null;
  const current = new SQLite(target);
  current.pragma('wal_checkpoint(TRUNCATE)');
  current.pragma('journal_mode = DELETE');
  current.close();
  const aside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  fs.renameSync(target, aside);
  for (const extra of ['-wal', '-shm']) fs.rmSync(`${target}${extra}`, { force: true });
  return aside;
}

/**
 * Replaces the database in `dataDir` with the backup `from`, while no process uses the directory
 * (else DataDirInUse). The backup is copied in and checked before anything is replaced; the
 * previous database is kept beside it as rz.sqlite.before-restore-<time>.
 */
export function restoreSqlite(dataDir: string, from: string): { restored: string; previous: string | null; migrations: number } {
  const source = path.resolve(from);
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) throw new BackupError(`${source} does not exist or is not a file`);
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = takeDataDirExclusively(dataDir);
  const target = path.resolve(dataDir, SQLITE_FILE);
  const incoming = `${target}.restoring`;
  try {
    fs.rmSync(incoming, { force: true });
    fs.copyFileSync(source, incoming);
    const { migrations } = checkRzDatabase(incoming);
    const previous = moveAside(target);
    fs.renameSync(incoming, target);
    return { restored: target, previous, migrations };
  } finally {
    fs.rmSync(incoming, { force: true });
    lock.release();
  }
}
