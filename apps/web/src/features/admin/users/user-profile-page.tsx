import { useQuery, useQueryClient } from '@tanstack/react-query';
import { telHref } from '@vm/shared/contact-links';
import { formatDate } from '@vm/shared/format-date';
import { resolveImagePath } from '@vm/shared/image-path';
import { formatMoney } from '@vm/shared/money';
import { relativeTime } from '@vm/shared/relative-time';
import { ArrowLeft, Mail, Pencil, Phone } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Badge } from '../../../components/badge';
import { Button, buttonClass } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { isSuperAdminRole } from '@vm/shared/constants';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useAuth } from '../../auth/auth-context';
import { AdminOfferStatusBadge, vehicleLabel } from '../offers/offer-status';
import { cityLine, DetailRow } from './user-details-modal';
import { UserAvatar } from './user-avatar';
import { RoleBadge, statusOf, UserStatusBadge } from './user-badges';
import { canSendResetLink, SendResetLinkButton } from './send-reset-link-button';
import { EditUserModal } from './user-form-modals';
import { USER_MESSAGES } from './user-messages';
import { fetchUser, fetchUserOffers, fetchUserWatchlist, userKey, userOffersKey, userWatchlistKey } from './users-api';

const card = 'rounded-xl border border-slate-200 bg-white shadow-sm';

