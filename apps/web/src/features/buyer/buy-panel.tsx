import type { Vehicle } from '@vm/shared/vehicle';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { useAuth } from '../auth/auth-context';
import { useVehicleAuction } from '../storefront/api/auctions';
import { BidBox } from './bid-box';
import { OfferPanel } from './offer-panel';

/** Ended without a sale: the vehicle takes offers again (issue #17). */
const UNSOLD = new Set(['ReserveNotMet', 'NoBids', 'Cancelled']);

/**
 * The buyer's panel of a vehicle page: the bid box for a vehicle with an auction, the offer panel
 * otherwise, and both once an auction ended unsold. Only vehicles listed as auctions ask for one.
 */
export function BuyPanel({ vehicle }: { vehicle: Vehicle }) {
  const { user } = useAuth();
  const viewer = user?.id ?? 'anonymous';
  const isAuction = vehicle.listingType === 'auction';
  const auction = useVehicleAuction(vehicle.id, viewer, isAuction);

  if (!isAuction) return <OfferPanel vehicle={vehicle} />;
  if (auction.data === undefined && !auction.isError)
    return (
      <section className="min-h-48 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-busy="true">
        <p className="text-sm text-slate-500" role="status">
          Loading the auction...
        </p>
      </section>
    );
  if (auction.data === undefined)
    return (
      <Alert>
        <p>The auction could not be loaded.</p>
        <Button variant="secondary" className="mt-3" onClick={() => void auction.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (auction.data === null) return <OfferPanel vehicle={vehicle} />;
  return (
    <>
      <BidBox vehicle={vehicle} auction={auction.data} viewer={viewer} />
      {UNSOLD.has(auction.data.status) ? <OfferPanel vehicle={vehicle} /> : null}
    </>
  );
}
