import type { SentEmail } from '@vm/shared/email';
import { relativeTime } from '@vm/shared/relative-time';
import { Eye, RotateCcw } from 'lucide-react';
import { type DataColumn, DataTable } from '../components/data-table';
import { RowActionButton, RowActions } from '../components/row-action-button';
import { Timestamp } from '../components/timestamp';
import { EmailStatusBadge, emailTitle } from './email-status';
import { SENT_EMAIL_SCREEN_MESSAGES } from './emails-api';

interface Props {
  emails: SentEmail[];
  onView: (email: SentEmail) => void;
  onRetry: (email: SentEmail) => void;
  retrying: string | null;
}

/** Date, To, Subject, Status, Attempts, Error and the actions; below lg each row is a card. */
export function SentEmailsTable({ emails, onView, onRetry, retrying }: Props) {
  const columns: DataColumn<SentEmail>[] = [
    {
      header: 'Date',
      cellClassName: 'order-5 text-sm whitespace-nowrap text-slate-600',
      cell: (email) => <Timestamp iso={email.createdAt} format={relativeTime} />,
    },
    {
      header: 'To',
      cellClassName: 'order-1 min-w-0 text-sm break-all text-ink-900',
      cell: (email) => email.recipient,
    },
    {
      header: 'Subject',
      cellClassName: 'order-3 col-span-2 text-sm',
      cell: (email) =>
        email.subject ? (
          <span className="font-medium text-ink-900">{email.subject}</span>
        ) : (
          <span className="text-slate-500 italic" title="Not rendered yet: the template's name">
            {email.template}
          </span>
        ),
    },
    {
      header: 'Status',
      cellClassName: 'order-2 text-right lg:text-left',
      cell: (email) => <EmailStatusBadge status={email.status} />,
    },
    {
      header: 'Attempts',
      alignEnd: true,
      cellClassName: 'order-6 text-sm text-slate-600 lg:text-right',
      cell: (email) => (
        <>
          <span className="lg:hidden">Attempts: </span>
          {email.attempts}
        </>
      ),
    },
    {
      header: 'Error',
      cellClassName: 'order-4 col-span-2 text-sm break-words text-red-700',
      cell: (email) => email.lastError || null,
    },
    {
      header: 'Actions',
      alignEnd: true,
      cellClassName: 'order-7 col-span-2',
      cell: (email) => (
        <RowActions>
          <RowActionButton
            icon={Eye}
            label={`View email to ${email.recipient}: ${emailTitle(email)}`}
            title="View details"
            onClick={() => onView(email)}
          />
          {email.status === 'failed' ? (
            <RowActionButton
              icon={RotateCcw}
              tone="brand"
              word="Send again"
              label={`Send again the email to ${email.recipient}: ${emailTitle(email)}`}
              onClick={() => onRetry(email)}
              disabled={retrying === email.id}
            />
          ) : null}
        </RowActions>
      ),
    },
  ];
  return (
    <DataTable
      label="Sent emails"
      columns={columns}
      rows={emails}
      cards={{ below: 'lg', rowClassName: 'grid grid-cols-2 items-center gap-x-3 gap-y-2 px-4 py-3' }}
      emptyText={SENT_EMAIL_SCREEN_MESSAGES.empty}
      rowTestId="email-row"
    />
  );
}
