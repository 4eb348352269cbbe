import type { User } from '@vm/shared/user';
import { BellRing, Gavel, HandCoins, Heart, Settings, UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { NavLink, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/page-title';
import { useAuth } from '../auth/auth-context';
import { useSignOut } from '../auth/use-sign-out';
import { ACCOUNT_MESSAGES } from './account-messages';
import { useAccountUser } from './api/account';
import { MyBidsTab } from './my-bids-tab';
import { MyOffersTab } from './my-offers-tab';
import { ProfileTab } from './profile-tab';
import { SavedSearchesTab } from './saved-searches-tab';
import { SettingsTab } from './settings-tab';
import { WatchlistTab } from './watchlist-tab';

const TABS = [
  { to: '/account', label: 'Profile', icon: UserRound, end: true },
  { to: '/account/watchlist', label: 'Watchlist', icon: Heart, end: false },
  { to: '/account/offers', label: 'My offers', icon: HandCoins, end: false },
  { to: '/account/bids', label: 'My bids', icon: Gavel, end: false },
  { to: '/account/saved-searches', label: 'Saved searches', icon: BellRing, end: false },
  { to: '/account/settings', label: 'Settings', icon: Settings, end: false },
] as const;

function AccountTabs() {
  return (
    <nav aria-label="Account sections" className="-mb-px flex gap-1 overflow-x-auto border-b border-slate-200">
      {TABS.map(({ to, label, icon: Icon, end }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          className={({ isActive }) =>
            `inline-flex flex-1 items-center justify-center gap-1.5 border-b-2 px-2 py-3 text-sm font-semibold transition-colors sm:flex-none sm:gap-2 sm:px-4 ${
              isActive
                ? 'border-brand-600 text-brand-700'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
            }`
          }
        >
          <Icon className="h-4 w-4" aria-hidden="true" />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}

function AccountRoutes({ user, onAccountDeleted }: { user: User; onAccountDeleted: () => Promise<void> }) {
  return (
    <Routes>
      <Route index element={<ProfileTab user={user} />} />
      <Route path="watchlist" element={<WatchlistTab />} />
      <Route path="offers" element={<MyOffersTab />} />
      <Route path="bids" element={<MyBidsTab />} />
      <Route path="saved-searches" element={<SavedSearchesTab />} />
      <Route path="settings" element={<SettingsTab user={user} onAccountDeleted={onAccountDeleted} />} />
      <Route path="*" element={<Navigate to="/account" replace />} />
    </Routes>
  );
}

/**
 * /account, /account/watchlist, /account/offers, /account/bids, /account/saved-searches, /account/settings (ACCOUNT-01). The user
 * is read fresh from the server; a 401 or 403 means the session is no longer valid, so it ends and
 * login follows (ACCOUNT-03).
 */
export function AccountPage() {
  usePageTitle('My account');
  const { user: sessionUser, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const account = useAccountUser(sessionUser?.id);
  const rejected = account.error instanceof ApiError && (account.error.status === 401 || account.error.status === 403);

  useEffect(() => {
    if (!rejected) return;
    void logout().then(() => navigate('/login', { replace: true, state: { from: location } }));
  }, [rejected, logout, navigate, location]);

  // After a deletion: leave the guarded page first and only then end the session, or the route
  // guard would send the user to /login. This navigate belongs to the data route, so it can be
  // awaited until home (a lazy chunk) is committed; flushSync keeps the router out of a transition.
  // The tabs' own navigate (inside the nested <Routes>) would return before the page changed.
  const signOutAfterDeletion = useSignOut('/');

  const user = account.data;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-ink-900 sm:text-3xl">My account</h1>
        {user ? (
          <p className="mt-1 text-sm text-slate-600">
            Signed in as <span className="font-medium text-slate-800">{user.email}</span>
          </p>
        ) : null}
      </header>
      <AccountTabs />
      <div className="pt-6">
        {account.isPending || rejected ? <Spinner label="Loading your account..." /> : null}
        {account.isError && !rejected ? (
          <Alert>
            <p>{ACCOUNT_MESSAGES.loadFailed}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void account.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : null}
        {user ? <AccountRoutes user={user} onAccountDeleted={signOutAfterDeletion} /> : null}
      </div>
    </div>
  );
}
