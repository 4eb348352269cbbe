import { formatLocation } from '@vm/shared/location';
import { formatMoney } from '@vm/shared/money';
import { vehicleNotFoundMeta, vehiclePageMeta } from '@vm/shared/page-meta';
import { Check, ChevronRight, Eye, MapPin } from 'lucide-react';
import type { Vehicle } from '@vm/shared/vehicle';
import type { MouseEvent, ReactNode } from 'react';
import { BuyPanel } from '../../buyer/buy-panel';
import { WatchButton } from '../../buyer/watch-button';
import { Link, useNavigate, useParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { VehicleBadges } from '../../../components/vehicle-badges';
import { ApiError } from '../../../lib/api-client';
import { PageHead } from '../../../lib/page-head';
import { useSiteSettings } from '../../../lib/site-settings';
import { useVehicle } from '../api/vehicles';
import { DetailSkeleton } from './detail-skeleton';
import { Gallery } from './gallery';
import { defaultFirst } from './gallery-state';
import { SimilarVehicles } from './similar-vehicles';
import { useAuth } from '../../auth/auth-context';
import { useVehicleAuction } from '../api/auctions';
import { useRecordView } from './use-record-view';
import { VehicleFacts } from './vehicle-facts';

/** ERR-37, ERR-38. */
export const DETAIL_MESSAGES = {
  loadFailed: 'Failed to load vehicle details. Please try again later.',
  notFound: 'Vehicle not found.',
} as const;

const views = new Intl.NumberFormat('en-US');

/*
 * The buyer actions bring the offer form, react-hook-form, zod and react-toastify (about 55 KB
 * gzipped). Loaded on their own, they no longer delay the gallery photo, the page's largest
 * paint; their slots keep their size meanwhile.
 */

function StatePanel({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center sm:px-6">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">{children}</div>
    </div>
  );
}

export function VehicleDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useVehicle(id);
  const vehicle = query.data;
  const settings = useSiteSettings();
  useRecordView(vehicle, id);

  if (query.isPending) return <DetailSkeleton />;

  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
      // Back where the visitor came from; a visitor who arrived here directly goes to the list.
      if (window.history.length > 1) {
        event.preventDefault();
        navigate(-1);
      }
    };
    return (
      <StatePanel>
        {/* An unknown or archived vehicle (a 404 from the server too) is kept out of search engines. */}
        {missing ? <PageHead meta={vehicleNotFoundMeta(settings)} /> : null}
        <h1 className="text-xl font-bold text-ink-900">
          {missing ? DETAIL_MESSAGES.notFound : DETAIL_MESSAGES.loadFailed}
        </h1>
        {missing ? <p className="mt-2 text-slate-600">It may have been sold or removed from our listings.</p> : null}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {missing ? (
            <Link to="/vehicles" className={buttonClass('primary')}>
              Browse all vehicles
            </Link>
          ) : (
            <>
              <a href="/vehicles" onClick={goBack} className={buttonClass('secondary')}>
                Back
              </a>
              <button type="button" onClick={() => query.refetch()} className={buttonClass('primary')}>
                Try again
              </button>
            </>
          )}
        </div>
      </StatePanel>
    );
  }

  return (
    <>
      <PageHead meta={vehiclePageMeta(settings, query.data)} />
      <VehicleDetail vehicle={query.data} />
    </>
  );
}

