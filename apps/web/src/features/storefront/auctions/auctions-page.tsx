import type { AuctionCard } from '@vm/shared/auction';
import { formatDate } from '@vm/shared/format-date';
import { formatMoney } from '@vm/shared/money';
import { Clock, Gauge, Search } from 'lucide-react';
import { type FormEvent, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button, buttonClass } from '../../../components/button';
import { PagePager } from '../../../components/page-pager';
import { VehicleCardSkeleton, vehiclePath } from '../../../components/vehicle-card';
import { VehicleImage } from '../../../components/vehicle-image';
import { TextPageHead } from '../../../lib/page-head';
import { type AuctionListQuery, readAuctionsUrl, useAuctionList } from '../api/auctions';
import { bidsText, priceOf, RESERVE_TEXT, resultText } from './auction-text';
import { useHasPassed, useTimeLeftText } from './time-left';

export const AUCTIONS_MESSAGES = {
  title: 'Auctions',
  intro:
    'Timed auctions of classic and collectible vehicles: bid while they are live, or see what past auctions came to.',
  failed: 'The auctions could not be loaded. Please try again.',
  noneLive: 'No auctions are live right now.',
  noResults: 'No auction has ended yet.',
} as const;

const miles = new Intl.NumberFormat('en-US');
const count = new Intl.NumberFormat('en-US');

function auctionsUrl({ status, page, q }: AuctionListQuery): string {
  const params = new URLSearchParams();
  if (status === 'ended') params.set('status', 'ended');
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The card's photo: the main photo with its srcset as the API gave it (on MEDIA_PUBLIC_URL when set), or the placeholder. */
function CardPhoto({ vehicle, priority }: { vehicle: AuctionCard['vehicle']; priority: boolean }) {
  return (
    <VehicleImage
      image={vehicle.image}
      alt=""
      sizes="(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw"
      priority={priority}
      className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
    />
  );
}

function LiveFacts({ auction }: { auction: AuctionCard['auction'] }) {
  const price = priceOf(auction);
  const ended = useHasPassed(auction.endsAt);
  const left = useTimeLeftText(auction.endsAt);
  return (
    <div className="mt-auto space-y-1 pt-2">
      <div className="flex items-end justify-between gap-2">
        <p>
          <span className="block text-xs font-medium text-slate-500">{price.label}</span>
          <span className="text-xl font-bold text-brand-700" data-testid="auction-card-price">
            {formatMoney(price.amount)}
          </span>
        </p>
        <p
          className="inline-flex items-center gap-1 text-sm font-semibold text-slate-800"
          data-testid="auction-card-time"
        >
          <Clock className="h-4 w-4" aria-hidden="true" />
          {ended ? 'Ending now' : `${left} left`}
        </p>
      </div>
      <p className="text-xs text-slate-500">
        {bidsText(auction.bidCount)} · {RESERVE_TEXT[auction.reserve]}
      </p>
    </div>
  );
}

function EndedFacts({ auction }: { auction: AuctionCard['auction'] }) {
  return (
    <div className="mt-auto space-y-1 pt-2">
      <p
        className={`text-xl font-bold ${auction.status === 'Sold' ? 'text-brand-700' : 'text-slate-700'}`}
        data-testid="auction-card-result"
      >
        {resultText(auction)}
      </p>
      <p className="text-xs text-slate-500">
        {auction.status === 'ReserveNotMet' ? `${RESERVE_TEXT.not_met} · ` : ''}
        {auction.status === 'Cancelled' ? 'Was to end' : 'Ended'} {formatDate(auction.endsAt)} ·{' '}
        {bidsText(auction.bidCount)}
      </p>
    </div>
  );
}

function AuctionCardView({ card, priority }: { card: AuctionCard; priority: boolean }) {
  const { auction, vehicle } = card;
  const live = auction.status === 'Live' || auction.status === 'Scheduled';
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md"
      aria-label={vehicle.title}
    >
      <div className="relative aspect-[16/10] overflow-hidden bg-slate-100">
        <CardPhoto vehicle={vehicle} priority={priority} />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-base leading-snug font-semibold text-ink-900">
          <Link to={vehiclePath(vehicle)} className="after:absolute after:inset-0 focus:outline-none">
            {vehicle.title}
          </Link>
        </h3>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span>{vehicle.year}</span>
          <span className="inline-flex items-center gap-1">
            <Gauge className="h-4 w-4" aria-hidden="true" />
            {miles.format(vehicle.mileage)} mi
          </span>
        </p>
        {live ? <LiveFacts auction={auction} /> : <EndedFacts auction={auction} />}
      </div>
    </article>
  );
}

