/** @jsxRuntime automatic @jsxImportSource react (tsx reads no tsconfig here: docs/decisions/114-email-outbox.md) */
import { Button, Link, Section, Text } from '@react-email/components';
import { button, text } from './layout.tsx';
import { emailTemplate } from './email-template.ts';

/**
 * The emails of timed auctions (issue #17, docs/decisions/125-auctions.md). Bidders' emails are
 * always sent: each answers a bid the person placed. The ending-soon notice goes to watchers who
 * keep watchlist updates on.
 */

interface AuctionRef {
  vehicleTitle: string;
  vehicleUrl: string;
}

function VehicleButton({ href, label }: { href: string; label: string }) {
  return (
    <Section style={{ margin: '24px 0' }}>
      <Button href={href} style={button}>
        {label}
      </Button>
    </Section>
  );
}

/** The previous leader was outbid. */
export const auctionOutbid = emailTemplate<
  AuctionRef & { firstName: string; currentBidText: string; minimumBidText: string }
>({
  subject: (d) => `You have been outbid on ${d.vehicleTitle}`,
  preview: (d) => `The bid is now ${d.currentBidText}; the next bid is at least ${d.minimumBidText}`,
  content: (d) => (
    <>
      <Text style={text}>Hello {d.firstName},</Text>
      <Text style={text}>
        Another bidder has gone past your maximum on <Link href={d.vehicleUrl}>{d.vehicleTitle}</Link>. The bid is now{' '}
        {d.currentBidText}; to lead again, bid at least {d.minimumBidText}.
      </Text>
      <VehicleButton href={d.vehicleUrl} label="Bid again" />
    </>
  ),
});

/** The winner of a Sold auction. */
export const auctionWon = emailTemplate<AuctionRef & { firstName: string; priceText: string }>({
  subject: (d) => `You won the auction for ${d.vehicleTitle}`,
  preview: (d) => `Your winning bid: ${d.priceText}`,
  content: (d) => (
    <>
      <Text style={text}>Hello {d.firstName},</Text>
      <Text style={text}>
        Congratulations: you won the auction for <Link href={d.vehicleUrl}>{d.vehicleTitle}</Link> at {d.priceText}. The
        dealer will contact you shortly to arrange payment and delivery.
      </Text>
      <VehicleButton href={d.vehicleUrl} label="See the vehicle" />
    </>
  ),
});

const OUTCOME_WORDS = {
  Sold: 'sold',
  ReserveNotMet: 'ended below its reserve',
  NoBids: 'ended without a bid',
} as const;
export type AuctionOutcome = keyof typeof OUTCOME_WORDS;

/** Staff: an auction ended (sold, reserve not met, or no bids). */
export const auctionEnded = emailTemplate<{
  vehicleTitle: string;
  adminUrl: string;
  outcome: AuctionOutcome;
  priceText: string | null;
  winnerName: string | null;
}>({
  subject: (d) => `Auction ${OUTCOME_WORDS[d.outcome]}: ${d.vehicleTitle}`,
  preview: (d) => (d.priceText ? `High bid ${d.priceText}` : 'No bids'),
  content: (d) => (
    <>
      <Text style={text}>
        The auction for {d.vehicleTitle} {OUTCOME_WORDS[d.outcome]}
        {d.priceText ? ` with a high bid of ${d.priceText}` : ''}
        {d.winnerName ? ` from ${d.winnerName}` : ''}.
      </Text>
      {d.outcome === 'ReserveNotMet' ? (
        <Text style={text}>You may sell to the high bidder from the auction's page in the back office.</Text>
      ) : null}
      <VehicleButton href={d.adminUrl} label="Open the auction" />
    </>
  ),
});

/** Watchers: the auction ends within the hour. */
export const auctionEndingSoon = emailTemplate<AuctionRef & { firstName: string; currentBidText: string | null }>({
  subject: (d) => `Ending within the hour: ${d.vehicleTitle}`,
  preview: (d) => (d.currentBidText ? `Current bid ${d.currentBidText}` : 'No bids yet'),
  preference: 'watchlistUpdates',
  content: (d) => (
    <>
      <Text style={text}>Hello {d.firstName},</Text>
      <Text style={text}>
        The auction for <Link href={d.vehicleUrl}>{d.vehicleTitle}</Link>, on your watchlist, ends within the hour.{' '}
        {d.currentBidText ? `The current bid is ${d.currentBidText}.` : 'Nobody has bid yet.'}
      </Text>
      <VehicleButton href={d.vehicleUrl} label="See the auction" />
    </>
  ),
});

/** A bidder of an auction in which staff voided a bid (theirs or another's), with the reason. */
export const auctionBidVoided = emailTemplate<
  AuctionRef & { firstName: string; yours: boolean; amountText: string; reason: string; currentBidText: string | null }
>({
  subject: (d) => (d.yours ? `Your bid on ${d.vehicleTitle} was voided` : `A bid on ${d.vehicleTitle} was voided`),
  preview: (d) => (d.currentBidText ? `The bid is now ${d.currentBidText}` : 'There is no bid now'),
  content: (d) => (
    <>
      <Text style={text}>Hello {d.firstName},</Text>
      <Text style={text}>
        The dealer voided {d.yours ? `your bid of up to ${d.amountText}` : 'a bid'} on{' '}
        <Link href={d.vehicleUrl}>{d.vehicleTitle}</Link>.{' '}
        {d.currentBidText ? `The bid is now ${d.currentBidText}.` : ''}
      </Text>
      <Text style={{ ...text, fontStyle: 'italic' }}>“{d.reason}”</Text>
      <VehicleButton href={d.vehicleUrl} label="See the auction" />
    </>
  ),
});

/** Bidders: staff cancelled the auction, with the reason. */
export const auctionCancelled = emailTemplate<AuctionRef & { firstName: string; reason: string }>({
  subject: (d) => `The auction for ${d.vehicleTitle} was cancelled`,
  preview: (d) => d.reason,
  content: (d) => (
    <>
      <Text style={text}>Hello {d.firstName},</Text>
      <Text style={text}>
        The dealer cancelled the auction for <Link href={d.vehicleUrl}>{d.vehicleTitle}</Link>. Your bids are no longer
        binding.
      </Text>
      <Text style={{ ...text, fontStyle: 'italic' }}>“{d.reason}”</Text>
    </>
  ),
});
