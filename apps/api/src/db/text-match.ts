import { type RawBuilder, sql } from 'kysely';
import { foldAccents } from '@vm/shared/slug';

/** LIKE wildcards in a search term are plain text: each of ! % _ is escaped with '!'. */
const escapeLike = (term: string) => term.replace(/[!%_]/g, '!$&');

/** Case-insensitive text match usable on both databases; the term is never a pattern. */
export const ilike = (column: string, term: string): RawBuilder<boolean> =>
  sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(term.toLowerCase())}%`} escape '!'`;

/**
 * A text column in lower case with its accents folded ("Citroën" → "citroen"), null read as '':
 * vm_fold, a function of the connection on SQLite (db/database.ts, foldAccents of
 * packages/shared/src/slug.ts) and of the schema on PostgreSQL (migration 007).
 */
export function foldedColumn(column: string): RawBuilder<string> {
  return sql<string>`vm_fold(${sql.ref(column)})`;
}

/**
 * Every word of `text` appears in at least one of the columns, in any order, without regard to
 * case or accents ("911 porsche" finds "2019 Porsche 911 GT3 Touring"). Words are split on
 * whitespace; each is a literal, never a pattern. At most `maxWords` words are used.
 */
export function allWordsMatch(columns: readonly string[], text: string, maxWords = 8): RawBuilder<boolean> {
  const words = foldAccents(text).split(/\s+/).filter(Boolean).slice(0, maxWords);
  if (words.length === 0) return sql<boolean>`1 = 1`;
  const haystack = sql.join(
    columns.map((c) => foldedColumn(c)),
    sql` || ' ' || `,
  );
  const conditions = words.map((word) => sql<boolean>`(${haystack}) like ${`%${escapeLike(word)}%`} escape '!'`);
  return sql<boolean>`(${sql.join(conditions, sql` and `)})`;
}

/** The column starts with `prefix`, without regard to case or accents (the admin model filter). */
export function foldedPrefix(column: string, prefix: string): RawBuilder<boolean> {
  return sql<boolean>`${foldedColumn(column)} like ${`${escapeLike(foldAccents(prefix))}%`} escape '!'`;
}
