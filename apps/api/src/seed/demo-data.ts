import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';

/** Demo catalogue for a fresh install (filled in by the seed work; see docs/decisions). */
export async function seedDemoData(_database: Database, _config: Config): Promise<void> {}
