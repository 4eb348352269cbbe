/** Test helpers for auctions: answers as the API gives them, and a stand-in for the browser's EventSource. */
import type { AuctionCard, PublicAuction } from '@vm/shared/auction';
import { vi } from 'vitest';

export function samplePublicAuction(overrides: Partial<PublicAuction> = {}): PublicAuction {
  return {
    id: 'a1',
    vehicleId: 'v1',
    status: 'Live',
    startsAt: new Date(Date.now() - 24 * 3600_000).toISOString(),
    endsAt: new Date(Date.now() + 2 * 24 * 3600_000 + 5 * 3600_000).toISOString(),
    startingBid: 10_000,
    currentBid: 12_500,
    bidCount: 3,
    bidderCount: 2,
    reserve: 'not_met',
    minimumBid: 12_750,
    increment: 250,
    myMaxBid: null,
    leading: false,
    cancelReason: null,
    ...overrides,
  };
}

export function sampleAuctionCard(
  auction: Partial<AuctionCard['auction']> = {},
  vehicle: Partial<AuctionCard['vehicle']> = {},
): AuctionCard {
  const base = samplePublicAuction();
  return {
    auction: {
      id: base.id,
      status: base.status,
      startsAt: base.startsAt,
      endsAt: base.endsAt,
      startingBid: base.startingBid,
      currentBid: base.currentBid,
      bidCount: base.bidCount,
      reserve: base.reserve,
      ...auction,
    },
    vehicle: {
      id: 'v1',
      slug: '1972-datsun-240z',
      title: '1972 Datsun 240Z',
      year: 1972,
      make: 'Datsun',
      model: '240Z',
      mileage: 52_000,
      image: null,
      ...vehicle,
    },
  };
}

type Listener = (event: MessageEvent<string>) => void;

/** The browser's EventSource, faked: tests see the streams opened and push named events into them. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, Set<Listener>>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, listener: Listener) {
    let set = this.listeners.get(name);
    if (!set) {
      set = new Set();
      this.listeners.set(name, set);
    }
    set.add(listener);
  }
  removeEventListener(name: string, listener: Listener) {
    this.listeners.get(name)?.delete(listener);
  }
  close() {
    this.closed = true;
  }
  /** Sends an event as the server would: a name and a JSON body. */
  emit(name: string, data: unknown) {
    const event = new MessageEvent<string>(name, { data: typeof data === 'string' ? data : JSON.stringify(data) });
    for (const listener of this.listeners.get(name) ?? []) listener(event);
  }
  static open(): FakeEventSource[] {
    return FakeEventSource.instances.filter((s) => !s.closed);
  }
  static install() {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  }
}
