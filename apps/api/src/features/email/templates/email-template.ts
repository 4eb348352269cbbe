import type { ReactNode } from 'react';
import type { EmailPreference } from '@vm/shared/email';
import type { EmailSite } from './layout.tsx';

/** One kind of email: its subject, preview line and content (the layout frames it). */
export interface EmailTemplate<Data> {
  subject: (data: Data, site: EmailSite) => string;
  preview: (data: Data) => string;
  content: (data: Data) => ReactNode;
  /** The preference that turns it off; an email without one is always sent (the person asked for it). */
  preference?: EmailPreference;
  /**
   * The data holds a secret (a reset link): the outbox row keeps it only until the email is sent
   * or has failed for good (docs/decisions/114-email-outbox.md).
   */
  secret?: true;
}

/** Declares a template with its data type checked. */
export const emailTemplate = <Data>(template: EmailTemplate<Data>): EmailTemplate<Data> => template;
