import { type Compilable, type CompiledQuery, createQueryId, type Kysely, type QueryResult } from 'kysely';

/** A value a reusable query takes: bound as one SQL parameter. */
export type QueryArg = string | number | null;

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each SQL parameter, the index of the argument it takes, or -1 for a constant of the query. */
  slots: number[];
}

/** Stands in for argument `i` while the query is compiled; nothing a caller could send contains NUL. */
const marker = (i: number) => `\u0000reusable-query-argument-${i}\u0000`;

function compileWithSlots<DBT, A extends QueryArg[], R>(
  db: Kysely<DBT>,
  build: (db: Kysely<DBT>, ...args: A) => Compilable<R>,
  count: number,
): Compiled<R> {
  const markers = Array.from({ length: count }, (_, i) => marker(i));
  const query = build(db, ...(markers as A)).compile();
  const slots = query.parameters.map((p) => (typeof p === 'string' ? markers.indexOf(p) : -1));
  // Every argument must reach the SQL as a parameter of its own, never inlined nor transformed,
  // or the cached text would answer for the first caller's values.
  markers.forEach((m, i) => {
    if (!slots.includes(i) || query.sql.includes(m))
      throw new Error(`reusable query: argument ${i} is not a plain parameter`);
  });
  return { query, slots };
}

/**
 * A query built and compiled once per database dialect, then run with new values.
 *
 * Building a Kysely query (an immutable tree, copied at each method call) and compiling it to SQL
 * costs 8-15 µs a query, more than SQLite takes to answer a primary-key lookup; the hot paths
 * (the session's user, a vehicle by id, a watch toggle, an offer) run several such queries per
 * request. The builder is called once with stand-ins for its arguments; each call then runs the
 * same SQL text with the arguments in their parameter slots. The SQL text being the same string
 * each time also spares the SQLite statement cache hashing a new one.
 *
 * Only for queries whose shape never depends on the argument values: each argument must be used
 * as a plain bound value (compiling checks this), not as a list, a column name or in a branch.
 */
export function reusableQuery<DBT, A extends QueryArg[], R>(
  build: (db: Kysely<DBT>, ...args: A) => Compilable<R>,
): (db: Kysely<DBT>, ...args: A) => Promise<QueryResult<R>> {
  // Keyed by the dialect adapter, which a database and its transactions share.
  const compiled = new WeakMap<object, Compiled<R>>();
  return async (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    let entry = compiled.get(adapter);
    if (!entry) {
      entry = compileWithSlots(db, build, args.length);
      compiled.set(adapter, entry);
    }
    const { query, slots } = entry;
    const parameters = slots.map((slot, i) => (slot >= 0 ? args[slot] : query.parameters[i]));
    return db.executeQuery<R>({ ...query, queryId: createQueryId(), parameters });
  };
}
