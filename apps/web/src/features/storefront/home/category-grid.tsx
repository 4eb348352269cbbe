import { HOME_CATEGORY_TILES, HOME_CATEGORIES_SHOWN } from '@vm/shared/constants';
import {
  Bike,
  CalendarClock,
  Car,
  CarFront,
  Caravan,
  Crown,
  Flag,
  Flame,
  Gauge,
  Globe,
  type LucideIcon,
  Mountain,
  Sparkles,
  Sun,
  Trophy,
  Truck,
  Wrench,
  Zap,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';

const ICONS: Record<string, LucideIcon> = {
  Classics: CalendarClock,
  Convertibles: Sun,
  'Muscle Cars': Flame,
  'Sports Cars': Gauge,
  Exotics: Sparkles,
  Performance: Trophy,
  Customs: Wrench,
  Trucks: Truck,
  SUVs: CarFront,
  '4x4s': Mountain,
  'Race/Competition': Flag,
  'Luxury Cars': Crown,
  'Late Models': Car,
  Motorcycles: Bike,
  'RVs & Boats': Caravan,
  Wagons: Car,
  American: Globe,
  European: Globe,
  'Japanese/JDM': Globe,
  British: Globe,
  Electric: Zap,
};

/** HOME-28: a tile's search; "RVs & Boats" filters by two categories (docs/product-rules.md#categories). */
export function categoryHref(categories: readonly string[]): string {
  return `/vehicles?${new URLSearchParams({ category: categories.join(',') }).toString()}`;
}

/** HOME-24..28: the 21 tiles, 12 at first, with Show All Categories / Show Less. */
export function CategoryGrid() {
  const [showAll, setShowAll] = useState(false);
  const gridId = useId();
  const tiles = showAll ? HOME_CATEGORY_TILES : HOME_CATEGORY_TILES.slice(0, HOME_CATEGORIES_SHOWN);
  return (
    <section aria-labelledby="home-categories-title" className="bg-white py-12">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="home-categories-title" className="text-2xl font-bold text-ink-900 sm:text-3xl">
          Browse By Category
        </h2>
        <ul id={gridId} className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
          {tiles.map((tile) => {
            const Icon = ICONS[tile.label] ?? Car;
            return (
              <li key={tile.label}>
                <Link
                  to={categoryHref(tile.categories)}
                  className="flex h-full flex-col items-center gap-2 rounded-xl border border-slate-200 bg-slate-50 px-3 py-5 text-center text-sm font-semibold text-ink-900 transition-colors hover:border-brand-600 hover:bg-brand-50"
                >
                  <Icon className="h-7 w-7 text-brand-700" aria-hidden="true" />
                  {tile.label}
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="mt-6 text-center">
          <button
            type="button"
            aria-expanded={showAll}
            aria-controls={gridId}
            onClick={() => setShowAll((v) => !v)}
            className="rounded-lg border border-slate-300 bg-white px-5 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
          >
            {showAll ? 'Show Less' : 'Show All Categories'}
          </button>
        </div>
      </div>
    </section>
  );
}
