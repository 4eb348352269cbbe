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
  vehicles: MatchedVehicle[];
}>({
  preference: 'newMatches',
  subject: (d) =>
    d.vehicles.length === 1
      ? `New match for “${d.searchName}”: ${d.vehicles[0]?.title}`
      : `${d.vehicles.length} new matches for “${d.searchName}”`,
  preview: (d) => d.vehicles.map((v) => v.title).join(', '),
  content: (d) => (
    <>
      <Text style={text}>Hello {d.firstName},</Text>
      <Text style={text}>
        {d.vehicles.length === 1 ? 'A vehicle' : `${d.vehicles.length} vehicles`} matching your saved search “
        {d.searchName}” {d.vehicles.length === 1 ? 'is' : 'are'} now listed.
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
