/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /**
     * Each connection sends these in turn; setupRequest may rewrite one just before it is sent,
     * with the connection's context (kept from one request of the list to the next, cleared when
     * the list starts again); onResponse sees each answer's status and headers.
     */
    requests?: Request[];
  }

  interface RequestData {
    path: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  interface Request {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: RequestData, context: Record<string, unknown>) => RequestData;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string | string[]>,
    ) => void;
  }

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }

  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  interface Instance extends EventEmitter {
    stop(): void;
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  function autocannon(options: Options, done: (err: Error | null, result: Result) => void): Instance;
  export = autocannon;
}
