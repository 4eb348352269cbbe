/** @jsxRuntime automatic @jsxImportSource react (tsx reads no tsconfig here: docs/decisions/114-email-outbox.md) */
import { Button, Img, Link, Section, Text } from '@react-email/components';
import { button, text } from './layout.tsx';
import { emailTemplate } from './email-template.ts';

interface VehicleRef {
  vehicleTitle: string;
  vehicleUrl: string;
}

const DECISION_WORDS = {
  accepted: 'accepted',
  rejected: 'declined',
  countered: 'answered with a counter-offer',
} as const;

/** A decision on the buyer's offer; always sent, since the buyer asked. */
export const offerDecision = emailTemplate<
  VehicleRef & { firstName: string; decision: keyof typeof DECISION_WORDS; amountText: string; responseMessage: string }
>({
  subject: (d) => `Your offer on ${d.vehicleTitle} was ${DECISION_WORDS[d.decision]}`,
  preview: (d) => `Your offer of ${d.amountText} was ${DECISION_WORDS[d.decision]}`,
  content: (d) => (
    <>
      <Text style={text}>Hello {d.firstName},</Text>
      <Text style={text}>
        Your offer of {d.amountText} on <Link href={d.vehicleUrl}>{d.vehicleTitle}</Link> was{' '}
        {DECISION_WORDS[d.decision]}.
      </Text>
      {d.responseMessage ? <Text style={{ ...text, fontStyle: 'italic' }}>“{d.responseMessage}”</Text> : null}
      <Section style={{ margin: '24px 0' }}>
        <Button href={d.vehicleUrl} style={button}>
          See the vehicle
        </Button>
      </Section>
    </>
  ),
});

/** Why a buyer's offer ended without a decision on it (docs/decisions/121-one-sale-per-vehicle.md). */
export type OfferExpiryReason = 'sold' | 'deleted' | 'released';

const EXPIRY_WORDS: Record<OfferExpiryReason, string> = {
  sold: 'the vehicle has been sold',
  deleted: 'the vehicle is no longer listed',
  released: 'the dealer released it because the deal did not go through',
};

/**
 * The buyer's open or accepted offer has expired: the vehicle was sold to someone else or
 * deleted, or staff released the accepted offer (with their reason, the note). Always sent: it
 * ends something the buyer asked for. A deleted vehicle has no page to link to.
 */
export const offerExpired = emailTemplate<{
  firstName: string;
  vehicleTitle: string;
  vehicleUrl: string | null;
  amountText: string;
  reason: OfferExpiryReason;
  note: string;
}>({
  subject: (d) =>
    d.reason === 'released'
      ? `Your accepted offer on ${d.vehicleTitle} was released`
      : `Your offer on ${d.vehicleTitle} has expired`,
  preview: (d) => `Your offer of ${d.amountText} has expired: ${EXPIRY_WORDS[d.reason]}`,
  content: (d) => (
    <>
      <Text style={text}>Hello {d.firstName},</Text>
      <Text style={text}>
        Your {d.reason === 'released' ? 'accepted ' : ''}offer of {d.amountText} on{' '}
        {d.vehicleUrl ? <Link href={d.vehicleUrl}>{d.vehicleTitle}</Link> : d.vehicleTitle} has expired:{' '}
        {EXPIRY_WORDS[d.reason]}.
      </Text>
      {d.note ? <Text style={{ ...text, fontStyle: 'italic' }}>“{d.note}”</Text> : null}
      {d.reason === 'released' && d.vehicleUrl ? (
        <Section style={{ margin: '24px 0' }}>
          <Button href={d.vehicleUrl} style={button}>
            See the vehicle
          </Button>
        </Section>
      ) : null}
    </>
  ),
});

export const priceDrop = emailTemplate<VehicleRef & { firstName: string; oldPriceText: string; newPriceText: string }>({
  preference: 'priceChanges',
  subject: (d) => `Price drop: ${d.vehicleTitle} is now ${d.newPriceText}`,
  preview: (d) => `${d.vehicleTitle} went from ${d.oldPriceText} to ${d.newPriceText}`,
  content: (d) => (
    <>
      <Text style={text}>Hello {d.firstName},</Text>
      <Text style={text}>
        The price of <Link href={d.vehicleUrl}>{d.vehicleTitle}</Link>, on your watchlist, went down from{' '}
        {d.oldPriceText} to {d.newPriceText}.
      </Text>
      <Section style={{ margin: '24px 0' }}>
        <Button href={d.vehicleUrl} style={button}>
          See the vehicle
        </Button>
      </Section>
    </>
  ),
});

const CHANGE_WORDS = { Sold: 'has been sold', Archived: 'is no longer listed' } as const;

export const watchedVehicleChange = emailTemplate<
  VehicleRef & { firstName: string; status: keyof typeof CHANGE_WORDS }
>({
  preference: 'watchlistUpdates',
  subject: (d) => `${d.vehicleTitle} ${CHANGE_WORDS[d.status]}`,
  preview: (d) => `A vehicle on your watchlist ${CHANGE_WORDS[d.status]}`,
  content: (d) => (
    <>
      <Text style={text}>Hello {d.firstName},</Text>
      <Text style={text}>
        {d.vehicleTitle}, on your watchlist, {CHANGE_WORDS[d.status]}.
      </Text>
      {d.status === 'Sold' ? (
        <Section style={{ margin: '24px 0' }}>
          <Button href={d.vehicleUrl} style={button}>
            See the vehicle
          </Button>
        </Section>
      ) : null}
    </>
  ),
});

export interface MatchedVehicle {
  title: string;
  url: string;
  priceText: string;
  /** Absolute, or undefined without a photo. */
  imageUrl: string | undefined;
}

export const savedSearchMatches = emailTemplate<{
  firstName: string;
  searchName: string;
  searchUrl: string;
  /** Every new match; the email lists the first few (`vehicles`) and links to the rest. */
  matchCount: number;
  vehicles: MatchedVehicle[];
}>({
  preference: 'newMatches',
  subject: (d) =>
    d.matchCount === 1
      ? `New match for “${d.searchName}”: ${d.vehicles[0]?.title}`
      : `${d.matchCount} new matches for “${d.searchName}”`,
  preview: (d) => d.vehicles.map((v) => v.title).join(', '),
  content: (d) => (
    <>
      <Text style={text}>Hello {d.firstName},</Text>
      <Text style={text}>
        {d.matchCount === 1 ? 'A vehicle' : `${d.matchCount} vehicles`} matching your saved search “{d.searchName}”{' '}
        {d.matchCount === 1 ? 'is' : 'are'} now listed
        {d.matchCount > d.vehicles.length ? `; here are the newest ${d.vehicles.length}` : ''}.
      </Text>
      {d.vehicles.map((v) => (
        <Section key={v.url} style={{ margin: '16px 0' }}>
          {v.imageUrl ? (
            <Link href={v.url}>
              <Img src={v.imageUrl} alt={v.title} width="240" style={{ borderRadius: '6px', maxWidth: '100%' }} />
            </Link>
          ) : null}
          <Text style={{ ...text, margin: '4px 0' }}>
            <Link href={v.url}>{v.title}</Link> · {v.priceText}
          </Text>
        </Section>
      ))}
      <Section style={{ margin: '24px 0' }}>
        <Button href={d.searchUrl} style={button}>
          See every match
        </Button>
      </Section>
    </>
  ),
});
