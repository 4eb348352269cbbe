import v8 from 'node:v8';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './open-database.ts';
import { ensureInitialData } from './seed/initial-data.ts';

const HEAP_GROWING_PERCENT = 150;

/**
 * After each full collection V8 lets the heap grow to 2.5 times what is live, rather than by a
 * factor it picks from how fast the program allocates: under steady traffic the memory the
 * server holds then stays put, where it used to swing by a third (decision 105). It also means
 * an idle server keeps 2.5 times its live heap instead of shrinking to nearly what is live. V8
 * reads the flag at every collection, so setting it here is enough; a value given on the node
 * command line wins.
 */
if (!process.execArgv.some((arg) => arg.replaceAll('_', '-').startsWith('--heap-growing-percent'))) {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

const config = loadConfig();
const database = await openDatabase(config);
const admin = await ensureInitialData(database, config);
const app = await buildApp({ config, database });

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
const lines = [
  '',
  `  Vehicle marketplace is running at ${url}`,
  `  Admin back office: ${url}/admin`,
  `  Admin login: ${admin.email} / ${admin.password ?? '(the password you set when this database was created)'}`,
  `  API docs: ${url}/api/docs`,
  '',
];
console.log(lines.join('\n'));
