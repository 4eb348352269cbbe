import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { formatMoney } from '@vm/shared/money';
import {
  type SavedSearchFilters,
  type SavedSearchFrequency,
  savedFiltersToParams,
  savedSearchPath,
} from '@vm/shared/saved-search';
import { type VehicleSearchQuery, type VehicleSummary, vehicleSearchQuerySchema } from '@vm/shared/vehicle';
import type { DB } from '../../db/schema.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { queueEmail } from '../email/outbox.ts';
import { parseSavedFilters } from './saved-search-mapper.ts';
import {
  advanceChecks,
  alertedAmong,
  type DueSearchRow,
  insertAlerts,
  oldestCheck,
  type PublishedVehicle,
  publishedBetween,
  searchesCheckedBefore,
} from './saved-search-repository.ts';

/*
 * The saved-search alerts (issue #16, docs/decisions/115-saved-searches.md): a vehicle that
 * becomes public (vehicles.published_at) and matches a saved search is announced once per
 * search, by the instant run (every 30 seconds) or in the daily digest. background-work.ts
 * schedules the runs; tests call runSavedSearchAlerts with an explicit time.
 */

/** Vehicles listed in one email at most; "See every match" opens the search for the rest. */
export const ALERT_VEHICLES_PER_EMAIL = 10;

/**
 * Each run looks this far back before a search's checked_at: a vehicle whose transaction
 * committed after a run had already read past its published_at (set before the commit) is
 * still seen by the next run. The alerts' primary key keeps a vehicle announced once per
 * search, so looking at some vehicles twice announces nothing twice.
 */
export const ALERT_OVERLAP_MS = 2 * 60_000;

export interface SavedSearchAlertDeps {
  db: Kysely<DB>;
  catalogue: Catalogue;
  /** The site's address, for the links in the emails (config.publicUrl). */
  publicUrl: string;
  log?: FastifyBaseLogger | undefined;
}

export interface SavedSearchAlertRun {
  frequency: SavedSearchFrequency;
  /** The run's time: vehicles published up to it are looked at. */
  now?: Date;
}

export interface SavedSearchAlertResult {
  /** Searches that had newly published vehicles to look at. */
  searches: number;
  /** Emails queued (one per search at most). */
  emails: number;
  /** Vehicles announced, over all searches. */
  vehicles: number;
}

interface Plan {
  search: DueSearchRow;
  filters: SavedSearchFilters | undefined;
  /** New matches not announced before, newest published first. */
  matches: string[];
}

/**
 * One run for the saved searches of one frequency. Reads the Available vehicles published since
 * the oldest check (minus the overlap) through the index on published_at, so only the newly
 * published are read whatever the catalogue's size; asks the catalogue which of them each search
 * finds (Catalogue.matching: the public search's own filters); then per search with new matches,
 * in one transaction, records the alerts (insert-if-absent on the primary key) and queues one
 * email listing those this transaction really recorded. Several instances may run at once: of
 * two inserting the same (search, vehicle), the second gets nothing back and sends nothing
 * (PostgreSQL makes it wait for the first's commit). Finally every search looked at moves its
 * checked_at to the run's time.
 *
 * An owner who is inactive, deleted or has newMatches off gets nothing; their searches move on
 * and record their alerts all the same, so turning alerts back on does not announce what was
 * listed meanwhile.
 */
