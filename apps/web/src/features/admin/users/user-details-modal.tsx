import { useQuery } from '@tanstack/react-query';
import { telHref } from '@vm/shared/contact-links';
import { formatDate } from '@vm/shared/format-date';
import type { User } from '@vm/shared/user';
import { Mail, Phone, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button, buttonClass } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { useAuth } from '../../auth/auth-context';
import { canSendResetLink, SendResetLinkButton } from './send-reset-link-button';
import { UserAvatar } from './user-avatar';
import { RoleBadge, statusOf, UserStatusBadge } from './user-badges';
import { USER_MESSAGES } from './user-messages';
import { fetchUser, userKey } from './users-api';

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-3 py-2">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="col-span-2 text-sm break-words text-ink-900">{children}</dd>
    </div>
  );
}

/** City, state and zip on one line, skipping the empty parts. */
export function cityLine(user: Pick<User, 'city' | 'state' | 'zipCode'>): string {
  const cityState = [user.city, user.state].filter(Boolean).join(', ');
  return [cityState, user.zipCode].filter(Boolean).join(' ');
}

/** "User Details" from the offers table (ADMIN-OFF-19..26, ERR-17). */
export function UserDetailsModal({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const { user: me } = useAuth();
  const query = useQuery({
    queryKey: userKey(userId ?? ''),
    queryFn: () => fetchUser(userId ?? ''),
    enabled: userId !== null,
    staleTime: 0,
  });
  const user = query.data;
  return (
    <Modal
      open={userId !== null}
      onClose={onClose}
      title="User Details"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {query.isPending ? (
        <p className="py-8 text-center text-sm text-slate-500" role="status">
          Loading user details...
        </p>
      ) : query.isError || !user ? (
        <div className="space-y-3">
          <Alert>{USER_MESSAGES.detailsFailed}</Alert>
          <Button variant="secondary" onClick={() => query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="space-y-4">
          <div className="flex items-center gap-4">
            <UserAvatar user={user} size="lg" />
            <div className="min-w-0">
              <p className="truncate text-lg font-semibold text-ink-900">{user.name}</p>
              <p className="truncate text-sm text-slate-500">{user.email}</p>
              <div className="mt-1 flex gap-2">
                <RoleBadge role={user.role} />
                <UserStatusBadge status={statusOf(user)} />
              </div>
            </div>
          </div>
          <dl className="divide-y divide-slate-100 border-y border-slate-100">
            <DetailRow label="Email">{user.email}</DetailRow>
            {user.phone ? <DetailRow label="Phone">{user.phone}</DetailRow> : null}
            <DetailRow label="Member since">{formatDate(user.createdAt)}</DetailRow>
            <DetailRow label="Status">{statusOf(user)}</DetailRow>
            <DetailRow label="Last updated">{formatDate(user.updatedAt)}</DetailRow>
            {user.address ? <DetailRow label="Address">{user.address}</DetailRow> : null}
            {cityLine(user) ? <DetailRow label="City / State / Zip">{cityLine(user)}</DetailRow> : null}
          </dl>
          <div className="flex flex-wrap gap-2">
            <Link to={`/admin/users/${user.id}`} className={buttonClass('primary')}>
              <UserRound className="h-4 w-4" aria-hidden="true" /> View Full Profile
            </Link>
            <a href={`mailto:${user.email}`} className={buttonClass('secondary')}>
              <Mail className="h-4 w-4" aria-hidden="true" /> Send Email
            </a>
            {user.phone ? (
              <a href={telHref(user.phone)} className={buttonClass('secondary')}>
                <Phone className="h-4 w-4" aria-hidden="true" /> Call User
              </a>
            ) : null}
            {canSendResetLink(me?.role, user) ? <SendResetLinkButton user={user} /> : null}
          </div>
        </div>
      )}
    </Modal>
  );
}
