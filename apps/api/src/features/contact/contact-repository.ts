import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { SortOrder } from '@vm/shared/common';
import {
  CONTACT_PRIORITIES,
  type CONTACT_SORT_FIELDS,
  type ContactPriority,
  type ContactStatus,
} from '@vm/shared/constants';
import type { ContactSubmit } from '@vm/shared/contact';
import type { DB } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { nowIso } from '../../lib/time.ts';
import { ilike } from '../../db/text-match.ts';
import type { ContactJoinedRow, ContactRow } from './contact-mapper.ts';

export interface ContactListFilters {
  status?: ContactStatus | undefined;
  priority?: ContactPriority | undefined;
  search: string | undefined;
  sortBy: (typeof CONTACT_SORT_FIELDS)[number];
  sortOrder: SortOrder;
  page: number;
  limit: number;
}

/** Inquiries with the slug and title of their vehicle (null when none, or deleted). */
function contactsWithVehicle(db: Kysely<DB>) {
  return db
    .selectFrom('contact_inquiries')
    .leftJoin('vehicles', 'vehicles.id', 'contact_inquiries.vehicle_id')
    .selectAll('contact_inquiries')
    .select(['vehicles.slug as vehicle_slug', 'vehicles.title as vehicle_title']);
}

/** A new inquiry starts as status new, priority medium; `vehicleId` is a checked vehicle id or null. */
export async function insertContact(
  db: Kysely<DB>,
  input: ContactSubmit,
  vehicleId: string | null,
): Promise<ContactRow> {
  const now = nowIso();
  const row: ContactRow = {
    id: newId(),
    full_name: input.fullName,
    email: input.email.toLowerCase(),
    phone: input.phone,
    subject: input.subject,
    message: input.message,
    status: 'new',
    priority: 'medium',
    created_at: now,
    updated_at: now,
    vehicle_id: vehicleId,
  };
  await db.insertInto('contact_inquiries').values(row).execute();
  return row;
}

const SEARCH_COLUMNS = [
  'contact_inquiries.full_name',
  'contact_inquiries.email',
  'contact_inquiries.subject',
  'contact_inquiries.message',
] as const;

function matching(filters: ContactListFilters) {
  return (eb: ExpressionBuilder<DB, 'contact_inquiries'>) => {
    const conditions = [];
    if (filters.status) conditions.push(eb('contact_inquiries.status', '=', filters.status));
    if (filters.priority) conditions.push(eb('contact_inquiries.priority', '=', filters.priority));
    // The whole search text is one literal phrase: quotes, % and SQL are just characters.
    if (filters.search) {
      const term = filters.search;
      conditions.push(eb.or(SEARCH_COLUMNS.map((column) => ilike(column, term))));
    }
    return eb.and(conditions);
  };
}

/** Priority sorts by rank (low < medium < high < urgent), not alphabetically. */
const priorityRank = sql<number>`case contact_inquiries.priority ${sql.join(
  CONTACT_PRIORITIES.map((p, i) => sql`when ${sql.lit(p)} then ${sql.lit(i)}`),
  sql` `,
)} else -1 end`;

export async function listContacts(
  db: Kysely<DB>,
  filters: ContactListFilters,
): Promise<{ rows: ContactJoinedRow[]; total: number }> {
  const where = matching(filters);
  const countRow = await db
    .selectFrom('contact_inquiries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(where)
    .executeTakeFirstOrThrow();
  const dir = filters.sortOrder;
  let q = contactsWithVehicle(db).where(where);
  if (filters.sortBy === 'fullName') q = q.orderBy(sql`lower(contact_inquiries.full_name)`, dir);
  else if (filters.sortBy === 'priority') q = q.orderBy(priorityRank, dir);
  // Within a name or a priority the newest inquiry comes first; the id makes the order total.
  const rows = await q
    .orderBy('contact_inquiries.created_at', filters.sortBy === 'createdAt' ? dir : 'desc')
    .orderBy('contact_inquiries.id', filters.sortBy === 'createdAt' ? dir : 'desc')
    .limit(filters.limit)
    .offset((filters.page - 1) * filters.limit)
    .execute();
  return { rows, total: Number(countRow.n) };
}

export function findContact(db: Kysely<DB>, id: string): Promise<ContactJoinedRow | undefined> {
  return contactsWithVehicle(db).where('contact_inquiries.id', '=', id).executeTakeFirst();
}

/** Sets the status and/or priority; false when the inquiry does not exist. */
export async function updateContact(
  db: Kysely<DB>,
  id: string,
  changes: { status?: ContactStatus | undefined; priority?: ContactPriority | undefined },
): Promise<boolean> {
  const result = await db
    .updateTable('contact_inquiries')
    .set({
      ...(changes.status ? { status: changes.status } : {}),
      ...(changes.priority ? { priority: changes.priority } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteContact(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('contact_inquiries').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The four stat card counts in one pass over the table. */
export async function contactStats(db: Kysely<DB>) {
  const count = (column: 'status' | 'priority', value: string) =>
    sql<number>`sum(case when ${sql.ref(`contact_inquiries.${column}`)} = ${value} then 1 else 0 end)`;
  const row = await db
    .selectFrom('contact_inquiries')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      count('status', 'new').as('new_count'),
      count('status', 'resolved').as('resolved_count'),
      count('priority', 'urgent').as('urgent_count'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalContacts: Number(row.total),
    newContacts: Number(row.new_count ?? 0),
    resolvedContacts: Number(row.resolved_count ?? 0),
    urgentContacts: Number(row.urgent_count ?? 0),
  };
}
