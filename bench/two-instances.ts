/**
 * Two server processes on one PostgreSQL database, clients spread over both (as behind a load
 * balancer), all writing to the same few vehicles: watch flips, views and offers. Then races on
 * purpose: the same user sends the same write to both servers at the same instant. Afterwards
 * nothing may be lost: every counter equals its rows, each buyer has one offer per vehicle, and
 * the rows are what the clients were told.
 *
 *   node --import tsx bench/two-instances.ts [--seconds 20] [--clients 30] [--hot 5]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { runBenchmark } from './lib/cleanup.ts';
import { prepareData, statusText, summarizeSamples } from './lib/drill.ts';
import { HttpClient, type HttpResult, SpreadClient } from './lib/http-client.ts';
import { type AckedOffer, Ledger } from './lib/ledger.ts';
import { machineInfo } from './lib/machine.ts';
import { table, verdict, writeReport } from './lib/report.ts';
import { startServer } from './lib/server.ts';
import { int, ms } from './lib/stats.ts';
import {
  type BenchUser,
  type Client,
  mix,
  offer,
  runClients,
  type Sample,
  sampleVehicles,
  signInBenchUsers,
  view,
  watch,
} from './lib/traffic.ts';
import { verifyAgainstLedger } from './lib/verify.ts';

/** Both processes must sign and accept the same tokens. */
const SHARED_JWT_SECRET = randomBytes(48).toString('base64url');

interface RaceOutcome {
  kind: string;
  pairs: number;
  answers: number;
  non2xx: number;
  problems: string[];
}

const isOk = (r: HttpResult) => r.status >= 200 && r.status < 300;

/** The same offer sent to both servers at once by the same user, on every (user, hot vehicle). */
async function raceOffers(users: BenchUser[], hot: string[], a: HttpClient, b: HttpClient, ledger: Ledger) {
  const outcome: RaceOutcome = {
    kind: 'offer sent to both servers at once',
    pairs: 0,
    answers: 0,
    non2xx: 0,
    problems: [],
  };
  await Promise.all(
    users.flatMap((user) =>
      hot.map(async (vehicleId) => {
        outcome.pairs++;
        const bodies = [a, b].map(() => ({
          amount: 1000 + Math.floor(Math.random() * 100_000),
          message: `race ${randomUUID()}`,
        }));
        const answers = await Promise.all(
          [a, b].map((server, i) =>
            server.request('POST', `/api/vehicles/${vehicleId}/offers`, { body: bodies[i], token: user.token }),
          ),
        );
        outcome.answers += answers.length;
        const acked: AckedOffer[] = [];
        answers.forEach((res, i) => {
          const id = (res.body as { offer?: { id?: unknown } }).offer?.id;
          const body = bodies[i];
          if (isOk(res) && typeof id === 'string' && body)
            acked.push({ id, amountCents: body.amount * 100, message: body.message });
          else outcome.non2xx++;
        });
        if (answers.some((r) => !isOk(r)))
          outcome.problems.push(
            `offer race ${user.email}/${vehicleId}: statuses ${answers.map((r) => r.status).join(', ')}`,
          );
        if (new Set(acked.map((x) => x.id)).size > 1)
          outcome.problems.push(`offer race ${user.email}/${vehicleId}: two different offer ids answered`);
        ledger.offerRace(user.id, vehicleId, acked);
      }),
    ),
  );
  return outcome;
}

/** The same watching=true (then false) sent to both servers at once: one row, counted once. */
async function raceWatches(clients: Client[], hot: string[], a: HttpClient, b: HttpClient, ledger: Ledger) {
  const outcome: RaceOutcome = {
    kind: 'watch sent to both servers at once',
    pairs: 0,
    answers: 0,
    non2xx: 0,
    problems: [],
  };
  for (const watching of [true, false, true]) {
    await Promise.all(
      clients.flatMap((client) =>
        hot.map(async (vehicleId) => {
          outcome.pairs++;
          const answers = await Promise.all(
            [a, b].map((s) =>
              s.request('POST', `/api/vehicles/${vehicleId}/watch`, { body: { watching }, token: client.user.token }),
            ),
          );
          outcome.answers += answers.length;
          for (const res of answers) {
            const isWatching = (res.body as { isWatching?: unknown }).isWatching;
            if (!isOk(res) || isWatching !== watching) {
              outcome.non2xx += isOk(res) ? 0 : 1;
              outcome.problems.push(
                `watch race ${client.user.email}/${vehicleId}: ${res.status} ${JSON.stringify(res.body)}`,
              );
            }
          }
          // Both asked for the same state, so it is the state whatever the order.
          ledger.watch(client.user.id, vehicleId, { isWatching: watching });
          client.watching.set(vehicleId, watching);
        }),
      ),
    );
  }
  return outcome;
}

