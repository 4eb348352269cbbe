import { zodResolver } from '@hookform/resolvers/zod';
import {
  isResetTokenShape,
  PASSWORD_RESET_MESSAGES,
  type PasswordResetAnswer,
  type ResetPasswordForm,
  resetPasswordFormSchema,
} from '@vm/shared/password-reset';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert';
import { formFieldProps, PasswordField } from '../../components/form-field';
import { api, errorMessage } from '../../lib/api-client';
import { useAuth } from './auth-context';
import { AUTH_MESSAGES } from './auth-messages';
import { AuthCard, AuthForm, useAuthPage } from './auth-form';

const linkClass = 'font-semibold text-brand-700 hover:underline';

/**
 * Sets a new password with the link of a reset email, `/reset-password?token=...`
 * (docs/decisions/116-password-reset.md). The new password follows the registration rules and
 * messages (the shared schema); the server's refusal (a used or expired link) is shown as it is.
 * Every session of the account ends, this browser's too, so it then asks to log in again.
 */
export function ResetPasswordPage() {
  const { error, setError } = useAuthPage('Reset password');
  const { status, logout } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<ResetPasswordForm>({ resolver: zodResolver(resetPasswordFormSchema) });
  const { isSubmitting } = form.formState;

  if (done) {
    return (
      <AuthCard title="Password changed" subtitle="Every other session of your account has ended.">
        <div className="space-y-4">
          <Alert tone="success">{done}</Alert>
          <p className="text-center text-sm text-slate-600">
            <Link to="/login" className={linkClass}>
              Log in
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }

  if (!isResetTokenShape(token)) {
    return (
      <AuthCard title="Reset your password" subtitle="Choose a new password for your account.">
        <div className="space-y-4">
          <Alert>{PASSWORD_RESET_MESSAGES.invalidLink}</Alert>
          <p className="text-center text-sm text-slate-600">
            <Link to="/forgot-password" className={linkClass}>
              Ask for a new link
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      const answer = await api<PasswordResetAnswer>('/auth/reset-password', {
        method: 'POST',
        body: { token, password },
        noRetry: true,
      });
      // The server ended every session of the account; a session kept here would only fail later.
      if (status !== 'anonymous') await logout();
      setDone(answer?.message || PASSWORD_RESET_MESSAGES.done);
    } catch (err) {
      setError(errorMessage(err, AUTH_MESSAGES.resetPasswordFailed));
    }
  });

  return (
    <AuthForm
      title="Reset your password"
      subtitle="Choose a new password for your account."
      error={error}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel="Set new password"
      submittingLabel="Saving..."
      switchTo={{ prompt: 'Link not working?', to: '/forgot-password', label: 'Ask for a new one' }}
    >
      <PasswordField label="New password" autoComplete="new-password" {...formFieldProps(form, 'password')} />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        {...formFieldProps(form, 'confirmPassword')}
      />
    </AuthForm>
  );
}