/** /admin/users/:id: the full profile, the user's offers and watched vehicles (ADMIN-USR-35). */
export function UserProfilePage() {
  const { id = '' } = useParams();
  const { user: me } = useAuth();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const userQuery = useQuery({ queryKey: userKey(id), queryFn: () => fetchUser(id), staleTime: 0 });
  const offers = useQuery({ queryKey: userOffersKey(id), queryFn: () => fetchUserOffers(id) });
  const watchlist = useQuery({ queryKey: userWatchlistKey(id), queryFn: () => fetchUserWatchlist(id) });
  const user = userQuery.data;
  usePageTitle(user ? `${user.name} · Users` : 'User profile');

  const back = (
    <Link to="/admin/users" className={buttonClass('ghost', '-ml-3')}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Users
    </Link>
  );
  if (userQuery.isPending) return <Spinner label="Loading user..." />;
  if (userQuery.isError || !user) {
    const missing = userQuery.error instanceof ApiError && userQuery.error.status === 404;
    return (
      <div className="space-y-4">
        {back}
        <Alert>{missing ? 'User not found.' : USER_MESSAGES.detailsFailed}</Alert>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {back}
      <section className={`${card} p-5`}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-4">
            <UserAvatar user={user} size="lg" />
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="text-2xl font-bold text-ink-900">{user.name}</h2>
                {user.id === me?.id ? <Badge tone="orange">You</Badge> : null}
              </div>
              <p className="text-sm text-slate-500">@{user.username}</p>
              <div className="mt-2 flex gap-2">
                <RoleBadge role={user.role} />
                <UserStatusBadge status={statusOf(user)} />
              </div>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <a href={`mailto:${user.email}`} className={buttonClass('secondary')}>
              <Mail className="h-4 w-4" aria-hidden="true" /> Email
            </a>
            {user.phone ? (
              <a href={telHref(user.phone)} className={buttonClass('secondary')}>
                <Phone className="h-4 w-4" aria-hidden="true" /> Call
              </a>
            ) : null}
            {canSendResetLink(me?.role, user) ? <SendResetLinkButton user={user} /> : null}
            {/* A SuperAdmin's account is edited only by a SuperAdmin (docs/decisions/122-people-rules.md). */}
            {isSuperAdminRole(me?.role) || !isSuperAdminRole(user.role) ? (
              <Button onClick={() => setEditing(true)}>
                <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
              </Button>
            ) : null}
          </div>
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <section className={`${card} p-5`} aria-labelledby="profile-details">
          <h3 id="profile-details" className="mb-2 font-semibold text-ink-900">
            Details
          </h3>
          <dl className="divide-y divide-slate-100">
            <DetailRow label="Email">{user.email}</DetailRow>
            <DetailRow label="Phone">{user.phone || '—'}</DetailRow>
            <DetailRow label="Address">{user.address || '—'}</DetailRow>
            <DetailRow label="City / State / Zip">{cityLine(user) || '—'}</DetailRow>
            <DetailRow label="Member since">{formatDate(user.createdAt)}</DetailRow>
            <DetailRow label="Last updated">{formatDate(user.updatedAt)}</DetailRow>
          </dl>
        </section>

        <section className={`${card} lg:col-span-2`} aria-labelledby="profile-offers">
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
            <h3 id="profile-offers" className="font-semibold text-ink-900">
              Offers{offers.data ? ` (${offers.data.totalOffers})` : ''}
            </h3>
            <Link to="/admin/offers" className="text-sm font-medium text-brand-700 hover:underline">
              All offers
            </Link>
          </div>
          {offers.isPending ? (
            <p className="px-5 py-8 text-sm text-slate-500" role="status">
              Loading offers...
            </p>
          ) : offers.isError ? (
            <div className="p-5">
              <Alert>Failed to load offers. Please try again.</Alert>
            </div>
          ) : offers.data.offers.length === 0 ? (
            <p className="px-5 py-8 text-sm text-slate-500">This user has made no offers.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {offers.data.offers.map((offer) => (
                <li key={offer.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
                  <div className="min-w-0">
                    <a
                      href={`/vehicles/${offer.vehicle.id}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-medium text-ink-900 hover:text-brand-700 hover:underline"
                    >
                      {vehicleLabel(offer.vehicle)}
                    </a>
                    <p className="text-xs text-slate-500" title={formatDate(offer.createdAt)}>
                      {relativeTime(offer.createdAt)}
                    </p>
                    {offer.responseMessage ? (
                      <p className="mt-1 line-clamp-2 text-sm text-slate-600">Response: {offer.responseMessage}</p>
                    ) : null}
                  </div>
                  <div className="flex items-center gap-3">
                    <span className="font-semibold text-ink-900">{formatMoney(offer.amount)}</span>
                    <AdminOfferStatusBadge status={offer.status} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section className={card} aria-labelledby="profile-watchlist">
        <h3 id="profile-watchlist" className="border-b border-slate-200 px-5 py-4 font-semibold text-ink-900">
          Watched vehicles{watchlist.data ? ` (${watchlist.data.length})` : ''}
        </h3>
        {watchlist.isPending ? (
          <p className="px-5 py-8 text-sm text-slate-500" role="status">
            Loading watched vehicles...
          </p>
        ) : watchlist.isError ? (
          <div className="p-5">
            <Alert>Failed to load watched vehicles. Please try again.</Alert>
          </div>
        ) : watchlist.data.length === 0 ? (
          <p className="px-5 py-8 text-sm text-slate-500">This user is not watching any vehicles.</p>
        ) : (
          <ul className="grid gap-4 p-5 sm:grid-cols-2 xl:grid-cols-3">
            {watchlist.data.map((v) => (
              <li key={v.id} className="flex gap-3 rounded-lg border border-slate-200 p-3">
                <img
                  src={resolveImagePath(v.image?.url)}
                  alt=""
                  className="h-16 w-24 shrink-0 rounded-md bg-slate-100 object-cover"
                />
                <div className="min-w-0">
                  <a
                    href={`/vehicles/${v.slug}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="line-clamp-2 font-medium text-ink-900 hover:text-brand-700 hover:underline"
                  >
                    {v.title}
                  </a>
                  <p className="text-sm text-slate-500">
                    {v.price > 0 ? formatMoney(v.price) : 'Price on request'} · {v.status}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <EditUserModal
        user={editing ? user : null}
        onClose={() => setEditing(false)}
        onSaved={(saved) => queryClient.setQueryData(userKey(id), saved)}
      />
    </div>
  );
}
