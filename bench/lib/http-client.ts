import http from 'node:http';

export interface HttpResult {
  /** 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  body: unknown;
  ms: number;
  /** The network error code when status is 0. */
  error?: string;
}

export interface Requester {
  request(method: string, path: string, init?: { token?: string; body?: unknown }): Promise<HttpResult>;
}

/**
 * A minimal keep-alive JSON client on node:http. The load drills need per-request identity
 * (which user sent what, and what they were told), which a fixed-URL load tool cannot give.
 */
export class HttpClient implements Requester {
  private readonly agent: http.Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(
    baseUrl: string,
    private readonly options: { sockets: number; timeoutMs?: number } = { sockets: 50 },
  ) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number.parseInt(url.port, 10);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: options.sockets, maxFreeSockets: options.sockets });
  }

  request(method: string, path: string, init: { token?: string; body?: unknown } = {}): Promise<HttpResult> {
    const payload = init.body === undefined ? undefined : Buffer.from(JSON.stringify(init.body));
    const headers: Record<string, string | number> = { accept: 'application/json' };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const started = performance.now();
    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: Omit<HttpResult, 'ms'>) => {
        if (settled) return;
        settled = true;
        resolve({ ...result, ms: performance.now() - started });
      };
      const req = http.request(
        { host: this.host, port: this.port, method, path, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (err: NodeJS.ErrnoException) =>
            finish({ status: 0, body: undefined, error: err.code ?? err.message }),
          );
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            if (String(res.headers['content-type'] ?? '').includes('json')) {
              try {
                body = JSON.parse(text);
              } catch {
                // keep the text
              }
            }
            finish({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.setTimeout(this.options.timeoutMs ?? 30_000, () =>
        req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
      );
      req.on('error', (err: NodeJS.ErrnoException) =>
        finish({ status: 0, body: undefined, error: err.code ?? err.message }),
      );
      if (payload) req.write(payload);
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Sends each request to one of several servers at random, as a load balancer would. */
export class SpreadClient implements Requester {
  constructor(private readonly targets: readonly Requester[]) {}

  request(method: string, path: string, init: { token?: string; body?: unknown } = {}): Promise<HttpResult> {
    const target = this.targets[Math.floor(Math.random() * this.targets.length)];
    if (!target) throw new Error('no target');
    return target.request(method, path, init);
  }
}
