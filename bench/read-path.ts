/**
 * Issue #37's budgets, BEFORE and AFTER the read path's change, in the same run on the same
 * machine, on SQLite and on PostgreSQL, at 100,000 vehicles.
 *
 * BEFORE is a commit (`--before`, default cfce837, main before the change) checked out in a git
 * worktree of its own under the system's temporary folder: its node_modules are links to the
 * repository's packages, except the workspaces (@vm/shared, @vm/api, @vm/web), which link to the
 * worktree's own folders; its web app is built there with its own vite build. The worktree is
 * removed when the run ends. AFTER is a folder (`--after`, default the repository root: the
 * working tree as it is when the benchmark runs), whose web app is built with `npm run build`;
 * `--after-ref REF` instead checks REF out in a second worktree (to try the benchmark with the
 * same commit on both sides).
 *
 * One catalogue per database is filled by BEFORE's own generator (its bench/catalogue.ts, so the
 * database stands at BEFORE's migrations) and each side gets its own copy, which its server
 * migrates with its own migrations when it starts (AFTER's migrations run on top of BEFORE's, as
 * an upgrade would). `--fill each` instead fills each side's catalogue with its own generator
 * (same seed: the same vehicles and slugs, other ids), for an AFTER that cannot migrate BEFORE's.
 * `--catalogues DIR` keeps a catalogue filled by a commit's generator for the next run: the
 * SQLite file in DIR, the PostgreSQL database as vm_bench_kept_read_path_<commit>_<vehicles>
 * (drop it by hand when done). A run with the defaults took 12 minutes with AFTER = BEFORE (no
 * 304 runs), the two fills (about 2 minutes) included; an AFTER with ETags adds about 2 minutes.
 *
 * Both servers of a database run at once (RATE_LIMIT=off, METRICS_TOKEN set) and each endpoint
 * is measured on BEFORE and AFTER one after the other, who goes first alternating, both servers
 * idle before each measurement. Autocannon, 10 connections, `Accept-Encoding: gzip, deflate, br,
 * zstd`, traffic shaped like people:
 * - vehicle visits: the HTML page /vehicles/<slug> of a vehicle, then POST
 *   /api/vehicles/<id>/view with a fingerprint never sent before (a new visitor);
 * - the vehicle API GET /api/vehicles/<slug>;
 * - the search API GET /api/vehicles/search and the results page /vehicles, each request a
 *   search not sent before (bench/lib/computed-searches.ts);
 * - keyword searches of one or two words (/api/vehicles/search?query=...);
 * - GET /api/ping, and 304 revalidations: GET with If-None-Match set to the ETag a first GET
 *   of the same URL answered (search API, vehicle API, vehicle page); "n/a" where there is no ETag.
 * Vehicles come from every public vehicle in a shuffled order, each side its own cursor, so a
 * vehicle comes round again only once every public one has been asked for.
 * For every endpoint: requests/s, p99, errors and statuses other than the expected one, the
 * server's CPU a request (/proc) and the event loop's p99 delay over the run
 * (`nodejs_eventloop_lag_p99_seconds`, read from /metrics right before and right after each run:
 * prom-client resets its histogram at every read). After the rounds: resident memory
 * (`process_resident_memory_bytes`). Writes bench/reports/read-path.md.
 *
 *   node --import tsx bench/read-path.ts [--before cfce837] [--after DIR | --after-ref REF]
 *     [--dialect sqlite|postgres|both] [--vehicles 100000] [--seconds 8] [--runs 2]
 *     [--fill before|each] [--catalogues DIR] [--report read-path]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { rng } from './catalogue.ts';
import { ADJECTIVES, COLORS, FEATURES, FUELS, MAKES } from './lib/catalogue-data.ts';
import { onCleanup, runBenchmark } from './lib/cleanup.ts';
import { computedSearches } from './lib/computed-searches.ts';
import { machineInfo } from './lib/machine.ts';
import { postgresAdminUrl, psql } from './lib/postgres.ts';
import { ROOT, table, verdict, writeReport } from './lib/report.ts';
import { type BenchServer, readCpuMs, readRss, startServer, tempDir, waitUntilIdle } from './lib/server.ts';
import { int, median, summarize } from './lib/stats.ts';

const CONNECTIONS = 10;
const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const METRICS_TOKEN = 'read-path-benchmark-metrics-token';
const DEFAULT_BEFORE = 'cfce837';
/** URLs whose ETag is read once before a revalidation run, and asked for in turn during it. */
const REVALIDATION_URLS = 300;
/** Requests of each endpoint sent once, one at a time, before the rounds (first compiles, first plans). */
const WARMUP_REQUESTS = 20;

const BUDGET = {
  p99Ms: 50,
  /** A 304's server CPU against GET /api/ping's. */
  revalidationCpu: 2,
  /** process_resident_memory_bytes, in MB (10^6 bytes), as the issue writes it. */
  rssMB: 400,
  eventLoopP99Ms: 20,
};

type SideName = 'before' | 'after';
type Dialect = 'sqlite' | 'postgres';

// ---------------------------------------------------------------------------------------------
// The two checkouts

interface Tree {
  side: SideName;
  dir: string;
  /** What the report says the side is. */
  description: string;
  /** The commit a worktree holds (a kept catalogue is named after it); none for a working folder. */
  commit?: string;
}

const git = (args: readonly string[], cwd = ROOT): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The node_modules folders of the repository's install (the root's and the workspaces'). */
function nodeModulesFolders(): string[] {
  const folders = ['node_modules'];
  for (const parent of ['apps', 'packages'])
    for (const name of readdirSync(path.join(ROOT, parent)))
      if (existsSync(path.join(ROOT, parent, name, 'node_modules')))
        folders.push(path.join(parent, name, 'node_modules'));
  return folders;
}

/**
 * Gives a checkout without an install the repository's packages: each node_modules folder is a
 * real folder of links to the installed packages, except node_modules/@vm, whose links are made
 * again with their own relative targets, so @vm/shared is the checkout's packages/shared and not
 * the repository's. Returns the folders made (removed again before the worktree is).
 */
