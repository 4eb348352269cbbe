import type { Selectable } from 'kysely';
import type { ContactPriority, ContactStatus } from '@vm/shared/constants';
import type { Contact } from '@vm/shared/contact';
import type { ContactInquiriesTable } from '../../db/schema.ts';

export type ContactRow = Selectable<ContactInquiriesTable>;

/** Row to the shared Contact shape. */
export function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    status: row.status as ContactStatus,
    priority: row.priority as ContactPriority,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
