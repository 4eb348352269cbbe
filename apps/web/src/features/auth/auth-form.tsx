import { type FormEventHandler, type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { usePageTitle } from '../../lib/page-title';
import { originPath } from './require-auth';

/**
 * The state the log-in and register pages share: the failure to show, and the way back to the page
 * the visitor was sent from (RequireAuth leaves it in the router state; admins default to /admin).
 */
export function useAuthPage(title: string) {
  usePageTitle(title);
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const origin = (isAdmin: boolean) => originPath(location.state, isAdmin);
  const returnToOrigin = (isAdmin: boolean) => navigate(origin(isAdmin), { replace: true });
  return { error, setError, origin, returnToOrigin };
}

interface AuthFormProps {
  title: string;
  subtitle: string;
  /** Why the last attempt failed, shown above the fields. */
  error: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  /** The way to the other page ("New here? Create an account"). */
  switchTo: { prompt: string; to: '/login' | '/register' | '/forgot-password'; label: string };
  children: ReactNode;
}

/** The card of the sign-in pages: a title, a line under it, and the form or the outcome. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-ink-900">{title}</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">{subtitle}</p>
        {children}
      </div>
    </div>
  );
}

/**
 * The card the log-in, register and password reset pages are: a form with the failure on top, one
 * full-width submit button and a link to the other page. The link keeps the router state, so the
 * page the visitor was sent from is still where they land after signing in either way.
 */
export function AuthForm({
  title,
  subtitle,
  error,
  onSubmit,
  submitting,
  submitLabel,
  submittingLabel,
  switchTo,
  children,
}: AuthFormProps) {
  const location = useLocation();
  return (
    <AuthCard title={title} subtitle={subtitle}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {error ? <Alert>{error}</Alert> : null}
        {children}
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? submittingLabel : submitLabel}
        </Button>
        <p className="text-center text-sm text-slate-600">
          {switchTo.prompt}{' '}
          <Link to={switchTo.to} state={location.state} className="font-semibold text-brand-700 hover:underline">
            {switchTo.label}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
