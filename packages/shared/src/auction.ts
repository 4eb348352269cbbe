import { z } from 'zod';
import { lenientInt, optionalQueryText } from './common.ts';
import { formatMoney } from './money.ts';
import { vehicleImageSchema } from './vehicle.ts';

/**
 * Timed auctions (issue #17, docs/decisions/125-auctions.md): the states, the bid increments, the
 * soft close, the request and answer schemas, and the price engine. The engine is pure and shared:
 * the server places bids with it and the web app shows the next minimum with the same increments.
 * Amounts here are whole dollars.
 */

export const AUCTION_STATUSES = ['Scheduled', 'Live', 'Sold', 'ReserveNotMet', 'NoBids', 'Cancelled'] as const;
export type AuctionStatus = (typeof AUCTION_STATUSES)[number];
/** States in which an auction is over: nothing more can happen to its bids. */
export const ENDED_AUCTION_STATUSES = ['Sold', 'ReserveNotMet', 'NoBids', 'Cancelled'] as const;
/** States in which the vehicle takes no offer (an auction is coming or running). */
export const OPEN_AUCTION_STATUSES = ['Scheduled', 'Live'] as const;

export const isAuctionOpen = (status: AuctionStatus) => (OPEN_AUCTION_STATUSES as readonly string[]).includes(status);

/** A bid in the last two minutes moves the end to two minutes after that bid. */
export const SOFT_CLOSE_MS = 2 * 60 * 1000;
/** The end is at least one minute after the start. */
export const MIN_AUCTION_MS = 60 * 1000;
/** What the scheduling form proposes. */
export const DEFAULT_AUCTION_DAYS = 7;
/** Watchers hear of an auction this long before it ends. */
export const ENDING_SOON_MS = 60 * 60 * 1000;
export const MAX_AUCTION_AMOUNT = 100_000_000;
export const AUCTIONS_PAGE_SIZE = 24;

/** The bid increment for a price: the step between one visible price and the next minimum. */
const INCREMENTS: readonly (readonly [below: number, step: number])[] = [
  [1_000, 50],
  [5_000, 100],
  [25_000, 250],
  [100_000, 500],
  [250_000, 1_000],
];
export function bidIncrement(price: number): number {
  for (const [below, step] of INCREMENTS) if (price < below) return step;
  return 2_500;
}

/** One bidder's standing maximum: their highest bid, and when they first bid that much. */
export interface BidderMaximum {
  bidderId: string;
  amount: number;
  /** Orders equal maximums: the earlier bid leads (a sequence number or a time, compared as numbers). */
  order: number;
}

export interface AuctionPrice {
  /** The visible price; null before the first bid. */
  currentBid: number | null;
  leaderId: string | null;
  /** The least a new bid may be. */
  minimumBid: number;
  /** Whether the highest maximum reaches the reserve (true when there is none). */
  reserveMet: boolean;
}

/**
 * The price the rules of issue #17 give for the standing maximums (one per bidder):
 * - no bid: no price; the minimum is the starting bid;
 * - one bidder: the starting bid;
 * - otherwise the second-highest maximum plus its increment, capped at the highest maximum; equal
 *   maximums: the earlier leads and the price is that amount;
 * - once the highest maximum reaches the reserve, the price is at least the reserve;
 * - the next minimum is the price plus its increment.
 */
export function auctionPrice(
  startingBid: number,
  reserve: number | null,
  maxima: readonly BidderMaximum[],
): AuctionPrice {
  const [first, second] = rankMaxima(maxima);
  if (!first) return { currentBid: null, leaderId: null, minimumBid: startingBid, reserveMet: reserve === null };
  let price = second
    ? second.amount === first.amount
      ? first.amount
      : Math.min(first.amount, second.amount + bidIncrement(second.amount))
    : startingBid;
  price = Math.max(price, startingBid);
  const reserveMet = reserve === null || first.amount >= reserve;
  if (reserve !== null && reserveMet) price = Math.max(price, reserve);
  return { currentBid: price, leaderId: first.bidderId, minimumBid: price + bidIncrement(price), reserveMet };
}

/**
 * Maximums highest first, equal ones in the order they were placed. Only the first two set the
 * price, which is why the server keeps just those two on the auction row.
 */