function linkDependencies(dir: string): string[] {
  const made: string[] = [];
  for (const folder of nodeModulesFolders()) {
    const target = path.join(dir, folder);
    if (existsSync(target) || !existsSync(path.dirname(target))) continue;
    mkdirSync(target);
    made.push(folder);
    for (const entry of readdirSync(path.join(ROOT, folder))) {
      if (entry === '.package-lock.json' || entry === '.vite' || entry === '.cache') continue;
      const source = path.join(ROOT, folder, entry);
      if (folder === 'node_modules' && entry === '@vm') {
        mkdirSync(path.join(target, entry));
        for (const workspace of readdirSync(source)) {
          const link = path.join(source, workspace);
          // The install links each workspace relatively (../../packages/shared): the same link
          // in the checkout names the checkout's own folder.
          if (lstatSync(link).isSymbolicLink()) symlinkSync(readlinkSync(link), path.join(target, entry, workspace));
        }
        continue;
      }
      symlinkSync(source, path.join(target, entry));
    }
  }
  return made;
}

/** A detached worktree of `ref` under the system's temporary folder, removed when the run ends. */
function addWorktree(side: SideName, ref: string): Tree {
  const commit = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const dir = path.join(tmpdir(), `vm-read-path-${side}-${process.pid}`);
  git(['worktree', 'add', '--detach', dir, commit]);
  let linked: string[] = [];
  onCleanup(`remove worktree ${dir}`, () => {
    // The links first: removing them never touches what they point to.
    for (const folder of linked) rmSync(path.join(dir, folder), { recursive: true, force: true });
    git(['worktree', 'remove', '--force', dir]);
  });
  linked = linkDependencies(dir);
  const subject = git(['log', '-1', '--format=%h %s', commit]);
  return { side, dir, commit, description: `commit ${subject.slice(0, 100)} (worktree of \`${ref}\`)` };
}

/** The `--after` folder as it is now: its commit and how many tracked files differ from it. */
function afterFolder(dir: string): Tree {
  const resolved = path.resolve(dir);
  if (!existsSync(path.join(resolved, 'node_modules'))) linkDependencies(resolved);
  let description = `the folder ${resolved}`;
  try {
    const head = git(['log', '-1', '--format=%h %s'], resolved);
    const changed = git(['status', '--porcelain', '--untracked-files=all'], resolved)
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.includes('docs/benchmarks/'));
    description = `the working tree ${resolved} at ${head.slice(0, 100)}, ${changed.length} files changed or added since`;
  } catch {
    // not a git checkout: the path is all there is to say
  }
  return { side: 'after', dir: resolved, description };
}

