/**
 * Database outage drill (PostgreSQL): under load, stop the database (`pg_ctlcluster <v> <cluster>
 * stop -m fast`), start it again about 5 s later, and record what the server answered: it must
 * answer 503 with a message (never a 500, never crash) and serve normally within seconds after
 * the database is back. Afterwards the data is checked against the answers, as in bench/load.ts.
 *
 * By default the drill runs on a PostgreSQL cluster of its own, created and dropped here, so
 * stopping it cannot break other people's tests on the shared cluster; `--cluster main` stops
 * the shared one instead (what CI or a lone machine would do).
 *
 *   node --import tsx bench/outage.ts [--cluster dedicated|main] [--down-seconds 5] [--clients 20]
 */
import { execFile } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { onCleanup, runBenchmark } from './lib/cleanup.ts';
import { prepareData, statusText, summarizeSamples } from './lib/drill.ts';
import { HttpClient } from './lib/http-client.ts';
import { Ledger } from './lib/ledger.ts';
import { machineInfo } from './lib/machine.ts';
import { type Cluster, clusterOnline, dedicatedCluster, mainCluster } from './lib/postgres.ts';
import { table, verdict, writeReport } from './lib/report.ts';
import { startServer } from './lib/server.ts';
import { int } from './lib/stats.ts';
import {
  type Client,
  detail,
  mix,
  offer,
  runClients,
  type Sample,
  sampleVehicles,
  search,
  signInBenchUsers,
  view,
  watch,
} from './lib/traffic.ts';
import { verifyAgainstLedger } from './lib/verify.ts';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RECOVERY_TARGET_MS = 10_000;

interface Probe {
  at: number;
  status: number;
  message: string | undefined;
}

