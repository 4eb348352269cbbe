import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginBody, loginBodySchema } from '@vm/shared/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-field';
import { usePageTitle } from '../../lib/page-title';
import { ApiError } from '../../lib/api-client';
import { useAuth } from './auth-context';
import { AUTH_MESSAGES } from './auth-messages';
import { AuthCard } from './auth-card';
import { isAdminRole } from '@vm/shared/constants';
import { originPath } from './require-auth';

export function LoginPage() {
  usePageTitle('Log in');
  const { status, login, isAdmin } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginBody>({ resolver: zodResolver(loginBodySchema) });

  if (status === 'authenticated' && !formState.isSubmitting)
    return <Navigate to={originPath(location.state, isAdmin)} replace />;

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      const user = await login(values.email, values.password);
      navigate(originPath(location.state, isAdminRole(user.role)), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) setError(AUTH_MESSAGES.loginInvalid);
      else setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : AUTH_MESSAGES.loginFailed);
    }
  });

  return (
    <AuthCard title="Welcome back" subtitle="Log in to watch vehicles and make offers.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {error ? <Alert>{error}</Alert> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Logging in...' : 'Log in'}
        </Button>
        <p className="text-center text-sm text-slate-600">
          New here?{' '}
          <Link to="/register" state={location.state} className="font-semibold text-brand-700 hover:underline">
            Create an account
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
