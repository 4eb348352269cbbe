import autocannon from 'autocannon';
import { type LatencySummary, summarize } from './stats.ts';

export interface CannonRun {
  requestsPerSecond: number;
  /** Responses received. */
  responses: number;
  latency: LatencySummary;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  /** Every path sent, in order (only recorded when the paths vary, see `nextPath`). */
  paths: string[];
}

export interface CannonOptions {
  /** Origin plus the path of every request, or the origin alone when `nextPath` gives the paths. */
  url: string;
  connections: number;
  seconds: number;
  /** A fresh path (with its query string) for every request, instead of the same URL each time. */
  nextPath?: () => string;
  /** Headers sent with every request (a browser's Accept-Encoding, say). */
  headers?: Record<string, string>;
}

/**
 * One autocannon run. Latencies come from autocannon's per-response event (sub-millisecond
 * floats, every response), not from its whole-millisecond histogram.
 */
export function cannon(options: CannonOptions): Promise<CannonRun> {
  const samples: number[] = [];
  const paths: string[] = [];
  const { nextPath } = options;
  const requests = nextPath
    ? [
        {
          setupRequest: (request: { path: string }) => {
            const path = nextPath();
            paths.push(path);
            return { ...request, path };
          },
        },
      ]
    : undefined;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        pipelining: 1,
        timeout: 10,
        ...(options.headers ? { headers: options.headers } : {}),
        ...(requests ? { requests } : {}),
      },
      (err, result) => {
        if (err) return reject(err);
        const statuses: Record<string, number> = {};
        for (const [code, { count }] of Object.entries(result.statusCodeStats)) statuses[code] = count;
        resolve({
          requestsPerSecond: samples.length / result.duration,
          responses: samples.length,
          latency: summarize(samples),
          statuses,
          errors: result.errors,
          timeouts: result.timeouts,
          paths,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, ms) => samples.push(ms));
  });
}