/** The same fingerprint sent to both servers at once: exactly one of the two is a new view. */
async function raceViews(hot: string[], a: HttpClient, b: HttpClient, ledger: Ledger, rounds: number) {
  const outcome: RaceOutcome = {
    kind: 'view (same fingerprint) sent to both servers at once',
    pairs: 0,
    answers: 0,
    non2xx: 0,
    problems: [],
  };
  await Promise.all(
    Array.from({ length: rounds }, () =>
      hot.map(async (vehicleId) => {
        outcome.pairs++;
        const fingerprint = randomBytes(12).toString('hex');
        const answers = await Promise.all(
          [a, b].map((s) => s.request('POST', `/api/vehicles/${vehicleId}/view`, { body: { fingerprint } })),
        );
        outcome.answers += answers.length;
        const fresh = answers.filter((r) => (r.body as { isNewView?: unknown }).isNewView === true).length;
        for (const res of answers) {
          if (!isOk(res)) outcome.non2xx++;
          const isNewView = (res.body as { isNewView?: unknown }).isNewView;
          ledger.view(vehicleId, isOk(res) && typeof isNewView === 'boolean' ? { isNewView } : undefined);
        }
        if (fresh !== 1) outcome.problems.push(`view race on ${vehicleId}: ${fresh} answers said isNewView=true`);
      }),
    ).flat(),
  );
  return outcome;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '20' },
      clients: { type: 'string', default: '30' },
      hot: { type: 'string', default: '5' },
      vehicles: { type: 'string', default: '20000' },
    },
  });
  const machine = machineInfo();
  const seconds = Number.parseInt(values.seconds, 10);
  const clientCount = Number.parseInt(values.clients, 10);
  const data = await prepareData('two', 'postgres', { vehicles: Number.parseInt(values.vehicles, 10), users: 500 });
  const db = data.open();
  const pools = await sampleVehicles(db.db, Number.parseInt(values.hot, 10), 100);
  await db.close();

  // Each process has its own data dir (uploads, logs) and the same database and JWT secret.
  const common = { databaseUrl: data.databaseUrl ?? '', env: { JWT_SECRET: SHARED_JWT_SECRET } };
  const serverA = await startServer({ dataDir: data.dataDir, ...common });
  const serverB = await startServer({ dataDir: `${data.dataDir}/instance-b`, ...common });
  const a = new HttpClient(serverA.baseUrl, { sockets: clientCount + 2 });
  const b = new HttpClient(serverB.baseUrl, { sockets: clientCount + 2 });
  const spread = new SpreadClient([a, b]);
  const ledger = new Ledger();
  const samples: Sample[] = [];
  const races: RaceOutcome[] = [];
  let users: BenchUser[] = [];
  let alive = { a: false, b: false };
  try {
    users = await signInBenchUsers(spread, clientCount);
    const clients: Client[] = users.map((user) => ({ user, http: spread, watching: new Map() }));
    // Only the hot vehicles: every write collides with writes from the other server.
    const hotOnly = { hot: pools.hot, wide: pools.hot };
    console.log(`[two] ${clientCount} clients over two servers for ${seconds} s on ${pools.hot.length} vehicles...`);
    await runClients({
      clients,
      durationMs: seconds * 1000,
      next: mix([
        [watch(hotOnly), 35],
        [view(hotOnly), 35],
        [offer(hotOnly), 30],
      ]),
      ledger,
      samples,
      startedAt: performance.now(),
    });
    console.log('[two] races: the same write to both servers at the same instant...');
    races.push(await raceOffers(users, pools.hot, a, b, ledger));
    races.push(await raceWatches(clients, pools.hot, a, b, ledger));
    races.push(await raceViews(pools.hot, a, b, ledger, 40));
    alive = { a: serverA.alive(), b: serverB.alive() };
  } finally {
    a.close();
    b.close();
    await serverA.stop();
    await serverB.stop();
  }

  const check = data.open();
  const verification = await verifyAgainstLedger(
    check.db,
    ledger,
    users.map((u) => u.id),
  );
  const duplicates = await check.db
    .selectFrom('offers')
    .select(['user_id', 'vehicle_id'])
    .select(sql<number>`count(*)`.as('n'))
    .groupBy(['user_id', 'vehicle_id'])
    .having(sql`count(*)`, '>', 1)
    .execute();
  const hotRows = await check.db
    .selectFrom('vehicles')
    .select(['id', 'watch_count', 'view_count'])
    .where('id', 'in', pools.hot)
    .execute();
  await check.close();

  const raceProblems = races.flatMap((r) => r.problems);
  const problems = [
    ...verification.problems,
    ...raceProblems.slice(0, 20),
    ...duplicates.map((d) => `${d.n} offers for user ${d.user_id} on vehicle ${d.vehicle_id}`),
  ];
  const types = summarizeSamples(samples);
  const unexpected = samples.filter((s) => s.status < 200 || s.status >= 300).length;
  console.log(`[two] ${int(samples.length)} requests, ${unexpected} non-2xx, ${problems.length} problems`);
  for (const p of problems) console.log(`  problem: ${p}`);
  const l = ledger.totals();
  writeReport({
    script: 'two-instances',
    title: 'Two server instances on one PostgreSQL database',
    dialect: 'PostgreSQL',
    machine,
    sections: [
      `Two server processes (own data dirs, same DATABASE_URL and JWT_SECRET), ${clientCount} signed-in clients; each request goes to one of the two at random. Phase 1, ${seconds} s: watch flips (35%), views (35%, 70% fresh fingerprints) and offers (30%, create or amend) on only ${pools.hot.length} vehicles, so nearly every write collides with one from the other process. Phase 2, races on purpose: for every (user, hot vehicle) the same user sends an offer to both servers at the same instant; then watching=true, false, true to both at once; then 40 rounds of one fresh fingerprint sent to both at once per vehicle.`,
      table(
        ['Request (phase 1)', 'Count', 'p50', 'p99', 'Statuses'],
        types.map((t) => [
          t.type === 'all' ? '**All**' : t.type,
          int(t.latency.count),
          ms(t.latency.p50),
          ms(t.latency.p99),
          statusText(t.statuses),
        ]),
      ),
      table(
        ['Race (phase 2)', 'Pairs', 'Answers', 'Non-2xx', 'Problems'],
        races.map((r) => [r.kind, int(r.pairs), int(r.answers), int(r.non2xx), r.problems.length]),
      ),
      table(
        ['Hot vehicle', 'watch_count', 'view_count'],
        hotRows.map((r) => [r.id, r.watch_count, r.view_count]),
      ),
      table(
        ['Check', 'Result'],
        [
          ['Both servers still running at the end', verdict(alive.a && alive.b)],
          ['No error status in phase 1', `${verdict(unexpected === 0)} (${unexpected})`],
          [
            'Counters equal their rows; rows equal the answers (views, watches, offers with ids and amounts, activity events)',
            `${verdict(verification.problems.length === 0)} (${verification.problems.length} problems)`,
          ],
          ['One offer per buyer and vehicle', `${verdict(duplicates.length === 0)} (${duplicates.length} duplicates)`],
          [
            'Races: both answers 2xx, one offer id, exactly one new view per fingerprint',
            `${verdict(raceProblems.length === 0)} (${raceProblems.length} problems)`,
          ],
        ],
      ),
      `Told to the clients in all: ${int(l.newViews)} new views, ${int(l.offerSubmissions)} offer submissions on ${int(l.offers)} pairs, ${int(l.watchPairs)} watch pairs (${int(l.watchingNow)} watching). Stored: ${int(verification.checked.viewRows ?? 0)} view rows, ${int(verification.checked.watchRows ?? 0)} watch rows, ${int(verification.checked.offerRows ?? 0)} offers with ${int(verification.checked.offerEvents ?? 0)} offer_submitted events.`,
      problems.length
        ? `Problems:\n${problems.map((p) => `- ${p}`).join('\n')}`
        : 'No lost update and no problem found.',
    ],
  });
}

await runBenchmark(main);