export function rankMaxima(maxima: readonly BidderMaximum[]): BidderMaximum[] {
  return [...maxima].sort((a, b) => b.amount - a.amount || a.order - b.order);
}

/** Each bidder's standing maximum among bids (their highest, placed first at that amount). */
export function standingOfBids(bids: readonly PlacedBid[]): BidderMaximum[] {
  const maxima = new Map<string, BidderMaximum>();
  for (const bid of bids) raiseStanding(maxima, bid);
  return [...maxima.values()];
}

function raiseStanding(maxima: Map<string, BidderMaximum>, bid: PlacedBid) {
  const standing = maxima.get(bid.bidderId);
  if (!standing || bid.amount > standing.amount)
    maxima.set(bid.bidderId, { bidderId: bid.bidderId, amount: bid.amount, order: bid.order });
}

/** A placed bid, as the replay of an auction's history reads it. */
export interface PlacedBid {
  id: string;
  bidderId: string;
  amount: number;
  order: number;
}

/**
 * Replays bids in the order they were placed and gives the price and leader after each one: the
 * public history (visible prices, never maximums) and the recomputation after a void both come
 * from it, so they agree with placing the bids one by one.
 */
export function replayBids(
  startingBid: number,
  reserve: number | null,
  bids: readonly PlacedBid[],
): { bid: PlacedBid; price: AuctionPrice }[] {
  const maxima = new Map<string, BidderMaximum>();
  return bids.map((bid) => {
    raiseStanding(maxima, bid);
    return { bid, price: auctionPrice(startingBid, reserve, [...maxima.values()]) };
  });
}

