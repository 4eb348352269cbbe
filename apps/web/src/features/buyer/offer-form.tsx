import { zodResolver } from '@hookform/resolvers/zod';
import { type OfferBody, offerBodySchema } from '@vm/shared/offer';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { TextAreaField, TextField } from '../../components/form-field';

type OfferOutput = z.output<typeof offerBodySchema>;

interface Props {
  initial?: { amount: number; message: string } | undefined;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (body: OfferBody) => void;
  onCancel: () => void;
}

/** Amount and optional message, validated with the same schema the server uses (VALID-31..34). */
export function OfferForm({ initial, submitLabel, submitting, onSubmit, onCancel }: Props) {
  const { register, handleSubmit, formState } = useForm<OfferBody, unknown, OfferOutput>({
    resolver: zodResolver(offerBodySchema),
    defaultValues: initial ?? { message: '' },
  });
  return (
    <form onSubmit={handleSubmit((values) => onSubmit(values))} noValidate className="space-y-4">
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
