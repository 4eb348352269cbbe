import type { AuctionStatus, AuctionSummary } from '@vm/shared/auction';
import { formatMoney } from '@vm/shared/money';

/*
 * The words of an auction's state, shared by the bid box, the /auctions cards, the vehicle cards
 * and "My bids" (issue #17).
 */

export const RESERVE_TEXT: Record<AuctionSummary['reserve'], string> = {
  none: 'No reserve',
  met: 'Reserve met',
  not_met: 'Reserve not met',
};

/** "Current bid" once someone bid, else "Starting bid", with its amount. */
export function priceOf(auction: Pick<AuctionSummary, 'currentBid' | 'startingBid'>): {
  label: 'Current bid' | 'Starting bid';
  amount: number;
} {
  return auction.currentBid === null
    ? { label: 'Starting bid', amount: auction.startingBid }
    : { label: 'Current bid', amount: auction.currentBid };
}

/** The short result of an ended auction: "Sold for $X", "Bid to $X", "No bids" or "Cancelled". */
export function resultText(auction: Pick<AuctionSummary, 'status' | 'currentBid'>): string {
  const price = auction.currentBid === null ? null : formatMoney(auction.currentBid);
  switch (auction.status) {
    case 'Sold':
      return price ? `Sold for ${price}` : 'Sold';
    case 'ReserveNotMet':
      return price ? `Bid to ${price}` : 'Reserve not met';
    case 'NoBids':
      return 'No bids';
    case 'Cancelled':
      return 'Cancelled';
    default:
      return '';
  }
}

/** The state's name for a badge. */
export const STATUS_TEXT: Record<AuctionStatus, string> = {
  Scheduled: 'Upcoming',
  Live: 'Live',
  Sold: 'Sold',
  ReserveNotMet: 'Reserve not met',
  NoBids: 'No bids',
  Cancelled: 'Cancelled',
};

export const STATUS_TONE: Record<AuctionStatus, 'green' | 'blue' | 'gray' | 'yellow' | 'red'> = {
  Scheduled: 'blue',
  Live: 'green',
  Sold: 'gray',
  ReserveNotMet: 'yellow',
  NoBids: 'gray',
  Cancelled: 'red',
};

/** "1 bid", "3 bids". */
export const bidsText = (count: number) => `${count} ${count === 1 ? 'bid' : 'bids'}`;