const wholeDollars = (label: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`) })
    .int(`${label} must be in whole dollars`)
    .min(1, `${label} must be at least $1`)
    .max(MAX_AUCTION_AMOUNT, `${label} cannot be more than $100,000,000`);

const isoTime = (label: string) => z.iso.datetime({ offset: true, error: `${label} must be a date and time` });

/** The public auction: never the reserve amount, never anyone's maximum but the caller's own. */
export const publicAuctionSchema = z.object({
  id: z.string(),
  vehicleId: z.string(),
  status: z.enum(AUCTION_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  startingBid: z.number(),
  currentBid: z.number().nullable(),
  bidCount: z.number(),
  bidderCount: z.number(),
  reserve: z.enum(['none', 'met', 'not_met']),
  minimumBid: z.number(),
  increment: z.number(),
  myMaxBid: z.number().nullable(),
  leading: z.boolean(),
  /** Why staff cancelled it; null unless Cancelled. */
  cancelReason: z.string().nullable(),
});
export type PublicAuction = z.infer<typeof publicAuctionSchema>;

/** The refusal of a bid below the next minimum (the server's and the bid form's). */
export const minimumBidMessage = (minimumBid: number) => `The minimum bid is ${formatMoney(minimumBid)}`;

export const bidBodySchema = z.strictObject({
  amount: z
    .number({
      error: (issue) => (issue.input === undefined ? 'Bid amount is required' : 'Bid amount must be a number'),
    })
    .int('Bids are in whole dollars')
    .min(1, 'Bid amount must be at least $1')
    .max(MAX_AUCTION_AMOUNT, 'Bid amount cannot be more than $100,000,000'),
});
export type BidBody = z.infer<typeof bidBodySchema>;

export const publicBidSchema = z.object({ amount: z.number(), at: z.string(), bidder: z.string() });
export type PublicBid = z.infer<typeof publicBidSchema>;
export const bidHistorySchema = z.object({ bids: z.array(publicBidSchema) });

export const placeBidResponseSchema = z.object({
  auction: publicAuctionSchema,
  bid: z.object({ id: z.string(), amount: z.number(), at: z.string() }),
});

/** The events of GET /api/auctions/:id/events; each carries the public auction. */
export const AUCTION_EVENTS = ['bid', 'extended', 'ended', 'cancelled'] as const;
export type AuctionEventName = (typeof AUCTION_EVENTS)[number];

/** A vehicle card's auction summary, and the cards of /api/auctions. */
export const auctionSummarySchema = z.object({
  id: z.string(),
  status: z.enum(AUCTION_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  startingBid: z.number(),
  currentBid: z.number().nullable(),
  bidCount: z.number(),
  reserve: z.enum(['none', 'met', 'not_met']),
});
export type AuctionSummary = z.infer<typeof auctionSummarySchema>;

export const auctionCardSchema = z.object({
  auction: auctionSummarySchema,
  vehicle: z.object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    year: z.number(),
    make: z.string(),
    model: z.string(),
    mileage: z.number(),
    /** The main photo (its addresses on MEDIA_PUBLIC_URL when set), or null for a vehicle without one. */
    image: vehicleImageSchema.nullable(),
  }),
});
export type AuctionCard = z.infer<typeof auctionCardSchema>;

export const auctionListQuerySchema = z.object({
  status: z.enum(['live', 'ended']).catch('live').default('live'),
  page: lenientInt(1, 1, 1_000_000),
  /** Results only: words matched against make, model and year. */
  q: optionalQueryText,
});
export const auctionListSchema = z.object({
  auctions: z.array(auctionCardSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export type AuctionList = z.infer<typeof auctionListSchema>;

/** Staff: schedule an auction. The start defaults to now; the end is at least a minute after it. */
export const scheduleAuctionBodySchema = z
  .strictObject({
    vehicleId: z.string().min(1, 'Vehicle is required'),
    startingBid: wholeDollars('Starting bid'),
    reservePrice: wholeDollars('Reserve price').nullable().optional(),
    startsAt: isoTime('Start').optional(),
    endsAt: isoTime('End'),
  })
  .superRefine((body, ctx) => auctionTimesProblems(body, ctx))
  .superRefine((body, ctx) => {
    if (body.reservePrice != null && body.reservePrice < body.startingBid)
      ctx.addIssue({
        code: 'custom',
        path: ['reservePrice'],
        message: 'Reserve price cannot be below the starting bid',
      });
  });
export type ScheduleAuctionBody = z.input<typeof scheduleAuctionBodySchema>;

/** Staff: edit an auction. Before the first bid anything; after it only a lower reserve (the service checks). */
export const editAuctionBodySchema = z
  .strictObject({
    startingBid: wholeDollars('Starting bid').optional(),
    reservePrice: wholeDollars('Reserve price').nullable().optional(),
    startsAt: isoTime('Start').optional(),
    endsAt: isoTime('End').optional(),
  })
  .superRefine((body, ctx) => auctionTimesProblems(body, ctx));
export type EditAuctionBody = z.input<typeof editAuctionBodySchema>;

function auctionTimesProblems(body: { startsAt?: string; endsAt?: string }, ctx: z.RefinementCtx) {
  if (body.startsAt && body.endsAt && Date.parse(body.endsAt) - Date.parse(body.startsAt) < MIN_AUCTION_MS)
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: AUCTION_TOO_SHORT });
}
export const AUCTION_TOO_SHORT = 'The end must be at least 1 minute after the start';

export const reasonBodySchema = z.strictObject({
  reason: z
    .string({ error: 'Please give a reason' })
    .trim()
    .min(1, 'Please give a reason')
    .max(500, 'The reason must be at most 500 characters long'),
});

/** Staff's view: the reserve and every bid with its bidder and maximum. */
export const adminAuctionSchema = publicAuctionSchema.extend({
  reservePrice: z.number().nullable(),
  leaderId: z.string().nullable(),
  vehicle: z.object({ id: z.string(), slug: z.string(), title: z.string() }),
  bids: z.array(
    z.object({
      id: z.string(),
      maxAmount: z.number(),
      /** The visible price after this bid (at the time, or replayed after a void). */
      price: z.number(),
      at: z.string(),
      bidder: z.object({ id: z.string(), alias: z.string(), name: z.string(), email: z.string() }),
      voidedAt: z.string().nullable(),
      voidReason: z.string().nullable(),
    }),
  ),
});
export type AdminAuction = z.infer<typeof adminAuctionSchema>;

/** The buyer's own bids, one row per auction (GET /api/users/me/bids). */
export const MY_BID_STANDINGS = ['winning', 'outbid', 'won', 'lost'] as const;
export const myBidsSchema = z.object({
  bids: z.array(
    z.object({
      auction: auctionSummarySchema,
      vehicle: z.object({ id: z.string(), slug: z.string(), title: z.string() }),
      myMaxBid: z.number(),
      standing: z.enum(MY_BID_STANDINGS),
    }),
  ),
});
export type MyBids = z.infer<typeof myBidsSchema>;