export async function runSavedSearchAlerts(
  deps: SavedSearchAlertDeps,
  run: SavedSearchAlertRun,
): Promise<SavedSearchAlertResult> {
  const { db, catalogue } = deps;
  const now = run.now ?? new Date();
  const at = now.toISOString();
  const result: SavedSearchAlertResult = { searches: 0, emails: 0, vehicles: 0 };
  const oldest = await oldestCheck(db, run.frequency);
  if (oldest === undefined) return result;
  const published = await publishedBetween(db, shift(oldest, -ALERT_OVERLAP_MS), at);
  const newest = published[0];
  if (!newest) return result;
  const searches = await searchesCheckedBefore(db, run.frequency, shift(newest.published_at, ALERT_OVERLAP_MS));

  // Matching reads the catalogue (and SQLite has one connection): all of it before any transaction.
  const plans: Plan[] = [];
  for (const search of searches) {
    const candidates = candidatesOf(published, search);
    if (candidates.length === 0) continue;
    const filters = parseSavedFilters(search.filters);
    const found = filters ? await catalogue.matching(toSearchQuery(filters), candidates) : [];
    plans.push({ search, filters, matches: found });
  }
  const alerted = await alertedAmong(
    db,
    plans.filter((p) => p.matches.length > 0).map((p) => p.search.id),
    [...new Set(plans.flatMap((p) => p.matches))],
  );
  for (const plan of plans) plan.matches = plan.matches.filter((id) => !alerted.has(`${plan.search.id} ${id}`));
  const cards = new Map(
    (await catalogue.cards([...new Set(plans.flatMap((p) => p.matches))])).map((v) => [v.id, v] as const),
  );

  const lookedAt: string[] = [];
  for (const plan of plans) {
    result.searches++;
    try {
      if (plan.matches.length > 0 && plan.filters) {
        const sent = await announce(deps, plan, plan.filters, cards, at);
        if (sent > 0) {
          result.emails++;
          result.vehicles += sent;
        }
      }
      lookedAt.push(plan.search.id);
    } catch (err) {
      // This search is looked at again next run; the others go on.
      deps.log?.error({ err, savedSearchId: plan.search.id }, 'saved search alert failed');
    }
  }
  await advanceChecks(db, lookedAt, at);
  return result;
}

/**
 * Records the plan's alerts and queues its email, in one transaction; returns how many vehicles
 * the email announced. The alerts are recorded whether or not an email goes (an inactive owner,
 * or newMatches off: queueEmail checks it): they say the vehicle was dealt with for the search,
 * so turning alerts back on does not announce what was listed meanwhile.
 */
async function announce(
  deps: SavedSearchAlertDeps,
  plan: Plan,
  filters: SavedSearchFilters,
  cards: ReadonlyMap<string, VehicleSummary>,
  at: string,
): Promise<number> {
  const { search } = plan;
  return deps.db.transaction().execute(async (trx) => {
    const recorded = new Set(await insertAlerts(trx, search.id, plan.matches, at));
    const vehicles = plan.matches.filter((id) => recorded.has(id)).flatMap((id) => cards.get(id) ?? []);
    const active = search.is_active === 1 && search.deleted_at === null;
    if (vehicles.length === 0 || !active) return 0;
    const queued = await queueEmail(
      trx,
      {
        template: 'savedSearchMatches',
        to: search.email,
        userId: search.user_id,
        data: {
          firstName: search.first_name,
          searchName: search.name,
          searchUrl: `${deps.publicUrl}${savedSearchPath(filters)}`,
          matchCount: vehicles.length,
          vehicles: vehicles.slice(0, ALERT_VEHICLES_PER_EMAIL).map((v) => ({
            title: v.title,
            url: `${deps.publicUrl}/vehicles/${encodeURIComponent(v.slug)}`,
            priceText: formatMoney(v.price),
            imageUrl: v.image ? new URL(v.image.url, `${deps.publicUrl}/`).toString() : undefined,
          })),
        },
      },
      search.notification_prefs,
    );
    return queued ? vehicles.length : 0;
  });
}

/**
 * The run's vehicles a search has not looked at yet (with the overlap), newest first; never one
 * published before the search was saved, which was already listed.
 */
function candidatesOf(published: readonly PublishedVehicle[], search: DueSearchRow): string[] {
  const overlapped = shift(search.checked_at, -ALERT_OVERLAP_MS);
  const after = [overlapped, search.created_at].sort().at(-1) as string;
  return published.filter((v) => v.published_at > after).map((v) => v.id);
}

/** The search a saved search stands for: its filters read by the public search's query schema. */
function toSearchQuery(filters: SavedSearchFilters): VehicleSearchQuery {
  return vehicleSearchQuerySchema.parse(Object.fromEntries(savedFiltersToParams(filters)));
}

const shift = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();

/** The app's run: what background-work.ts schedules and what tests call. */
export function runAppSavedSearchAlerts(app: FastifyInstance, run: SavedSearchAlertRun) {
  return runSavedSearchAlerts(
    { db: app.db, catalogue: app.catalogue, publicUrl: app.config.publicUrl, log: app.log },
    run,
  );
}
