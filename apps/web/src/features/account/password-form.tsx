import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGE_MS } from '@vm/shared/constants';
import { changePasswordFormSchema } from '@vm/shared/user';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formFieldProps, PasswordField } from '../../components/form-field';
import { ApiError } from '../../lib/api-client';
import { ACCOUNT_MESSAGES } from './account-messages';
import { useChangePassword } from './api/account';
import { SectionForm } from './section-form';
import { useTimedMessage } from './use-timed-message';

type PasswordForm = z.infer<typeof changePasswordFormSchema>;
const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current, new and confirmation; sends {currentPassword, newPassword} (ACCOUNT-07, ACCOUNT-08, VALID-13). */
export function PasswordForm({ userId }: { userId: string }) {
  const change = useChangePassword(userId);
  const [message, showMessage] = useTimedMessage(ACCOUNT_MESSAGE_MS);
  const form = useForm<PasswordForm>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    showMessage(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset(EMPTY);
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
    <SectionForm
      title="Change password"
      description="Changing it signs you out on every other device."
      message={message}
      onSubmit={onSubmit}
      saving={change.isPending}
      saveLabel="Update password"
      savingLabel="Updating..."
    >
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        {...formFieldProps(form, 'currentPassword')}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="At least 6 characters"
        {...formFieldProps(form, 'newPassword')}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        {...formFieldProps(form, 'confirmPassword')}
      />
    </SectionForm>
  );
}