/** The loaded vehicle: gallery, facts, description, condition, features, actions, similar ones. */
function VehicleDetail({ vehicle }: { vehicle: Vehicle }) {
  const sections = [
    { label: 'Exterior', text: vehicle.sections.exterior },
    { label: 'Interior', text: vehicle.sections.interior },
    { label: 'Other details', text: vehicle.sections.other },
  ].filter((s) => s.text.trim() !== '');

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-10">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:text-ink-900 hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="h-4 w-4" />
          </li>
          <li>
            <Link to="/vehicles" className="hover:text-ink-900 hover:underline">
              Vehicles
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="h-4 w-4" />
          </li>
          <li aria-current="page" className="truncate font-medium text-ink-900">
            {vehicle.title}
          </li>
        </ol>
      </nav>

      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <VehicleBadges vehicle={vehicle} />
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">{vehicle.title}</h1>
          {vehicle.name ? <p className="mt-1 text-lg text-slate-600">{vehicle.name}</p> : null}
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1">
              <MapPin className="h-4 w-4" aria-hidden="true" />
              {formatLocation(vehicle.location)}
            </span>
            <span className="inline-flex items-center gap-1" data-testid="view-count">
              <Eye className="h-4 w-4" aria-hidden="true" />
              {views.format(vehicle.viewCount)} {vehicle.viewCount === 1 ? 'view' : 'views'}
            </span>
          </p>
        </div>
        <div className="text-left sm:text-right">
          <HeaderPrice vehicle={vehicle} />
          {vehicle.msrp > 0 ? (
            <p className="text-sm text-slate-600">Original MSRP {formatMoney(vehicle.msrp)}</p>
          ) : null}
        </div>
      </header>

      {/* Phones: gallery, then the facts and actions, then the long texts. Desktop: texts under the gallery,
          whose row takes any extra height of the tall side column (1fr), so no gap opens under the photos. */}
      <div className="grid gap-8 lg:grid-cols-3 lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 lg:col-span-2">
          {/* The starred photo first: "1 / n", first among the thumbnails (issue #20). */}
          <Gallery images={defaultFirst(vehicle.images, vehicle.defaultImageIndex)} title={vehicle.title} />
        </div>

        <aside
          className="space-y-6 lg:col-start-3 lg:row-span-2 lg:row-start-1"
          aria-label="Vehicle summary and actions"
        >
          <section aria-labelledby="facts-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="facts-title" className="mb-2 text-lg font-semibold text-ink-900">
              Vehicle details
            </h2>
            <VehicleFacts vehicle={vehicle} />
            <div className="mt-4 min-h-10">
              <WatchButton vehicle={vehicle} />
            </div>
          </section>
          <BuyPanel vehicle={vehicle} />
          <p className="text-sm text-slate-600">
            Questions about this vehicle?{' '}
            <Link
              to={`/contact?${new URLSearchParams({ vehicle: vehicle.id, subject: `Inquiry about ${vehicle.title}` })}`}
              className="font-semibold text-brand-700 hover:underline"
            >
              Contact our specialists
            </Link>
          </p>
        </aside>

        <div className="min-w-0 space-y-10 lg:col-span-2">
          {vehicle.description ? (
            <section aria-labelledby="description-title">
              <h2 id="description-title" className="text-xl font-bold text-ink-900">
                Description
              </h2>
              <p className="mt-3 leading-relaxed whitespace-pre-line text-slate-700">{vehicle.description}</p>
            </section>
          ) : null}

          {sections.length > 0 ? (
            <section aria-labelledby="condition-title">
              <h2 id="condition-title" className="text-xl font-bold text-ink-900">
                Condition
              </h2>
              <div className="mt-3 space-y-4">
                {sections.map((s) => (
                  <div key={s.label}>
                    <h3 className="font-semibold text-ink-900">{s.label}</h3>
                    <p className="mt-1 leading-relaxed whitespace-pre-line text-slate-700">{s.text}</p>
                  </div>
                ))}
              </div>
            </section>
          ) : null}

          {vehicle.features.length > 0 ? (
            <section aria-labelledby="features-title">
              <h2 id="features-title" className="text-xl font-bold text-ink-900">
                Features
              </h2>
              <ul className="mt-3 grid gap-2 sm:grid-cols-2">
                {vehicle.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2 text-slate-700">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>

      <SimilarVehicles vehicle={vehicle} />
    </div>
  );
}

/**
 * The price beside the title: the list price, or while an auction runs its current (or starting)
 * bid, which the bid box's events keep current (the same query). A fixed price above a live
 * auction would say the car can be had for it (issue #17).
 */
function HeaderPrice({ vehicle }: { vehicle: Vehicle }) {
  const { user } = useAuth();
  const isAuction = vehicle.listingType === 'auction';
  const auction = useVehicleAuction(vehicle.id, user?.id ?? 'anonymous', isAuction).data;
  if (auction && (auction.status === 'Live' || auction.status === 'Scheduled'))
    return (
      <>
        <p className="text-sm font-medium text-slate-600">
          {auction.currentBid === null ? 'Starting bid' : 'Current bid'}
        </p>
        <p className="text-3xl font-extrabold text-brand-700">
          {formatMoney(auction.currentBid ?? auction.startingBid)}
        </p>
      </>
    );
  return (
    <p className="text-3xl font-extrabold text-brand-700">
      {vehicle.price > 0 ? formatMoney(vehicle.price) : 'Price on request'}
    </p>
  );
}
