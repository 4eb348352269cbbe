import { useMutation } from '@tanstack/react-query';
import {
  type AdminAuction,
  DEFAULT_AUCTION_DAYS,
  type ScheduleAuctionBody,
  scheduleAuctionBodySchema,
} from '@vm/shared/auction';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { scheduleAuction } from './auction-api';
import { amountValue, defaultEnd, fieldErrors, fromLocalInput, toLocalInput } from './auction-form-values';

/**
 * Schedule an auction for a vehicle (issue #17): starting bid, optional reserve, a start now or at
 * a date and time, and an end that follows the start by DEFAULT_AUCTION_DAYS until staff change it.
 * Checked with the server's schema first; the server's refusals are shown as they come.
 */
export function ScheduleAuctionForm({
  vehicleId,
  onScheduled,
  onCancel,
}: {
  vehicleId: string;
  onScheduled: (auction: AdminAuction) => void;
  onCancel?: () => void;
}) {
  const [startingBid, setStartingBid] = useState('');
  const [reserve, setReserve] = useState('');
  const [startNow, setStartNow] = useState(true);
  const [startsAt, setStartsAt] = useState(() => toLocalInput(new Date()));
  const [endsAt, setEndsAt] = useState(() => toLocalInput(defaultEnd(new Date())));
  const [endTouched, setEndTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const startChoice = useId();
  const schedule = useMutation({ mutationFn: scheduleAuction, onSuccess: onScheduled });

  const moveStart = (value: string, now: boolean) => {
    setStartsAt(value);
    setStartNow(now);
    // The end follows the start until staff set it themselves.
    const start = now ? new Date() : value ? new Date(value) : null;
    if (!endTouched && start && !Number.isNaN(start.getTime())) setEndsAt(toLocalInput(defaultEnd(start)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: ScheduleAuctionBody = {
      vehicleId,
      startingBid: amountValue(startingBid) as number,
      endsAt: fromLocalInput(endsAt) as string,
    };
    const reservePrice = amountValue(reserve);
    if (reservePrice !== undefined) body.reservePrice = reservePrice;
    if (!startNow) body.startsAt = fromLocalInput(startsAt) as string;
    // "Start now" is checked against the end from this moment, as the server will.
    const parsed = scheduleAuctionBodySchema.safeParse(
      startNow ? { ...body, startsAt: new Date().toISOString() } : body,
    );
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    schedule.mutate(body);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Schedule auction">
      {schedule.isError ? (
        <Alert>{errorMessage(schedule.error, 'The auction could not be scheduled. Please try again.')}</Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Starting bid (USD) *"
          inputMode="numeric"
          autoComplete="off"
          value={startingBid}
          onChange={(e) => setStartingBid(e.target.value)}
          error={errors.startingBid}
        />
        <TextField
          label="Reserve price (USD, optional)"
          inputMode="numeric"
          autoComplete="off"
          value={reserve}
          onChange={(e) => setReserve(e.target.value)}
          error={errors.reservePrice}
          hint="Kept private: bidders only see whether it is met."
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Start</legend>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="radio"
            name={startChoice}
            checked={startNow}
            onChange={() => moveStart(startsAt, true)}
            className="accent-brand-600"
          />
          Start now
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="radio"
            name={startChoice}
            checked={!startNow}
            onChange={() => moveStart(startsAt, false)}
            className="accent-brand-600"
          />
          Start at a later date and time
        </label>
        {startNow ? null : (
          <TextField
            label="Starts at"
            type="datetime-local"
            value={startsAt}
            onChange={(e) => moveStart(e.target.value, false)}
            error={errors.startsAt}
          />
        )}
      </fieldset>
      <TextField
        label="Ends at"
        type="datetime-local"
        value={endsAt}
        onChange={(e) => {
          setEndsAt(e.target.value);
          setEndTouched(true);
        }}
        error={errors.endsAt}
        hint={`Proposed: ${DEFAULT_AUCTION_DAYS} days after the start. A bid in the last 2 minutes extends it.`}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={schedule.isPending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={schedule.isPending}>
          {schedule.isPending ? 'Scheduling...' : 'Schedule auction'}
        </Button>
      </div>
    </form>
  );
}
