import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onCleanup } from './cleanup.ts';
import { ROOT } from './report.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A temporary directory removed when the benchmark ends, however it ends. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `vm-bench-${prefix}-`));
  // Retries: a process killed a moment ago (Chromium, the server) may still be writing into it.
  onCleanup(`remove ${dir}`, () => rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }));
  return dir;
}

export interface BenchServer {
  baseUrl: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Everything the server printed, for error messages. */
  output: () => string;
  /** True while the process is alive. */
  alive: () => boolean;
  /** Graceful stop (SIGTERM, then SIGKILL after 15 s). */
  stop: () => Promise<void>;
  /** kill -9, as a crash would. Resolves when the process is gone. */
  kill9: () => Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  port?: number;
  /** Milliseconds to wait for the ready path to answer 200. */
  timeoutMs?: number;
  /** Another server program to run instead of the marketplace, relative to `cwd`. */
  script?: string;
  /** The path that answers 200 once the server is ready (default GET /api/health). */
  readyPath?: string;
  /**
   * The checkout the server runs from (default the repository root): `script` is taken relative
   * to it, and tsx is found from it. bench/read-path.ts runs an older commit from a git worktree.
   */
  cwd?: string;
}

/**
 * Starts the real server as a child process (`node --import tsx apps/api/src/server.ts`, or
 * `options.script`) on 127.0.0.1 and waits for /api/health (or `options.readyPath`). The process
 * is the node binary itself, so its pid is the one whose memory we sample and whose death we cause.
 */
export async function startServer(options: StartOptions): Promise<BenchServer> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', options.script ?? 'apps/api/src/server.ts'], {
    cwd: options.cwd ?? ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      ADMIN_EMAIL: 'bench-admin@bench.example',
      ADMIN_PASSWORD: 'bench-admin-pass-1',
      SEED: 'none',
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process did not start');
  const killOnExit = onCleanup(`kill server ${pid}`, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let output = '';
  const keep = (d: Buffer) => {
    output += d.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const alive = () => child.exitCode === null && child.signalCode === null;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (!alive()) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}${options.readyPath ?? '/api/health'}`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    port,
    pid,
    child,
    output: () => output,
    alive,
    stop: async () => {
      if (alive()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      killOnExit();
    },
    kill9: async () => {
      if (alive()) {
        child.kill('SIGKILL');
        await exited;
      }
      killOnExit();
    },
  };
}

/** Resident memory of a process in bytes, from /proc/<pid>/status (VmRSS). */
export function readRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS for pid ${pid}`);
  return Number.parseInt(match[1], 10) * 1024;
}

let clockTicks: number | undefined;

/** CPU time (user + system) a process has used so far, in milliseconds, from /proc/<pid>/stat. */
export function readCpuMs(pid: number): number {
  clockTicks ??= Number.parseInt(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim(), 10) || 100;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may contain spaces; fields after the closing parenthesis are fixed.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number.parseInt(fields[11] ?? '0', 10);
  const stime = Number.parseInt(fields[12] ?? '0', 10);
  return ((utime + stime) * 1000) / clockTicks;
}

/**
 * Waits until every process spends under `share` of a core over the same `windowMs`, at most
 * `maxMs`: the work a server does on its own after a start or a catalogue change (before
 * decision 143, reading the catalogue's cards ahead a second or two after it: bench/read-path.ts
 * still runs that code as BEFORE) is over before a measurement starts.
 */
export async function waitUntilIdle(
  pids: readonly number[],
  { share = 0.05, windowMs = 2_500, maxMs = 60_000 }: { share?: number; windowMs?: number; maxMs?: number } = {},
): Promise<void> {
  const until = Date.now() + maxMs;
  while (Date.now() < until) {
    const before = pids.map(readCpuMs);
    await sleep(windowMs);
    if (pids.every((pid, i) => readCpuMs(pid) - (before[i] ?? 0) < share * windowMs)) return;
  }
}
