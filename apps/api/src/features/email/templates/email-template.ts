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
}

/** Declares a template with its data type checked. */
export const emailTemplate = <Data>(template: EmailTemplate<Data>): EmailTemplate<Data> => template;
