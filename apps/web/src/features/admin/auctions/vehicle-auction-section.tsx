import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAuction } from '@vm/shared/auction';
import { Gavel } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/alert';
import { Button, buttonClass } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import { auctionKeys, fetchVehicleAuction } from '../../storefront/api/auctions';
import { ADMIN_VEHICLES_KEY } from '../vehicles/vehicle-api';
import { adminAuctionKeys, cancelAuction, fetchAdminAuction } from './auction-api';
import { AdminAuctionFacts, AdminAuctionStatus } from './auction-summary';
import { EditAuctionForm } from './edit-auction-form';
import { ReasonDialog } from './reason-dialog';
import { ScheduleAuctionForm } from './schedule-auction-form';

const OPEN = new Set(['Scheduled', 'Live']);
const UNSOLD = new Set(['ReserveNotMet', 'NoBids', 'Cancelled']);

/** After any change: the auction screens, the vehicle lists (listing type) and the storefront's auction answers. */
export function useAuctionChanged() {
  const queryClient = useQueryClient();
  return (auction: AdminAuction) => {
    queryClient.setQueryData(adminAuctionKeys.detail(auction.id), auction);
    void queryClient.invalidateQueries({ queryKey: adminAuctionKeys.all });
    void queryClient.invalidateQueries({ queryKey: ADMIN_VEHICLES_KEY });
    void queryClient.invalidateQueries({ queryKey: auctionKeys.all });
  };
}

/**
 * The Auction section of the vehicle screen (issue #17): schedule one when there is none (or a new
 * one after an unsold end); otherwise its state, figures and the live view, with edit and cancel
 * while it is open.
 */
export function VehicleAuctionSection({
  vehicleId,
  onScheduled,
}: {
  vehicleId: string;
  /** Scheduling made the vehicle an auction listing: the vehicle form follows. */
  onScheduled: () => void;
}) {
  const changed = useAuctionChanged();
  const [mode, setMode] = useState<'view' | 'schedule' | 'edit'>('view');
  const [cancelling, setCancelling] = useState(false);
  // The vehicle's auction (its public answer gives the id); then the staff view, reserve included.
  const ofVehicle = useQuery({
    queryKey: adminAuctionKeys.ofVehicle(vehicleId),
    queryFn: () => fetchVehicleAuction(vehicleId),
  });
  const auctionId = ofVehicle.data?.id ?? null;
  const detail = useQuery({
    queryKey: adminAuctionKeys.detail(auctionId ?? ''),
    queryFn: () => fetchAdminAuction(auctionId ?? ''),
    enabled: auctionId !== null,
  });
  const cancel = useMutation({
    mutationFn: (reason: string) => cancelAuction(auctionId ?? '', reason),
    onSuccess: (auction) => {
      changed(auction);
      setCancelling(false);
      toast.success('The auction was cancelled.');
    },
  });

  let body: ReactNode;
  if (ofVehicle.isPending || (auctionId !== null && detail.isPending))
    body = (
      <p className="text-sm text-slate-500" role="status">
        Loading the auction...
      </p>
    );
  else if (ofVehicle.isError || detail.isError)
    body = (
      <Alert>
        <p>The auction could not be loaded.</p>
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => {
            void ofVehicle.refetch();
            if (auctionId) void detail.refetch();
          }}
        >
          Try again
        </Button>
      </Alert>
    );
  else if (detail.data && mode === 'edit')
    body = (
      <EditAuctionForm
        auction={detail.data}
        onCancel={() => setMode('view')}
        onSaved={(auction) => {
          changed(auction);
          setMode('view');
          toast.success('The auction was updated.');
        }}
      />
    );
  else if (detail.data && mode !== 'schedule') {
    const auction = detail.data;
    body = (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <AdminAuctionStatus status={auction.status} />
        </div>
        <AdminAuctionFacts auction={auction} />
        <div className="flex flex-wrap gap-2">
          <Link to={`/admin/auctions/${encodeURIComponent(auction.id)}`} className={buttonClass('secondary')}>
            Open live view
          </Link>
          {OPEN.has(auction.status) ? (
            <>
              <Button variant="secondary" onClick={() => setMode('edit')}>
                Edit auction
              </Button>
              <Button variant="danger" onClick={() => setCancelling(true)}>
                Cancel auction
              </Button>
            </>
          ) : null}
          {UNSOLD.has(auction.status) ? (
            <Button variant="secondary" onClick={() => setMode('schedule')}>
              Schedule a new auction
            </Button>
          ) : null}
        </div>
        <ReasonDialog
          open={cancelling}
          title="Cancel auction"
          message="Bidders will see that the auction was cancelled, with your reason. Its bids stay recorded."
          confirmLabel="Cancel auction"
          busyLabel="Cancelling..."
          busy={cancel.isPending}
          error={cancel.isError ? errorMessage(cancel.error, 'The auction could not be cancelled.') : null}
          onConfirm={(reason) => cancel.mutate(reason)}
          onCancel={() => {
            cancel.reset();
            setCancelling(false);
          }}
        />
      </div>
    );
  } else
    body = (
      <ScheduleAuctionForm
        vehicleId={vehicleId}
        onCancel={detail.data ? () => setMode('view') : undefined}
        onScheduled={(auction) => {
          changed(auction);
          setMode('view');
          toast.success(auction.status === 'Live' ? 'The auction is live.' : 'The auction is scheduled.');
          onScheduled();
        }}
      />
    );

  return (
    <section aria-labelledby="vehicle-auction-title" className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 id="vehicle-auction-title" className="mb-3 flex items-center gap-2 text-base font-semibold text-ink-900">
        <Gavel className="h-4 w-4 text-brand-600" aria-hidden="true" />
        Auction
      </h3>
      {body}
    </section>
  );
}