const tabClass = (active: boolean) =>
  `border-b-2 px-4 py-3 text-sm font-semibold transition-colors ${
    active
      ? 'border-brand-600 text-brand-700'
      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
  }`;

/**
 * /auctions (issue #17): the live auctions, ending soonest first, with their bid and time left;
 * the results (?status=ended), newest first, searchable by make, model and year; both paged.
 */
export function AuctionsPage() {
  const [params, setParams] = useSearchParams();
  const query = readAuctionsUrl(params);
  const list = useAuctionList(query);
  const searchBox = useRef<HTMLInputElement>(null);
  const data = list.isError ? undefined : list.data;
  const ended = query.status === 'ended';

  // The box follows the URL (back and forward, the tab links).
  useEffect(() => {
    if (searchBox.current) searchBox.current.value = query.q;
  }, [query.q]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const q = searchBox.current?.value.trim() ?? '';
    setParams(new URLSearchParams(auctionsUrl({ status: 'ended', page: 1, q }).slice(1)));
  };
  const goToPage = (page: number) => {
    setParams(new URLSearchParams(auctionsUrl({ ...query, page }).slice(1)));
    window.scrollTo?.({ top: 0 });
  };

  const heading = data
    ? ended
      ? `${count.format(data.total)} ${data.total === 1 ? 'result' : 'results'}${query.q ? ` for “${query.q}”` : ''}`
      : `${count.format(data.total)} live ${data.total === 1 ? 'auction' : 'auctions'}`
    : list.isError
      ? 'Loading failed'
      : 'Loading...';

  return (
    <>
      <TextPageHead page="auctions" />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-10">
        <header className="mb-6">
          <h1 className="text-3xl font-bold tracking-tight text-ink-900">{AUCTIONS_MESSAGES.title}</h1>
          <p className="mt-1 text-slate-600">{AUCTIONS_MESSAGES.intro}</p>
        </header>
        <nav aria-label="Auction views" className="mb-6 flex gap-1 border-b border-slate-200">
          <Link to="/auctions" className={tabClass(!ended)} aria-current={ended ? undefined : 'page'}>
            Live auctions
          </Link>
          <Link to="/auctions?status=ended" className={tabClass(ended)} aria-current={ended ? 'page' : undefined}>
            Results
          </Link>
        </nav>

        {ended ? (
          <form role="search" onSubmit={search} className="mb-6 flex max-w-xl gap-2">
            <label htmlFor="auction-results-q" className="sr-only">
              Search results by make, model or year
            </label>
            <input
              id="auction-results-q"
              ref={searchBox}
              type="search"
              defaultValue={query.q}
              placeholder="Make, model or year"
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
            />
            <Button type="submit">
              <Search className="h-4 w-4" aria-hidden="true" />
              Search
            </Button>
          </form>
        ) : null}

        <section aria-labelledby="auctions-results-title">
          <h2 id="auctions-results-title" className="mb-4 text-sm font-medium text-slate-700" aria-live="polite">
            {heading}
          </h2>
          {list.isError ? (
            <Alert>
              <p>{AUCTIONS_MESSAGES.failed}</p>
              <Button variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : !data ? (
            <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
              {Array.from({ length: 6 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <li key={i}>
                  <VehicleCardSkeleton />
                </li>
              ))}
            </ul>
          ) : data.auctions.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
              <p className="font-medium text-slate-700">
                {ended
                  ? query.q
                    ? `No results match “${query.q}”.`
                    : AUCTIONS_MESSAGES.noResults
                  : AUCTIONS_MESSAGES.noneLive}
              </p>
              <Link to={ended ? '/auctions' : '/auctions?status=ended'} className={buttonClass('secondary', 'mt-4')}>
                {ended ? 'See the live auctions' : 'See past results'}
              </Link>
            </div>
          ) : (
            <>
              <ul
                className={`grid gap-6 sm:grid-cols-2 xl:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
                aria-busy={list.isPlaceholderData}
              >
                {data.auctions.map((card, i) => (
                  <li key={card.auction.id}>
                    <AuctionCardView card={card} priority={i === 0} />
                  </li>
                ))}
              </ul>
              <div className="mt-10">
                <PagePager page={data.page} pages={data.totalPages} onPageChange={goToPage} />
              </div>
            </>
          )}
        </section>
      </div>
    </>
  );
}
