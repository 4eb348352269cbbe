import { AlertTriangle, CheckCircle2, Inbox, Mail } from 'lucide-react';
import type { ContactStats } from './contacts-api';

const CARDS = [
  { key: 'totalContacts', label: 'Total Contacts', icon: Mail, tone: 'bg-sky-100 text-sky-700' },
  { key: 'newContacts', label: 'New Contacts', icon: Inbox, tone: 'bg-brand-100 text-brand-700' },
  { key: 'resolvedContacts', label: 'Resolved', icon: CheckCircle2, tone: 'bg-green-100 text-green-700' },
  { key: 'urgentContacts', label: 'Urgent', icon: AlertTriangle, tone: 'bg-red-100 text-red-700' },
] as const;

/** ADMIN-CON-03: the four counts; a dash while they load or when they failed. */
export function ContactStatsCards({ stats }: { stats: ContactStats | undefined }) {
  return (
    <section aria-label="Contact statistics" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {CARDS.map(({ key, label, icon: Icon, tone }) => (
        <div
          key={key}
          className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:gap-4 sm:p-5"
        >
          <span className={`hidden h-11 w-11 shrink-0 items-center justify-center rounded-xl sm:flex ${tone}`}>
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <div>
            <p className="text-sm text-slate-500">{label}</p>
            <p className="text-2xl font-bold text-ink-900" data-testid={`stat-${key}`}>
              {stats ? stats[key].toLocaleString('en-US') : '—'}
            </p>
          </div>
        </div>
      ))}
    </section>
  );
}
