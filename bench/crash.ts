/**
 * Crash drill: kill -9 the server while clients submit offers and contact forms as fast as they
 * can, restart it on the same data, several times; then check that every request that got a 2xx
 * is in the database, and that nothing is half-written (an offer or an inquiry without its
 * activity event, a counter that disagrees with its rows).
 *
 *   node --import tsx bench/crash.ts [--dialect sqlite|postgres|both] [--rounds 3] [--clients 20]
 */
import { parseArgs } from 'node:util';
import { runBenchmark } from './lib/cleanup.ts';
import { type DialectName, dialectLabel, prepareData, statusText, summarizeSamples } from './lib/drill.ts';
import { HttpClient } from './lib/http-client.ts';
import { Ledger } from './lib/ledger.ts';
import { machineInfo } from './lib/machine.ts';
import { table, verdict, writeReport } from './lib/report.ts';
import { type BenchServer, startServer } from './lib/server.ts';
import { int } from './lib/stats.ts';
import {
  type Client,
  contact,
  mix,
  offer,
  runClients,
  type Sample,
  sampleVehicles,
  signInBenchUsers,
  view,
  watch,
} from './lib/traffic.ts';
import { type Verification, verifyAgainstLedger } from './lib/verify.ts';

interface Round {
  round: number;
  killAfterMs: number;
  answered2xx: number;
  unanswered: number;
  statuses: string;
  restartMs: number;
}

