import type { OfferDecision } from '@vm/shared/constants';
import { formatDateTime } from '@vm/shared/format-date';
import { formatMoney } from '@vm/shared/money';
import { MSG } from '@vm/shared/messages';
import { type Offer, offerReleaseBodySchema } from '@vm/shared/offer';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button, buttonClass } from '../../../components/button';
import { TextAreaField } from '../../../components/form-field';
import { DetailRow } from '../users/user-details-modal';
import { Modal } from '../../../components/modal';
import { AdminOfferStatusBadge, isOpenOffer, vehicleLabel } from './offer-status';

interface Props {
  offer: Offer | null;
  /** The response the modal opens with (the quick accept/reject texts, or empty). */
  initialResponse: string;
  /** The button to focus when opened from a quick action. */
  intent: OfferDecision | null;
  busy: boolean;
  error: string | null;
  onDecide: (decision: OfferDecision, responseMessage: string) => void;
  /** Releases an accepted offer whose deal fell through, with the reason the buyer is sent. */
  onRelease: (reason: string) => void;
  onClose: () => void;
}

/** "Offer Details" (ADMIN-OFF-27..34): the offer, the buyer's message and, while open, the decision. */
export function OfferDetailsModal({
  offer,
  initialResponse,
  intent,
  busy,
  error,
  onDecide,
  onRelease,
  onClose,
}: Props) {
  const [response, setResponse] = useState(initialResponse);
  const [releaseReason, setReleaseReason] = useState('');
  const [releaseError, setReleaseError] = useState<string | null>(null);
  const acceptRef = useRef<HTMLButtonElement>(null);
  const rejectRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  const offerId = offer?.id;
  // A newly opened offer starts from its own initial response.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another offer opens
  useEffect(() => {
    setResponse(initialResponse);
    setReleaseReason('');
    setReleaseError(null);
    if (intent === 'accepted') acceptRef.current?.focus();
    if (intent === 'rejected') rejectRef.current?.focus();
  }, [offerId, initialResponse, intent]);

  const open = offer ? isOpenOffer(offer.status) : false;
  const accepted = offer?.status === 'accepted';
  const release = () => {
    // The server's rule and message (offerReleaseBodySchema), checked before sending.
    const parsed = offerReleaseBodySchema.safeParse({ reason: releaseReason });
    if (!parsed.success) {
      setReleaseError(parsed.error.issues[0]?.message ?? MSG.offerReleaseReasonRequired);
      return;
    }
    setReleaseError(null);
    onRelease(parsed.data.reason);
  };
  return (
    <Modal
      open={offer !== null}
      onClose={onClose}
      title="Offer Details"
      size="lg"
      footer={
        open ? (
          <>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <button
              ref={rejectRef}
              type="button"
              className={buttonClass('danger')}
              onClick={() => onDecide('rejected', response)}
              disabled={busy}
            >
              {busy ? 'Processing...' : 'Reject Offer'}
            </button>
            <button
              ref={acceptRef}
              type="button"
              className={buttonClass('primary')}
              onClick={() => onDecide('accepted', response)}
              disabled={busy}
            >
              {busy ? 'Processing...' : 'Accept Offer'}
            </button>
          </>
        ) : accepted ? (
          <>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Close
            </Button>
            <button type="button" className={buttonClass('danger')} onClick={release} disabled={busy}>
              {busy ? 'Processing...' : 'Release Offer'}
            </button>
          </>
        ) : (
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        )
      }
    >
      {offer ? (
        <div className="space-y-5">
          {error ? <Alert>{error}</Alert> : null}
          <dl className="divide-y divide-slate-100 border-y border-slate-100">
            <DetailRow label="User">
              <span className="font-medium">
                {offer.user.firstName} {offer.user.lastName}
              </span>
              <br />
              <a href={`mailto:${offer.user.email}`} className="text-brand-700 hover:underline">
                {offer.user.email}
              </a>
            </DetailRow>
            <DetailRow label="Vehicle">
              {offer.vehicle.id ? (
                <a
                  href={`/vehicles/${offer.vehicle.id}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-brand-700 hover:underline"
                >
                  {vehicleLabel(offer.vehicle)}
                </a>
              ) : (
                <span>
                  {offer.vehicle.title || vehicleLabel(offer.vehicle)}{' '}
                  <span className="text-slate-500">(vehicle deleted)</span>
                </span>
              )}
            </DetailRow>
            <DetailRow label="Offer amount">
              <span className="text-base font-semibold">{formatMoney(offer.amount)}</span>
            </DetailRow>
            <DetailRow label="Status">
              <AdminOfferStatusBadge status={offer.status} />
            </DetailRow>
            <DetailRow label="Submitted">{formatDateTime(offer.createdAt)}</DetailRow>
            {offer.amendedAt ? <DetailRow label="Amended">{formatDateTime(offer.amendedAt)}</DetailRow> : null}
          </dl>

          <section aria-labelledby={`${messageId}-user`}>
            <h3 id={`${messageId}-user`} className="mb-1 text-sm font-semibold text-slate-700">
              Message from User
            </h3>
            {offer.amendedAt ? (
              <p className="mb-1 text-xs text-slate-500">The latest, from the buyer's amendment.</p>
            ) : null}
            {offer.message ? (
              <p className="rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-wrap text-ink-900">{offer.message}</p>
            ) : (
              <p className="text-sm text-slate-500 italic">No message provided</p>
            )}
          </section>

          {offer.responseMessage ? (
            <section aria-labelledby={`${messageId}-response`}>
              <h3 id={`${messageId}-response`} className="mb-1 text-sm font-semibold text-slate-700">
                Response Message
              </h3>
              <p className="rounded-lg bg-brand-50 p-3 text-sm whitespace-pre-wrap text-ink-900">
                {offer.responseMessage}
              </p>
            </section>
          ) : null}

          {open ? (
            <TextAreaField
              label="Your response to the buyer"
              rows={4}
              maxLength={2000}
              value={response}
              onChange={(e) => setResponse(e.target.value)}
              hint="Sent with your decision. Only one offer per vehicle can be accepted; accepting moves the vehicle to Pending."
              disabled={busy}
            />
          ) : null}

          {accepted ? (
            <TextAreaField
              label="Release this offer: why did the deal fall through?"
              rows={3}
              maxLength={500}
              value={releaseReason}
              onChange={(e) => setReleaseReason(e.target.value)}
              error={releaseError ?? undefined}
              hint="The offer expires, the buyer is emailed this reason, and the vehicle is Available again."
              disabled={busy}
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
