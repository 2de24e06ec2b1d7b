// The one place that knows which database we run on. Everything else talks Kysely and calls
// the helpers here where SQLite and PostgreSQL differ (row locks, connection setup).
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createRequire } from 'node:module';
import type pgModule from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type CompiledQuery, type Migration, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database } from './schema.ts';
import { LiteralLimitsPlugin } from './literal-limits.plugin.ts';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer, type Checkpointer } from './wal-checkpointer.ts';
import { ReadThreads } from './read-threads.ts';
import { rzLower } from './sqlite-functions.ts';
import { holdDataDir } from './data-dir-lock.ts';
import * as m001 from './migrations/001_initial.ts';
import * as m002 from './migrations/002_web_indexes.ts';
import * as m003 from './migrations/003_nested_list_indexes.ts';
import * as m004 from './migrations/004_timeline_order.ts';
import * as m005 from './migrations/005_session_handoffs.ts';
import * as m006 from './migrations/006_transcript_content_hash.ts';
import * as m007 from './migrations/007_idempotency_result_id.ts';
import * as m008 from './migrations/008_unicode_lower.ts';
import * as m009 from './migrations/009_company_name_keys.ts';
import * as m010 from './migrations/010_stage_history_changes_only.ts';
import * as m011 from './migrations/011_search_composed_unicode.ts';
import * as m012 from './migrations/012_search_index.ts';

export type Db = Kysely<Database>;
/** The SQLite database's file name in RZ_DATA_DIR. */
export const SQLITE_FILE = 'rz.sqlite';
export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** Human-readable location (file path or URL without password) for logs. */
  location: string;
  close(): Promise<void>;
}

// pg loads only when a PostgreSQL URL is given: a CLI command on SQLite does not pay for loading it.
let pgLoaded: typeof pgModule | undefined;
function loadPg(): typeof pgModule {
  if (!pgLoaded) {
    pgLoaded = createRequire(import.meta.url)('pg') as typeof pgModule;
    // int8 (COUNT(*), bigint money) arrives as text from pg; our values fit in a JS number.
    pgLoaded.types.setTypeParser(20, (v) => Number(v));
  }
  return pgLoaded;
}

// The better-sqlite3 connection behind a Kysely instance, for the synchronous read path of
// prepared queries (src/db/prepared.ts). Transactions are other Kysely objects and are not here.
const sqliteHandles = new WeakMap<object, SQLite.Database>();
export function sqliteConnectionOf(db: object): SQLite.Database | undefined {
  return sqliteHandles.get(db);
}

// Transactions of a SQLite database (Kysely objects) whose prepared queries run directly on its
// connection: Kysely's SQLite driver has one connection, held by the transaction until it ends,
// so a statement run on it synchronously is the same statement in the same transaction, without
// the driver's promise hops.
const sqliteTransactions = new WeakMap<object, SQLite.Database>();
export function sqliteTransactionOf(tx: object): SQLite.Database | undefined {
  return sqliteTransactions.get(tx);
}

/**
 * Runs `fn` in a transaction of `db`; on SQLite its prepared queries (prepared.ts) run directly on
 * the connection the transaction holds. The transaction's boundaries are Kysely's, as usual.
 */
export function directTransaction<T>(db: Db, fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  const sqlite = sqliteHandles.get(db);
  return db.transaction().execute((tx) => {
    if (sqlite) sqliteTransactions.set(tx, sqlite);
    return fn(tx);
  });
}

// Read threads of a Kysely instance (SQLite in long-running processes), for readOffThread.
const readThreads = new WeakMap<object, ReadThreads>();

/**
 * Runs a read-only query that can take long (a search) in a read thread where the database has
 * them (SQLite under rz serve), so the event loop stays free; elsewhere (PostgreSQL, whose driver
 * never blocks; transactions; the CLI and tests) as usual.
 */
export async function readOffThread<R>(db: object & { executeQuery<T>(q: CompiledQuery<T>): Promise<{ rows: T[] }> }, query: { compile(): CompiledQuery<R> }): Promise<R[]> {
  const compiled = query.compile();
  const threads = readThreads.get(db);
  if (threads) return threads.run<R>(compiled.sql, compiled.parameters);
  return (await db.executeQuery(compiled)).rows;
}

/**
 * `backgroundCheckpoints`: for long-running processes, SQLite's WAL checkpoints run in a worker
 * thread instead of inside requests (see wal-checkpointer.ts). Short CLI commands and tests keep
 * SQLite's own automatic checkpoints.
 */
