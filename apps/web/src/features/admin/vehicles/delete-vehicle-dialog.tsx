import { useQuery } from '@tanstack/react-query';
import type { VehicleOfferCounts, VehicleSummary } from '@vm/shared/vehicle';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { fetchVehicleOfferCounts } from './vehicle-api';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The delete confirmation's text: it names the open and accepted offers the deletion ends. They
 * stay in the offers history as expired, with the vehicle's title, and their buyers are emailed
 * (docs/product-rules.md#offers).
 */
export function deleteVehicleMessage(title: string, counts: VehicleOfferCounts | undefined): string {
  const base = `Are you sure you want to delete ${title}? This action cannot be undone.`;
  if (!counts) return base;
  const parts = [
    counts.openOffers > 0 ? plural(counts.openOffers, 'open offer', 'open offers') : '',
    counts.acceptedOffers > 0 ? plural(counts.acceptedOffers, 'accepted offer', 'accepted offers') : '',
  ].filter(Boolean);
  if (parts.length === 0) return base;
  const total = counts.openOffers + counts.acceptedOffers;
  return `${base} It has ${parts.join(' and ')}: ${total === 1 ? 'it' : 'they'} will be kept in the offers history as expired, and ${total === 1 ? 'its buyer' : 'their buyers'} will be emailed.`;
}

interface Props {
  vehicle: VehicleSummary | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Confirm Delete" for a vehicle, with its open and accepted offers counted when it opens. */
export function DeleteVehicleDialog({ vehicle, busy, onConfirm, onCancel }: Props) {
  const counts = useQuery({
    queryKey: ['admin', 'vehicles', 'offer-counts', vehicle?.id],
    queryFn: () => fetchVehicleOfferCounts(vehicle?.id ?? ''),
    enabled: vehicle !== null,
    staleTime: 0,
  });
  return (
    <ConfirmDialog
      open={vehicle !== null}
      title="Confirm Delete"
      message={deleteVehicleMessage(vehicle?.title ?? '', counts.data)}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
