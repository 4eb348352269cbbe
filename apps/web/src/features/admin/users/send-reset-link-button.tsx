import { useMutation } from '@tanstack/react-query';
import { isSuperAdminRole } from '@vm/shared/constants';
import type { User } from '@vm/shared/user';
import { KeyRound } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import { USER_MESSAGES } from './user-messages';
import { sendPasswordResetLink } from './users-api';

/**
 * Whether the viewer is offered "Send password reset link" for a user: only for an active account
 * (an inactive one could not use the link), and a SuperAdmin's only to a SuperAdmin
 * (docs/decisions/122-people-rules.md).
 */
export function canSendResetLink(viewerRole: string | undefined, user: Pick<User, 'role' | 'isActive'>): boolean {
  return user.isActive && (isSuperAdminRole(viewerRole) || !isSuperAdminRole(user.role));
}

/** Staff help someone who forgot their password: the same email as "Forgot password?", with a toast. */
export function SendResetLinkButton({ user }: { user: Pick<User, 'id'> }) {
  const mutation = useMutation({
    mutationFn: () => sendPasswordResetLink(user.id),
    onSuccess: ({ message }) => toast.success(message),
    onError: (err) => toast.error(errorMessage(err, USER_MESSAGES.resetLinkFailed)),
  });
  return (
    <Button variant="secondary" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
      <KeyRound className="h-4 w-4" aria-hidden="true" />
      {mutation.isPending ? 'Sending...' : 'Send password reset link'}
    </Button>
  );
}
