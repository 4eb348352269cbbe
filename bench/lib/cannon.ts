import autocannon from 'autocannon';
import { type LatencySummary, summarize } from './stats.ts';

export interface CannonRun {
  requestsPerSecond: number;
  latency: LatencySummary;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
}

/**
 * One autocannon run against a fixed URL. Latencies come from autocannon's per-response event
 * (sub-millisecond floats, every response), not from its whole-millisecond histogram.
 */
export function cannon(options: { url: string; connections: number; seconds: number }): Promise<CannonRun> {
  const samples: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: options.url, connections: options.connections, duration: options.seconds, pipelining: 1, timeout: 10 },
      (err, result) => {
        if (err) return reject(err);
        const statuses: Record<string, number> = {};
        for (const [code, { count }] of Object.entries(result.statusCodeStats)) statuses[code] = count;
        resolve({
          requestsPerSecond: samples.length / result.duration,
          latency: summarize(samples),
          statuses,
          errors: result.errors,
          timeouts: result.timeouts,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, ms) => samples.push(ms));
  });
}
