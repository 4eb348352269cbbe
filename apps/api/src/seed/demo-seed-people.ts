import { createHash } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { contactSubmitSchema } from '@vm/shared/contact';
import { dollarsToCents, formatMoney } from '@vm/shared/money';
import type { DB } from '../db/schema.ts';
import { findUserByEmail, insertUser } from '../features/auth/user-repository.ts';
import { recountWatchesAndViews } from '../features/vehicles/vehicle-writes.ts';
import { newId } from '../lib/ids.ts';
import { DEMO_INQUIRIES } from './demo-inquiries.ts';
import { DEMO_BUYERS, DEMO_OFFERS, DEMO_STAFF, type DemoPerson } from './demo-people.ts';
import { type ActivityRow, activityAt, DAY_MS, HOUR_MS, insertInChunks, iso } from './demo-seed-rows.ts';
import type { SeededVehicle } from './demo-seed-vehicles.ts';

interface SeededPerson {
  id: string;
  person: DemoPerson;
  registeredMs: number;
}

export interface PeopleResult {
  users: number;
  offers: number;
  watches: number;
  views: number;
  events: ActivityRow[];
}

/**
 * Demo buyers and the staff member, their watches, offers in every status and vehicle views.
 * A demo email that already belongs to someone (say ADMIN_EMAIL was set to it) is left alone,
 * with that person's watches and offers.
 */
export async function insertDemoPeople(
  db: Kysely<DB>,
  vehicles: readonly SeededVehicle[],
  hashes: { buyer: string; staff: string },
  now: number,
): Promise<PeopleResult> {
  const events: ActivityRow[] = [];
  const byTitle = new Map(vehicles.map((v) => [v.plan.title, v]));
  const vehicleNamed = (title: string): SeededVehicle => {
    const found = byTitle.get(title);
    if (!found) throw new Error(`Demo data refers to an unknown vehicle: ${title}`);
    return found;
  };

  const people: SeededPerson[] = [];
  for (const person of [DEMO_STAFF, ...DEMO_BUYERS]) {
    if (await findUserByEmail(db, person.email)) continue;
    const registeredMs = now - person.registeredDaysAgo * DAY_MS;
    const row = await insertUser(db, {
      email: person.email,
      passwordHash: person === DEMO_STAFF ? hashes.staff : hashes.buyer,
      firstName: person.firstName,
      lastName: person.lastName,
      phone: person.phone,
      role: person.role,
      isActive: person.isActive,
    });
    await db
      .updateTable('users')
      .set({
        address: person.address,
        city: person.city,
        state: person.state,
        zip_code: person.zipCode,
        notification_prefs: JSON.stringify(person.prefs),
        created_at: iso(registeredMs),
        updated_at: iso(registeredMs),
      })
      .where('id', '=', row.id)
      .execute();
    people.push({ id: row.id, person, registeredMs });
    events.push(
      activityAt('user_registration', row.id, `${person.firstName} ${person.lastName} registered`, registeredMs),
    );
  }
  const staff = people.find((p) => p.person === DEMO_STAFF);
  const buyers = people.filter((p) => p.person !== DEMO_STAFF);

  const watchRows = buyers.flatMap((b) =>
    b.person.watches.map((title, k) => {
      const vehicle = vehicleNamed(title);
      const since = Math.max(b.registeredMs, vehicle.plan.createdMs);
      return { user_id: b.id, vehicle_id: vehicle.id, created_at: iso(since + ((now - since) * (k + 1)) / 8) };
    }),
  );
  await insertInChunks(db, 'watches', watchRows);

  let offers = 0;
  for (const offer of DEMO_OFFERS) {
    const buyer = buyers.find((b) => b.person.email === offer.buyer);
    if (!buyer) continue;
    const vehicle = vehicleNamed(offer.vehicle);
    const createdMs = Math.max(now - offer.daysAgo * DAY_MS, vehicle.plan.createdMs + 6 * HOUR_MS);
    const decided = offer.status === 'accepted' || offer.status === 'rejected' || offer.status === 'countered';
    const closedMs = Math.min(createdMs + (decided ? 1 : 3) * DAY_MS, now - HOUR_MS);
    const id = newId();
    await db
      .insertInto('offers')
      .values({
        id,
        vehicle_id: vehicle.id,
        user_id: buyer.id,
        amount_cents: dollarsToCents(offer.amount),
        message: offer.message,
        status: offer.status,
        response_message: offer.responseMessage ?? '',
        decided_by: decided ? (staff?.id ?? null) : null,
        decided_at: decided ? iso(closedMs) : null,
        created_at: iso(createdMs),
        updated_at: iso(offer.status === 'pending' ? createdMs : closedMs),
      })
      .execute();
    offers++;
    const name = `${buyer.person.firstName} ${buyer.person.lastName}`;
    events.push(
      activityAt(
        'offer_submitted',
        id,
        `${name} offered ${formatMoney(offer.amount)} on ${vehicle.plan.title}`,
        createdMs,
      ),
    );
  }

  const views = viewRows(vehicles, buyers, now);
  await insertInChunks(db, 'vehicle_views', views);
  // Counters follow the rows they count, exactly as the live routes keep them.
  await recountWatchesAndViews(db);
  return { users: people.length, offers, watches: watchRows.length, views: views.length, events };
}

