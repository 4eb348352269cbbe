import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
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
  S3_BUCKET: z
    .string()
    .optional()
    .refine(
      (v) => !v || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v),
      'S3_BUCKET must be a bucket name, such as media',
    ),
  S3_ENDPOINT: z
    .string()
    .optional()
    .refine(
      (v) => !v || /^https?:\/\/[^\s/?#]+\/?$/.test(v),
      'S3_ENDPOINT must be an http:// or https:// address, such as https://s3.example.com',
    ),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'S3_FORCE_PATH_STYLE must be true or false' }).optional(),
  MEDIA_PUBLIC_URL: z
    .string()
    .optional()
    .refine(
      (v) => !v || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(v),
      'MEDIA_PUBLIC_URL must be an http:// or https:// address without a query, such as https://media.example.com',
    ),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  REDIS_URL: z
    .string()
    .optional()
    .refine(
      (v) => !v || /^rediss?:\/\/[^\s]+$/.test(v),
      'REDIS_URL must start with redis:// or rediss://, such as redis://localhost:6379',
    ),
  TRUST_PROXY: z
    .string()
    .optional()
    .refine(
      (v) => !v || /^\d{1,2}$/.test(v) || v.split(',').every((part) => isAddressOrRange(part.trim())),
      'TRUST_PROXY must be the number of proxies in front of the app (such as 1) or their addresses (such as 10.0.0.0/8,127.0.0.1)',
    ),
});

/** An IP address, or a range of them in CIDR notation (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = /^\d{1,3}$/.test(bits) ? Number(bits) : -1;
  return n >= 0 && n <= (family === 4 ? 32 : 128);
}

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
  /** Media in an S3-compatible bucket when S3_BUCKET is set, else on disk under uploadsDir (decision 126). */
  s3: S3Config | undefined;
  /** Where browsers fetch media (a CDN or the bucket's public address) instead of /uploads, without a trailing slash. */
  mediaPublicUrl: string | undefined;
  /** The bearer token Prometheus sends to read GET /metrics; unset, /metrics is a 404 (decision 127). */
  metricsToken: string | undefined;
  /** Rate limits count in this Redis, shared by every instance that uses it (decision 130). */
  redisUrl: string | undefined;
  /**
   * Which reverse proxies are believed about the client's address (X-Forwarded-For), as Fastify's
   * trustProxy: the proxies' addresses, or a function trusting the nearest N hops; false, none,
   * when TRUST_PROXY is unset.
   */
  trustProxy: string | ((address: string, hop: number) => boolean) | false;
  /** Lines server.ts prints at start: settings that work here but are wrong for a fleet (decision 127). */
  startWarnings: string[];
}

/** The bucket media are stored in (features/images/s3-storage.ts). */
export interface S3Config {
  bucket: string;
  /** For MinIO, Cloudflare R2, Backblaze and the like; AWS's own endpoint when unset. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither: without them the SDK's own chain (environment, profile, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** The bucket in the path (http://host/bucket/key) rather than in the host name. */
  forcePathStyle: boolean;
}

/** Environment variables that mean nothing without S3_BUCKET: one of them alone is a mistake. */
const S3_ONLY = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

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
  const s3Problem = s3Mistake(e);
  if (s3Problem) throw new StartError(`Invalid configuration:\n  ${s3Problem}`);
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
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
          region: e.S3_REGION || 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
    metricsToken: e.METRICS_TOKEN,
    redisUrl: e.REDIS_URL,
    trustProxy: trustedProxies(e.TRUST_PROXY),
    startWarnings: e.DATABASE_URL && !e.JWT_SECRET ? [JWT_SECRET_NOT_SHARED] : [],
  };
}

/**
 * On PostgreSQL several instances may share the database; each signs sign-ins with JWT_SECRET, or
 * without it with a secret of its own kept in its DATA_DIR, which the other instances reject.
 */
export const JWT_SECRET_NOT_SHARED =
  'Warning: DATABASE_URL is set but JWT_SECRET is not: this instance signs sign-ins with its own secret ' +
  '(DATA_DIR/jwt-secret), so other instances on this database will refuse them. Set the same JWT_SECRET ' +
  'on every instance (docs/deploy.md).';

function trustedProxies(setting: string | undefined): Config['trustProxy'] {
  if (!setting) return false;
  if (!/^\d+$/.test(setting)) return setting;
  const hops = Number(setting);
  return (_address, hop) => hop < hops;
}

/** What is wrong with the S3 settings taken together, if anything. */
function s3Mistake(e: z.infer<typeof envSchema>): string | undefined {
  if (!e.S3_BUCKET) {
    const stray = S3_ONLY.find((name) => e[name]);
    return stray ? `${stray}: ${stray} is set but S3_BUCKET is not` : undefined;
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    return 'S3_ACCESS_KEY_ID: give both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither';
  return undefined;
}

/** A JWT secret generated once and kept in DATA_DIR, so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
