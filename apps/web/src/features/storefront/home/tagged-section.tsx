import type { Tag } from '@vm/shared/constants';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { VehicleCardSkeleton } from '../../../components/vehicle-card';
import { useRandomVehicles, useTaggedVehicles } from '../api/vehicles';
import { VehicleCarousel } from './vehicle-carousel';

interface Props {
  tag: Extract<Tag, 'featured' | 'popular'>;
  title: string;
  /** HOME-16, HOME-17: the title when nothing carries the tag. */
  fallbackTitle: string;
  /** HOME-18: what the visitor is told when the section shows a random selection instead. */
  fallbackNote: string;
}

/** The home-page texts of ERR-36 and HOME-22. */
export const HOME_MESSAGES = {
  loadFailed: 'Failed to load vehicles',
  empty: 'No vehicles to show yet. New arrivals are on their way, so please check back soon.',
} as const;

/**
 * A tagged carousel of the home page (HOME-07..23): the 6 newest vehicles with the tag, or, when
 * none carry it or the call fails, a random selection under another title with a note.
 */
export function TaggedSection({ tag, title, fallbackTitle, fallbackNote }: Props) {
  const tagged = useTaggedVehicles(tag);
  const hasTagged = tagged.isSuccess && tagged.data.length > 0;
  const needFallback = tagged.isError || (tagged.isSuccess && tagged.data.length === 0);
  const random = useRandomVehicles(tag, needFallback);

  const vehicles = hasTagged ? tagged.data : (random.data ?? []);
  const loading = tagged.isPending || (needFallback && random.isPending);
  const failed = needFallback && random.isError;
  const headingId = `home-${tag}-title`;

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-2xl font-bold text-ink-900 sm:text-3xl">
            {hasTagged || loading ? title : fallbackTitle}
          </h2>
          {needFallback && !failed ? <p className="mt-1 text-sm text-slate-600">{fallbackNote}</p> : null}
        </div>
        <Link
          to={hasTagged ? `/vehicles?tags=${tag}` : '/vehicles'}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          View All
          <span className="sr-only">{hasTagged ? ` ${title}` : ' vehicles'}</span>
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      {loading ? (
        <div className="grid gap-6 md:grid-cols-3" aria-busy="true">
          <span className="sr-only">Loading vehicles...</span>
          <VehicleCardSkeleton />
          <VehicleCardSkeleton />
          <VehicleCardSkeleton />
        </div>
      ) : failed ? (
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 px-4 py-6 text-center font-medium text-red-700"
        >
          {HOME_MESSAGES.loadFailed}
        </p>
      ) : vehicles.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
          {HOME_MESSAGES.empty}
        </p>
      ) : (
        <VehicleCarousel vehicles={vehicles} label={hasTagged ? title : fallbackTitle} />
      )}
    </section>
  );
}
