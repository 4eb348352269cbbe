import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { startBackgroundWork } from './background-work.ts';
import { loadConfig, StartError } from './config.ts';
import { sweepStrayUploads } from './features/images/stray-uploads.ts';
import { openDatabase } from './open-database.ts';
import { ensureInitialData } from './seed/initial-data.ts';

const HEAP_GROWING_PERCENT = 150;

/** How often the uploads folder is swept again after the sweep at start (stray-uploads.ts). */
const SWEEP_EVERY_MS = 60 * 60_000;

/** A SIGTERM or SIGINT ends the process within this time (a load balancer's usual drain window). */
const SHUTDOWN_LIMIT_MS = 10_000;
/** How long requests in flight may run on after the signal; the rest of the limit closes the database. */
const REQUEST_GRACE_MS = 8_000;

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

/**
 * A start that cannot go on for a reason the operator can fix (a bad setting, a database that
 * cannot be reached, a port in use) prints that reason alone and exits 1; anything else is a
 * bug and keeps its stack trace (docs/decisions/112-framework-errors-and-start-up.md).
 */
function stopStart(err: unknown): never {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (err instanceof StartError) console.error(`\n  Cannot start: ${err.message}\n`);
  else if (code === 'EADDRINUSE' || code === 'EACCES')
    console.error(`\n  Cannot start: ${(err as Error).message} (set PORT or HOST to another value)\n`);
  else console.error(err);
  process.exit(1);
}

async function start() {
  const config = loadConfig();
  const quiet = ['fatal', 'error', 'silent'].includes(config.logLevel);
  // Settings that work on this machine but not in a fleet (config.ts), said once, before anything else.
  if (!quiet) for (const warning of config.startWarnings) console.error(`\n  ${warning}\n`);
  const database = await openDatabase(config, {
    onRetry: (message) => {
      if (!quiet) console.error(`  ${message}`);
    },
  });
  const admin = await ensureInitialData(database, config);
  const app = await buildApp({ config, database });

  // Files of uploads and deletions cut short by a crash: swept now and every hour (issue #21).
  let sweeping: Promise<void> = Promise.resolve();
  const sweep = () => {
    sweeping = sweepStrayUploads(database.db, app.storage).then(
      (removed) => app.log.info({ removed }, 'stray upload files swept'),
      (err: unknown) => app.log.warn({ err }, 'stray upload files not swept'),
    );
  };
  const sweeps = setInterval(sweep, SWEEP_EVERY_MS).unref();

  let stopBackgroundWork = async () => {};
  // Graceful shutdown (decision 127): new connections are refused at once and requests on kept-alive
  // ones get 503 with `Connection: close` (Fastify's return503OnClosing), requests in flight finish,
  // event streams end with a retry hint (the auction events plugin's preClose), and the background
  // work stops while that happens: the jobs finish their run, the outbox sender the email it holds.
  // Requests still running after REQUEST_GRACE_MS are cut so that the database closes and the
  // process exits 0 before close-with-grace's own limit, which exits 1.
  closeWithGrace({ delay: SHUTDOWN_LIMIT_MS }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    clearInterval(sweeps);
    const cutOff = setTimeout(() => {
      app.log.warn('requests still running at the shutdown limit: connections closed');
      app.server.closeAllConnections();
    }, REQUEST_GRACE_MS).unref();
    await Promise.all([app.close(), stopBackgroundWork()]);
    clearTimeout(cutOff);
    await sweeping;
    await database.close();
    app.log.info('shut down');
  });

  await app.listen({ port: config.port, host: config.host });
  sweep();
  stopBackgroundWork = startBackgroundWork(app);
  // The port actually bound (PORT=0 asks the system for a free one).
  const port = (app.server.address() as AddressInfo | null)?.port ?? config.port;
  const url = `http://localhost:${port}`;
  const lines = [
    '',
    `  Vehicle marketplace is running at ${url}`,
    `  Admin back office: ${url}/admin`,
    `  Admin login: ${admin.email} / ${admin.password ?? '(the password you set when this database was created)'}`,
    `  API docs: ${url}/api/docs`,
    config.smtpUrl
      ? `  Email: sent through ${new URL(config.smtpUrl).host}`
      : `  Email: written to ${config.mailDir} and listed at ${url}/admin/emails (set SMTP_URL to send it)`,
    '',
  ];
  console.log(lines.join('\n'));
}

await start().catch(stopStart);
