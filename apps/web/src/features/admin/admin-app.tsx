import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Spinner } from '../../components/spinner';
import { RequireAuth } from '../auth/require-auth';
import { AdminLayout } from './admin-layout';

const DashboardPage = lazy(() => import('./dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const VehiclesPage = lazy(() => import('./vehicles/vehicles-page').then((m) => ({ default: m.VehiclesPage })));
const UsersPage = lazy(() => import('./users/users-page').then((m) => ({ default: m.UsersPage })));
const UserProfilePage = lazy(() => import('./users/user-profile-page').then((m) => ({ default: m.UserProfilePage })));
const OffersPage = lazy(() => import('./offers/offers-page').then((m) => ({ default: m.OffersPage })));
const ContactsPage = lazy(() => import('./contacts/contacts-page').then((m) => ({ default: m.ContactsPage })));
const SettingsPage = lazy(() => import('./settings/settings-page').then((m) => ({ default: m.SettingsPage })));
const SentEmailsPage = lazy(() => import('./emails/sent-emails-page').then((m) => ({ default: m.SentEmailsPage })));
const AuctionLivePage = lazy(() =>
  import('./auctions/auction-live-page').then((m) => ({ default: m.AuctionLivePage })),
);
const AdminProfilePage = lazy(() =>
  import('./profile/admin-profile-page').then((m) => ({ default: m.AdminProfilePage })),
);

/** The back office: its own lazy chunk, inside the admin guard (see app/router.tsx). */
export function AdminApp() {
  return (
    <RequireAuth admin>
      <AdminLayout>
        <Suspense fallback={<Spinner />}>
          <Routes>
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="vehicles/*" element={<VehiclesPage />} />
            <Route path="auctions/:id" element={<AuctionLivePage />} />
            <Route path="users" element={<UsersPage />} />
            <Route path="users/:id" element={<UserProfilePage />} />
            <Route path="offers" element={<OffersPage />} />
            <Route path="contacts" element={<ContactsPage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="emails" element={<SentEmailsPage />} />
            <Route path="profile" element={<AdminProfilePage />} />
            <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
          </Routes>
        </Suspense>
      </AdminLayout>
    </RequireAuth>
  );
}
