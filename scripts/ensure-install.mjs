// Installs dependencies when they are missing or older than the lockfile, so `npm start` and
// `npm test` work as the first command on a fresh clone.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const lock = 'package-lock.json';
const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);
const nativeMissing = !existsSync('node_modules/better-sqlite3/build/Release/better_sqlite3.node');
if (stale || nativeMissing) {
  console.log('Installing dependencies (first run; better-sqlite3 may compile for about a minute)...');
  // `npm install`, not `npm ci`: npm 11 leaves other platforms' optional binaries (biome) out of the
  // lockfile and `npm ci` then refuses it as out of sync. The lockfile still pins every version.
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
}
