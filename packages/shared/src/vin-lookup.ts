import { z } from 'zod';

/**
 * GET /api/vin/:vin, the back office's VIN decoder (docs/decisions/118-vin-decoder.md). The
 * decoding itself is in vin-decode.ts; this is the request and answer.
 */

export const VIN_SHAPE_MESSAGE = 'A VIN is 1 to 17 letters and digits, without spaces or dashes';

/** 1 to 17 letters and digits, read in capitals. Anything else is a 400 with the message above. */
export const vinParamsSchema = z.object({
  vin: z
    .string()
    .regex(/^[A-Za-z0-9]{1,17}$/, VIN_SHAPE_MESSAGE)
    .transform((v) => v.toUpperCase()),
});

export const vinDecodeResponseSchema = z.object({
  /** The VIN as decoded: in capitals. */
  vin: z.string(),
  valid: z.boolean(),
  modelYear: z.number().int().nullable(),
  manufacturer: z.string().nullable(),
  make: z.string().nullable(),
  country: z.string().nullable(),
  /** Why the VIN did not check, for the form to show; null when it checks. */
  note: z.string().nullable(),
});
export type VinDecodeResponse = z.infer<typeof vinDecodeResponseSchema>;
