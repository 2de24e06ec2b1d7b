// Hot-path queries compiled once per database dialect: building and compiling a Kysely query
// costs more than SQLite takes to run it. The query is built with marker arguments; each call
// swaps the real values into the compiled parameter list and runs it on the given database or
// transaction. Arguments named in `literals` (integer limits) are built into the SQL instead,
// one compiled form per value (see literal-limits.plugin.ts for why).
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.ts';

const MARK = '\u0000rz-arg:';

interface Compilable<R> {
  compile(): CompiledQuery<R>;
}

interface Prepared<R> {
  compiled: CompiledQuery<R>;
  slots: number[];
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
    return { compiled, slots };
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
    const result = await db.executeQuery<R>({ ...p.compiled, parameters });
    return result.rows;
  };
}
