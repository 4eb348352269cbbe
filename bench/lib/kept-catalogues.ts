import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildSqliteCatalogue } from '../catalogue.ts';
import { tempDir } from './server.ts';
import { int } from './stats.ts';

/**
 * A data folder holding a SQLite catalogue of `vehicles` filled by the product's own generator
 * (bench/catalogue.ts), removed when the benchmark ends. Given `keepDir`, the filled catalogue
 * is kept there and copied on the next run instead of filled again (100,000 vehicles take
 * minutes).
 */
export async function catalogueFile(vehicles: number, keepDir: string | undefined): Promise<string> {
  const dataDir = tempDir(`pages-${vehicles}`);
  const file = path.join(dataDir, 'marketplace.db');
  const kept = keepDir ? path.join(keepDir, `pages-${vehicles}.db`) : undefined;
  if (kept && existsSync(kept)) {
    copyFileSync(kept, file);
    return dataDir;
  }
  const started = performance.now();
  await buildSqliteCatalogue(dataDir, { vehicles, users: 10 });
  console.log(`${int(vehicles)} vehicles: catalogue filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (kept && keepDir) {
    mkdirSync(keepDir, { recursive: true });
    copyFileSync(file, kept);
  }
  return dataDir;
}
