import { VIN_PROBLEM_MESSAGES } from '@vm/shared/vin';
import { decodeVin } from '@vm/shared/vin-decode';
import type { VinDecodeResponse } from '@vm/shared/vin-lookup';

/**
 * The back office's VIN decoder, offline (docs/decisions/118-vin-decoder.md). `vin` is 1 to 17
 * letters and digits in capitals (the route's schema). A shorter one, a pre-1981 chassis number
 * for instance, is answered, not refused: valid false, nothing decoded, and a note saying why.
 */
export function decodeVinForStaff(vin: string): VinDecodeResponse {
  const { valid, modelYear, manufacturer, make, country, problem } = decodeVin(vin);
  return { vin, valid, modelYear, manufacturer, make, country, note: problem ? VIN_PROBLEM_MESSAGES[problem] : null };
}
