import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'DATABASE_URL must start with postgres://'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGIN: z.string().optional(),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  DATABASE_START_TIMEOUT: z.coerce
    .number({ error: 'DATABASE_START_TIMEOUT must be a number of seconds' })
    .int('DATABASE_START_TIMEOUT must be a whole number of seconds')
    .min(0, 'DATABASE_START_TIMEOUT must be 0 or more seconds')
    .max(3600, 'DATABASE_START_TIMEOUT must be at most 3600 seconds')
    .default(60),
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^smtps?:\/\/[^\s]+$/.test(v), 'SMTP_URL must start with smtp:// or smtps://'),
  MAIL_FROM: z
    .string()
    .optional()
    .refine(
      (v) => !v || /^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(v.trim()),
      'MAIL_FROM must be an email address, or a name and an address: Dealer <sales@example.com>',
    ),
  PUBLIC_URL: z
    .string()
    .optional()
    .refine(
      (v) => !v || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(v),
      'PUBLIC_URL must be an http:// or https:// address without a query, such as https://cars.example.com',
    ),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  adminEmail: string;
  adminPassword: string | undefined;
  seed: 'demo' | 'none';
  logLevel: string;
  corsOrigin: string | undefined;
  webDist: string | undefined;
  rateLimit: boolean;
  /** How long a start waits for PostgreSQL to accept connections before giving up (open-database.ts). */
  databaseStartTimeoutMs: number;
  /** Where email goes: an SMTP server, or .eml files under DATA_DIR/mail (docs/decisions/114-email-outbox.md). */
  smtpUrl: string | undefined;
  mailDir: string;
  /** The From of every email; the dealer's name is put before a bare address. */
  mailFrom: string;
  /** The site's address as people reach it, without a trailing slash: every link in an email starts with it. */
  publicUrl: string;
}

/**
 * A start that cannot go on for a reason the operator can fix (a bad setting, a database that
 * cannot be reached): server.ts prints its message alone, without a stack trace, and exits 1.
 */
export class StartError extends Error {
  override name = 'StartError';
}

/** Reads and checks the environment; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new StartError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    corsOrigin: e.CORS_ORIGIN,
    webDist: e.WEB_DIST,
    rateLimit: e.RATE_LIMIT === 'on',
    databaseStartTimeoutMs: e.DATABASE_START_TIMEOUT * 1000,
    smtpUrl: e.SMTP_URL,
    mailDir: path.join(dataDir, 'mail'),
    mailFrom: e.MAIL_FROM?.trim() ?? `no-reply@${new URL(publicUrl).hostname}`,
    publicUrl,
  };
}

/** A JWT secret generated once and kept in DATA_DIR, so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
