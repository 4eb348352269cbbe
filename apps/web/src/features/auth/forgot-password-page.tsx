import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ForgotPasswordBody,
  forgotPasswordBodySchema,
  PASSWORD_RESET_MESSAGES,
  type PasswordResetAnswer,
} from '@vm/shared/password-reset';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { formFieldProps } from '../../components/form-field';
import { api, errorMessage } from '../../lib/api-client';
import { EmailField } from './account-fields';
import { AUTH_MESSAGES } from './auth-messages';
import { AuthCard, AuthForm, useAuthPage } from './auth-form';

/**
 * Asks for a password reset link (docs/decisions/116-password-reset.md). The confirmation is the
 * same whether or not the email has an account: the server's answer says nothing more.
 */
export function ForgotPasswordPage() {
  const { error, setError } = useAuthPage('Forgot password');
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ForgotPasswordBody>({ resolver: zodResolver(forgotPasswordBodySchema) });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      const answer = await api<PasswordResetAnswer>('/auth/forgot-password', { method: 'POST', body, noRetry: true });
      setSent(answer?.message || PASSWORD_RESET_MESSAGES.linkSent);
    } catch (err) {
      setError(errorMessage(err, AUTH_MESSAGES.forgotPasswordFailed));
    }
  });

  if (sent) {
    return (
      <AuthCard title="Check your email" subtitle="The link works once, for an hour.">
        <div className="space-y-4">
          <Alert tone="success">{sent}</Alert>
          <p className="text-center text-sm text-slate-600">
            <Link to="/login" className="font-semibold text-brand-700 hover:underline">
              Back to log in
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthForm
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
      error={error}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel="Send reset link"
      submittingLabel="Sending..."
      switchTo={{ prompt: 'Remembered it?', to: '/login', label: 'Log in' }}
    >
      <EmailField {...formFieldProps(form, 'email')} />
    </AuthForm>
  );
}
