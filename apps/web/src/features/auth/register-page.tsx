import { zodResolver } from '@hookform/resolvers/zod';
import { type AuthResponse, type RegisterForm, registerFormSchema } from '@vm/shared/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-field';
import { api, errorMessage } from '../../lib/api-client';
import { usePageTitle } from '../../lib/page-title';
import { MissingTokenError, useAuth } from './auth-context';
import { AUTH_MESSAGES } from './auth-messages';
import { AuthCard } from './auth-card';
import { originPath } from './require-auth';

export function RegisterPage() {
  usePageTitle('Create an account');
  const { status, acceptSession } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<RegisterForm>({ resolver: zodResolver(registerFormSchema) });

  if (status === 'authenticated' && !formState.isSubmitting)
    return <Navigate to={originPath(location.state, false)} replace />;

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...body }) => {
    setError(null);
    let response: Partial<AuthResponse>;
    try {
      response = await api<Partial<AuthResponse>>('/auth/register', { method: 'POST', body, noRetry: true });
    } catch (err) {
      setError(errorMessage(err, AUTH_MESSAGES.registerFailed));
      return;
    }
    if (!response.token) {
      setError(AUTH_MESSAGES.registerNoToken);
      return;
    }
    try {
      acceptSession(response);
      navigate(originPath(location.state, false), { replace: true });
    } catch (err) {
      setError(err instanceof MissingTokenError ? AUTH_MESSAGES.registerAutoLoginFailed : AUTH_MESSAGES.registerFailed);
    }
  });

  return (
    <AuthCard title="Create your account" subtitle="Watch vehicles, make offers and manage everything in one place.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {error ? <Alert>{error}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            error={formState.errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={formState.errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={formState.errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Creating account...' : 'Create account'}
        </Button>
        <p className="text-center text-sm text-slate-600">
          Already registered?{' '}
          <Link to="/login" state={location.state} className="font-semibold text-brand-700 hover:underline">
            Log in
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