export function openDatabase(opts: { databaseUrl?: string | null; dataDir: string; poolSize?: number; backgroundCheckpoints?: boolean; readThreads?: number }): DatabaseHandle {
  if (opts.databaseUrl) {
    const pool = new (loadPg().Pool)({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new LiteralLimitsPlugin()] });
    const url = new URL(opts.databaseUrl);
    url.password = '';
    return { db, dialect: 'postgres', location: url.toString(), close: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  // Held while the database is open, so `rz restore` can tell that it is in use (data-dir-lock.ts).
  const hold = holdDataDir(opts.dataDir);
  const file = path.resolve(opts.dataDir, SQLITE_FILE);
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(file);
  } catch (err) {
    hold.release();
    throw err;
  }
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  registerSqliteFunctions(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), plugins: [new LiteralLimitsPlugin()] });
  sqliteHandles.set(db, sqlite);
  let checkpointer: Checkpointer | null = null;
  if (opts.backgroundCheckpoints) {
    sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    checkpointer = startCheckpointer(file);
  }
  const threads = opts.readThreads ? new ReadThreads(file, opts.readThreads) : null;
  if (threads) readThreads.set(db, threads);
  return {
    db, dialect: 'sqlite', location: file,
    close: async () => {
      await threads?.close();
      await checkpointer?.stop();
      await db.destroy();
      hold.release();
    },
  };
}

/**
 * Functions our SQL calls, on every connection that reads or writes RZ's tables (the search
 * index's triggers call rz_lower on every write of a searched column).
 */
export function registerSqliteFunctions(sqlite: SQLite.Database): void {
  sqlite.function('rz_lower', { deterministic: true }, rzLower);
}

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running the small
 * queries of an API request. Reuse prepared statements by SQL text (bounded, least recently used out).
 */
function withStatementCache(sqlite: SQLite.Database, max = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}

/** Row lock for read-modify-write inside a transaction. SQLite serialises writers already. */
export function forUpdate<DB, TB extends keyof DB, O>(
  dialect: DialectName,
  qb: SelectQueryBuilder<DB, TB, O>,
  opts: { skipLocked?: boolean } = {},
): SelectQueryBuilder<DB, TB, O> {
  if (dialect !== 'postgres') return qb;
  const locked = qb.forUpdate();
  return opts.skipLocked ? locked.skipLocked() : locked;
}

/**
 * Serialises transactions that count rows and then insert one (a check-then-act with no row to
 * lock) across processes: on PostgreSQL an advisory lock per name, held until the transaction
 * ends. Names are locked in sorted order, so two transactions never wait on each other in a
 * cycle. SQLite needs none: a writing statement takes the database's single write lock first.
 */
export async function lockNames(dialect: DialectName, tx: Db, names: string[]): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const name of [...new Set(names)].sort()) await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(tx);
}

/**
 * A reader-writer lock per name across processes, held until the transaction ends: on PostgreSQL
 * an advisory lock, shared or exclusive (writes that must not interleave with one rare change,
 * which takes it exclusively). SQLite needs none, for the reason given at lockNames.
 */
export async function lockName(dialect: DialectName, tx: Db, name: string, mode: 'shared' | 'exclusive'): Promise<void> {
  if (dialect !== 'postgres') return;
  if (mode === 'shared') await sql`select pg_advisory_xact_lock_shared(hashtextextended(${name}, 0))`.execute(tx);
  else await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(tx);
}

/**
 * Runs several reads against one snapshot, so rows and their children read in separate
 * statements agree (a commit between them is seen by all or none). PostgreSQL needs REPEATABLE
 * READ for that; SQLite's transaction keeps its read snapshot from the first read on (its driver
 * ignores the isolation level).
 */
export function readSnapshot<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(fn);
}

/** A cheap round trip to the database (health checks); throws when it cannot be reached. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The migrations this code knows that the database has not applied yet (readiness). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  let applied: Set<string>;
  try {
    applied = new Set((await sql<{ name: string }>`select name from rz_migrations`.execute(db)).rows.map((r) => r.name));
  } catch (err) {
    // No migration table yet: nothing applied. Any other failure (the database is gone) is the caller's.
    if (!/no such table|does not exist/.test(err instanceof Error ? err.message : '')) throw err;
    applied = new Set();
  }
  return Object.keys(migrations).filter((name) => !applied.has(name));
}

/** The names of the migrations this version knows, in order (a restore checks a backup against them). */
export function knownMigrations(): string[] {
  return Object.keys(migrations);
}

const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_web_indexes': m002,
  '003_nested_list_indexes': m003,
  '004_timeline_order': m004,
  '005_session_handoffs': m005,
  '006_transcript_content_hash': m006,
  '007_idempotency_result_id': m007,
  '008_unicode_lower': m008,
  '009_company_name_keys': m009,
  '010_stage_history_changes_only': m010,
  '011_search_composed_unicode': m011,
  '012_search_index': m012,
};

/** Runs the migrations not yet run, up to the latest (or, for tests of a migration, up to `to`). */
export async function migrate(db: Db, opts: { to?: string } = {}): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'rz_migrations',
    migrationLockTableName: 'rz_migrations_lock',
  });
  const { error, results } = await (opts.to ? migrator.migrateTo(opts.to) : migrator.migrateToLatest());
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
