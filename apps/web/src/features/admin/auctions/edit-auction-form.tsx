import { useMutation } from '@tanstack/react-query';
import { type AdminAuction, type EditAuctionBody, editAuctionBodySchema } from '@vm/shared/auction';
import { formatMoney } from '@vm/shared/money';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { editAuction } from './auction-api';
import { amountValue, fieldErrors, fromLocalInput, toLocalInput } from './auction-form-values';

/**
 * Edit an auction (issue #17): before the first bid everything; after it only a lower reserve (or
 * none). Only the fields that changed are sent.
 */
export function EditAuctionForm({
  auction,
  onSaved,
  onCancel,
}: {
  auction: AdminAuction;
  onSaved: (auction: AdminAuction) => void;
  onCancel: () => void;
}) {
  const hasBids = auction.bidCount > 0;
  const [startingBid, setStartingBid] = useState(String(auction.startingBid));
  const [reserve, setReserve] = useState(auction.reservePrice === null ? '' : String(auction.reservePrice));
  const [startsAt, setStartsAt] = useState(toLocalInput(new Date(auction.startsAt)));
  const [endsAt, setEndsAt] = useState(toLocalInput(new Date(auction.endsAt)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: EditAuctionBody) => editAuction(auction.id, body),
    onSuccess: onSaved,
  });

  if (hasBids && auction.reservePrice === null)
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          This auction has bids and no reserve: nothing more can be changed. You can still cancel it.
        </p>
        <Button variant="secondary" onClick={onCancel}>
          Close
        </Button>
      </div>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: EditAuctionBody = {};
    const reservePrice = amountValue(reserve) ?? null;
    if (reservePrice !== auction.reservePrice) body.reservePrice = reservePrice;
    if (!hasBids) {
      const bid = amountValue(startingBid);
      if (bid !== auction.startingBid) body.startingBid = bid as number;
      const start = fromLocalInput(startsAt);
      if (auction.status === 'Scheduled' && startsAt !== toLocalInput(new Date(auction.startsAt)))
        body.startsAt = start as string;
      if (endsAt !== toLocalInput(new Date(auction.endsAt))) body.endsAt = fromLocalInput(endsAt) as string;
    }
    const parsed = editAuctionBodySchema.safeParse(
      // The length is checked against the start the auction will have.
      body.endsAt && !body.startsAt ? { ...body, startsAt: auction.startsAt } : body,
    );
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (hasBids && reservePrice !== null && auction.reservePrice !== null && reservePrice > auction.reservePrice)
      found.reservePrice ??= `After the first bid the reserve can only be lowered (now ${formatMoney(auction.reservePrice)})`;
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    if (Object.keys(body).length === 0) {
      onCancel();
      return;
    }
    save.mutate(body);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Edit auction">
      {save.isError ? (
        <Alert>{errorMessage(save.error, 'The auction could not be saved. Please try again.')}</Alert>
      ) : null}
      {hasBids ? (
        <p className="text-sm text-slate-600">After the first bid, only a lower reserve (or none) can be set.</p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {hasBids ? null : (
          <TextField
            label="Starting bid (USD) *"
            inputMode="numeric"
            autoComplete="off"
            value={startingBid}
            onChange={(e) => setStartingBid(e.target.value)}
            error={errors.startingBid}
          />
        )}
        <TextField
          label="Reserve price (USD, optional)"
          inputMode="numeric"
          autoComplete="off"
          value={reserve}
          onChange={(e) => setReserve(e.target.value)}
          error={errors.reservePrice}
          hint="Leave empty for no reserve."
        />
        {hasBids || auction.status !== 'Scheduled' ? null : (
          <TextField
            label="Starts at"
            type="datetime-local"
            value={startsAt}
            onChange={(e) => setStartsAt(e.target.value)}
            error={errors.startsAt}
          />
        )}
        {hasBids ? null : (
          <TextField
            label="Ends at"
            type="datetime-local"
            value={endsAt}
            onChange={(e) => setEndsAt(e.target.value)}
            error={errors.endsAt}
          />
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save auction'}
        </Button>
      </div>
    </form>
  );
}
