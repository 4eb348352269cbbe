import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { hasSettings, writeSettings } from '../features/settings/settings-repository.ts';
import { insertUser } from '../features/auth/user-repository.ts';
import { seedDemoData } from './demo-data.ts';
import { DEFAULT_SITE_SETTINGS } from './default-settings.ts';

export interface AdminLogin {
  email: string;
  /** Only when this start created the account (or when ADMIN_PASSWORD is set). */
  password: string | undefined;
  passwordFile: string | undefined;
}

/**
 * First start on an empty database: the SuperAdmin, the site settings and (unless SEED=none) the
 * demo catalogue. Each part is created only when missing, so running it again changes nothing.
 */
export async function ensureInitialData(database: Database, config: Config): Promise<AdminLogin> {
  const { db } = database;
  const passwordFile = path.join(config.dataDir, 'initial-admin-password.txt');
  let created: string | undefined;
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (!anyUser) {
    const password = config.adminPassword ?? randomBytes(12).toString('base64url');
    await insertUser(db, {
      email: config.adminEmail,
      passwordHash: await hashPassword(password),
      firstName: 'Site',
      lastName: 'Owner',
      phone: '',
      role: 'SuperAdmin',
      isActive: true,
    });
    if (!config.adminPassword) writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    created = password;
  }
  if (!(await hasSettings(db))) await writeSettings(db, DEFAULT_SITE_SETTINGS);
  if (config.seed === 'demo') await seedDemoData(database, config);
  const remembered = existsSync(passwordFile) ? readFileSync(passwordFile, 'utf8').trim() : undefined;
  return {
    email: config.adminEmail,
    password: created ?? config.adminPassword ?? remembered,
    passwordFile: config.adminPassword ? undefined : passwordFile,
  };
}
