import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGE_MS } from '@vm/shared/constants';
import { changePasswordFormSchema } from '@vm/shared/user';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-field';
import { ApiError } from '../../lib/api-client';
import { ACCOUNT_MESSAGES } from './account-messages';
import { useChangePassword } from './api/account';
import { SectionCard } from './section-card';
import { useTimedMessage } from './use-timed-message';

type PasswordForm = z.infer<typeof changePasswordFormSchema>;
const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current, new and confirmation; sends {currentPassword, newPassword} (ACCOUNT-07, ACCOUNT-08, VALID-13). */
export function PasswordForm({ userId }: { userId: string }) {
  const change = useChangePassword(userId);
  const [message, showMessage] = useTimedMessage(ACCOUNT_MESSAGE_MS);
  const { register, handleSubmit, formState, reset } = useForm<PasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    showMessage(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          showMessage({ tone: 'success', text: ACCOUNT_MESSAGES.passwordSaved });
        },
        onError: (err) =>
          showMessage({
            tone: 'error',
            text:
              err instanceof ApiError && err.status === 400
                ? ACCOUNT_MESSAGES.passwordIncorrect
                : ACCOUNT_MESSAGES.passwordFailed,
          }),
      },
    );
  });

  return (
    <SectionCard title="Change password" description="Changing it signs you out on every other device.">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={formState.errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters"
          error={formState.errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Updating...' : 'Update password'}
        </Button>
      </form>
    </SectionCard>
  );
}
