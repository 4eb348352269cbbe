import type { Kysely } from 'kysely';
import type { DB } from '../../apps/api/src/db/schema.ts';
import { type Ledger, pairKey } from './ledger.ts';

export interface Verification {
  problems: string[];
  /** What was compared, for the report. */
  checked: Record<string, number>;
}

const MAX_LISTED = 20;

/**
 * Compares the database with what the clients were told. Exact where every request got an
 * answer; where one did not, both outcomes are accepted for that request only. Also checks the
 * invariants that hold whatever the traffic: counters equal their rows, every offer and inquiry
 * has its activity event (nothing half-written).
 */
export async function verifyAgainstLedger(
  db: Kysely<DB>,
  ledger: Ledger,
  benchUserIds: readonly string[],
): Promise<Verification> {
  const problems: string[] = [];
  const note = (p: string) => {
    if (problems.length < MAX_LISTED) problems.push(p);
    else if (problems.length === MAX_LISTED) problems.push('... more problems not listed');
  };
  const users = [...benchUserIds];

  // Counters against their rows, for every vehicle.
  const watchDrift = await db
    .selectFrom('vehicles')
    .leftJoin('watches', 'watches.vehicle_id', 'vehicles.id')
    .select(['vehicles.id', 'vehicles.watch_count'])
    .select((eb) => eb.fn.count<number | string>('watches.user_id').as('rows'))
    .groupBy(['vehicles.id', 'vehicles.watch_count'])
    .having((eb) => eb(eb.fn.count('watches.user_id'), '!=', eb.ref('vehicles.watch_count')))
    .execute();
  for (const d of watchDrift) note(`vehicle ${d.id}: watch_count ${d.watch_count} but ${d.rows} watch rows`);
  const viewDrift = await db
    .selectFrom('vehicles')
    .leftJoin('vehicle_views', 'vehicle_views.vehicle_id', 'vehicles.id')
    .select(['vehicles.id', 'vehicles.view_count'])
    .select((eb) => eb.fn.count<number | string>('vehicle_views.fingerprint').as('rows'))
    .groupBy(['vehicles.id', 'vehicles.view_count'])
    .having((eb) => eb(eb.fn.count('vehicle_views.fingerprint'), '!=', eb.ref('vehicles.view_count')))
    .execute();
  for (const d of viewDrift) note(`vehicle ${d.id}: view_count ${d.view_count} but ${d.rows} view rows`);

  // Views: the catalogue starts with none, so each vehicle's rows are exactly the new-view answers.
  const viewRows = await db
    .selectFrom('vehicle_views')
    .select('vehicle_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .groupBy('vehicle_id')
    .execute();
  const viewsInDb = new Map(viewRows.map((r) => [r.vehicle_id, Number(r.n)]));
  for (const id of new Set([...viewsInDb.keys(), ...ledger.newViews.keys(), ...ledger.uncertainViews.keys()])) {
    const acked = ledger.newViews.get(id) ?? 0;
    const uncertain = ledger.uncertainViews.get(id) ?? 0;
    const actual = viewsInDb.get(id) ?? 0;
    if (actual < acked || actual > acked + uncertain)
      note(`vehicle ${id}: ${actual} views stored, clients were told ${acked} new views (${uncertain} unanswered)`);
  }

  // Watches of the bench users against the last answer each user got.
  const watchRows = users.length
    ? await db.selectFrom('watches').select(['user_id', 'vehicle_id']).where('user_id', 'in', users).execute()
    : [];
  const watched = new Set(watchRows.map((r) => pairKey(r.user_id, r.vehicle_id)));
  for (const [key, isWatching] of ledger.watching) {
    if (ledger.uncertainWatch.has(key)) continue;
    if (watched.has(key) !== isWatching)
      note(`watch ${key}: stored ${watched.has(key)}, last answer isWatching=${isWatching}`);
  }
  for (const key of watched)
    if (!ledger.watching.has(key) && !ledger.uncertainWatch.has(key)) note(`watch ${key} stored but never answered`);

  // Offers of the bench users: exactly the acknowledged ones, with the last acknowledged amount.
  const offerRows = users.length
    ? await db
        .selectFrom('offers')
        .select(['id', 'user_id', 'vehicle_id', 'amount_cents', 'message'])
        .where('user_id', 'in', users)
        .execute()
    : [];
  const offersInDb = new Map(offerRows.map((r) => [pairKey(r.user_id, r.vehicle_id ?? ''), r]));
  for (const [key, acked] of ledger.offers) {
    const row = offersInDb.get(key);
    const uncertainAfter = ledger.offerSubmissions.get(key)?.lastUncertain ?? false;
    if (!row) note(`offer ${acked.id} (${key}) acknowledged but missing`);
    else if (row.id !== acked.id) note(`offer ${key}: stored id ${row.id}, acknowledged id ${acked.id}`);
    else if (!uncertainAfter) {
      const allowed = [acked, ...(acked.alternatives ?? [])];
      if (!allowed.some((a) => Number(row.amount_cents) === a.amountCents && row.message === a.message))
        note(
          `offer ${acked.id}: stored ${row.amount_cents} cents, acknowledged ${allowed.map((a) => a.amountCents).join(' or ')}`,
        );
    }
  }
  for (const [key, row] of offersInDb) {
    const submissions = ledger.offerSubmissions.get(key);
    if (!ledger.offers.has(key) && !(submissions && submissions.uncertain > 0))
      note(`offer ${row.id} (${key}) stored but never acknowledged`);
  }

  // Activity: one offer_submitted event per applied submission, one contact_lead per inquiry.
  const offerIds = offerRows.map((r) => r.id);
  const offerEvents = offerIds.length
    ? await db
        .selectFrom('activity_events')
        .select('subject_id')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('type', '=', 'offer_submitted')
        .where('subject_id', 'in', offerIds)
        .groupBy('subject_id')
        .execute()
    : [];
  const eventsByOffer = new Map(offerEvents.map((e) => [e.subject_id, Number(e.n)]));
  for (const [key, row] of offersInDb) {
    const events = eventsByOffer.get(row.id) ?? 0;
    const s = ledger.offerSubmissions.get(key) ?? { acked: 0, uncertain: 0 };
    if (events === 0) note(`offer ${row.id} has no offer_submitted event (half-written)`);
    else if (events < s.acked || events > s.acked + s.uncertain)
      note(
        `offer ${row.id}: ${events} offer_submitted events for ${s.acked} acknowledged submissions (${s.uncertain} unanswered)`,
      );
  }
  const orphanOffers = await db
    .selectFrom('offers')
    .leftJoin('activity_events', (join) =>
      join.onRef('activity_events.subject_id', '=', 'offers.id').on('activity_events.type', '=', 'offer_submitted'),
    )
    .select('offers.id')
    .where('activity_events.id', 'is', null)
    .execute();
  for (const o of orphanOffers) note(`offer ${o.id} without its activity event`);

  const markers = [...ledger.contacts.keys()];
  let contactsFound = 0;
  if (markers.length > 0) {
    const rows = await db.selectFrom('contact_inquiries').select(['id', 'subject']).execute();
    const bySubject = new Map<string, number>();
    for (const r of rows) bySubject.set(r.subject, (bySubject.get(r.subject) ?? 0) + 1);
    for (const [marker, state] of ledger.contacts) {
      const n = bySubject.get(marker) ?? 0;
      contactsFound += n;
      if (n > 1) note(`inquiry ${marker} stored ${n} times`);
      if (state === 'acked' && n === 0) note(`inquiry ${marker} acknowledged (201) but missing`);
    }
  }
  const orphanContacts = await db
    .selectFrom('contact_inquiries')
    .leftJoin('activity_events', (join) =>
      join
        .onRef('activity_events.subject_id', '=', 'contact_inquiries.id')
        .on('activity_events.type', '=', 'contact_lead'),
    )
    .select('contact_inquiries.id')
    .where('activity_events.id', 'is', null)
    .execute();
  for (const c of orphanContacts) note(`inquiry ${c.id} without its activity event`);

  return {
    problems,
    checked: {
      vehiclesWithViews: viewsInDb.size,
      viewRows: [...viewsInDb.values()].reduce((a, b) => a + b, 0),
      watchRows: watchRows.length,
      watchPairs: ledger.watching.size,
      offerRows: offerRows.length,
      offerEvents: [...eventsByOffer.values()].reduce((a, b) => a + b, 0),
      contactsFound,
    },
  };
}
