import type { SentEmail } from '@vm/shared/email';
import { formatDateTime } from '@vm/shared/format-date';
import { useQuery } from '@tanstack/react-query';
import { Download, RotateCcw } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { LoadingLine } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { DetailRow } from '../users/user-details-modal';
import { EmailStatusBadge, emailTitle } from './email-status';
import { fetchSentEmail, SENT_EMAIL_SCREEN_MESSAGES, sentEmailKey } from './emails-api';

interface Props {
  /** The listed email to show; its details (the .eml file's text and HTML) load on opening. */
  email: SentEmail | null;
  retrying: boolean;
  downloading: boolean;
  onRetry: (email: SentEmail) => void;
  onDownload: (email: SentEmail) => void;
  onClose: () => void;
}

/**
 * One email: who, what and when, the error of its last attempt, and, when it was written as an
 * .eml file, its text and its HTML. The HTML is shown in an iframe with an empty sandbox: no
 * script runs, no form is sent and no link opens from it, whatever the email contains.
 */
export function SentEmailDetailsModal({ email, retrying, downloading, onRetry, onDownload, onClose }: Props) {
  const ids = useId();
  const detail = useQuery({
    queryKey: sentEmailKey(email?.id ?? ''),
    queryFn: () => fetchSentEmail(email?.id ?? ''),
    enabled: email !== null,
  });
  // The list's row is shown at once; the loaded details replace it (a newer status, say).
  const shown = detail.data?.email ?? email;
  const content = detail.data?.content ?? null;
  return (
    <Modal
      open={email !== null}
      onClose={onClose}
      title="Email details"
      size="xl"
      footer={
        shown ? (
          <>
            {shown.hasFile ? (
              <Button variant="secondary" onClick={() => onDownload(shown)} disabled={downloading}>
                <Download className="h-4 w-4" aria-hidden="true" />
                {downloading ? 'Downloading...' : 'Download .eml'}
              </Button>
            ) : null}
            {shown.status === 'failed' ? (
              <Button onClick={() => onRetry(shown)} disabled={retrying}>
                <RotateCcw className="h-4 w-4" aria-hidden="true" />
                {retrying ? 'Queuing...' : 'Send again'}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </>
        ) : null
      }
    >
      {shown ? (
        <div className="space-y-5">
          <dl className="divide-y divide-slate-100 border-y border-slate-100">
            <DetailRow label="To">{content?.to || shown.recipient}</DetailRow>
            {content?.from ? <DetailRow label="From">{content.from}</DetailRow> : null}
            <DetailRow label="Subject">{emailTitle(shown)}</DetailRow>
            <DetailRow label="Template">{shown.template}</DetailRow>
            <DetailRow label="Status">
              <EmailStatusBadge status={shown.status} />
            </DetailRow>
            <DetailRow label="Attempts">{shown.attempts}</DetailRow>
            <DetailRow label="Created">{formatDateTime(shown.createdAt)}</DetailRow>
            <DetailRow label="Sent">{shown.sentAt ? formatDateTime(shown.sentAt) : 'Not sent yet'}</DetailRow>
            {shown.lastError ? (
              <DetailRow label="Last error">
                <span className="text-red-700">{shown.lastError}</span>
              </DetailRow>
            ) : null}
          </dl>

          {detail.isPending ? (
            <LoadingLine text="Loading the message..." className="py-6 text-sm text-slate-500" />
          ) : null}
          {detail.isError ? <Alert>{errorMessage(detail.error, SENT_EMAIL_SCREEN_MESSAGES.detailFailed)}</Alert> : null}
          {detail.isSuccess && !content ? (
            <p className="text-sm text-slate-500 italic">
              {shown.hasFile
                ? 'The .eml file of this email can no longer be read.'
                : shown.status === 'sent'
                  ? 'Sent through the mail server: no copy is kept here.'
                  : 'Not written yet: the message appears here once it is sent.'}
            </p>
          ) : null}

          {content ? (
            <>
              <section aria-labelledby={`${ids}-text`}>
                <h3 id={`${ids}-text`} className="mb-1 text-sm font-semibold text-slate-700">
                  Message
                </h3>
                <pre className="max-h-80 overflow-auto rounded-lg bg-slate-50 p-3 font-sans text-sm whitespace-pre-wrap text-ink-900">
                  {content.text}
                </pre>
              </section>
              {content.html !== null ? (
                <section aria-labelledby={`${ids}-html`}>
                  <h3 id={`${ids}-html`} className="mb-1 text-sm font-semibold text-slate-700">
                    As the recipient sees it
                  </h3>
                  <iframe
                    title="HTML version of the email"
                    sandbox=""
                    srcDoc={content.html}
                    className="h-[28rem] w-full rounded-lg border border-slate-200 bg-white"
                  />
                </section>
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
