import type { Vehicle } from '@vm/shared/vehicle';
import { Heart } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../auth/auth-context';
import { useSetWatching, useWatchState } from './api/watch';
import { BUYER_MESSAGES } from './buyer-messages';

function watchersText(count: number): string {
  if (count === 0) return 'Be the first to watch';
  return count === 1 ? '1 person watching' : `${count} people watching`;
}

/**
 * Watch toggle on the detail page (DETAIL-14..16). Signed-in users see their state from the
 * server; anonymous visitors are sent to log in and come back here afterwards.
 */
export function WatchButton({ vehicle }: { vehicle: Vehicle }) {
  const { status } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const vehicleId = vehicle?.id ?? '';
  const signedIn = status === 'authenticated';
  const state = useWatchState(vehicleId, signedIn && vehicleId !== '');
  const mutation = useSetWatching();

  const watching = signedIn ? (state.data?.isWatching ?? false) : false;
  const count = state.data?.watchCount ?? vehicle?.watchCount ?? 0;
  // Not clickable until the watch state is known and current (issue #20): a click on a guessed
  // "Watch" could otherwise send the opposite of what the buyer sees once it loads.
  const stateKnown = !signedIn || vehicleId === '' || (state.isSuccess && !state.isFetching);
  const busy = status === 'loading' || !stateKnown || mutation.isPending;

  const toggle = () => {
    if (!vehicleId) {
      toast.error(BUYER_MESSAGES.watchInvalidVehicle);
      return;
    }
    if (!signedIn) {
      navigate('/login', { state: { from: location } });
      return;
    }
    mutation.mutate(
      { vehicleId, watching: !watching },
      {
        onError: (err) =>
          toast.error(BUYER_MESSAGES.watchFailed(err instanceof ApiError ? err.serverMessage : undefined)),
      },
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        aria-pressed={watching}
        onClick={toggle}
        disabled={busy}
        className={`inline-flex items-center gap-2 rounded-lg border px-4 py-2 text-sm font-semibold shadow-sm transition-colors disabled:cursor-wait disabled:opacity-70 ${
          watching
            ? 'border-red-200 bg-red-50 text-red-700 hover:bg-red-100'
            : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
        }`}
      >
        <Heart className={`h-4 w-4 ${watching ? 'fill-red-500 text-red-500' : ''}`} aria-hidden="true" />
        {watching ? 'Watching' : 'Watch'}
      </button>
      <span className="text-sm text-slate-500" aria-live="polite">
        {watchersText(count)}
      </span>
    </div>
  );
}