/** `npm run build` in the checkout: its own web app, built by its own vite config. */
function buildWeb(tree: Tree): void {
  const started = performance.now();
  const run = spawnSync('npm', ['run', 'build'], {
    cwd: tree.dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (run.status !== 0)
    throw new Error(`npm run build failed in ${tree.dir}:\n${(run.stdout ?? '').slice(-3000)}${run.stderr ?? ''}`);
  if (!existsSync(path.join(tree.dir, 'apps/web/dist/index.html')))
    throw new Error(`${tree.dir}: npm run build left no apps/web/dist/index.html`);
  console.log(`${tree.side}: web app built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// ---------------------------------------------------------------------------------------------
// Catalogues: filled once by BEFORE's generator, one copy per side

/**
 * `before`: one catalogue filled by BEFORE's generator, copied for each side (AFTER's server
 * migrates its copy forward, as an upgrade would). `each`: each side's catalogue filled by its
 * own generator with the same seed (for an AFTER whose migrations cannot start from BEFORE's).
 */
type FillMode = 'before' | 'each';

/** Runs a checkout's own bench/catalogue.ts, so the database is migrated by its own migrations. */
function runGenerator(tree: Tree, target: string[], vehicles: number): void {
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/catalogue.ts', ...target, '--vehicles', String(vehicles), '--users', '10'],
    { cwd: tree.dir, stdio: 'inherit' },
  );
  if (run.status !== 0)
    throw new Error(`${tree.side}'s generator (bench/catalogue.ts) failed with status ${run.status}`);
  console.log(
    `${tree.side}: catalogue of ${int(vehicles)} filled in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

interface Catalogue {
  dialect: Dialect;
  /** A data folder per side (SQLite: holding its copy of the file). */
  dataDirs: Record<SideName, string>;
  /** PostgreSQL: a database per side. */
  databaseUrls?: Record<SideName, string>;
  /** Each side's public vehicles, in a fixed shuffled order (the same slugs in the same order). */
  vehicles: Record<SideName, PublicVehicle[]>;
  note: string;
}

interface PublicVehicle {
  id: string;
  slug: string;
}

/** A fixed shuffle (mulberry32), so every run and both sides ask for vehicles in the same order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const { next } = rng(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** By slug: the generator's slugs follow from its seed, its ids do not. */
const PUBLIC_VEHICLES = `select id, slug from vehicles where status <> 'Archived' order by slug`;
const SIDES = ['before', 'after'] as const;

/** The trees whose generator fills each side's catalogue. */
function fillers(trees: Record<SideName, Tree>, mode: FillMode): Record<SideName, Tree> {
  return mode === 'each' ? trees : { before: trees.before, after: trees.before };
}

/** A SQLite file filled by `tree`'s generator, kept in `keepDir` when the tree is a commit. */
function sqliteFile(tree: Tree, vehicles: number, keepDir: string | undefined): { file: string; note: string } {
  const kept = keepDir && tree.commit ? path.join(keepDir, `read-path-${tree.commit}-${vehicles}.db`) : undefined;
  if (kept && existsSync(kept)) return { file: kept, note: `kept from an earlier run (${kept})` };
  const file = path.join(tempDir('read-path-fill'), 'marketplace.db');
  runGenerator(tree, ['--sqlite', file], vehicles);
  if (!kept || !keepDir) return { file, note: 'filled by this run' };
  mkdirSync(keepDir, { recursive: true });
  copyFileSync(file, kept);
  return { file, note: `filled by this run and kept in ${kept}` };
}

async function sqliteCatalogue(
  trees: Record<SideName, Tree>,
  mode: FillMode,
  vehicles: number,
  keepDir?: string,
): Promise<Catalogue> {
  const filled = new Map<Tree, { file: string; note: string }>();
  const by = fillers(trees, mode);
  const dataDirs = {} as Record<SideName, string>;
  const lists = {} as Record<SideName, PublicVehicle[]>;
  for (const side of SIDES) {
    const tree = by[side];
    const source = filled.get(tree) ?? sqliteFile(tree, vehicles, keepDir);
    filled.set(tree, source);
    dataDirs[side] = tempDir(`read-path-sqlite-${side}`);
    copyFileSync(source.file, path.join(dataDirs[side], 'marketplace.db'));
    const reader = new SQLite(source.file, { readonly: true });
    lists[side] = shuffled(reader.prepare(PUBLIC_VEHICLES).all() as PublicVehicle[], 37);
    reader.close();
  }
  const note = [...filled].map(([tree, f]) => `by ${tree.side}'s generator: ${f.note}`).join('; ');
  return { dialect: 'sqlite', dataDirs, vehicles: lists, note };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

function databaseExists(base: string, name: string): boolean {
  return psql(base, `SELECT 1 FROM pg_database WHERE datname = '${name}'`) === '1';
}

/**
 * A PostgreSQL database filled by `tree`'s generator. With `keep` and a commit, it is kept (named
 * after the commit) for the next run: filled under a name of its own and renamed only once
 * complete, so a run cut short keeps nothing.
 */
function postgresDatabase(base: string, tree: Tree, vehicles: number, keep: boolean): { name: string; note: string } {
  const keptName = keep && tree.commit ? `vm_bench_kept_read_path_${tree.commit.slice(0, 12)}_${vehicles}` : undefined;
  if (keptName && databaseExists(base, keptName))
    return { name: keptName, note: `kept from an earlier run (${keptName})` };
  const filling = keptName ? `${keptName}_filling` : `vm_bench_read_path_fill_${tree.side}_${process.pid}`;
  psql(base, `DROP DATABASE IF EXISTS ${filling} WITH (FORCE)`);
  psql(base, `CREATE DATABASE ${filling}`);
  onCleanup(`drop database ${filling}`, () => psql(base, `DROP DATABASE IF EXISTS ${filling} WITH (FORCE)`));
  runGenerator(tree, ['--postgres', withDatabase(base, filling)], vehicles);
  if (!keptName) return { name: filling, note: 'filled by this run' };
  psql(base, `ALTER DATABASE ${filling} RENAME TO ${keptName}`);
  return { name: keptName, note: `filled by this run and kept as database ${keptName}` };
}

function postgresVehicles(url: string): PublicVehicle[] {
  const out = execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qAt', '-F', '\t', '-c', PUBLIC_VEHICLES], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const rows = out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [id = '', slug = ''] = line.split('\t');
      return { id, slug };
    });
  return shuffled(rows, 37);
}

async function postgresCatalogue(
  trees: Record<SideName, Tree>,
  mode: FillMode,
  vehicles: number,
  keep: boolean,
): Promise<Catalogue> {
  const base = postgresAdminUrl();
  const filled = new Map<Tree, { name: string; note: string }>();
  const by = fillers(trees, mode);
  const dataDirs = {} as Record<SideName, string>;
  const databaseUrls = {} as Record<SideName, string>;
  const lists = {} as Record<SideName, PublicVehicle[]>;
  for (const side of SIDES) {
    const tree = by[side];
    const source = filled.get(tree) ?? postgresDatabase(base, tree, vehicles, keep);
    filled.set(tree, source);
    const name = `vm_bench_read_path_${side}_${process.pid}`;
    psql(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    psql(base, `CREATE DATABASE ${name} TEMPLATE ${source.name}`);
    onCleanup(`drop database ${name}`, () => psql(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    databaseUrls[side] = withDatabase(base, name);
    dataDirs[side] = tempDir(`read-path-postgres-${side}`);
    lists[side] = postgresVehicles(databaseUrls[side]);
  }
  const note = [...filled].map(([tree, f]) => `by ${tree.side}'s generator: ${f.note}`).join('; ');
  return { dialect: 'postgres', dataDirs, databaseUrls, vehicles: lists, note };
}

// ---------------------------------------------------------------------------------------------
// Traffic

/** Keyword searches of one or two words, from the generator's own vocabulary, in a fixed order. */
function keywordQueries(): { one: string[]; two: string[] } {
  const word = (w: string) => w.toLowerCase();
  const plain = (w: string) => /^[a-z0-9]+$/.test(w);
  const makes = MAKES.map((m) => word(m.make)).filter(plain);
  const models = [...new Set(MAKES.flatMap((m) => m.models.map((model) => word(model[0]))))].filter(
    (m) => m.split(' ').length === 1 && plain(m),
  );
  const bodies = [...new Set(MAKES.flatMap((m) => m.models.map((model) => word(model[1]))))].filter(plain);
  const colors = COLORS.map(word).filter(plain);
  const adjectives = ADJECTIVES.map(word).filter(plain);
  const featureWords = [...new Set(FEATURES.flatMap((f) => word(f).split(' ')))].filter(
    (w) => w.length > 3 && plain(w),
  );
  const extra = [
    'restored',
    'original',
    'leather',
    'manual',
    'matching',
    'numbers',
    'garaged',
    'turbo',
    'v8',
    'classic',
  ];
  const one = [
    ...new Set([
      ...makes,
      ...models,
      ...bodies,
      ...colors,
      ...adjectives,
      ...featureWords,
      ...extra,
      ...FUELS.map(word),
    ]),
  ];
  const two = new Set<string>();
  for (const m of MAKES) for (const model of m.models) two.add(`${word(m.make)} ${word(model[0])}`);
  for (const t of two) if (!t.split(' ').every(plain) || t.split(' ').length !== 2) two.delete(t);
  for (const c of colors) for (const model of models) two.add(`${c} ${model}`);
  for (const a of adjectives) for (const make of makes) two.add(`${a} ${make}`);
  for (const make of makes) for (const body of bodies) two.add(`${make} ${body}`);
  for (const w of featureWords) for (const make of makes) two.add(`${make} ${w}`);
  return { one: shuffled(one, 1), two: shuffled([...two], 2) };
}

/** What one side asks next: its own cursors, so each side gets the same sequences. */
class Visitor {
  private vehicleCursor = 0;
  private oneWordCursor = 0;
  private twoWordCursor = 0;
  private fingerprintCount = 0;
  readonly search = computedSearches();
  private readonly keywords = keywordQueries();

  constructor(
    private readonly side: SideName,
    private readonly vehicles: readonly PublicVehicle[],
  ) {}

  vehicle(): PublicVehicle {
    const v = this.vehicles[this.vehicleCursor++ % this.vehicles.length];
    if (!v) throw new Error('no public vehicle');
    return v;
  }

  /** A fingerprint nobody sent before: a new visitor. */
  fingerprint(): string {
    return `read-path-${this.side}-${process.pid}-${(this.fingerprintCount++).toString(36)}`;
  }

  /** A keyword search of one or two words: the two-word ones are each new, the one-word ones come round. */
  keyword(words: 1 | 2): string {
    const list = words === 1 ? this.keywords.one : this.keywords.two;
    const n = words === 1 ? this.oneWordCursor++ : this.twoWordCursor++;
    return list[n % list.length] ?? 'porsche';
  }
}

interface RequestSpec {
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
}

interface Step {
  /** The label of its latencies (a visit has two: its page and its view). */
  kind: string;
  /** The next request; `context` is the connection's, kept between the steps of one visit. */
  build: (context: Record<string, unknown>) => RequestSpec;
}

type EndpointKey =
  | 'visit'
  | 'vehicleApi'
  | 'searchApi'
  | 'resultsPage'
  | 'keyword'
  | 'ping'
  | 'revalidateSearch'
  | 'revalidateVehicle'
  | 'revalidatePage';

interface Endpoint {
  key: EndpointKey;
  name: string;
  /** p99 ≤ 50 ms with no error (the load endpoints), or a 304 against ping's CPU. */
  budget?: 'p99' | 'revalidation';
  /** The status every answer must have. */
  expected: number;
  /** The requests of one run, or null when the side cannot be measured (no ETag). */
  prepare: (side: SideUnderTest) => Promise<{ steps: Step[]; note?: string } | null>;
}

/** Requests each path once, `concurrency` at a time; the answers' ETag headers. */
async function getAll(baseUrl: string, paths: readonly string[], concurrency = 10): Promise<(string | null)[]> {
  const etags: (string | null)[] = new Array(paths.length).fill(null);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < paths.length) {
        const i = next++;
        const res = await fetch(`${baseUrl}${paths[i]}`, { headers: BROWSER_ENCODING });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`GET ${paths[i]}: ${res.status} before a revalidation run`);
        etags[i] = res.headers.get('etag');
      }
    }),
  );
  return etags;
}

/** GETs of URLs whose ETag a first GET read, each sent with If-None-Match: a 304 each. */
function revalidation(key: EndpointKey, name: string, nextPath: (visitor: Visitor) => string): Endpoint {
  return {
    key,
    name,
    budget: 'revalidation',
    expected: 304,
    prepare: async (side) => {
      const paths = Array.from({ length: REVALIDATION_URLS }, () => nextPath(side.visitor));
      const etags = await getAll(side.server.baseUrl, paths);
      const pool = paths.flatMap((p, i) => (etags[i] ? [{ path: p, etag: etags[i] as string }] : []));
      if (pool.length === 0) return null;
      let n = 0;
      return {
        steps: [
          {
            kind: 'revalidation',
            build: () => {
              const entry = pool[n++ % pool.length] as { path: string; etag: string };
              return { path: entry.path, headers: { 'if-none-match': entry.etag } };
            },
          },
        ],
        ...(pool.length < paths.length ? { note: `${pool.length} of ${paths.length} URLs had an ETag` } : {}),
      };
    },
  };
}

const vehicleUrl = (v: PublicVehicle) => encodeURIComponent(v.slug);

function endpoints(): Endpoint[] {
  return [
    {
      key: 'visit',
      name: 'Vehicle visit: page /vehicles/:slug + POST view by a new visitor',
      budget: 'p99',
      expected: 200,
      prepare: async ({ visitor }) => ({
        steps: [
          {
            kind: 'page',
            build: (context) => {
              const v = visitor.vehicle();
              context.vehicle = v;
              return { path: `/vehicles/${vehicleUrl(v)}` };
            },
          },
          {
            kind: 'view',
            build: (context) => {
              const v = context.vehicle as PublicVehicle | undefined;
              if (!v) throw new Error('a view before its page');
              return {
                method: 'POST',
                path: `/api/vehicles/${encodeURIComponent(v.id)}/view`,
                body: JSON.stringify({ fingerprint: visitor.fingerprint() }),
                headers: { 'content-type': 'application/json' },
              };
            },
          },
        ],
      }),
    },
    {
      key: 'vehicleApi',
      name: 'Vehicle API GET /api/vehicles/:slug',
      budget: 'p99',
      expected: 200,
      prepare: async ({ visitor }) => ({
        steps: [{ kind: 'vehicle', build: () => ({ path: `/api/vehicles/${vehicleUrl(visitor.vehicle())}` }) }],
      }),
    },
    {
      key: 'searchApi',
      name: 'Search API /api/vehicles/search?<filters>',
      budget: 'p99',
      expected: 200,
      prepare: async ({ visitor }) => ({
        steps: [{ kind: 'search', build: () => ({ path: `/api/vehicles/search?${visitor.search()}` }) }],
      }),
    },
    {
      key: 'resultsPage',
      name: 'Results page /vehicles?<filters> (HTML)',
      budget: 'p99',
      expected: 200,
      prepare: async ({ visitor }) => ({
        steps: [{ kind: 'results', build: () => ({ path: `/vehicles?${visitor.search()}` }) }],
      }),
    },
    {
      key: 'keyword',
      name: 'Keyword search /api/vehicles/search?query=<one or two words>',
      budget: 'p99',
      expected: 200,
      prepare: async ({ visitor }) => ({
        // One word, then two words, on each connection in turn.
        steps: ([1, 2] as const).map((words) => ({
          kind: words === 1 ? 'one word' : 'two words',
          build: () => ({ path: `/api/vehicles/search?${new URLSearchParams({ query: visitor.keyword(words) })}` }),
        })),
      }),
    },
    {
      key: 'ping',
      name: 'GET /api/ping',
      expected: 200,
      prepare: async () => ({ steps: [{ kind: 'ping', build: () => ({ path: '/api/ping' }) }] }),
    },
    revalidation('revalidateSearch', '304: search API, If-None-Match', (v) => `/api/vehicles/search?${v.search()}`),
    revalidation(
      'revalidateVehicle',
      '304: vehicle API, If-None-Match',
      (v) => `/api/vehicles/${vehicleUrl(v.vehicle())}`,
    ),
    revalidation(
      'revalidatePage',
      '304: vehicle page (HTML), If-None-Match',
      (v) => `/vehicles/${vehicleUrl(v.vehicle())}`,
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** The values of /metrics (the first sample of each name), read with the token. */
async function scrapeMetrics(baseUrl: string): Promise<Map<string, number>> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET /metrics: ${res.status} ${text.slice(0, 200)}`);
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{[^}]*\})?\s+(\S+)/.exec(line);
    if (m?.[1] && m[2] !== undefined && !values.has(m[1])) values.set(m[1], Number(m[2]));
  }
  return values;
}

const loopP99Ms = (metrics: Map<string, number>) =>
  (metrics.get('nodejs_eventloop_lag_p99_seconds') ?? Number.NaN) * 1000;

type CannonResult = Parameters<Parameters<typeof autocannon>[1]>[1];

interface Figure {
  rps: number;
  responses: number;
  /** p99 over every request of the run, and of each kind (a visit's page and view). */
  p99: number;
  kindP99: Record<string, number>;
  /** A visit's page and view together, per connection. */
  visitP99?: number;
  cpuUs: number;
  loopP99Ms: number;
  /** Answers with another status than the expected one, connection errors and timeouts. */
  failures: number;
  statuses: string;
  note?: string;
}

async function measure(side: SideUnderTest, endpoint: Endpoint, seconds: number): Promise<Figure | null> {
  const prepared = await endpoint.prepare(side);
  if (!prepared) return null;
  const { baseUrl, pid } = side.server;
  const sent = side.sent.get(endpoint.key) ?? new Set<string>();
  side.sent.set(endpoint.key, sent);
  const samples: Record<string, number[]> = {};
  const visits: number[] = [];
  const statuses: Record<string, number> = {};
  const pageOf = new Map<unknown, number>();
  let answered: { kind: string; status: number } = { kind: '', status: 0 };
  let unexpected = 0;
  await scrapeMetrics(baseUrl); // resets the event loop histogram: the next read covers this run
  const cpuBefore = readCpuMs(pid);
  const result = await new Promise<CannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        duration: seconds,
        pipelining: 1,
        timeout: 10,
        headers: BROWSER_ENCODING,
        requests: prepared.steps.map((step) => ({
          setupRequest: (request, context) => {
            const spec = step.build(context);
            // A visit's URLs are its pages'.
            if (spec.method !== 'POST') sent.add(spec.path);
            return {
              ...request,
              path: spec.path,
              method: spec.method ?? 'GET',
              headers: { ...request.headers, ...spec.headers },
              ...(spec.body !== undefined ? { body: spec.body } : {}),
            };
          },
          onResponse: (status) => {
            answered = { kind: step.kind, status };
          },
        })),
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (client, status, _bytes, ms) => {
      const { kind } = answered;
      const list = samples[kind] ?? [];
      list.push(ms);
      samples[kind] = list;
      const key = `${kind} ${status}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
      if (status !== endpoint.expected) unexpected++;
      if (kind === 'page') pageOf.set(client, ms);
      else if (kind === 'view') {
        const page = pageOf.get(client);
        if (page !== undefined) visits.push(page + ms);
        pageOf.delete(client);
      }
    });
  });
  const cpuMs = readCpuMs(pid) - cpuBefore;
  const loop = loopP99Ms(await scrapeMetrics(baseUrl));
  const all = Object.values(samples).flat();
  const kindP99: Record<string, number> = {};
  for (const [kind, list] of Object.entries(samples)) kindP99[kind] = summarize(list).p99;
  return {
    rps: all.length / result.duration,
    responses: all.length,
    p99: summarize(all).p99,
    kindP99,
    ...(endpoint.key === 'visit' ? { visitP99: summarize(visits).p99 } : {}),
    cpuUs: all.length > 0 ? (cpuMs * 1000) / all.length : 0,
    loopP99Ms: loop,
    failures: unexpected + result.errors + result.timeouts,
    statuses: Object.entries(statuses)
      .map(([k, n]) => `${k}: ${int(n)}`)
      .join(', '),
    ...(prepared.note ? { note: prepared.note } : {}),
  };
}

