import type { AuctionEventName, PublicAuction } from '@vm/shared/auction';
import { useEffect, useRef } from 'react';
import { API_BASE } from '../../../lib/api-client';

/** The events of GET /api/auctions/:id/events (AUCTION_EVENTS in @vm/shared/auction, whose schemas stay out of here). */
const EVENT_NAMES: readonly AuctionEventName[] = ['bid', 'extended', 'ended', 'cancelled'];

export interface AuctionEventHandlers {
  /** A new bid, a new end, the close or a cancellation: `auction` is the public auction after it. */
  onEvent: (name: AuctionEventName, auction: PublicAuction) => void;
  /** The stream came back after a break: anything missed meanwhile should be read again. */
  onReconnect?: () => void;
}

/**
 * Listens to an auction's event stream while `auctionId` is set, with the browser's EventSource,
 * which reconnects by itself. The handlers may change on every render without reopening the stream.
 */
export function useAuctionEvents(auctionId: string | null, handlers: AuctionEventHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!auctionId || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${API_BASE}/auctions/${encodeURIComponent(auctionId)}/events`);
    let opened = false;
    const listener = (name: AuctionEventName) => (event: MessageEvent<string>) => {
      let auction: PublicAuction;
      try {
        auction = JSON.parse(event.data) as PublicAuction;
      } catch {
        return;
      }
      latest.current.onEvent(name, auction);
    };
    const listeners = EVENT_NAMES.map((name) => [name, listener(name)] as const);
    for (const [name, fn] of listeners) source.addEventListener(name, fn);
    const onOpen = () => {
      if (opened) latest.current.onReconnect?.();
      opened = true;
    };
    source.addEventListener('open', onOpen);
    return () => {
      for (const [name, fn] of listeners) source.removeEventListener(name, fn);
      source.removeEventListener('open', onOpen);
      source.close();
    };
  }, [auctionId]);
}
