import { type RawBuilder, sql } from 'kysely';

/** LIKE wildcards in a search term are plain text: each of ! % _ is escaped with '!'. */
const escapeLike = (term: string) => term.replace(/[!%_]/g, '!$&');

/** Case-insensitive text match usable on both databases; the term is never a pattern. */
export const ilike = (column: string, term: string): RawBuilder<boolean> =>
  sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(term.toLowerCase())}%`} escape '!'`;
