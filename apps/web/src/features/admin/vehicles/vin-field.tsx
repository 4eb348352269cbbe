import { isVinChecked, normalizeVin, VIN_CHARACTERS, VIN_PROBLEM_MESSAGES } from '@vm/shared/vin';
import type { VinDecodeResponse } from '@vm/shared/vin-lookup';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/form-field';
import { api, errorMessage } from '../../../lib/api-client';

/** GET /api/vin/:vin: the server decodes, so the WMI table stays out of the web app. */
export const fetchVinDecode = (vin: string) => api<VinDecodeResponse>(`/vin/${encodeURIComponent(vin)}`);

interface Props {
  field: UseFormRegisterReturn<'vin'>;
  error: string | undefined;
  /** The field's current text. */
  vin: string;
  /** A decoded answer: the form fills Year and Make from it where it has them. */
  onDecoded: (decoded: VinDecodeResponse) => void;
}

/**
 * The VIN with its Decode button (issue #18, docs/decisions/118-vin-decoder.md). A VIN whose
 * check digit fails gets a warning while it is typed, and can still be saved: pre-1981 chassis
 * numbers and grey-market imports fail it (docs/product-rules.md#vehicles).
 */
export function VinField({ field, error, vin, onDecoded }: Props) {
  const [decoded, setDecoded] = useState<VinDecodeResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const current = normalizeVin(vin);
  const checkFails = VIN_CHARACTERS.test(current) && !isVinChecked(current);
  // An answer about another text than the field's is no longer shown.
  const shown = decoded?.vin === current ? decoded : null;

  const decode = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await fetchVinDecode(current);
      setDecoded(answer);
      onDecoded(answer);
    } catch (err) {
      setDecoded(null);
      setFailure(errorMessage(err, 'Failed to decode the VIN. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const facts = shown
    ? [shown.manufacturer, shown.country, shown.modelYear === null ? null : `model year ${shown.modelYear}`].filter(
        (f): f is string => f !== null,
      )
    : [];
  return (
    <div className="space-y-1">
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <TextField label="VIN" {...field} error={error} autoComplete="off" spellCheck={false} />
        </div>
        <Button variant="secondary" onClick={() => void decode()} disabled={busy || current === ''}>
          {busy ? 'Decoding...' : 'Decode'}
        </Button>
      </div>
      {checkFails ? (
        <p className="text-xs font-medium text-amber-700" role="status">
          {VIN_PROBLEM_MESSAGES.checkDigit}
        </p>
      ) : null}
      {shown && facts.length > 0 ? (
        <p className="text-xs text-slate-600" role="status">
          Decoded: {facts.join(', ')}
        </p>
      ) : null}
      {shown?.note && !checkFails ? (
        <p className="text-xs text-slate-600" role="status">
          {shown.note}
        </p>
      ) : null}
      {failure ? (
        <p className="text-xs font-medium text-red-600" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
