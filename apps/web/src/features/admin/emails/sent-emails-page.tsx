import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isSuperAdminRole } from '@vm/shared/constants';
import {
  EMAIL_STATUSES,
  type EmailStatusCounts,
  SENT_EMAIL_MESSAGES,
  SENT_EMAILS_PAGE_SIZE,
  type SentEmail,
} from '@vm/shared/email';
import { isOneOf } from '@vm/shared/one-of';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/alert';
import { SelectField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useAuth } from '../../auth/auth-context';
import { AdminPager } from '../components/admin-pager';
import { ListBody, ListPanel, ListToolbar } from '../components/list-panel';
import { EMAIL_STATUS_LABELS } from './email-status';
import {
  downloadEml,
  fetchSentEmails,
  retrySentEmail,
  SENT_EMAIL_SCREEN_MESSAGES,
  SENT_EMAILS_KEY,
  type SentEmailListParams,
  sentEmailListKey,
} from './emails-api';
import { SentEmailDetailsModal } from './sent-email-details-modal';
import { SentEmailsTable } from './sent-emails-table';

/** The whole outbox by status, above the list. */
function StatusCounts({ counts }: { counts: EmailStatusCounts | undefined }) {
  return (
    <dl aria-label="Emails by status" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {EMAIL_STATUSES.map((status) => (
        <div key={status} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-500">{EMAIL_STATUS_LABELS[status]}</dt>
          <dd className="text-2xl font-bold text-ink-900" data-testid={`count-${status}`}>
            {counts ? counts[status].toLocaleString('en-US') : '—'}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /admin/emails, "Sent emails", for SuperAdmins (docs/decisions/114-email-outbox.md): every email
 * in the outbox, newest first. Without SMTP_URL each one is written as an .eml file under
 * DATA_DIR/mail, and this screen shows it, so email can be seen working without a mail server.
 */
export function SentEmailsPage() {
  usePageTitle('Sent emails');
  const { user } = useAuth();
  const allowed = isSuperAdminRole(user?.role);
  const queryClient = useQueryClient();
  const [params, setParams] = useState<SentEmailListParams>({ status: '', page: 1 });
  const [viewing, setViewing] = useState<SentEmail | null>(null);

  const list = useQuery({
    queryKey: sentEmailListKey(params),
    queryFn: () => fetchSentEmails(params),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });

  const retry = useMutation({
    mutationFn: (email: SentEmail) => retrySentEmail(email.id),
    onSuccess: (email) => {
      toast.success(SENT_EMAIL_SCREEN_MESSAGES.retried);
      setViewing((v) => (v?.id === email.id ? email : v));
      void queryClient.invalidateQueries({ queryKey: SENT_EMAILS_KEY });
    },
    onError: (err) => {
      toast.error(errorMessage(err, SENT_EMAIL_SCREEN_MESSAGES.retryFailed));
      void queryClient.invalidateQueries({ queryKey: SENT_EMAILS_KEY });
    },
  });
  const download = useMutation({
    mutationFn: (email: SentEmail) => downloadEml(email.id),
    onError: (err) => toast.error(errorMessage(err, SENT_EMAIL_SCREEN_MESSAGES.downloadFailed)),
  });

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold text-ink-900">Sent emails</h2>
        <p className="text-sm text-slate-500">
          Every email the site sends, newest first. Without a mail server (SMTP_URL), each one is saved as an .eml file
          and can be read here.
        </p>
      </div>

      {!allowed ? (
        <Alert>{SENT_EMAIL_MESSAGES.superAdminOnly}</Alert>
      ) : (
        <>
          <StatusCounts counts={list.data?.counts} />
          {list.isError ? <Alert>{errorMessage(list.error, SENT_EMAIL_SCREEN_MESSAGES.loadFailed)}</Alert> : null}
          <ListPanel>
            <ListToolbar>
              <div className="sm:w-56">
                <SelectField
                  label="Status"
                  value={params.status}
                  onChange={(e) => {
                    const status = e.target.value;
                    // A new filter starts again from page 1 (docs/product-rules.md#lists).
                    setParams({ status: isOneOf(EMAIL_STATUSES, status) ? status : '', page: 1 });
                  }}
                >
                  <option value="">All statuses</option>
                  {EMAIL_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {EMAIL_STATUS_LABELS[s]}
                    </option>
                  ))}
                </SelectField>
              </div>
            </ListToolbar>
            <ListBody query={list} loadingText="Loading emails...">
              {(loaded) => (
                <>
                  <SentEmailsTable
                    emails={loaded.emails}
                    onView={setViewing}
                    onRetry={(email) => retry.mutate(email)}
                    retrying={retry.isPending ? (retry.variables?.id ?? null) : null}
                  />
                  {loaded.totalPages > 1 ? (
                    <AdminPager
                      page={params.page}
                      totalPages={loaded.totalPages}
                      total={loaded.totalEmails}
                      limit={SENT_EMAILS_PAGE_SIZE}
                      onPage={(page) => setParams((p) => ({ ...p, page }))}
                    />
                  ) : null}
                </>
              )}
            </ListBody>
          </ListPanel>
        </>
      )}

      <SentEmailDetailsModal
        email={viewing}
        retrying={retry.isPending}
        downloading={download.isPending}
        onRetry={(email) => retry.mutate(email)}
        onDownload={(email) => download.mutate(email)}
        onClose={() => setViewing(null)}
      />
    </div>
  );
}
