import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from './database.ts';

/**
 * A list of ids as one bound parameter, a JSON array the database reads back as rows, for
 * `where id in (...)`. One SQL text for any number of ids, compiled and prepared once: an
 * `IN (?, ?, ...)` list is a new statement for every length, which SQLite prepares and plans
 * again (with its samples) each time; 20 cards' rows, tags and photos took 0.7 ms that way on
 * 100,000 vehicles, 0.4 ms this way (docs/decisions/129-per-request-answers.md). Nor does it
 * meet either database's limit on bound parameters.
 */
export const idList: Record<Dialect, (json: string) => RawBuilder<string>> = {
  sqlite: (json) => sql<string>`(select value from json_each(${json}))`,
  postgres: (json) => sql<string>`(select json_array_elements_text(${json}::json))`,
};
