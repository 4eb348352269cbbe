import { zodResolver } from '@hookform/resolvers/zod';
import { type OfferBody, offerBodySchema } from '@vm/shared/offer';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useState } from 'react';
import { formatMoney } from '@vm/shared/money';
import { Button } from '../../components/button';
import { TextAreaField, TextField } from '../../components/form-field';

type OfferOutput = z.output<typeof offerBodySchema>;

interface Props {
  initial?: { amount: number; message: string } | undefined;
  /** The vehicle's asking price in dollars (0 when on request): an offer above it asks to confirm. */
  askingPrice?: number | undefined;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (body: OfferBody) => void;
  onCancel: () => void;
}

/** Amount and optional message, validated with the same schema the server uses (VALID-31..34). */
export function OfferForm({ initial, askingPrice = 0, submitLabel, submitting, onSubmit, onCancel }: Props) {
  const { register, handleSubmit, formState } = useForm<OfferBody, unknown, OfferOutput>({
    resolver: zodResolver(offerBodySchema),
    defaultValues: initial ?? { message: '' },
  });
  // An offer above the asking price is usually a typo (an extra zero): the buyer confirms it first
  // (docs/product-rules.md#offers).
  const [aboveAsking, setAboveAsking] = useState<OfferOutput | null>(null);
  const send = (values: OfferOutput) => {
    if (askingPrice > 0 && values.amount > askingPrice) setAboveAsking(values);
    else onSubmit(values);
  };
  if (aboveAsking) {
    return (
      <div className="space-y-4" role="alertdialog" aria-labelledby="offer-above-asking">
        <p id="offer-above-asking" className="text-sm text-ink-900">
          Your offer of <strong>{formatMoney(aboveAsking.amount)}</strong> is above the asking price of{' '}
          <strong>{formatMoney(askingPrice)}</strong>. Do you want to send it?
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => onSubmit(aboveAsking)} disabled={submitting}>
            {submitting ? 'Submitting...' : `Yes, offer ${formatMoney(aboveAsking.amount)}`}
          </Button>
          <Button variant="secondary" onClick={() => setAboveAsking(null)} disabled={submitting}>
            Change amount
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={handleSubmit(send)} noValidate className="space-y-4">
      <TextField
        label="Offer amount (USD)"
        type="number"
        inputMode="decimal"
        min={1}
        step="any"
        autoFocus
        error={formState.errors.amount?.message}
        // An empty box means "no amount" (the required message), not NaN; the amount is sent as a number.
        {...register('amount', { setValueAs: (v: unknown) => (v === '' || v == null ? undefined : Number(v)) })}
      />
      <TextAreaField
        label="Message (optional)"
        rows={3}
        maxLength={2000}
        placeholder="Anything the dealer should know, e.g. financing or pick-up plans"
        error={formState.errors.message?.message}
        {...register('message')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Submitting...' : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