/**
 * Anonymous and signed-in views with stable fake fingerprints; featured, popular and hot cars
 * draw more. Archived cars are hidden from visitors, so they get none.
 */
function viewRows(
  vehicles: readonly SeededVehicle[],
  buyers: readonly SeededPerson[],
  now: number,
): Insertable<DB['vehicle_views']>[] {
  const rows: Insertable<DB['vehicle_views']>[] = [];
  vehicles.forEach(({ id, plan }, i) => {
    if (plan.input.status === 'Archived') return;
    const tags = new Set(plan.input.tags);
    const count =
      6 +
      ((i * 37) % 40) +
      (tags.has('popular') ? 60 : 0) +
      (tags.has('featured') ? 25 : 0) +
      (tags.has('hot') ? 35 : 0);
    const span = now - plan.createdMs;
    for (let k = 0; k < count; k++) {
      const viewer = k % 9 === 0 ? buyers[(i + k) % Math.max(buyers.length, 1)] : undefined;
      rows.push({
        vehicle_id: id,
        fingerprint: createHash('sha256').update(`demo-view:${i}:${k}`).digest('hex').slice(0, 32),
        user_id: viewer && viewer.registeredMs < now - span / 2 ? viewer.id : null,
        created_at: iso(plan.createdMs + (span * (k + 1)) / (count + 1)),
      });
    }
  });
  return rows;
}

/** Contact inquiries, checked with the contact form's own schema. */
export async function insertDemoInquiries(
  db: Kysely<DB>,
  now: number,
): Promise<{ inquiries: number; events: ActivityRow[] }> {
  const events: ActivityRow[] = [];
  for (const inquiry of DEMO_INQUIRIES) {
    const fields = contactSubmitSchema.parse({
      fullName: inquiry.fullName,
      email: inquiry.email,
      phone: inquiry.phone,
      subject: inquiry.subject,
      message: inquiry.message,
    });
    const createdMs = now - inquiry.daysAgo * DAY_MS;
    const handledMs = inquiry.status === 'new' ? createdMs : Math.min(createdMs + 5 * HOUR_MS, now - HOUR_MS / 2);
    const id = newId();
    await db
      .insertInto('contact_inquiries')
      .values({
        id,
        full_name: fields.fullName,
        email: fields.email,
        phone: fields.phone,
        subject: fields.subject,
        message: fields.message,
        status: inquiry.status,
        priority: inquiry.priority,
        created_at: iso(createdMs),
        updated_at: iso(handledMs),
      })
      .execute();
    events.push(activityAt('contact_lead', id, `New inquiry from ${fields.fullName}: ${fields.subject}`, createdMs));
  }
  return { inquiries: DEMO_INQUIRIES.length, events };
}
