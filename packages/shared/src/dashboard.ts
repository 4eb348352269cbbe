import { z } from 'zod';
import { lenientInt } from './common.ts';
import { ACTIVITY_TYPES } from './constants.ts';

export const DEFAULT_ACTIVITY_LIMIT = 10;

/** GET /admin/activity. */
export const activityQuerySchema = z.object({ limit: lenientInt(DEFAULT_ACTIVITY_LIMIT, 1, 50) });

export const activitySchema = z.object({
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  message: z.string(),
  createdAt: z.string(),
  /**
   * True when the event is about a vehicle (listed, auction, sold, an offer on it) that has since
   * been deleted: the feed marks it, and there is nothing to open (issue #20).
   */
  vehicleDeleted: z.boolean(),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityResponseSchema = z.object({
  activities: z.array(activitySchema),
  /** Whether the caller sees the super-admin-only types (user_registration, vehicle_sold). */
  isSuperAdmin: z.boolean(),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
