import type { EmailStatus, SentEmail } from '@vm/shared/email';
import { Badge, type BadgeTone } from '../../../components/badge';

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

const TONES: Record<EmailStatus, BadgeTone> = {
  queued: 'yellow',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
};

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  return <Badge tone={TONES[status]}>{EMAIL_STATUS_LABELS[status]}</Badge>;
}

/** The subject once the email was rendered for sending; until then the template's name says what it is. */
export const emailTitle = (email: Pick<SentEmail, 'subject' | 'template'>) => email.subject || email.template;
