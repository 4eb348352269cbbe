import { z } from 'zod';
import {
  emailSchema,
  lenientInt,
  optionalQueryText,
  requiredPhoneSchema,
  requiredText,
  sortOrderSchema,
} from './common.ts';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_PRIORITIES,
  CONTACT_SORT_FIELDS,
  CONTACT_STATUSES,
  CONTACTS_PAGE_SIZE,
} from './constants.ts';
import { MSG } from './messages.ts';

export const contactSubmitSchema = z.strictObject({
  fullName: requiredText(MSG.fullNameRequired, 120),
  email: emailSchema,
  phone: requiredPhoneSchema,
  subject: requiredText(MSG.subjectRequired, 200),
  message: z
    .string({ error: MSG.messageRequired })
    .trim()
    .min(1, MSG.messageRequired)
    .min(CONTACT_MESSAGE_MIN, MSG.messageTooShort)
    .max(CONTACT_MESSAGE_MAX, MSG.messageTooLong),
  /**
   * The vehicle an inquiry from its page ("Contact our specialists") is about, by id. An id that
   * names no public vehicle keeps the inquiry, unlinked (its subject still names the vehicle).
   */
  vehicleId: z.string({ error: 'Vehicle id must be text' }).trim().max(64, 'Vehicle id is too long').optional(),
});
export type ContactSubmit = z.infer<typeof contactSubmitSchema>;

export const contactSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  priority: z.enum(CONTACT_PRIORITIES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The vehicle the inquiry was sent from: its id, and its slug and title while it exists
   * (`deleted` once it has been deleted); null for an inquiry from the contact page.
   */
  vehicle: z
    .object({ id: z.string(), slug: z.string().nullable(), title: z.string().nullable(), deleted: z.boolean() })
    .nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactListQuerySchema = z.object({
  status: z.enum(CONTACT_STATUSES, { error: 'Unknown contact status' }).optional(),
  priority: z.enum(CONTACT_PRIORITIES, { error: 'Unknown contact priority' }).optional(),
  search: optionalQueryText,
  sortBy: z.enum(CONTACT_SORT_FIELDS, { error: 'Unknown sort field' }).optional().default('createdAt'),
  sortOrder: sortOrderSchema.optional().default('desc'),
  page: lenientInt(1, 1, 1_000_000),
  limit: lenientInt(CONTACTS_PAGE_SIZE, 1, 100),
});

export const contactPaginationSchema = z.object({
  currentPage: z.number(),
  totalPages: z.number(),
  totalContacts: z.number(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
});

export const contactListResponseSchema = z.object({
  contacts: z.array(contactSchema),
  pagination: contactPaginationSchema,
});

export const contactUpdateSchema = z
  .strictObject({
    status: z.enum(CONTACT_STATUSES, { error: 'Unknown contact status' }).optional(),
    priority: z.enum(CONTACT_PRIORITIES, { error: 'Unknown contact priority' }).optional(),
  })
  .refine((v) => v.status !== undefined || v.priority !== undefined, {
    message: 'Send a status or a priority',
  });

export const contactStatsSchema = z.object({
  totalContacts: z.number(),
  newContacts: z.number(),
  resolvedContacts: z.number(),
  urgentContacts: z.number(),
});
