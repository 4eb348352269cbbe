import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountBodySchema } from '@vm/shared/user';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { Button } from '../../components/button';
import { PasswordField } from '../../components/form-field';
import { ApiError, errorMessage } from '../../lib/api-client';
import { Modal } from '../../components/modal';
import { ACCOUNT_MESSAGES } from './account-messages';
import { useDeleteAccount } from './api/account';
import { SectionCard } from './section-card';

type DeleteForm = z.infer<typeof deleteAccountBodySchema>;

/**
 * Delete Account (ACCOUNT-14): asks for the password and deletes; `onDeleted` then signs out and
 * goes home (see AccountPage for why the page, not this section, does that).
 */
export function DeleteAccountSection({ onDeleted }: { onDeleted: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const { register, handleSubmit, formState, reset, setError } = useForm<DeleteForm>({
    resolver: zodResolver(deleteAccountBodySchema),
    defaultValues: { password: '' },
  });

  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    reset({ password: '' });
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await remove.mutateAsync(values);
    } catch (err) {
      setError('password', {
        message:
          err instanceof ApiError && err.status < 500
            ? errorMessage(err, ACCOUNT_MESSAGES.deleteFailed)
            : ACCOUNT_MESSAGES.deleteFailed,
      });
      return;
    }
    setOpen(false);
    await onDeleted();
    toast.success(ACCOUNT_MESSAGES.deleted);
  });

  return (
    <SectionCard
      title="Delete account"
      tone="danger"
      description="Removes your watchlist, withdraws your open offers and erases your personal details. This cannot be undone."
    >
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete Account
      </Button>
      <Modal
        open={open}
        title="Delete your account?"
        onClose={close}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="danger" type="submit" form="delete-account-form" disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </>
        }
      >
        <form id="delete-account-form" onSubmit={onSubmit} noValidate className="space-y-4">
          <p className="text-sm text-slate-700">
            Enter your password to confirm. Your watchlist is removed, open offers are withdrawn and you are signed out
            everywhere.
          </p>
          <PasswordField
            label="Password"
            autoComplete="current-password"
            autoFocus
            error={formState.errors.password?.message}
            {...register('password')}
          />
        </form>
      </Modal>
    </SectionCard>
  );
}
