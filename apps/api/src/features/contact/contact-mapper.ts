import type { Selectable } from 'kysely';
import type { ContactPriority, ContactStatus } from '@vm/shared/constants';
import type { Contact } from '@vm/shared/contact';
import type { ContactInquiriesTable } from '../../db/schema.ts';

export type ContactRow = Selectable<ContactInquiriesTable>;
/** An inquiry with the slug and title of its vehicle, null when it names none or the vehicle is gone. */
export type ContactJoinedRow = ContactRow & { vehicle_slug: string | null; vehicle_title: string | null };

/** Row to the shared Contact shape. */
export function toContact(row: ContactJoinedRow): Contact {
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
    vehicle: row.vehicle_id
      ? {
          id: row.vehicle_id,
          slug: row.vehicle_slug,
          title: row.vehicle_title,
          deleted: row.vehicle_title === null,
        }
      : null,
  };
}
