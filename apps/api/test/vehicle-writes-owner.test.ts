import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Only the vehicles feature writes the vehicles table (issue #37, docs/ARCHITECTURE.md): offers,
 * auctions, watch, users and the seed ask it (features/vehicles/vehicle-writes.ts), so the one
 * rule of the read path, that a change a vehicle's answer shows moves its `updated_at` or the
 * catalogue version (docs/decisions/143-one-plain-read-path.md), is kept in one folder.
 * dependency-cruiser sees imports, not SQL: this reads the source.
 */
const SRC = path.resolve(import.meta.dirname, '../src');
const OWNERS = [path.join(SRC, 'features/vehicles'), path.join(SRC, 'db/migrations')];
const WRITES = [
  /(updateTable|insertInto|deleteFrom|replaceInto)\(\s*['"]vehicles['"]/,
  /\b(update|insert\s+into|delete\s+from|replace\s+into)\s+vehicles\b/i,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the owner of vehicle writes', () => {
  it('finds no write to the vehicles table outside features/vehicles (and the migrations)', () => {
    const writers = sourceFiles(SRC)
      .filter((file) => !OWNERS.some((owner) => file.startsWith(`${owner}${path.sep}`)))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            WRITES.some((write) => write.test(line)) ? [`${path.relative(SRC, file)}:${i + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(writers).toEqual([]);
  });

  it('would catch one: the patterns match a write in either spelling', () => {
    for (const line of ["await trx.updateTable('vehicles').set({ status })", 'sql`UPDATE vehicles SET status = ?`'])
      expect(
        WRITES.some((write) => write.test(line)),
        line,
      ).toBe(true);
    expect(WRITES.some((write) => write.test("db.selectFrom('vehicles')"))).toBe(false);
  });
});
