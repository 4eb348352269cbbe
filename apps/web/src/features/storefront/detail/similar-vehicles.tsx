import type { Vehicle } from '@vm/shared/vehicle';
import { VehicleCard, VehicleCardSkeleton } from '../../../components/vehicle-card';
import { useSimilarVehicles } from '../api/vehicles';

const GRID = 'mt-6 grid gap-6 md:grid-cols-3';

/** DETAIL-29: up to 3 similar vehicles; nothing at all when there are none or the call fails. */
export function SimilarVehicles({ vehicle }: { vehicle: Vehicle }) {
  const similar = useSimilarVehicles(vehicle);
  // Card-sized blocks while loading, so the cards arriving do not push the footer around.
  if (similar.isPending)
    return (
      <div className="mt-14" aria-hidden="true">
        <div className="h-8 w-56 animate-pulse rounded bg-slate-200" />
        <div className={GRID}>
          {[0, 1, 2].map((i) => (
            <VehicleCardSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  if (!similar.data || similar.data.length === 0) return null;
  return (
    <section aria-labelledby="similar-title" className="mt-14">
      <h2 id="similar-title" className="text-2xl font-bold text-ink-900">
        Similar Vehicles
      </h2>
      <ul className={GRID}>
        {similar.data.map((v) => (
          <li key={v.id}>
            <VehicleCard vehicle={v} sizes="(min-width: 1280px) 400px, (min-width: 768px) 33vw, 100vw" />
          </li>
        ))}
      </ul>
    </section>
  );
}
