import { resolveImagePath } from '@vm/shared/image-path';
import { formatLocation } from '@vm/shared/location';
import { formatMoney } from '@vm/shared/money';
import type { VehicleSummary } from '@vm/shared/vehicle';
import { Heart, MapPin, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Button, buttonClass } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { ACCOUNT_MESSAGES } from './account-messages';
import { useRemoveFromWatchlist, useWatchlist } from './api/watchlist';
import { SectionCard } from './section-card';

function WatchlistItem({
  vehicle,
  removing,
  onRemove,
}: {
  vehicle: VehicleSummary;
  removing: boolean;
  onRemove: () => void;
}) {
  const href = `/vehicles/${encodeURIComponent(vehicle.id)}`;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-center gap-3 sm:gap-4">
        {/* The title link below is the accessible one; this image link is a mouse shortcut only. */}
        <Link
          to={href}
          className="block w-28 shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:w-44"
          tabIndex={-1}
          aria-hidden="true"
        >
          <img
            src={resolveImagePath(vehicle.image?.url)}
            srcSet={vehicle.image?.srcSet || undefined}
            sizes="(min-width: 640px) 176px, 112px"
            alt=""
            loading="lazy"
            className="aspect-[4/3] h-full w-full object-cover"
          />
        </Link>
        <div className="min-w-0 flex-1 space-y-1">
          <Link to={href} className="line-clamp-2 text-sm font-semibold text-ink-900 hover:text-brand-700 sm:text-base">
            {vehicle.title}
          </Link>
          <p className="text-base font-bold text-brand-700 sm:text-lg">{formatMoney(vehicle.price)}</p>
          <p className="flex items-center gap-1 text-xs text-slate-500 sm:text-sm">
            <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{formatLocation(vehicle.location)}</span>
          </p>
          {vehicle.status === 'Sold' ? <p className="text-xs font-semibold uppercase text-red-600">Sold</p> : null}
        </div>
      </div>
      <div className="flex gap-2 sm:w-32 sm:flex-col">
        <Link to={href} className={buttonClass('secondary', 'flex-1')}>
          View
        </Link>
        <button
          type="button"
          onClick={onRemove}
          disabled={removing}
          aria-label={`Remove ${vehicle.title} from watchlist`}
          className="inline-flex flex-1 items-center justify-center gap-2 rounded-lg border border-red-200 bg-white px-4 py-2 text-sm font-semibold text-red-700 shadow-sm transition-colors hover:bg-red-50 disabled:cursor-wait disabled:opacity-60"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          {removing ? 'Removing...' : 'Remove'}
        </button>
      </div>
    </li>
  );
}

/** Watchlist tab: the user's watched vehicles, each with a working Remove (ACCOUNT-09..11). */
export function WatchlistTab() {
  const watchlist = useWatchlist();
  const remove = useRemoveFromWatchlist();
  const [removeError, setRemoveError] = useState<string | null>(null);

  const onRemove = (vehicleId: string) => {
    setRemoveError(null);
    remove.mutate(vehicleId, { onError: () => setRemoveError(ACCOUNT_MESSAGES.watchlistRemoveFailed) });
  };

  return (
    <SectionCard title="Watchlist" description="Vehicles you are keeping an eye on.">
      {watchlist.isPending ? <Spinner label="Loading your watchlist..." /> : null}
      {watchlist.isError ? (
        <Alert>
          <p>{ACCOUNT_MESSAGES.watchlistLoadFailed}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void watchlist.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {removeError ? (
        <div className="mb-4">
          <Alert onDismiss={() => setRemoveError(null)}>{removeError}</Alert>
        </div>
      ) : null}
      {watchlist.data && watchlist.data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-10 text-center">
          <Heart className="h-10 w-10 text-slate-300" aria-hidden="true" />
          <p className="text-slate-600">You are not watching any vehicles yet.</p>
          <Link to="/vehicles" className={buttonClass('primary')}>
            Browse vehicles
          </Link>
        </div>
      ) : null}
      {watchlist.data && watchlist.data.length > 0 ? (
        <ul className="space-y-3">
          {watchlist.data.map((vehicle) => (
            <WatchlistItem
              key={vehicle.id}
              vehicle={vehicle}
              removing={remove.isPending && remove.variables === vehicle.id}
              onRemove={() => onRemove(vehicle.id)}
            />
          ))}
        </ul>
      ) : null}
    </SectionCard>
  );
}
