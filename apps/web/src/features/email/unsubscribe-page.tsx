import { useMutation, useQuery } from '@tanstack/react-query';
import { UNSUBSCRIBE_MESSAGES } from '@vm/shared/email';
import { MSG } from '@vm/shared/messages';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { LoadingLine } from '../../components/spinner';
import { errorMessage } from '../../lib/api-client';
import { usePageTitle } from '../../lib/page-title';
import { confirmUnsubscribe, fetchUnsubscribeInfo } from './unsubscribe-api';

/**
 * /unsubscribe?token=…, the page an email's footer link opens (docs/decisions/114-email-outbox.md):
 * it says which emails the link stops and to which address, and turns that one preference off
 * when the visitor confirms, without signing in. The server checks the token; a bad link shows
 * the server's message.
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const info = useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: () => fetchUnsubscribeInfo(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const confirm = useMutation({ mutationFn: () => confirmUnsubscribe(token) });

  let body: ReactNode;
  if (token === '') body = <Alert>{UNSUBSCRIBE_MESSAGES.invalidLink}</Alert>;
  else if (info.isPending) body = <LoadingLine text="Checking your link..." className="py-6 text-sm text-slate-500" />;
  else if (info.isError) body = <Alert>{errorMessage(info.error, UNSUBSCRIBE_MESSAGES.invalidLink)}</Alert>;
  else if (confirm.isSuccess) body = <Alert tone="success">{confirm.data.message}</Alert>;
  else
    body = (
      <div className="space-y-4">
        <p className="text-ink-900">
          Stop {info.data.label} to <span className="font-semibold break-all">{info.data.email}</span>?
        </p>
        {confirm.isError ? <Alert>{errorMessage(confirm.error, MSG.internalError)}</Alert> : null}
        <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
          {confirm.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
        </Button>
      </div>
    );

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <section
        aria-labelledby="unsubscribe-title"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <h1 id="unsubscribe-title" className="mb-6 text-2xl font-bold text-ink-900">
          Unsubscribe
        </h1>
        {body}
        <p className="mt-6 text-sm text-slate-600">
          You can turn every kind of email on or off in your{' '}
          <Link to="/account/settings" className="font-semibold text-brand-700 hover:underline">
            account settings
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