interface SideUnderTest {
  tree: Tree;
  server: BenchServer;
  visitor: Visitor;
  runs: Map<EndpointKey, Figure[]>;
  /** Endpoints the side could not be measured on (no ETag), with why. */
  skipped: Map<EndpointKey, string>;
  /** Every URL sent to each endpoint over the rounds (a visit's: its pages). */
  sent: Map<EndpointKey, Set<string>>;
  idleLoopP99Ms: number;
  startSeconds: number;
}

/** Each load endpoint a few times, one request at a time, through the same builders as the runs. */
async function warmUp(side: SideUnderTest, list: readonly Endpoint[]): Promise<void> {
  for (const e of list) {
    if (e.budget !== 'p99') continue;
    const prepared = await e.prepare(side);
    for (let i = 0; i < WARMUP_REQUESTS && prepared; i++) {
      const context: Record<string, unknown> = {};
      for (const step of prepared.steps) {
        const spec = step.build(context);
        const res = await fetch(`${side.server.baseUrl}${spec.path}`, {
          method: spec.method ?? 'GET',
          headers: { ...BROWSER_ENCODING, ...spec.headers },
          ...(spec.body !== undefined ? { body: spec.body } : {}),
        });
        await res.arrayBuffer();
        if (res.status !== e.expected) throw new Error(`${side.tree.side}: warm-up ${spec.path}: ${res.status}`);
      }
    }
  }
}

