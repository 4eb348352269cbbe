/**
 * Lighthouse (mobile preset) on the storefront's public pages, and the size of the JavaScript a
 * first visit must download before anything renders.
 *
 * Builds the web app to /tmp/perf-dist, starts the real server on a fresh data dir with the demo
 * catalogue (SEED=demo, WEB_DIST=/tmp/perf-dist), launches Debian's Chromium itself with a
 * remote-debugging port (no chrome-launcher), and audits /, /vehicles and the detail page of the
 * first search result, each `--runs` times (median score reported).
 *
 *   node --import tsx bench/lighthouse.ts [--runs 5] [--no-build]
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { onCleanup, runBenchmark } from './lib/cleanup.ts';
import { machineInfo } from './lib/machine.ts';
import { ROOT, table, verdict, writeReport } from './lib/report.ts';
import { freePort, startServer, tempDir } from './lib/server.ts';

const DIST = '/tmp/perf-dist';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const SCORE_TARGET = 95;
const JS_TARGET_BYTES = 150 * 1024;

interface PageResult {
  label: string;
  path: string;
  runs: Record<Category, number>[];
  median: Record<Category, number>;
  /** Audits below 0.9 in the last run, per category, for the page owners. */
  failing: { category: Category; title: string; display: string }[];
  scriptTransferBytes: number | undefined;
  metrics: Record<string, string>;
}

/**
 * Chromium with a remote-debugging port, in its own process group: it forks zygote, GPU and
 * renderer processes, and killing only the first would leave the others running.
 */
