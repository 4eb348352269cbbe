import type { VehicleSummary } from '@vm/shared/vehicle';
import { Badge } from './badge';

/** DETAIL-11..13: Hot, Popular and Auction; Sold and Pending too, since a buyer must see them. */
export function vehicleBadges(vehicle: Pick<VehicleSummary, 'tags' | 'listingType' | 'status'>) {
  const badges: { label: string; tone: 'red' | 'orange' | 'purple' | 'gray' | 'yellow' }[] = [];
  if (vehicle.tags.includes('hot')) badges.push({ label: 'Hot', tone: 'red' });
  if (vehicle.tags.includes('popular')) badges.push({ label: 'Popular', tone: 'orange' });
  if (vehicle.listingType === 'auction') badges.push({ label: 'Auction', tone: 'purple' });
  if (vehicle.status === 'Sold') badges.push({ label: 'Sold', tone: 'gray' });
  if (vehicle.status === 'Pending') badges.push({ label: 'Sale pending', tone: 'yellow' });
  return badges;
}

export function VehicleBadges({ vehicle }: { vehicle: Pick<VehicleSummary, 'tags' | 'listingType' | 'status'> }) {
  const badges = vehicleBadges(vehicle);
  if (badges.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Highlights">
      {badges.map((b) => (
        <li key={b.label}>
          <Badge tone={b.tone}>{b.label}</Badge>
        </li>
      ))}
    </ul>
  );
}
