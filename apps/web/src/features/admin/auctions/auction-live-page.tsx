import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAuction } from '@vm/shared/auction';
import { formatDateTime } from '@vm/shared/format-date';
import { formatMoney } from '@vm/shared/money';
import { ArrowLeft, Ban, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/alert';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useAuctionEvents } from '../../storefront/api/auction-events';
import { type DataColumn, DataTable } from '../components/data-table';
import { RowActionButton, RowActions } from '../components/row-action-button';
import { adminAuctionKeys, cancelAuction, fetchAdminAuction, sellAuction, voidBid } from './auction-api';
import { AdminAuctionFacts, AdminAuctionStatus } from './auction-summary';
import { ReasonDialog } from './reason-dialog';
import { useAuctionChanged } from './vehicle-auction-section';

type AdminBid = AdminAuction['bids'][number];

const card = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm';

function BidsTable({ auction, onVoid }: { auction: AdminAuction; onVoid: (bid: AdminBid) => void }) {
  const open = auction.status === 'Live' || auction.status === 'Scheduled';
  const columns: DataColumn<AdminBid>[] = [
    {
      header: 'Time',
      cellClassName: 'order-4 text-sm whitespace-nowrap text-slate-600',
      cell: (bid) => <time dateTime={bid.at}>{formatDateTime(bid.at)}</time>,
    },
    {
      header: 'Bidder',
      cellClassName: 'order-1 col-span-2 min-w-0',
      cell: (bid) => (
        <>
          <Link
            to={`/admin/users/${encodeURIComponent(bid.bidder.id)}`}
            className="block font-medium text-ink-900 hover:underline"
          >
            {bid.bidder.name || bid.bidder.email}
          </Link>
          <span className="block text-sm break-all text-slate-500">{bid.bidder.email}</span>
          <span className="block text-xs text-slate-500">Shown as {bid.bidder.alias}</span>
        </>
      ),
    },
    {
      header: 'Maximum',
      alignEnd: true,
      cellClassName: 'order-2 font-semibold text-ink-900 md:text-right',
      cell: (bid) => formatMoney(bid.maxAmount),
    },
    {
      header: 'Visible price',
      alignEnd: true,
      cellClassName: 'order-3 text-slate-700 md:text-right',
      cell: (bid) => formatMoney(bid.price),
    },
    {
      header: 'State',
      cellClassName: 'order-5 text-sm',
      cell: (bid) =>
        bid.voidedAt ? (
          <span>
            <Badge tone="red">Voided</Badge>
            {bid.voidReason ? <span className="mt-1 block text-xs text-slate-600">{bid.voidReason}</span> : null}
          </span>
        ) : bid.bidder.id === auction.leaderId ? (
          <Badge tone="green">Leading</Badge>
        ) : (
          <Badge>Active</Badge>
        ),
    },
    {
      header: 'Actions',
      alignEnd: true,
      cellClassName: 'order-6 col-span-2 md:text-right',
      cell: (bid) =>
        bid.voidedAt || !open ? null : (
          <RowActions>
            <RowActionButton
              icon={Ban}
              word="Void"
              tone="danger"
              label={`Void the bid of ${formatMoney(bid.maxAmount)} by ${bid.bidder.name || bid.bidder.email}`}
              onClick={() => onVoid(bid)}
            />
          </RowActions>
        ),
    },
  ];
  return (
    <DataTable
      label="Bids"
      columns={columns}
      rows={auction.bids}
      cards={{ below: 'md', rowClassName: 'grid grid-cols-2 gap-2 p-4' }}
      emptyText="No bids yet."
      rowTestId="admin-bid"
    />
  );
}

/**
 * /admin/auctions/:id (issue #17): one auction live for staff: its figures with the reserve, every
 * bid with its bidder and maximum, voiding a bid, cancelling, and selling to the high bidder after
 * the reserve was not met. The event stream makes it read the auction again after each change.
 */
export function AuctionLivePage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const changed = useAuctionChanged();
  const query = useQuery({ queryKey: adminAuctionKeys.detail(id), queryFn: () => fetchAdminAuction(id) });
  const auction = query.data;
  usePageTitle(auction ? `Auction of ${auction.vehicle.title}` : 'Auction');
  const [toVoid, setToVoid] = useState<AdminBid | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [selling, setSelling] = useState(false);
  const open = auction?.status === 'Live' || auction?.status === 'Scheduled';

  useAuctionEvents(open ? id : null, {
    onEvent: () => void queryClient.invalidateQueries({ queryKey: adminAuctionKeys.detail(id) }),
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: adminAuctionKeys.detail(id) }),
  });

  const voiding = useMutation({
    mutationFn: ({ bid, reason }: { bid: AdminBid; reason: string }) => voidBid(bid.id, reason),
    onSuccess: (next) => {
      changed(next);
      setToVoid(null);
      toast.success('The bid was voided and the price recomputed.');
    },
  });
  const cancel = useMutation({
    mutationFn: (reason: string) => cancelAuction(id, reason),
    onSuccess: (next) => {
      changed(next);
      setCancelling(false);
      toast.success('The auction was cancelled.');
    },
  });
  const sell = useMutation({
    mutationFn: () => sellAuction(id),
    onSuccess: (next) => {
      changed(next);
      setSelling(false);
      toast.success('The vehicle was sold to the high bidder.');
    },
    onError: (err) => {
      setSelling(false);
      toast.error(errorMessage(err, 'The sale could not be recorded. Please try again.'));
    },
  });

  if (query.isPending) return <Spinner label="Loading the auction..." />;
  if (!auction)
    return (
      <Alert>
        {query.error instanceof ApiError && query.error.status === 404
          ? 'This auction does not exist.'
          : 'The auction could not be loaded. Please try again.'}
      </Alert>
    );

  const leader = auction.bids.find((b) => b.bidder.id === auction.leaderId && !b.voidedAt)?.bidder;
  return (
    <div className="space-y-5">
      <Link to="/admin/vehicles" className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-ink-900">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Vehicles
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold text-ink-900">Auction: {auction.vehicle.title}</h2>
          <a
            href={`/vehicles/${encodeURIComponent(auction.vehicle.slug || auction.vehicle.id)}`}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
          >
            See the vehicle page <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
          </a>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <AdminAuctionStatus status={auction.status} />
          {open ? (
            <Button variant="danger" onClick={() => setCancelling(true)}>
              Cancel auction
            </Button>
          ) : null}
          {auction.status === 'ReserveNotMet' && leader ? (
            <Button onClick={() => setSelling(true)}>Sell to high bidder</Button>
          ) : null}
        </div>
      </div>

      <section className={card} aria-label="Auction figures">
        <AdminAuctionFacts auction={auction} />
        {leader ? (
          <p className="mt-3 text-sm text-slate-700">
            High bidder: <span className="font-medium text-ink-900">{leader.name || leader.email}</span> ({leader.email}
            )
          </p>
        ) : null}
        {open ? (
          <p className="mt-3 text-xs text-slate-500" role="status">
            Updates live as bids arrive.
          </p>
        ) : null}
      </section>

      <section className={card} aria-labelledby="admin-bids-title">
        <h3 id="admin-bids-title" className="mb-3 text-lg font-semibold text-ink-900">
          Bids
        </h3>
        <BidsTable auction={auction} onVoid={(bid) => setToVoid(bid)} />
      </section>

      <ReasonDialog
        key={toVoid?.id ?? 'none'}
        open={toVoid !== null}
        title="Void bid"
        message={
          toVoid
            ? `Void the bid of ${formatMoney(toVoid.maxAmount)} by ${toVoid.bidder.name || toVoid.bidder.email}? The price is recomputed from the remaining bids and the bidders are told by email.`
            : ''
        }
        confirmLabel="Void bid"
        busyLabel="Voiding..."
        busy={voiding.isPending}
        error={voiding.isError ? errorMessage(voiding.error, 'The bid could not be voided.') : null}
        onConfirm={(reason) => toVoid && voiding.mutate({ bid: toVoid, reason })}
        onCancel={() => {
          voiding.reset();
          setToVoid(null);
        }}
      />
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
      <ConfirmDialog
        open={selling}
        title="Sell to high bidder"
        message={`Sell ${auction.vehicle.title} to ${leader?.name || leader?.email || 'the high bidder'} for ${
          auction.currentBid === null ? 'the high bid' : formatMoney(auction.currentBid)
        }, below the reserve? The vehicle becomes Sold.`}
        confirmLabel="Sell"
        busyLabel="Selling..."
        busy={sell.isPending}
        onConfirm={() => sell.mutate()}
        onCancel={() => setSelling(false)}
      />
    </div>
  );
}
