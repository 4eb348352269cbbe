import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/database.ts';

describe('GET /api/ping (the search benchmark ceiling)', () => {
  it('answers fixed JSON without touching the database, even when the database is unreachable', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vm-ping-'));
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40) });
    // Port 1 on loopback: nothing listens there, so any query would fail at once.
    const database = openPostgres('postgres://nobody:nothing@127.0.0.1:1/none');
    const app = await buildApp({ config, database, logger: false });
    try {
      const ping = await app.inject({ method: 'GET', url: '/api/ping' });
      expect(ping.statusCode).toBe(200);
      expect(ping.headers['content-type']).toContain('application/json');
      expect(ping.body).toBe('{"ok":true}');
      // The health check on the same app does reach the database, and fails.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
