import { useQuery } from '@tanstack/react-query';
import { Car, HandCoins, type LucideIcon, Mail, RefreshCw, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { Badge, roleTone } from '../../../components/badge';
import { Button } from '../../../components/button';
import { usePageTitle } from '../../../lib/page-title';
import { useAuth } from '../../auth/auth-context';
import { ActivityList } from './activity-list';
import { DASHBOARD_KEY, fetchDashboardCounts, fetchRecentActivity } from './dashboard-api';
import { LoadingLine } from '../../../components/spinner';

const CARDS = [
  { key: 'totalUsers', label: 'Total Users', icon: Users, tone: 'bg-sky-100 text-sky-700' },
  { key: 'totalContacts', label: 'Total Contacts', icon: Mail, tone: 'bg-teal-100 text-teal-700' },
  { key: 'totalOffers', label: 'Total Offers', icon: HandCoins, tone: 'bg-orange-100 text-orange-700' },
  { key: 'totalVehicles', label: 'Total Vehicles', icon: Car, tone: 'bg-brand-100 text-brand-700' },
] as const;

const SHORTCUTS: { to: string; label: string; text: string; icon: LucideIcon }[] = [
  { to: '/admin/vehicles', label: 'Manage Vehicles', text: 'Add, edit and photograph the catalogue', icon: Car },
  { to: '/admin/users', label: 'Manage Users', text: 'Accounts, roles and access', icon: Users },
  { to: '/admin/contacts', label: 'Contact Management', text: 'Customer inquiries and follow-ups', icon: Mail },
  { to: '/admin/offers', label: 'Offer Management', text: 'Review, accept or reject offers', icon: HandCoins },
];

export function DashboardPage() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  const counts = useQuery({ queryKey: [...DASHBOARD_KEY, 'counts'], queryFn: fetchDashboardCounts });
  const activity = useQuery({ queryKey: [...DASHBOARD_KEY, 'activity'], queryFn: () => fetchRecentActivity() });

  if (counts.isPending || activity.isPending) {
    return <LoadingLine text="Loading dashboard data..." />;
  }
  if (activity.isError || counts.isError) {
    return (
      <div className="mx-auto max-w-lg space-y-4 py-10">
        <Alert>Failed to load dashboard data. Please try again.</Alert>
        <Button onClick={() => window.location.reload()}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" /> Retry
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold text-ink-900">Welcome back, {user?.firstName}</h2>
          <p className="text-sm text-slate-500">An overview of the marketplace today.</p>
        </div>
        <p className="flex items-center gap-2 text-sm text-slate-600">
          Role: <Badge tone={roleTone(user?.role ?? '')}>{user?.role}</Badge>
        </p>
      </div>

      <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {CARDS.map(({ key, label, icon: Icon, tone }) => (
          <div key={key} className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <span className={`flex h-12 w-12 items-center justify-center rounded-xl ${tone}`}>
              <Icon className="h-6 w-6" aria-hidden="true" />
            </span>
            <div>
              <p className="text-sm text-slate-500">{label}</p>
              <p className="text-2xl font-bold text-ink-900" data-testid={key}>
                {counts.data[key].toLocaleString('en-US')}
              </p>
            </div>
          </div>
        ))}
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2">
          <h3 className="text-lg font-semibold text-ink-900">Recent Activity</h3>
          <p className="mt-1 text-xs text-slate-500">Some activities are only visible to Super Admins</p>
          <div className="mt-3">
            <ActivityList activities={activity.data.activities} loadedAt={new Date(activity.dataUpdatedAt)} />
          </div>
        </section>
        <section aria-label="Shortcuts" className="grid content-start gap-3">
          {SHORTCUTS.map(({ to, label, text, icon: Icon }) => (
            <Link
              key={to}
              to={to}
              className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-500 hover:shadow"
            >
              <Icon className="h-6 w-6 text-brand-600" aria-hidden="true" />
              <span>
                <span className="block font-semibold text-ink-900">{label}</span>
                <span className="block text-sm text-slate-500">{text}</span>
              </span>
            </Link>
          ))}
        </section>
      </div>
    </div>
  );
}
