import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** Distinct SQL texts prepared by name: the app has a few hundred query shapes. */
const MAX_NAMED_STATEMENTS = 1000;

/**
 * A PostgreSQL pool for Kysely whose queries run as named prepared statements (decision 103).
 * Kysely sends every query unnamed, so PostgreSQL parses and analyses its text again each time;
 * node-postgres prepares a named statement once per connection and then only binds values. Each
 * distinct text with parameters gets one name for the life of the pool (at most
 * MAX_NAMED_STATEMENTS; later texts run unnamed). A text without parameters runs as before, on
 * the simple protocol, where several statements in one text are allowed (migrations).
 */
export function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
      name = `vm_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  // Kysely keeps one connection object per client it is handed, by identity: hand back the same wrapper.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's overloads (text or cursor) map onto pg's
    query(textOrCursor: any, parameters?: ReadonlyArray<unknown>): any {
      if (typeof textOrCursor !== 'string') return client.query(textOrCursor);
      const values = parameters ? [...parameters] : [];
      const name = values.length > 0 ? nameOf(textOrCursor) : undefined;
      return name === undefined
        ? client.query(textOrCursor, values)
        : client.query({ name, text: textOrCursor, values });
    },
    release: () => client.release(),
  });
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
