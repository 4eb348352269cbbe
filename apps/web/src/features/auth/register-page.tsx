import { zodResolver } from '@hookform/resolvers/zod';
import { type AuthResponse, type RegisterForm, registerFormSchema } from '@vm/shared/auth';
import { useForm } from 'react-hook-form';
import { Navigate } from 'react-router';
import { formFieldProps, PasswordField } from '../../components/form-field';
import { api, errorMessage } from '../../lib/api-client';
import { MissingTokenError, useAuth } from './auth-context';
import { AUTH_MESSAGES } from './auth-messages';
import { AuthForm, useAuthPage } from './auth-form';
import { EmailField, NameFields, PhoneField } from './account-fields';

export function RegisterPage() {
  const { status, acceptSession } = useAuth();
  const { error, setError, origin, returnToOrigin } = useAuthPage('Create an account');
  const form = useForm<RegisterForm>({ resolver: zodResolver(registerFormSchema) });
  const { isSubmitting } = form.formState;

  if (status === 'authenticated' && !isSubmitting) return <Navigate to={origin(false)} replace />;

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, ...body }) => {
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
      returnToOrigin(false);
    } catch (err) {
      setError(err instanceof MissingTokenError ? AUTH_MESSAGES.registerAutoLoginFailed : AUTH_MESSAGES.registerFailed);
    }
  });

  return (
    <AuthForm
      title="Create your account"
      subtitle="Watch vehicles, make offers and manage everything in one place."
      error={error}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel="Create account"
      submittingLabel="Creating account..."
      switchTo={{ prompt: 'Already registered?', to: '/login', label: 'Log in' }}
    >
      <NameFields firstName={formFieldProps(form, 'firstName')} lastName={formFieldProps(form, 'lastName')} />
      <EmailField {...formFieldProps(form, 'email')} />
      <PhoneField {...formFieldProps(form, 'phone')} />
      <PasswordField label="Password" autoComplete="new-password" {...formFieldProps(form, 'password')} />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        {...formFieldProps(form, 'confirmPassword')}
      />
    </AuthForm>
  );
}