interface CrashResult {
  dialect: DialectName;
  rounds: Round[];
  ledger: ReturnType<Ledger['totals']>;
  verification: Verification;
  unexpected: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function crashDialect(dialect: DialectName, opts: { rounds: number; clients: number; vehicles: number }) {
  const data = await prepareData('crash', dialect, { vehicles: opts.vehicles, users: 500 });
  const db = data.open();
  const pools = await sampleVehicles(db.db, 30, 500);
  await db.close();
  const serverOptions = { dataDir: data.dataDir, ...(data.databaseUrl ? { databaseUrl: data.databaseUrl } : {}) };
  let server: BenchServer = await startServer(serverOptions);
  const port = server.port;
  let http = new HttpClient(server.baseUrl, { sockets: opts.clients + 2, timeoutMs: 10_000 });
  const ledger = new Ledger();
  const rounds: Round[] = [];
  const allSamples: Sample[] = [];
  const users = await signInBenchUsers(http, opts.clients);
  const clients: Client[] = users.map((user) => ({ user, http, watching: new Map() }));
  const next = mix([
    [offer(pools), 45],
    [contact, 45],
    [watch(pools), 5],
    [view(pools), 5],
  ]);
  try {
    for (let round = 1; round <= opts.rounds; round++) {
      const samples: Sample[] = [];
      let stop = false;
      const started = performance.now();
      const traffic = runClients({
        clients,
        durationMs: 60_000,
        next,
        ledger,
        samples,
        startedAt: started,
        stop: () => stop,
      });
      const killAfterMs = 2000 + Math.floor(Math.random() * 3000);
      await sleep(killAfterMs);
      await server.kill9();
      // Let the clients see the dead server (refused and reset connections) before stopping them.
      await sleep(500);
      stop = true;
      await traffic;
      http.close();
      allSamples.push(...samples);
      const restartStarted = performance.now();
      server = await startServer({ ...serverOptions, port });
      const restartMs = performance.now() - restartStarted;
      http = new HttpClient(server.baseUrl, { sockets: opts.clients + 2, timeoutMs: 10_000 });
      for (const c of clients) c.http = http;
      const summary = summarizeSamples(samples).find((s) => s.type === 'all');
      const r: Round = {
        round,
        killAfterMs,
        answered2xx: samples.filter((s) => s.status >= 200 && s.status < 300).length,
        unanswered: samples.filter((s) => s.status === 0).length,
        statuses: statusText(summary?.statuses ?? {}),
        restartMs,
      };
      rounds.push(r);
      console.log(
        `[crash/${dialect}] round ${round}: killed after ${killAfterMs} ms; ${r.answered2xx} answered 2xx, ${r.unanswered} unanswered; restarted in ${Math.round(restartMs)} ms`,
      );
    }
    // After the last restart: a short burst proves the server works on the recovered data.
    const samples: Sample[] = [];
    await runClients({ clients, durationMs: 2000, next, ledger, samples, startedAt: performance.now() });
    allSamples.push(...samples);
  } finally {
    http.close();
    await server.stop();
  }
  const check = data.open();
  const verification = await verifyAgainstLedger(
    check.db,
    ledger,
    users.map((u) => u.id),
  );
  await check.close();
  // Answers other than 2xx or "no answer" would be a fault of their own (a 500 after restart...).
  const unexpected = allSamples.filter((s) => s.status !== 0 && (s.status < 200 || s.status >= 300)).length;
  console.log(`[crash/${dialect}] ${verification.problems.length} problems, ${unexpected} unexpected statuses`);
  for (const p of verification.problems) console.log(`  problem: ${p}`);
  const result: CrashResult = { dialect, rounds, ledger: ledger.totals(), verification, unexpected };
  return result;
}

function section(r: CrashResult): string[] {
  const l = r.ledger;
  const c = r.verification.checked;
  return [
    `## ${dialectLabel(r.dialect)}`,
    table(
      ['Round', 'Killed after', 'Answered 2xx', 'Unanswered', 'Statuses', 'Restart to healthy'],
      r.rounds.map((x) => [
        x.round,
        `${(x.killAfterMs / 1000).toFixed(1)} s`,
        int(x.answered2xx),
        int(x.unanswered),
        x.statuses,
        `${(x.restartMs / 1000).toFixed(1)} s`,
      ]),
    ),
    `Acknowledged in all: ${int(l.offerSubmissions)} offer submissions on ${int(l.offers)} (user, vehicle) pairs, ${int(l.contactsAcked)} inquiries, ${int(l.newViews)} new views, ${int(l.watchPairs)} watch pairs; cut off by the kill (connection reset, outcome unknown): ${l.uncertainOfferSubmissions} offers, ${l.contactsUncertain} inquiries, ${l.uncertainViews} views, ${l.uncertainWatch} watches.`,
    `Found in the database: ${int(c.offerRows ?? 0)} offers with ${int(c.offerEvents ?? 0)} offer_submitted events, ${int(c.contactsFound ?? 0)} of the submitted inquiries, ${int(c.viewRows ?? 0)} view rows, ${int(c.watchRows ?? 0)} watch rows.`,
    table(
      ['Check', 'Result'],
      [
        [
          'Every 2xx offer is stored with its id and last acknowledged amount',
          verdict(r.verification.problems.every((p) => !p.startsWith('offer'))),
        ],
        ['Every 201 inquiry is stored, once', verdict(r.verification.problems.every((p) => !p.startsWith('inquiry')))],
        [
          'Nothing half-written (each offer and inquiry has its activity event; view_count and watch_count equal their rows)',
          verdict(!r.verification.problems.some((p) => /activity event|half-written|_count/.test(p))),
        ],
        ['No answer other than 2xx or no answer at all', verdict(r.unexpected === 0)],
      ],
    ),
    r.verification.problems.length
      ? `Problems:\n${r.verification.problems.map((p) => `- ${p}`).join('\n')}`
      : 'No problem found.',
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dialect: { type: 'string', default: 'both' },
      rounds: { type: 'string', default: '3' },
      clients: { type: 'string', default: '20' },
      vehicles: { type: 'string', default: '20000' },
    },
  });
  const machine = machineInfo();
  const opts = {
    rounds: Number.parseInt(values.rounds, 10),
    clients: Number.parseInt(values.clients, 10),
    vehicles: Number.parseInt(values.vehicles, 10),
  };
  const dialects: DialectName[] = values.dialect === 'both' ? ['sqlite', 'postgres'] : [values.dialect as DialectName];
  const results: CrashResult[] = [];
  for (const d of dialects) results.push(await crashDialect(d, opts));
  writeReport({
    script: 'crash',
    title: 'Crash drill: kill -9 under write load',
    dialect: dialects.map(dialectLabel).join(' and '),
    machine,
    sections: [
      `${int(opts.vehicles)} vehicles, 500 users. ${opts.clients} signed-in clients send, one request at a time and with no pause, offers (45%, on 30 vehicles, so many are amendments), contact forms (45%, each with a unique subject), watch flips (5%) and views (5%). After 2 to 5 s the server gets SIGKILL; the clients see their connections refused or reset for 0.5 s, then stop; the server is restarted on the same data dir and port (the JWT secret lives there, so the clients' tokens stay valid). ${opts.rounds} rounds, then 2 s of traffic on the recovered server, then the check.`,
      'A request cut off by the kill (connection reset) may or may not have been applied; the check accepts both outcomes for that request only. A refused connection never reached a server, so it must have changed nothing. A request answered 2xx must be in the database, exactly as answered.',
      ...results.flatMap(section),
    ],
  });
}

await runBenchmark(main);