async function startSide(tree: Tree, catalogue: Catalogue): Promise<SideUnderTest> {
  const started = performance.now();
  const databaseUrl = catalogue.databaseUrls?.[tree.side];
  const server = await startServer({
    cwd: tree.dir,
    dataDir: catalogue.dataDirs[tree.side],
    ...(databaseUrl ? { databaseUrl } : {}),
    env: { METRICS_TOKEN, PUBLIC_URL: 'https://cars.example.com', RATE_LIMIT: 'off' },
    timeoutMs: 300_000,
  });
  const startSeconds = (performance.now() - started) / 1000;
  console.log(`${catalogue.dialect}/${tree.side}: server ${server.pid} ready in ${startSeconds.toFixed(1)} s`);
  return {
    tree,
    server,
    visitor: new Visitor(tree.side, catalogue.vehicles[tree.side]),
    runs: new Map(),
    skipped: new Map(),
    sent: new Map(),
    idleLoopP99Ms: Number.NaN,
    startSeconds,
  };
}

interface DialectResult {
  dialect: Dialect;
  catalogue: Catalogue;
  sides: Record<SideName, SideUnderTest>;
  list: Endpoint[];
  memory: Record<SideName, { metricsRss: number; procRss: number }>;
}

async function measureDialect(
  dialect: Dialect,
  trees: Record<SideName, Tree>,
  catalogue: Catalogue,
  options: { seconds: number; runs: number },
): Promise<DialectResult> {
  const list = endpoints();
  const sides = {} as Record<SideName, SideUnderTest>;
  try {
    for (const name of ['before', 'after'] as const) sides[name] = await startSide(trees[name], catalogue);
    const both = [sides.before, sides.after];
    const pids = both.map((s) => s.server.pid);
    for (const side of both) await warmUp(side, list);
    // The event loop's delay with nothing to do: what the histogram reads at rest on this machine.
    await waitUntilIdle(pids, { maxMs: 120_000 });
    for (const side of both) await scrapeMetrics(side.server.baseUrl);
    await sleep(5_000);
    for (const side of both) side.idleLoopP99Ms = loopP99Ms(await scrapeMetrics(side.server.baseUrl));
    for (let round = 0; round < options.runs; round++) {
      for (const [i, endpoint] of list.entries()) {
        const order = (round + i) % 2 === 0 ? both : [...both].reverse();
        for (const side of order) {
          if (side.skipped.has(endpoint.key)) continue;
          await waitUntilIdle(pids);
          const figure = await measure(side, endpoint, options.seconds);
          const label = `${dialect} round ${round + 1} ${side.tree.side}: ${endpoint.name}`;
          if (!figure) {
            side.skipped.set(endpoint.key, 'n/a (no ETag)');
            console.log(`${label}: no ETag on a first GET, n/a`);
            continue;
          }
          side.runs.set(endpoint.key, [...(side.runs.get(endpoint.key) ?? []), figure]);
          console.log(
            `${label}: ${int(figure.rps)} req/s, p99 ${figure.p99.toFixed(1)} ms${figure.visitP99 !== undefined ? ` (visit ${figure.visitP99.toFixed(1)} ms)` : ''}, ${int(figure.cpuUs)} µs CPU/req, event loop p99 ${figure.loopP99Ms.toFixed(1)} ms, ${figure.failures} failed [${figure.statuses}]`,
          );
        }
      }
    }
    const memory = {} as DialectResult['memory'];
    for (const side of both)
      memory[side.tree.side] = {
        metricsRss: (await scrapeMetrics(side.server.baseUrl)).get('process_resident_memory_bytes') ?? Number.NaN,
        procRss: readRss(side.server.pid),
      };
    return { dialect, catalogue, sides, list, memory };
  } finally {
    for (const side of Object.values(sides)) await side.server.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Report

interface Summary {
  rps: number;
  p99: number;
  kindP99: Record<string, number>;
  visitP99?: number;
  cpuUs: number;
  loopP99Ms: number;
  failures: number;
  responses: number;
  statuses: string;
  notes: string[];
}

function summary(side: SideUnderTest, key: EndpointKey): Summary | undefined {
  const figures = side.runs.get(key);
  if (!figures || figures.length === 0) return undefined;
  const kinds = Object.keys(figures[0]?.kindP99 ?? {});
  const visits = figures.flatMap((f) => (f.visitP99 !== undefined ? [f.visitP99] : []));
  return {
    rps: median(figures.map((f) => f.rps)),
    p99: median(figures.map((f) => f.p99)),
    kindP99: Object.fromEntries(kinds.map((k) => [k, median(figures.map((f) => f.kindP99[k] ?? 0))])),
    ...(visits.length ? { visitP99: median(visits) } : {}),
    cpuUs: median(figures.map((f) => f.cpuUs)),
    loopP99Ms: median(figures.map((f) => f.loopP99Ms)),
    failures: figures.reduce((n, f) => n + f.failures, 0),
    responses: figures.reduce((n, f) => n + f.responses, 0),
    statuses: figures.map((f) => f.statuses).join('; '),
    notes: figures.flatMap((f) => (f.note ? [f.note] : [])),
  };
}

const msText = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '—');
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

function latencyCell(s: Summary | undefined, why: string | undefined): string {
  if (!s) return why ?? '—';
  const kinds = Object.entries(s.kindP99);
  const detail =
    kinds.length > 1
      ? ` (${kinds.map(([k, v]) => `${k} ${msText(v)}`).join(', ')}${s.visitP99 !== undefined ? `; whole visit ${msText(s.visitP99)}` : ''})`
      : '';
  return `${int(s.rps)} req/s, p99 **${msText(s.p99)}**${detail}, ${int(s.cpuUs)} µs CPU/req, loop p99 ${msText(s.loopP99Ms)}, ${s.failures} failed`;
}

interface BudgetLine {
  name: string;
  figure: (side: SideName) => string;
  met: (side: SideName) => boolean | undefined;
}

function budgetLines(r: DialectResult): BudgetLine[] {
  const lines: BudgetLine[] = [];
  const s = (side: SideName, key: EndpointKey) => summary(r.sides[side], key);
  for (const e of r.list.filter((x) => x.budget === 'p99'))
    lines.push({
      name: `${e.name}: p99 ≤ ${BUDGET.p99Ms} ms, no error`,
      figure: (side) => {
        const x = s(side, e.key);
        return x ? `p99 ${msText(x.p99)}, ${x.failures} failed of ${int(x.responses)}` : '—';
      },
      met: (side) => {
        const x = s(side, e.key);
        return x ? x.p99 <= BUDGET.p99Ms && x.failures === 0 : undefined;
      },
    });
  for (const e of r.list.filter((x) => x.budget === 'revalidation'))
    lines.push({
      name: `${e.name}: server CPU ≤ ${BUDGET.revalidationCpu} × GET /api/ping's`,
      figure: (side) => {
        const x = s(side, e.key);
        const ping = s(side, 'ping');
        if (!x) return r.sides[side].skipped.get(e.key) ?? '—';
        return `${int(x.cpuUs)} µs against ${int(ping?.cpuUs ?? 0)} µs (${ping?.cpuUs ? (x.cpuUs / ping.cpuUs).toFixed(2) : '?'} ×); ${int(x.rps)} against ${int(ping?.rps ?? 0)} req/s; ${x.failures} not 304`;
      },
      met: (side) => {
        const x = s(side, e.key);
        const ping = s(side, 'ping');
        // AFTER is to answer 304s: without an ETag its budget is not met; BEFORE's is n/a.
        if (!x) return side === 'after' && r.sides.after.skipped.has(e.key) ? false : undefined;
        return ping ? x.cpuUs <= BUDGET.revalidationCpu * ping.cpuUs && x.failures === 0 : undefined;
      },
    });
  lines.push({
    name: `Resident memory after the run ≤ ${BUDGET.rssMB} MB (process_resident_memory_bytes)`,
    figure: (side) => `${mb(r.memory[side].metricsRss)} (/proc: ${mb(r.memory[side].procRss)})`,
    met: (side) => r.memory[side].metricsRss <= BUDGET.rssMB * 1e6,
  });
  lines.push({
    name: `Event loop p99 delay under the load ≤ ${BUDGET.eventLoopP99Ms} ms (worst of the budget endpoints' runs)`,
    figure: (side) => {
      const values = r.list
        .filter((e) => e.budget === 'p99')
        .flatMap((e) => (r.sides[side].runs.get(e.key) ?? []).map((f) => f.loopP99Ms));
      return `${msText(Math.max(...values))} (at rest ${msText(r.sides[side].idleLoopP99Ms)})`;
    },
    met: (side) => {
      const values = r.list
        .filter((e) => e.budget === 'p99')
        .flatMap((e) => (r.sides[side].runs.get(e.key) ?? []).map((f) => f.loopP99Ms));
      return values.length ? Math.max(...values) <= BUDGET.eventLoopP99Ms : undefined;
    },
  });
  return lines;
}

const metText = (ok: boolean | undefined) => (ok === undefined ? 'n/a' : verdict(ok));

function dialectSection(r: DialectResult): string[] {
  const label = r.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const lines = budgetLines(r);
  const afterMet = lines.map((l) => l.met('after'));
  const measured = afterMet.filter((m) => m !== undefined).length;
  const sections = [
    `## ${label}`,
    `Catalogue ${r.catalogue.note}; ${int(r.catalogue.vehicles.before.length)} public vehicles. Server start (migrations included): BEFORE ${r.sides.before.startSeconds.toFixed(1)} s, AFTER ${r.sides.after.startSeconds.toFixed(1)} s.`,
    `### Budgets (AFTER: ${afterMet.filter((m) => m === true).length} of ${measured} met${measured < afterMet.length ? `, ${afterMet.length - measured} not measured` : ''})`,
    table(
      ['Budget', 'BEFORE', 'AFTER', 'AFTER met'],
      lines.map((l) => [
        l.name,
        `${l.figure('before')} (${metText(l.met('before'))})`,
        l.figure('after'),
        metText(l.met('after')),
      ]),
    ),
    '### Every endpoint (median of the rounds; failures summed)',
    table(
      ['Endpoint', 'BEFORE', 'AFTER', 'Distinct URLs sent (BEFORE / AFTER)'],
      r.list.map((e) => {
        const b = summary(r.sides.before, e.key);
        const a = summary(r.sides.after, e.key);
        return [
          e.name,
          latencyCell(b, r.sides.before.skipped.get(e.key)),
          latencyCell(a, r.sides.after.skipped.get(e.key)),
          `${b ? int(r.sides.before.sent.get(e.key)?.size ?? 0) : '—'} / ${a ? int(r.sides.after.sent.get(e.key)?.size ?? 0) : '—'}`,
        ];
      }),
    ),
    '### Statuses (each round, separated by “;”)',
    table(
      ['Endpoint', 'BEFORE', 'AFTER'],
      r.list.map((e) => [
        e.name,
        summary(r.sides.before, e.key)?.statuses ?? r.sides.before.skipped.get(e.key) ?? '—',
        summary(r.sides.after, e.key)?.statuses ?? r.sides.after.skipped.get(e.key) ?? '—',
      ]),
    ),
  ];
  const notes = (['before', 'after'] as const).flatMap((side) =>
    r.list.flatMap((e) => (summary(r.sides[side], e.key)?.notes ?? []).map((n) => `- ${side}, ${e.name}: ${n}`)),
  );
  if (notes.length) sections.push(notes.join('\n'));
  return sections;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      before: { type: 'string', default: DEFAULT_BEFORE },
      after: { type: 'string', default: ROOT },
      'after-ref': { type: 'string' },
      dialect: { type: 'string', default: 'both' },
      vehicles: { type: 'string', default: '100000' },
      seconds: { type: 'string', default: '8' },
      runs: { type: 'string', default: '2' },
      catalogues: { type: 'string' },
      fill: { type: 'string', default: 'before' },
      report: { type: 'string', default: 'read-path' },
    },
  });
  const dialects: Dialect[] =
    values.dialect === 'both' ? ['sqlite', 'postgres'] : values.dialect === 'postgres' ? ['postgres'] : ['sqlite'];
  if (!['both', 'sqlite', 'postgres'].includes(values.dialect)) throw new Error('--dialect: sqlite, postgres or both');
  const options = {
    vehicles: Number.parseInt(values.vehicles, 10),
    seconds: Number.parseInt(values.seconds, 10),
    runs: Number.parseInt(values.runs, 10),
  };
  const machine = machineInfo();
  const runStarted = performance.now();

  if (values.fill !== 'before' && values.fill !== 'each') throw new Error('--fill: before or each');
  const fill: FillMode = values.fill;
  const trees: Record<SideName, Tree> = {
    before: addWorktree('before', values.before),
    after: values['after-ref'] ? addWorktree('after', values['after-ref']) : afterFolder(values.after),
  };
  if (realpathSync(trees.before.dir) === realpathSync(trees.after.dir))
    throw new Error('BEFORE and AFTER are one folder');
  for (const tree of Object.values(trees)) buildWeb(tree);

  const keepDir = values.catalogues ? path.resolve(values.catalogues) : undefined;
  const results: DialectResult[] = [];
  for (const dialect of dialects) {
    const catalogue =
      dialect === 'sqlite'
        ? await sqliteCatalogue(trees, fill, options.vehicles, keepDir)
        : await postgresCatalogue(trees, fill, options.vehicles, keepDir !== undefined);
    results.push(await measureDialect(dialect, trees, catalogue, options));
  }
  const minutes = (performance.now() - runStarted) / 60_000;

  const sections = [
    [
      `- **BEFORE**: ${trees.before.description}.`,
      `- **AFTER**: ${trees.after.description}.`,
      `- ${int(options.vehicles)} vehicles, ${fill === 'before' ? "filled by BEFORE's own generator (its `bench/catalogue.ts`), one catalogue per database, each side its own copy, migrated by its own server at start (AFTER's migrations run on top of BEFORE's)" : "each side's catalogue filled by its own generator (its `bench/catalogue.ts`, the same seed: the same vehicles and slugs, other ids) (`--fill each`)"}. Both servers of a database run at once (\`RATE_LIMIT=off\`, \`METRICS_TOKEN\` set, the web build of their own checkout).`,
      `- Autocannon, ${CONNECTIONS} connections, \`Accept-Encoding: ${BROWSER_ENCODING['accept-encoding']}\`, ${options.seconds} s per endpoint and side, ${options.runs} round${options.runs === 1 ? '' : 's'}; each endpoint runs on BEFORE and AFTER one after the other, who goes first alternating, both servers idle before each run (the load generator, both servers and PostgreSQL share the machine's cores). Whole run: ${minutes.toFixed(1)} minutes.`,
      `- Vehicles: every public vehicle in one fixed shuffled order, each side its own cursor shared by visits, the vehicle API and the revalidation URLs (a vehicle comes round only after all the others). A visit is the HTML page, then \`POST /api/vehicles/:id/view\` with a fingerprint never sent before, on the same connection; its p99 is over both requests (each kind's, and the two together per visit, are given beside it). Searches: \`bench/lib/computed-searches.ts\`, each request a search not sent before (shared by the search API, the results page and the revalidation URLs). Keywords: one word and two words in turn, from the generator's vocabulary (makes, models, colors, body types, adjectives, feature words); the two-word ones are each new, the one-word ones come round.`,
      `- A revalidation run first GETs ${REVALIDATION_URLS} URLs never asked before and keeps each answer's ETag, then sends those URLs in turn with \`If-None-Match\`: every answer must be a 304. Its server CPU a request is set against \`GET /api/ping\`'s in the same round. Without an ETag the run is "n/a".`,
      `- Server CPU a request: user and system time of the server process from \`/proc\` over the run, divided by the answers. Event loop p99 ("loop p99"): \`nodejs_eventloop_lag_p99_seconds\` read from \`/metrics\` right after each run (a read right before it resets prom-client's histogram, which samples every 10 ms, so even a process at rest reads about 10 ms: see "at rest"). Resident memory: \`process_resident_memory_bytes\` after the rounds, in MB of 10^6 bytes.`,
    ].join('\n'),
    ...results.flatMap(dialectSection),
  ];
  writeReport({
    script: values.report,
    title: 'Read path before and after (issue #37)',
    dialect: dialects.join(' and '),
    machine,
    sections,
  });
  console.log(`Whole run: ${minutes.toFixed(1)} minutes`);
}

await runBenchmark(main);
