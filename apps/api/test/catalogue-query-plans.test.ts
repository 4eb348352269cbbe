import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vehicleSearchQuerySchema } from '@vm/shared/vehicle';
import type { DB } from '../src/db/schema.ts';
import { Catalogue } from '../src/features/catalogue/catalogue.ts';
import { createVehicle } from './fixtures/vehicles.ts';
import { createTestContext, DIALECTS, type TestContext } from './test-app.ts';

/*
 * The catalogue reads with SQL on indexes (docs/decisions/143-one-plain-read-path.md): every
 * statement a filtered search, a keyword search, a list or the similar vehicles runs is explained
 * here, and none may read the vehicles table whole. PostgreSQL is asked with sequential scans
 * disabled, so the plan shows whether an index can serve the statement at all (on a table this
 * small it would otherwise always prefer to read it whole).
 */

/** Every statement the catalogue runs while `run` runs, with its parameters. */
async function captured(
  db: Kysely<DB>,
  dialect: 'sqlite' | 'postgres',
  run: (catalogue: Catalogue) => Promise<unknown>,
) {
  const queries: CompiledQuery[] = [];
  const capturing = db.withPlugin({
    transformQuery: ({ node, queryId }) => {
      queries.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  await run(new Catalogue(capturing, dialect));
  return queries;
}

/** The plan of a statement, one line a step. */
async function planOf(db: Kysely<DB>, dialect: 'sqlite' | 'postgres', query: CompiledQuery): Promise<string[]> {
  if (dialect === 'sqlite') {
    const result = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
    );
    return result.rows.map((r) => r.detail);
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN (COSTS OFF) ${query.sql}`, [...query.parameters]),
    );
    return result.rows.map((r) => r['QUERY PLAN']);
  });
}

/**
 * The steps of a plan that read every (public) row of vehicles, unless the statement stops at a
 * LIMIT (an ordered walk that ends with its page, or a capped count): SQLite's "SCAN vehicles",
 * through an index or not; PostgreSQL's sequential scan, or an index scan of vehicles with no
 * index condition (a walk of a whole partial index).
 */
function fullScans(dialect: 'sqlite' | 'postgres', plan: readonly string[], statement: string): string[] {
  const bounded = /\blimit\b/i.test(statement);
  if (dialect === 'sqlite')
    return plan.filter((line) => {
      const scan = /^SCAN vehicles\b( USING (COVERING )?INDEX)?/.exec(line.trim());
      return scan !== null && (scan[1] === undefined || !bounded);
    });
  return plan.filter((line, i) => {
    if (/Seq Scan on vehicles\b/.test(line)) return true;
    if (
      bounded ||
      !/(Index Scan|Index Only Scan) using vehicles\w* on vehicles\b|Bitmap Index Scan on vehicles\w*/.test(line)
    )
      return false;
    const details: string[] = [];
    for (let j = i + 1; j < plan.length && !(plan[j] as string).includes('->'); j++) details.push(plan[j] as string);
    return !details.some((detail) => detail.includes('Index Cond:'));
  });
}

/** The searches of every filter alone and with others, in every order, with and without words. */
const SEARCHES = [
  'make=Porsche',
  'make=Porsche&model=911',
  'minPrice=20000',
  'maxPrice=30000&sort=price_asc',
  'minYear=1965&maxYear=1975&sort=year',
  'category=Classics',
  'category=Classics,Sports%20Cars&sort=mileage',
  'listingType=auction',
  'tags=featured',
  'tags=hot,popular&sort=price_desc',
  'make=Porsche&sort=newest&page=2&limit=3',
  'query=porsche',
  'query=original%20paint',
  'query=porsche&make=Porsche&sort=price_asc',
  'query=paint&category=Classics&minYear=1960',
];

describe.each(DIALECTS)('catalogue query plans on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const makes = [
      ['Porsche', '911'],
      ['Ford', 'Mustang'],
      ['Toyota', 'Supra'],
    ] as const;
    for (let i = 0; i < 30; i++) {
      const [make, model] = makes[i % makes.length] as (typeof makes)[number];
      await createVehicle(ctx.database.db, {
        title: `${1960 + i} ${make} ${model}`,
        make,
        model,
        year: 1960 + i,
        price: 10_000 + i * 1_000,
        category: i % 2 ? 'Classics' : 'Sports Cars',
        tags: i % 3 ? ['featured'] : ['hot'],
        description: 'Original paint.',
        status: i % 10 === 9 ? 'Archived' : 'Available',
      });
    }
    if (dialect === 'postgres') await sql`analyze vehicles`.execute(ctx.database.db);
  });
  afterAll(async () => ctx?.close());

  const explainEach = async (label: string, run: (catalogue: Catalogue) => Promise<unknown>) => {
    const queries = await captured(ctx.database.db, dialect, run);
    expect(queries.length, label).toBeGreaterThan(0);
    for (const query of queries) {
      const plan = await planOf(ctx.database.db, dialect, query);
      const scans = fullScans(dialect, plan, query.sql);
      if (process.env.SHOW_PLANS) console.log(`${label}\n${query.sql}\n${plan.join('\n')}\n`);
      expect(scans, `${label}\n${query.sql}\n${plan.join('\n')}`).toEqual([]);
    }
  };

  it('reads no filtered search, keyword search or page of one by a full scan of vehicles', async () => {
    for (const search of SEARCHES) {
      const q = vehicleSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));
      await explainEach(search, (catalogue) => catalogue.search(q));
    }
  });

  it('reads the tagged list, the makes, the models of a make, the similar vehicles and the alerts’ matches through indexes', async () => {
    await explainEach('tagged', (catalogue) => catalogue.tagged('featured', 6));
    await explainEach('makes', (catalogue) => catalogue.makes());
    await explainEach('models', (catalogue) => catalogue.models('Porsche'));
    await explainEach('similar', (catalogue) =>
      catalogue.similar({ make: 'Porsche', model: '911', year: 1970, priceCents: 2_000_000, limit: 4 }),
    );
    await explainEach('similar by year', (catalogue) => catalogue.similar({ year: 1970, limit: 4 }));
    const ids = (await ctx.database.db.selectFrom('vehicles').select('id').limit(3).execute()).map((r) => r.id);
    await explainEach('matching', (catalogue) =>
      catalogue.matching(vehicleSearchQuerySchema.parse({ query: 'porsche', make: 'Porsche' }), ids),
    );
  });

  it('fails on a full scan: a filter no index serves, with or without the public condition, is caught', async () => {
    for (const text of [
      "select id from vehicles where description = 'x' and status <> 'Archived'",
      "select count(*) from vehicles where description = 'x'",
    ]) {
      const plan = await planOf(ctx.database.db, dialect, CompiledQuery.raw(text, []));
      expect(fullScans(dialect, plan, text), `${text}\n${plan.join('\n')}`).not.toEqual([]);
    }
  });
});
