import { type Kysely, type Selectable, sql, type Updateable } from 'kysely';
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
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

export async function countActiveSuperAdmins(db: Kysely<DB>, excludeId?: string): Promise<number> {
  let q = db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(sql`lower(role)`, '=', 'superadmin')
    .where('is_active', '=', 1)
    .where('deleted_at', 'is', null);
  if (excludeId) q = q.where('id', '!=', excludeId);
  const r = await q.executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Writes the given columns of one user. */
export async function updateUserColumns(db: Kysely<DB>, id: string, changes: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}
