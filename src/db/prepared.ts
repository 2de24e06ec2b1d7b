// Hot-path queries compiled once per database dialect: building and compiling a Kysely query
// costs more than SQLite takes to run it. The query is built with marker arguments; each call
// swaps the real values into the compiled parameter list and runs it on the given database or
// transaction. Arguments named in `literals` (integer limits) are built into the SQL instead,
// one compiled form per value (see literal-limits.plugin.ts for why).
//
// On SQLite, a call on the database itself (not a transaction) while no transaction is open
// runs the statement at once, synchronously: it is one atomic autocommit step either way, and
// skipping Kysely's connection queue saves several promise hops per query. So does a call in a
// transaction begun with directTransaction (database.ts), which holds the one connection. Rows come back as
// arrays and are made into objects by a function built for the statement's columns, which is
// about twice as fast as better-sqlite3 building them (a 51-row page: 99 µs instead of 183 µs).
import type { CompiledQuery, Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Database } from './schema.ts';
import { sqliteConnectionOf, sqliteTransactionOf } from './database.ts';

const MARK = '\u0000rz-arg:';

interface Compilable<R> {
  compile(): CompiledQuery<R>;
}

interface DirectStatement {
  stmt: SQLite.Statement;
  /** Row array to object; null for a statement that returns no rows. */
  toRow: ((values: unknown[]) => unknown) | null;
}

interface Prepared<R> {
  compiled: CompiledQuery<R>;
  slots: number[];
  direct: WeakMap<SQLite.Database, DirectStatement>;
}

function directStatement(sqlite: SQLite.Database, sql: string): DirectStatement {
  const stmt = sqlite.prepare(sql);
  if (!stmt.reader) return { stmt, toRow: null };
  stmt.raw(true);
  // Column names are our schema's (never user input); a later duplicate name wins, as in better-sqlite3.
  const fields = stmt.columns().map((c, i) => `${JSON.stringify(c.name)}: v[${i}]`);
  return { stmt, toRow: new Function('v', `return { ${fields.join(', ')} };`) as (values: unknown[]) => unknown };
}

export function prepareQuery<A extends unknown[], R>(arity: A['length'], build: (db: Kysely<Database>, ...args: A) => Compilable<R>, opts: { unused?: number[]; literals?: number[] } = {}) {
  const literals = opts.literals ?? [];
  // Keyed by the dialect adapter, which a database and its transactions share, then by the literal values.
  const byAdapter = new WeakMap<object, Map<string, Prepared<R>>>();
  const prepare = (db: Kysely<Database>, args: A): Prepared<R> => {
    const buildArgs = Array.from({ length: arity }, (_, i) => (literals.includes(i) ? args[i] : `${MARK}${i}`)) as A;
    const compiled = build(db, ...buildArgs).compile();
    const slots = compiled.parameters.map((p) => (typeof p === 'string' && p.startsWith(MARK) ? Number(p.slice(MARK.length)) : -1));
    const used = new Set(slots.filter((s) => s >= 0));
    if (used.size + (opts.unused?.length ?? 0) + literals.length !== arity) throw new Error('prepareQuery: every argument must reach the query as a parameter');
    return { compiled, slots, direct: new WeakMap() };
  };
  return async (db: Kysely<Database>, ...args: A): Promise<R[]> => {
    const adapter = db.getExecutor().adapter as object;
    let forms = byAdapter.get(adapter);
    if (!forms) byAdapter.set(adapter, (forms = new Map()));
    const key = literals.length === 0 ? '' : literals.map((i) => {
      if (!Number.isSafeInteger(args[i])) throw new Error('prepareQuery: a literal argument must be an integer');
      return String(args[i]);
    }).join(',');
    let p = forms.get(key);
    if (!p) forms.set(key, (p = prepare(db, args)));
    const parameters = p.compiled.parameters.map((v, i) => (p.slots[i] >= 0 ? args[p.slots[i]] : v));
    const root = sqliteConnectionOf(db);
    const sqlite = root && !root.inTransaction ? root : sqliteTransactionOf(db);
    if (sqlite) {
      let d = p.direct.get(sqlite);
      if (!d) p.direct.set(sqlite, (d = directStatement(sqlite, p.compiled.sql)));
      if (!d.toRow) {
        d.stmt.run(parameters);
        return [];
      }
      return (d.stmt.all(parameters) as unknown[][]).map(d.toRow) as R[];
    }
    const result = await db.executeQuery<R>({ ...p.compiled, parameters });
    return result.rows;
  };
}
