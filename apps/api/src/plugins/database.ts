import type { Kysely } from 'kysely';
import fp from 'fastify-plugin';
import type { Database, Dialect } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>;
    dialect: Dialect;
  }
}

/** Exposes the database to routes. The caller owns opening and closing it. */
export const databasePlugin = fp<{ database: Database }>(async (app, { database }) => {
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
});
