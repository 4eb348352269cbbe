/**
 * The server's clock as seen from the browser (issue #17: "the server's clock is the only clock").
 * Every API answer carries a Date header, whole seconds of the server's time when it answered. An
 * answer sent at local time `sentAt` and received at `receivedAt` with Date `d` tells that the
 * server's clock minus ours lies in [d - receivedAt, d + 1000 - sentAt]. The offset kept is the
 * middle of the intersection of every such interval seen, so it tightens with each answer; when
 * an interval does not meet the others (our clock jumped, a proxy's date), the bounds start over.
 */
let low = Number.NEGATIVE_INFINITY;
let high = Number.POSITIVE_INFINITY;
let offset = 0;

export function observeServerDate(dateHeader: string | null, sentAt: number, receivedAt: number): void {
  if (!dateHeader) return;
  const serverSecond = Date.parse(dateHeader);
  if (Number.isNaN(serverSecond)) return;
  const from = serverSecond - receivedAt;
  const to = serverSecond + 1000 - sentAt;
  if (from > high || to < low) {
    low = from;
    high = to;
  } else {
    low = Math.max(low, from);
    high = Math.min(high, to);
  }
  offset = Math.round((low + high) / 2);
}

/** The server's time now, in milliseconds since the epoch (the local clock until an answer came). */
export function serverNow(): number {
  return Date.now() + offset;
}

/** For tests: forget what answers taught. */
export function resetServerClock(): void {
  low = Number.NEGATIVE_INFINITY;
  high = Number.POSITIVE_INFINITY;
  offset = 0;
}
