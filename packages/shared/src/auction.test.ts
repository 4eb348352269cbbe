import { describe, expect, it } from 'vitest';
import { auctionPrice, type BidderMaximum, bidIncrement, replayBids } from './auction.ts';

/** The price rules of issue #17 (docs/decisions/125-auctions.md), on the pure engine. */
const max = (bidderId: string, amount: number, order: number): BidderMaximum => ({ bidderId, amount, order });

describe('bidIncrement', () => {
  it.each([
    [0, 50],
    [999, 50],
    [1_000, 100],
    [4_999, 100],
    [5_000, 250],
    [24_999, 250],
    [25_000, 500],
    [99_999, 500],
    [100_000, 1_000],
    [249_999, 1_000],
    [250_000, 2_500],
    [5_000_000, 2_500],
  ])('at $%i the increment is $%i', (price, step) => {
    expect(bidIncrement(price)).toBe(step);
  });
});

describe('auctionPrice', () => {
  it('before any bid: no price, the minimum is the starting bid', () => {
    expect(auctionPrice(10_000, null, [])).toEqual({
      currentBid: null,
      leaderId: null,
      minimumBid: 10_000,
      reserveMet: true,
    });
    expect(auctionPrice(10_000, 20_000, []).reserveMet).toBe(false);
  });

  it('the first bid sets the price to the starting bid, whatever the maximum', () => {
    const p = auctionPrice(10_000, null, [max('a', 50_000, 1)]);
    expect(p).toMatchObject({ currentBid: 10_000, leaderId: 'a', minimumBid: 10_250 });
  });

  it('then the second-highest maximum plus its increment', () => {
    const p = auctionPrice(10_000, null, [max('a', 50_000, 1), max('b', 20_000, 2)]);
    expect(p).toMatchObject({ currentBid: 20_250, leaderId: 'a', minimumBid: 20_500 });
  });

  it('capped at the highest maximum', () => {
    const p = auctionPrice(10_000, null, [max('a', 20_100, 1), max('b', 20_000, 2)]);
    expect(p).toMatchObject({ currentBid: 20_100, leaderId: 'a' });
  });

  it('equal maximums: the earlier leads and the price is that amount', () => {
    const p = auctionPrice(10_000, null, [max('late', 30_000, 5), max('early', 30_000, 2)]);
    expect(p).toMatchObject({ currentBid: 30_000, leaderId: 'early', minimumBid: 30_500 });
  });

  it('once the highest maximum reaches the reserve, the price is at least the reserve', () => {
    expect(auctionPrice(10_000, 40_000, [max('a', 39_999, 1)])).toMatchObject({
      currentBid: 10_000,
      reserveMet: false,
    });
    expect(auctionPrice(10_000, 40_000, [max('a', 45_000, 1)])).toMatchObject({ currentBid: 40_000, reserveMet: true });
    expect(auctionPrice(10_000, 40_000, [max('a', 45_000, 1), max('b', 41_000, 2)])).toMatchObject({
      currentBid: 41_500,
      reserveMet: true,
    });
  });

  it('a leader raising their own maximum does not raise the price', () => {
    const before = replayBids(1_000, null, [
      { id: '1', bidderId: 'a', amount: 2_000, order: 1 },
      { id: '2', bidderId: 'b', amount: 1_500, order: 2 },
    ]);
    const after = replayBids(1_000, null, [
      { id: '1', bidderId: 'a', amount: 2_000, order: 1 },
      { id: '2', bidderId: 'b', amount: 1_500, order: 2 },
      { id: '3', bidderId: 'a', amount: 9_000, order: 3 },
    ]);
    expect(before.at(-1)?.price.currentBid).toBe(1_600);
    expect(after.at(-1)?.price).toMatchObject({ currentBid: 1_600, leaderId: 'a' });
  });

  it('replaying bids gives the price after each one', () => {
    const steps = replayBids(500, null, [
      { id: '1', bidderId: 'a', amount: 800, order: 1 },
      { id: '2', bidderId: 'b', amount: 700, order: 2 },
      { id: '3', bidderId: 'b', amount: 900, order: 3 },
    ]);
    expect(steps.map((s) => [s.price.currentBid, s.price.leaderId])).toEqual([
      [500, 'a'],
      [750, 'a'],
      [850, 'b'],
    ]);
  });
});
