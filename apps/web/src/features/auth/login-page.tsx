import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginBody, loginBodySchema } from '@vm/shared/auth';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { formFieldProps, PasswordField } from '../../components/form-field';
import { ApiError } from '../../lib/api-client';
import { useAuth } from './auth-context';
import { AUTH_MESSAGES } from './auth-messages';
import { AuthForm, useAuthPage } from './auth-form';
import { EmailField } from './account-fields';
import { isAdminRole } from '@vm/shared/constants';

export function LoginPage() {
  const { status, login, isAdmin } = useAuth();
  const { error, setError, origin, returnToOrigin } = useAuthPage('Log in');
  const form = useForm<LoginBody>({ resolver: zodResolver(loginBodySchema) });
  const { isSubmitting } = form.formState;

  if (status === 'authenticated' && !isSubmitting) return <Navigate to={origin(isAdmin)} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const user = await login(values.email, values.password);
      returnToOrigin(isAdminRole(user.role));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) setError(AUTH_MESSAGES.loginInvalid);
      else setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : AUTH_MESSAGES.loginFailed);
    }
  });

  return (
    <AuthForm
      title="Welcome back"
      subtitle="Log in to watch vehicles and make offers."
      error={error}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel="Log in"
      submittingLabel="Logging in..."
      switchTo={{ prompt: 'New here?', to: '/register', label: 'Create an account' }}
    >
      <EmailField {...formFieldProps(form, 'email')} />
      <PasswordField label="Password" autoComplete="current-password" {...formFieldProps(form, 'password')} />
      <p className="text-right text-sm">
        <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
          Forgot password?
        </Link>
      </p>
    </AuthForm>
  );
}