async function launchChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const port = await freePort();
  const profile = tempDir('chromium-profile');
  const child = spawn(
    CHROMIUM,
    [
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      'about:blank',
    ],
    { stdio: 'ignore', detached: true },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killGroup = () => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const killOnExit = onCleanup(`kill chromium ${child.pid}`, killGroup);
  const close = async () => {
    killGroup();
    await exited;
    killOnExit();
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) return { port, close };
    } catch {
      // not up yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('Chromium did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * JavaScript a first visit to a landing page must download before it renders: the module script
 * and modulepreload links of index.html, plus the page's own chunks, which the server adds to the
 * page's HTML from landing-chunks.json (apps/api/src/features/storefront-pages/page-html.ts).
 */
export function initialJavaScript(
  distDir: string,
  page: 'home' | 'search' | 'detail',
): { files: { file: string; raw: number; gzip: number }[] } {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const urls = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && /\btype="module"/.test(tag)) urls.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) urls.add(href);
  }
  const landing = JSON.parse(readFileSync(path.join(distDir, 'landing-chunks.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  for (const url of landing[page] ?? []) urls.add(url);
  const files = [...urls].map((url) => {
    const content = readFileSync(path.join(distDir, url.replace(/^\//, '')));
    return { file: url, raw: content.length, gzip: gzipSync(content).length };
  });
  return { files };
}

async function audit(url: string, port: number): Promise<NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    formFactor: 'mobile',
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function auditPage(label: string, baseUrl: string, pagePath: string, port: number, runs: number) {
  const scores: Record<Category, number>[] = [];
  let last: Awaited<ReturnType<typeof audit>> | undefined;
  for (let i = 0; i < runs; i++) {
    try {
      last = await audit(baseUrl + pagePath, port);
    } catch (err) {
      // A run can fail on a busy machine (a protocol timeout); one retry, then give up.
      console.log(`${label} run ${i + 1} failed (${err instanceof Error ? err.message : String(err)}); retrying once`);
      last = await audit(baseUrl + pagePath, port);
    }
    const lhr = last;
    const run = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    scores.push(run);
    console.log(`${label} run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${run[c]}`).join(', ')}`);
  }
  if (!last) throw new Error('no runs');
  const lhr = last;
  const failing: PageResult['failing'] = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      // Weighted metrics and the zero-weight opportunities and diagnostics alike: the latter
      // say why a metric is slow. Informative and not-applicable audits carry no verdict.
      if (!a || a.score === null || a.score >= 0.9) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode)) continue;
      failing.push({ category: c, title: a.title, display: a.displayValue ?? '' });
    }
  }
  const summary = lhr.audits['resource-summary']?.details;
  let scriptTransferBytes: number | undefined;
  if (summary && summary.type === 'table') {
    const row = summary.items.find((item) => item.resourceType === 'script');
    scriptTransferBytes = typeof row?.transferSize === 'number' ? row.transferSize : undefined;
  }
  const metrics: Record<string, string> = {};
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
  ]) {
    metrics[id] = lhr.audits[id]?.displayValue ?? '';
  }
  const result: PageResult = {
    label,
    path: pagePath,
    runs: scores,
    median: Object.fromEntries(CATEGORIES.map((c) => [c, median(scores.map((s) => s[c]))])) as Record<Category, number>,
    failing,
    scriptTransferBytes,
    metrics,
  };
  return result;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '5' }, 'no-build': { type: 'boolean', default: false } },
  });
  const runs = Number.parseInt(values.runs, 10);
  const machine = machineInfo();
  if (!values['no-build']) {
    console.log(`Building the web app to ${DIST}...`);
    execFileSync('npx', ['vite', 'build', 'apps/web', '--outDir', DIST, '--emptyOutDir'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
  const landingJs = (['home', 'search', 'detail'] as const).map((page) => {
    const { files } = initialJavaScript(DIST, page);
    const gzip = files.reduce((a, f) => a + f.gzip, 0);
    const raw = files.reduce((a, f) => a + f.raw, 0);
    console.log(`Initial JS of ${page}: ${files.length} files, ${kb(raw)} raw, ${kb(gzip)} gzipped`);
    return { page, files, gzip, raw };
  });
  const largestJs = landingJs.reduce((a, b) => (b.gzip > a.gzip ? b : a));

  const server = await startServer({
    dataDir: tempDir('lighthouse'),
    env: { SEED: 'demo', WEB_DIST: DIST, RATE_LIMIT: 'on' },
    timeoutMs: 300_000,
  });
  const pages: PageResult[] = [];
  try {
    const search = (await (await fetch(`${server.baseUrl}/api/vehicles/search?limit=1`)).json()) as {
      vehicles?: { id: string }[];
    };
    const firstId = search.vehicles?.[0]?.id;
    if (!firstId) throw new Error('the demo catalogue has no vehicle to open');
    const chromium = await launchChromium();
    try {
      for (const [label, pagePath] of [
        ['Home', '/'],
        ['Search', '/vehicles'],
        ['Vehicle detail', `/vehicles/${firstId}`],
      ] as const) {
        pages.push(await auditPage(label, server.baseUrl, pagePath, chromium.port, runs));
      }
    } finally {
      await chromium.close();
    }
  } finally {
    await server.stop();
  }

  const allMet = pages.every((p) => CATEGORIES.every((c) => p.median[c] >= SCORE_TARGET));
  writeReport({
    script: 'lighthouse',
    title: 'Lighthouse and initial JavaScript',
    dialect: 'SQLite (demo seed)',
    machine,
    sections: [
      `Lighthouse ${'12'} (programmatic, mobile form factor and the default mobile preset: simulated slow 4G and 4x CPU slowdown) against the real server (SEED=demo, WEB_DIST=${DIST}) on 127.0.0.1, through Debian's Chromium launched with a remote-debugging port. Each page is audited ${runs} times; the table shows the median score (all runs in brackets).`,
      table(
        ['Page', ...CATEGORIES, 'Script transferred', 'FCP', 'LCP', 'TBT', 'CLS'],
        pages.map((p) => [
          `${p.label} \`${p.path}\``,
          ...CATEGORIES.map((c) => `${p.median[c]} (${p.runs.map((r) => r[c]).join(', ')})`),
          p.scriptTransferBytes === undefined ? '' : kb(p.scriptTransferBytes),
          p.metrics['first-contentful-paint'] ?? '',
          p.metrics['largest-contentful-paint'] ?? '',
          p.metrics['total-blocking-time'] ?? '',
          p.metrics['cumulative-layout-shift'] ?? '',
        ]),
      ),
      `Target: every score >= ${SCORE_TARGET}: ${verdict(allMet)}.`,
      '## Audits below 0.9 (last run)',
      pages
        .map((p) =>
          p.failing.length === 0
            ? `- ${p.label}: none`
            : `- ${p.label}:\n${p.failing.map((f) => `  - ${f.category}: ${f.title}${f.display ? ` (${f.display})` : ''}`).join('\n')}`,
        )
        .join('\n'),
      '## Initial JavaScript of each landing page',
      `The module script and modulepreload links of \`${DIST}/index.html\` plus the page's own chunks (which the server preloads from landing-chunks.json), gzipped with zlib's default level (what a compressing proxy would send).`,
      table(
        ['Page', 'Files', 'Raw', 'Gzipped'],
        landingJs.map((j) => [j.page, String(j.files.length), kb(j.raw), kb(j.gzip)]),
      ),
      `The files of the largest (${largestJs.page}):`,
      table(
        ['File', 'Raw', 'Gzipped'],
        largestJs.files.map((f) => [f.file, kb(f.raw), kb(f.gzip)]),
      ),
      `Target: <= ${kb(JS_TARGET_BYTES)} gzipped on every landing page: ${verdict(largestJs.gzip <= JS_TARGET_BYTES)}.`,
    ],
  });
}

await runBenchmark(main);
