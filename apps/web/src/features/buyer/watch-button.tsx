import type { Vehicle } from '@vm/shared/vehicle';

/** Watch toggle on the detail page (built by the buyer feature). */
export function WatchButton(_props: { vehicle: Vehicle }) {
  return null;
}