/** GET /api/health every 100 ms: a clean timeline next to the load's own answers. */
function startProbe(baseUrl: string, startedAt: number) {
  const http = new HttpClient(baseUrl, { sockets: 1, timeoutMs: 5000 });
  const probes: Probe[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const res = await http.request('GET', '/api/health');
      const body = res.body as { message?: unknown } | undefined;
      probes.push({
        at: performance.now() - startedAt,
        status: res.status,
        message: typeof body?.message === 'string' ? body.message : undefined,
      });
      await sleep(100);
    }
    http.close();
  })();
  return {
    probes,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

const secs = (ms: number | undefined) => (ms === undefined ? 'never' : `${(ms / 1000).toFixed(2)} s`);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      cluster: { type: 'string', default: 'dedicated' },
      'down-seconds': { type: 'string', default: '5' },
      clients: { type: 'string', default: '20' },
      vehicles: { type: 'string', default: '20000' },
    },
  });
  const machine = machineInfo();
  const downMs = Number.parseFloat(values['down-seconds']) * 1000;
  const clientCount = Number.parseInt(values.clients, 10);
  const cluster: Cluster = values.cluster === 'main' ? mainCluster() : dedicatedCluster('vm_bench_outage');
  const ctl = (action: 'start' | 'stop') =>
    run('pg_ctlcluster', [cluster.version, cluster.name, action, ...(action === 'stop' ? ['-m', 'fast'] : [])]);
  const data = await prepareData(
    'outage',
    'postgres',
    { vehicles: Number.parseInt(values.vehicles, 10), users: 500 },
    cluster.adminUrl,
  );
  // Whatever happens below, the cluster must be running again at the end.
  onCleanup(`start cluster ${cluster.version}/${cluster.name}`, () => {
    if (!clusterOnline(cluster)) execFileSync('pg_ctlcluster', [cluster.version, cluster.name, 'start']);
  });

  const db = data.open();
  const pools = await sampleVehicles(db.db, 30, 2000);
  await db.close();
  const server = await startServer({ dataDir: data.dataDir, databaseUrl: data.databaseUrl ?? '' });
  const http = new HttpClient(server.baseUrl, { sockets: clientCount + 2, timeoutMs: 15_000 });
  const ledger = new Ledger();
  const samples: Sample[] = [];
  let probe: ReturnType<typeof startProbe> | undefined;
  const marks: Record<string, number> = {};
  let users: { id: string }[] = [];
  try {
    const signedIn = await signInBenchUsers(http, clientCount);
    users = signedIn;
    const clients: Client[] = signedIn.map((user) => ({ user, http, watching: new Map() }));
    const next = mix([
      [search, 40],
      [detail(pools), 25],
      [view(pools), 15],
      [watch(pools), 10],
      [offer(pools), 10],
    ]);
    const startedAt = performance.now();
    const now = () => performance.now() - startedAt;
    probe = startProbe(server.baseUrl, startedAt);
    const load = runClients({ clients, durationMs: 30_000 + downMs, next, ledger, samples, startedAt });
    await sleep(8000);
    marks.stopIssued = now();
    console.log(`[outage] stopping the database at ${secs(marks.stopIssued)}`);
    await ctl('stop');
    marks.stopped = now();
    await sleep(downMs);
    marks.startIssued = now();
    console.log(`[outage] starting the database at ${secs(marks.startIssued)}`);
    await ctl('start');
    marks.started = now();
    await load;
    await probe.stop();
  } finally {
    await probe?.stop();
    http.close();
  }
  const serverAlive = server.alive();
  const exitInfo = serverAlive ? '' : `exit code ${server.child.exitCode}, signal ${server.child.signalCode}`;
  // The server's last words, when it died: the evidence its owner needs.
  const crashOutput = serverAlive
    ? ''
    : server
        .output()
        .trim()
        .split('\n')
        .slice(-40)
        .map((line) => (line.length > 300 ? `${line.slice(0, 300)} ...` : line))
        .join('\n');
  if (!serverAlive) console.log(`[outage] the server exited (${exitInfo}):\n${crashOutput}`);
  await server.stop();

  const probes = probe?.probes ?? [];
  const stopIssued = marks.stopIssued ?? 0;
  const started = marks.started ?? 0;
  const all = [...samples.map((s) => ({ at: s.at, status: s.status })), ...probes];
  const firstFailure = all
    .filter((s) => s.at >= stopIssued && s.status !== 200 && s.status !== 201)
    .sort((a, b) => a.at - b.at)[0];
  const first503 = all.filter((s) => s.status === 503).sort((a, b) => a.at - b.at)[0];
  const firstOkAfter = probes.find((p) => p.at >= (marks.startIssued ?? 0) && p.status === 200);
  const failures = samples.filter((s) => s.status !== 200 && s.status !== 201);
  const lastFailure = [...failures, ...probes.filter((p) => p.status !== 200)].sort((a, b) => b.at - a.at)[0];
  const fiveHundreds = all.filter((s) => s.status >= 500 && s.status !== 503).length;
  const failuresOutsideOutage = failures.filter(
    (s) => s.at < stopIssued || s.at > (marks.startIssued ?? 0) + RECOVERY_TARGET_MS,
  ).length;
  const messages = [...new Set(probes.filter((p) => p.status === 503).map((p) => p.message ?? '(no message)'))];
  // From the start command being issued: the database accepts connections somewhere before
  // pg_ctlcluster returns, so this is the longest the server could have lagged behind it.
  const startIssued = marks.startIssued ?? 0;
  const recoveryMs = firstOkAfter ? firstOkAfter.at - startIssued : undefined;
  const fullRecoveryMs = lastFailure ? Math.max(0, lastFailure.at - startIssued) : undefined;

  const check = data.open();
  const verification = await verifyAgainstLedger(
    check.db,
    ledger,
    users.map((u) => u.id),
  );
  await check.close();
  console.log(
    `[outage] first 503 ${secs(first503?.at)}, first 200 after start ${secs(firstOkAfter?.at)}, recovery ${secs(recoveryMs)}, other 5xx ${fiveHundreds}, server alive ${serverAlive}, problems ${verification.problems.length}`,
  );
  for (const p of verification.problems) console.log(`  problem: ${p}`);

  const types = summarizeSamples(samples);
  writeReport({
    script: 'outage',
    title: 'Database outage drill (PostgreSQL)',
    dialect: `PostgreSQL ${cluster.version}, cluster "${cluster.name}"`,
    machine,
    sections: [
      `One server on PostgreSQL (${int(Number.parseInt(values.vehicles, 10))} vehicles, 500 users), ${clientCount} signed-in clients sending the load mix of bench/load.ts (search, detail, view, watch, offer) one request at a time, and a probe on GET /api/health every 100 ms. At 8 s \`pg_ctlcluster ${cluster.version} ${cluster.name} stop -m fast\`; ${downMs / 1000} s after it returns, \`pg_ctlcluster ${cluster.version} ${cluster.name} start\`; the load runs on until ${30 + downMs / 1000} s. ${cluster.name === 'main' ? 'This run stopped the shared cluster.' : 'The cluster is one created for this drill and dropped after it, so other people\u2019s tests on the shared cluster were not disturbed.'}`,
      '## Timeline (seconds from the start of the load)',
      table(
        ['Event', 'At'],
        [
          ['stop command issued', secs(marks.stopIssued)],
          ['first failed answer', `${secs(firstFailure?.at)} (${firstFailure?.status ?? ''})`],
          ['first 503', secs(first503?.at)],
          ['stop command returned (database down)', secs(marks.stopped)],
          ['start command issued', secs(marks.startIssued)],
          ['start command returned (database accepting connections)', secs(marks.started)],
          ['first 200 from /api/health after the start', secs(firstOkAfter?.at)],
          ['last failed answer (load or probe)', secs(lastFailure?.at)],
        ],
      ),
      table(
        ['Target', 'Figure', 'Result'],
        [
          [
            'During the outage the server answers 503 with a message',
            `503 messages: ${messages.map((m) => `"${m}"`).join(', ') || 'none'}; other 5xx: ${fiveHundreds}`,
            verdict(first503 !== undefined && fiveHundreds === 0 && !messages.includes('(no message)')),
          ],
          ['The server never crashes', serverAlive ? 'still running at the end' : 'exited', verdict(serverAlive)],
          [
            `Serves normally within seconds after the database returns (< ${RECOVERY_TARGET_MS / 1000} s)`,
            `first 200 ${secs(recoveryMs)} after the start command was issued (it returned after ${secs(started - startIssued)}); last failure ${secs(fullRecoveryMs)} after it was issued`,
            verdict(recoveryMs !== undefined && (fullRecoveryMs ?? 0) < RECOVERY_TARGET_MS),
          ],
          [
            'No failure outside the outage window',
            `${failuresOutsideOutage} failures`,
            verdict(failuresOutsideOutage === 0),
          ],
          [
            'Data matches the answers (5xx and unanswered writes may go either way)',
            `${verification.problems.length} problems`,
            verdict(verification.problems.length === 0),
          ],
        ],
      ),
      table(
        ['Request', 'Count', 'Statuses'],
        types.map((t) => [t.type === 'all' ? '**All**' : t.type, int(t.latency.count), statusText(t.statuses)]),
      ),
      verification.problems.length
        ? `Problems:\n${verification.problems.map((p) => `- ${p}`).join('\n')}`
        : 'No data problem found.',
      ...(serverAlive
        ? []
        : [
            `## The server exited during the drill (${exitInfo})\n\nIts last output:\n\n\`\`\`\n${crashOutput}\n\`\`\``,
          ]),
    ],
  });
}

await runBenchmark(main);
