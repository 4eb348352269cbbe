import type { Kysely } from 'kysely';
import type { ContactPriority, ContactStatus } from '@vm/shared/constants';
import type { Contact, ContactSubmit } from '@vm/shared/contact';
import { totalPages } from '@vm/shared/pagination';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../lib/http-errors.ts';
import { adminInquiryUrl } from '../../lib/notice-text.ts';
import { recordActivity } from '../activity/activity-repository.ts';
import { queueEmail } from '../email/outbox.ts';
import { findStaffRecipients } from '../settings/staff-recipients-repository.ts';
import { findVehicleState } from '../vehicles/vehicle-repository.ts';
import { toContact } from './contact-mapper.ts';
import {
  type ContactListFilters,
  contactStats,
  deleteContact,
  findContact,
  insertContact,
  listContacts,
  updateContact,
} from './contact-repository.ts';

const CONTACT_NOT_FOUND = 'Contact not found';

/**
 * Stores a contact-form inquiry with its dashboard event and the staff notice, in one transaction
 * (docs/product-rules.md#notifications).
 */
export async function submitInquiry(db: Kysely<DB>, input: ContactSubmit, links: { publicUrl: string }): Promise<void> {
  // Linked only to a vehicle the sender could see: an unknown or archived id keeps the inquiry,
  // unlinked, rather than losing it (docs/decisions/124-buyers-and-finding.md).
  const vehicle = input.vehicleId ? await findVehicleState(db, input.vehicleId) : undefined;
  const vehicleId = vehicle && vehicle.status !== 'Archived' ? vehicle.id : null;
  await db.transaction().execute(async (trx) => {
    const row = await insertContact(trx, input, vehicleId);
    await recordActivity(trx, 'contact_lead', row.id, `New inquiry from ${row.full_name}: ${row.subject}`);
    for (const to of await findStaffRecipients(trx)) {
      await queueEmail(trx, {
        template: 'staffNewInquiry',
        to,
        data: {
          subject: row.subject,
          fromName: row.full_name,
          fromEmail: row.email,
          adminUrl: adminInquiryUrl(links.publicUrl, row.id),
        },
      });
    }
  });
}

/** One inquiry: the back office opens it from a notice's link. */
export async function inquiry(db: Kysely<DB>, id: string): Promise<Contact> {
  const row = await findContact(db, id);
  if (!row) throw notFound(CONTACT_NOT_FOUND);
  return toContact(row);
}

/** One page of inquiries with the pagination block the admin screen reads. */
export async function inquiryPage(db: Kysely<DB>, filters: ContactListFilters) {
  const { rows, total } = await listContacts(db, filters);
  const pages = totalPages(total, filters.limit);
  return {
    contacts: rows.map(toContact),
    pagination: {
      currentPage: filters.page,
      totalPages: pages,
      totalContacts: total,
      hasNextPage: filters.page < pages,
      hasPrevPage: filters.page > 1,
    },
  };
}

export function inquiryStats(db: Kysely<DB>) {
  return contactStats(db);
}

/** Sets an inquiry's status and/or priority and returns it as saved. */
export async function updateInquiry(
  db: Kysely<DB>,
  id: string,
  changes: { status?: ContactStatus | undefined; priority?: ContactPriority | undefined },
): Promise<Contact> {
  if (!(await updateContact(db, id, changes))) throw notFound(CONTACT_NOT_FOUND);
  const row = await findContact(db, id);
  if (!row) throw notFound(CONTACT_NOT_FOUND);
  return toContact(row);
}

export async function deleteInquiry(db: Kysely<DB>, id: string): Promise<void> {
  if (!(await deleteContact(db, id))) throw notFound(CONTACT_NOT_FOUND);
}
