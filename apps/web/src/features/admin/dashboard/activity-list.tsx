import type { ActivityType } from '@vm/shared/constants';
import type { Activity } from '@vm/shared/dashboard';
import { relativeTime } from '@vm/shared/relative-time';
import {
  BadgeDollarSign,
  Car,
  CheckCircle2,
  Flag,
  Gavel,
  HandCoins,
  type LucideIcon,
  Mail,
  UserPlus,
} from 'lucide-react';
import { Badge } from '../../../components/badge';

const ICONS: Record<ActivityType, { icon: LucideIcon; tone: string }> = {
  user_registration: { icon: UserPlus, tone: 'bg-sky-100 text-sky-700' },
  vehicle_listed: { icon: Car, tone: 'bg-brand-100 text-brand-700' },
  auction_started: { icon: Gavel, tone: 'bg-purple-100 text-purple-700' },
  auction_ended: { icon: Flag, tone: 'bg-slate-200 text-slate-700' },
  contact_lead: { icon: Mail, tone: 'bg-teal-100 text-teal-700' },
  offer_submitted: { icon: HandCoins, tone: 'bg-orange-100 text-orange-700' },
  vehicle_sold: { icon: BadgeDollarSign, tone: 'bg-green-100 text-green-700' },
};

/**
 * Recent Activity: real events, or the single fallback entry when there are none (docs/product-rules.md#dashboard).
 * An event whose vehicle has since been deleted says so (issue #20): the name it gives is gone.
 */
export function ActivityList({ activities, loadedAt }: { activities: Activity[]; loadedAt: Date }) {
  if (activities.length === 0) {
    return (
      <div>
        <ul className="divide-y divide-slate-100">
          <li className="flex items-start gap-3 py-3">
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-green-100 text-green-700">
              <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
            </span>
            <div>
              <p className="text-sm font-medium text-slate-800">Dashboard loaded successfully</p>
              <p className="text-xs text-slate-500">{relativeTime(loadedAt.toISOString())}</p>
            </div>
          </li>
        </ul>
        <p className="mt-2 text-sm text-slate-500">No recent activity found</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {activities.map((a) => {
        const { icon: Icon, tone } = ICONS[a.type];
        return (
          <li key={a.id} className="flex items-start gap-3 py-3" data-activity-type={a.type}>
            <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${tone}`}>
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium break-words text-slate-800">{a.message}</p>
              {a.vehicleDeleted ? (
                <p className="my-1">
                  <Badge tone="gray">Vehicle deleted</Badge>
                </p>
              ) : null}
              <p className="text-xs text-slate-500">
                <time dateTime={a.createdAt} title={new Date(a.createdAt).toLocaleString()}>
                  {relativeTime(a.createdAt)}
                </time>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
