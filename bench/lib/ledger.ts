/**
 * What the clients were told, kept so the database can be checked against it afterwards.
 * "Uncertain" marks requests with no answer or a 5xx (refused, reset, killed server, database
 * gone): they may or may not have been applied, so the check accepts either outcome for them
 * and only for them.
 */
export const pairKey = (userId: string, vehicleId: string): string => `${userId}|${vehicleId}`;

export interface AckedOffer {
  id: string;
  amountCents: number;
  message: string;
  /** Other (amount, message) pairs that may be the final one: simultaneous submissions race. */
  alternatives?: { amountCents: number; message: string }[];
}

export class Ledger {
  /** isNewView=true answers per vehicle. */
  readonly newViews = new Map<string, number>();
  /** View requests without an answer, per vehicle. */
  readonly uncertainViews = new Map<string, number>();
  /** Last acknowledged isWatching per (user, vehicle). */
  readonly watching = new Map<string, boolean>();
  /** Pairs whose last watch request got no answer. */
  readonly uncertainWatch = new Set<string>();
  /** Last acknowledged offer per (user, vehicle). */
  readonly offers = new Map<string, AckedOffer>();
  /** Acknowledged and unanswered offer submissions per pair (each one writes an activity event). */
  readonly offerSubmissions = new Map<string, { acked: number; uncertain: number; lastUncertain: boolean }>();
  /** Contact submissions by the unique marker in their message. */
  readonly contacts = new Map<string, 'acked' | 'uncertain'>();

  private bump(map: Map<string, number>, key: string): void {
    map.set(key, (map.get(key) ?? 0) + 1);
  }

  view(vehicleId: string, answer: { isNewView: boolean } | undefined): void {
    if (!answer) this.bump(this.uncertainViews, vehicleId);
    else if (answer.isNewView) this.bump(this.newViews, vehicleId);
  }

  watch(userId: string, vehicleId: string, answer: { isWatching: boolean } | undefined): void {
    const key = pairKey(userId, vehicleId);
    if (!answer) {
      this.uncertainWatch.add(key);
      return;
    }
    // A later answer is the state after every earlier request of this (sequential) client.
    this.uncertainWatch.delete(key);
    this.watching.set(key, answer.isWatching);
  }

  offer(userId: string, vehicleId: string, answer: AckedOffer | undefined): void {
    const key = pairKey(userId, vehicleId);
    const counts = this.offerSubmissions.get(key) ?? { acked: 0, uncertain: 0, lastUncertain: false };
    if (answer) {
      counts.acked += 1;
      counts.lastUncertain = false;
      this.offers.set(key, answer);
    } else {
      counts.uncertain += 1;
      counts.lastUncertain = true;
    }
    this.offerSubmissions.set(key, counts);
  }

  /**
   * Submissions sent at the same moment (to two servers): all acknowledged, any of them may be
   * the one stored last. They must all name the same offer id.
   */
  offerRace(userId: string, vehicleId: string, answers: AckedOffer[]): void {
    const [first, ...rest] = answers;
    if (!first) return;
    const key = pairKey(userId, vehicleId);
    const counts = this.offerSubmissions.get(key) ?? { acked: 0, uncertain: 0, lastUncertain: false };
    counts.acked += answers.length;
    counts.lastUncertain = false;
    this.offerSubmissions.set(key, counts);
    this.offers.set(key, {
      ...first,
      alternatives: rest.map((a) => ({ amountCents: a.amountCents, message: a.message })),
    });
  }

  contact(marker: string, acked: boolean): void {
    this.contacts.set(marker, acked ? 'acked' : 'uncertain');
  }

  totals() {
    const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    return {
      newViews: sum(this.newViews),
      uncertainViews: sum(this.uncertainViews),
      watchPairs: this.watching.size,
      watchingNow: [...this.watching.values()].filter(Boolean).length,
      uncertainWatch: this.uncertainWatch.size,
      offers: this.offers.size,
      offerSubmissions: [...this.offerSubmissions.values()].reduce((a, c) => a + c.acked, 0),
      uncertainOfferSubmissions: [...this.offerSubmissions.values()].reduce((a, c) => a + c.uncertain, 0),
      contactsAcked: [...this.contacts.values()].filter((v) => v === 'acked').length,
      contactsUncertain: [...this.contacts.values()].filter((v) => v === 'uncertain').length,
    };
  }
}
