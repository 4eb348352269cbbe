import { useQueryClient } from '@tanstack/react-query';
import type { Vehicle } from '@vm/shared/vehicle';
import { useEffect, useRef } from 'react';
import { recordVehicleView } from '../api/tracking';
import { vehicleKeys } from '../api/vehicles';
import { browserFingerprint, hasViewed, markViewed } from './view-tracking';

/**
 * DETAIL-32..36: records the view of a loaded vehicle once per device. The returned count
 * replaces the one on screen; a failure is only logged and the vehicle is tried again next time.
 */
export function useRecordView(vehicle: Vehicle | undefined, cacheKey: string) {
  const queryClient = useQueryClient();
  const attempted = useRef<string | null>(null);
  const vehicleId = vehicle?.id;

  useEffect(() => {
    if (!vehicleId || attempted.current === vehicleId) return;
    // Once the page is on screen: counting a view must not hold back showing the vehicle.
    return whenIdle(() => {
      if (attempted.current === vehicleId || hasViewed(vehicleId)) return;
      attempted.current = vehicleId;
      recordVehicleView(vehicleId, browserFingerprint())
        .then((result) => {
          markViewed(vehicleId);
          queryClient.setQueryData<Vehicle>(vehicleKeys.detail(cacheKey), (old) =>
            old ? { ...old, viewCount: result.viewCount } : old,
          );
        })
        .catch((err: unknown) => console.error('Failed to record the vehicle view', err));
    });
  }, [vehicleId, cacheKey, queryClient]);
}

/** Runs `task` when the browser is idle (at most a second later); returns a cancel function. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 1000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 0);
  return () => window.clearTimeout(handle);
}
