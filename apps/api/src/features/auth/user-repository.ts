import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB, UsersTable } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { reusableQuery } from '../../lib/reusable-query.ts';
import { nowIso } from '../../lib/time.ts';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: string;
  isActive: boolean;
}

// Built once (lib/reusable-query.ts): every signed-in request runs it.
const userByIdQuery = reusableQuery((db: Kysely<DB>, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null),
);

export async function findUserById(db: Kysely<DB>, id: string): Promise<UserRow | undefined> {
  return (await userByIdQuery(db, id)).rows[0];
}

export function findUserByEmail(db: Kysely<DB>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A username derived from the email, made unique with a numeric suffix. */
async function uniqueUsername(db: Kysely<DB>, email: string): Promise<string> {
  const base =
    (email.split('@')[0] ?? 'user')
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 30) || 'user';
  const taken = await db
    .selectFrom('users')
    .select('username')
    .where((eb) => eb.or([eb('username', '=', base), eb('username', 'like', `${base}-%`)]))
    .execute();
  const names = new Set(taken.map((t) => t.username));
  if (!names.has(base)) return base;
  for (let i = 2; ; i++) if (!names.has(`${base}-${i}`)) return `${base}-${i}`;
}

export async function insertUser(db: Kysely<DB>, user: NewUser): Promise<UserRow> {
  const now = nowIso();
  const row: UserRow = {
    id: newId(),
    email: user.email.toLowerCase(),
    password_hash: user.passwordHash,
    first_name: user.firstName,
    last_name: user.lastName,
    username: await uniqueUsername(db, user.email),
    phone: user.phone,
    role: user.role,
    is_active: user.isActive ? 1 : 0,
    profile_image: null,
    address: '',
    city: '',
    state: '',
    zip_code: '',
    notification_prefs: '{}',
    deleted_at: null,
    created_at: now,
    updated_at: now,
    token_version: 0,
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

/**
 * The ids of the active SuperAdmins, locked until the caller's transaction ends; call inside the
 * transaction that then demotes, deactivates or deletes one, so the check and the write cannot
 * interleave with another such transaction (docs/product-rules.md#accounts, issue #21).
 *
 * PostgreSQL: SELECT ... FOR UPDATE, in id order so two transactions lock in the same order. A
 * second transaction waits here until the first commits, then re-checks each row it waited for
 * against the WHERE clause: a SuperAdmin the first one demoted or deactivated is no longer in the
 * list, a deleted one neither (READ COMMITTED's rule for locking reads).
 * SQLite has no row locks and no FOR UPDATE: the app holds its one connection for the whole
 * transaction (Kysely's SQLite driver), so no other statement runs between this read and the write.
 */
export async function lockActiveSuperAdmins(trx: Kysely<DB>, dialect: Dialect): Promise<string[]> {
  const q = trx
    .selectFrom('users')
    .select('id')
    .where(sql`lower(role)`, '=', 'superadmin')
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id');
  const rows = await (dialect === 'postgres' ? q.forUpdate() : q).execute();
  return rows.map((r) => r.id);
}

/**
 * Ends every access token of the user signed so far: each carries the version it was signed
 * with, and plugins/auth.ts refuses an older one. Returns the new version, for the token signed
 * next (docs/decisions/111-token-version-and-login-limits.md).
 */
export async function bumpTokenVersion(db: Kysely<DB>, id: string): Promise<number | undefined> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .returning('token_version')
    .executeTakeFirst();
  return row?.token_version;
}

/** Stores a new password hash (a password change or reset). */
export async function updatePasswordHash(trx: Kysely<DB>, userId: string, passwordHash: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}

/** Writes the given columns of one user. */
export async function updateUserColumns(db: Kysely<DB>, id: string, changes: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}
