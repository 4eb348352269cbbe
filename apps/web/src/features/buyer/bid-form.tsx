import { bidBodySchema, minimumBidMessage } from '@vm/shared/auction';
import { formatMoney } from '@vm/shared/money';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-field';

/**
 * What is wrong with a typed maximum, in the server's words (the shared bidBodySchema, then the
 * next minimum), or null. Commas, spaces and a dollar sign are allowed ("$12,500"). This form is
 * loaded only when a signed-in buyer may bid (bid-box.tsx), so zod stays out of the page's chunk.
 */
export function bidProblem(text: string, minimumBid: number): string | null {
  const cleaned = text.replace(/[\s,$]/g, '');
  const amount = cleaned === '' ? undefined : /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : cleaned;
  const parsed = bidBodySchema.safeParse({ amount });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Bid amount must be a number';
  return parsed.data.amount < minimumBid ? minimumBidMessage(minimumBid) : null;
}

interface Props {
  minimumBid: number;
  /** Whether the reserve is still to be met, for the commitment's wording. */
  reserveNotMet: boolean;
  /** The bidder already leads: a new maximum raises their ceiling, not the price. */
  leading: boolean;
  disabled: boolean;
  submitting: boolean;
  /** The server's refusal of the last attempt. */
  serverError: string | null;
  onConfirm: (amount: number) => void;
  onEdit: () => void;
}

/**
 * The bid form: a maximum (proxy bidding), checked against the next minimum, then a confirmation
 * step that says what the bidder commits to before anything is sent.
 */
export function BidForm({
  minimumBid,
  reserveNotMet,
  leading,
  disabled,
  submitting,
  serverError,
  onConfirm,
  onEdit,
}: Props) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const confirmId = useId();

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (serverError) onEdit();
    const found = bidProblem(text, minimumBid);
    setProblem(found);
    if (found === null) setConfirming(Number(text.replace(/[\s,$]/g, '')));
  };

  if (confirming !== null && !serverError) {
    return (
      <div
        role="group"
        aria-labelledby={confirmId}
        className="space-y-3 rounded-xl border border-brand-100 bg-brand-50 p-4"
        data-testid="bid-confirmation"
      >
        <p id={confirmId} className="font-semibold text-ink-900">
          You commit to buy at up to {formatMoney(confirming)}
        </p>
        <p className="text-sm text-slate-700">
          {leading
            ? 'You are already the high bidder: this raises your maximum without raising the price.'
            : 'We bid for you only as much as needed to keep you in the lead, up to this maximum.'}{' '}
          If you lead when the auction ends{reserveNotMet ? ' and the reserve is met' : ''}, you buy the vehicle at the
          final price. Bids cannot be withdrawn.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => onConfirm(confirming)} disabled={submitting || disabled}>
            {submitting ? 'Placing bid...' : 'Confirm bid'}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(null)} disabled={submitting}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }

  const error = problem ?? serverError ?? undefined;
  return (
    <form onSubmit={review} noValidate className="space-y-3">
      <TextField
        label="Your maximum bid (USD)"
        inputMode="numeric"
        autoComplete="off"
        placeholder={String(minimumBid)}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
          setConfirming(null);
          if (serverError) onEdit();
        }}
        error={error}
        hint={`Enter ${formatMoney(minimumBid)} or more.`}
        disabled={disabled}
      />
      <Button type="submit" className="w-full" disabled={disabled}>
        Place bid
      </Button>
    </form>
  );
}
