import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/database.ts';

/**
 * Decision 103: on PostgreSQL every query with parameters runs as a named prepared statement,
 * parsed once per connection; a text without parameters (several statements, as migrations
 * send) still runs on the simple protocol.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL prepared statements', () => {
  it('prepares a query with parameters once per connection and runs it with each call’s values', async () => {
    const database = openPostgres(process.env.TEST_DATABASE_URL as string, { max: 1 });
    try {
      const { db } = database;
      const prepared = async () =>
        Number((await sql<{ n: string }>`select count(*) as n from pg_prepared_statements`.execute(db)).rows[0]?.n);
      const before = await prepared();
      const square = (x: number) => sql<{ y: number }>`select ${x}::int * ${x}::int as y`.execute(db);
      expect((await square(3)).rows[0]?.y).toBe(9);
      expect(await prepared()).toBe(before + 1);
      expect((await square(12)).rows[0]?.y).toBe(144);
      expect(await prepared()).toBe(before + 1);
      // Several statements in one text without parameters still work.
      await sql`create temporary table prepared_check (n int); insert into prepared_check values (1), (2)`.execute(db);
      const { rows } = await sql<{ n: string }>`select count(*) as n from prepared_check where n > ${0}`.execute(db);
      expect(Number(rows[0]?.n)).toBe(2);
    } finally {
      await database.close();
    }
  });
});
