import { type Kysely, sql } from 'kysely';

/**
 * Issue #20 (docs/decisions/121-one-sale-per-vehicle.md): a deleted vehicle's offers stay in
 * history, expired, with the vehicle as it was.
 *
 * - offers.vehicle_id becomes nullable, and its foreign key sets it to null when the vehicle is
 *   deleted instead of deleting the offer (it cascaded).
 * - offers.vehicle_title, vehicle_year, vehicle_make, vehicle_model: the vehicle as it was when it
 *   was deleted, written by the deletion; null while the vehicle exists (reads join it).
 *
 * PostgreSQL alters the column and swaps the constraint. SQLite cannot alter a foreign key, so the
 * table is rebuilt from its own stored definition with that one clause changed (SQLite's
 * documented procedure), which keeps every column added by earlier migrations in its place;
 * nothing references offers, so dropping the old table cascades nowhere.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are typed Kysely<any> by design
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') {
    const constraints = await sql<{ name: string }>`
      select con.conname as name
      from pg_constraint con
      join pg_class rel on rel.oid = con.conrelid
      join pg_namespace ns on ns.oid = rel.relnamespace
      join pg_attribute att on att.attrelid = rel.oid and att.attnum = any(con.conkey)
      where ns.nspname = current_schema() and rel.relname = 'offers' and con.contype = 'f'
        and att.attname = 'vehicle_id'`.execute(db);
    for (const { name } of constraints.rows) {
      await sql`alter table offers drop constraint ${sql.id(name)}`.execute(db);
    }
    await sql`alter table offers alter column vehicle_id drop not null`.execute(db);
    await sql`alter table offers add constraint offers_vehicle_id_fkey foreign key (vehicle_id)
      references vehicles (id) on delete set null`.execute(db);
  } else {
    const found = await sql<{ sql: string }>`
      select sql from sqlite_master where type = 'table' and name = 'offers'`.execute(db);
    const definition = found.rows[0]?.sql;
    if (!definition) throw new Error('offers table not found');
    const vehicleColumn = /"vehicle_id" text not null references "vehicles" \("id"\) on delete cascade/i;
    if (!vehicleColumn.test(definition)) throw new Error(`unexpected offers definition: ${definition}`);
    const rebuilt = definition
      .replace(vehicleColumn, '"vehicle_id" text references "vehicles" ("id") on delete set null')
      .replace(/^create table "?offers"?/i, 'create table "offers_rebuilt"');
    const indexes = await sql<{ sql: string }>`
      select sql from sqlite_master where type = 'index' and tbl_name = 'offers' and sql is not null`.execute(db);
    await sql.raw(rebuilt).execute(db);
    await sql`insert into offers_rebuilt select * from offers`.execute(db);
    await sql`drop table offers`.execute(db);
    await sql`alter table offers_rebuilt rename to offers`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
  }
  for (const [column, type] of [
    ['vehicle_title', 'text'],
    ['vehicle_year', 'integer'],
    ['vehicle_make', 'text'],
    ['vehicle_model', 'text'],
  ] as const) {
    await db.schema.alterTable('offers').addColumn(column, type).execute();
  }
}
