import { type Kysely, sql } from 'kysely';

/**
 * Issue #20 (docs/decisions/124-buyers-and-finding.md):
 * - contact_inquiries.vehicle_id: the vehicle an inquiry sent from its page is about ("Contact
 *   our specialists"); null for the contact page's own inquiries. No foreign key: an inquiry
 *   outlives the vehicle it names, and the back office shows the id as gone.
 * - offers.amended_at: when the buyer last amended the offer; null until the first amendment.
 *   updated_at also moves on a decision, so it cannot say that.
 * - On PostgreSQL, vm_fold(text): lower case with accents folded, for the admin vehicle search
 *   (apps/api/src/db/text-match.ts). SQLite gets the same function from the connection
 *   (db/database.ts), which runs foldAccents of packages/shared/src/slug.ts; the letters here are
 *   those it folds (a migration imports no app code, so they are spelled out).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are typed Kysely<any> by design
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema.alterTable('contact_inquiries').addColumn('vehicle_id', 'text').execute();
  await db.schema.alterTable('offers').addColumn('amended_at', 'text').execute();
  if (dialect === 'postgres') {
    await sql`
      create or replace function vm_fold(value text) returns text
      language sql immutable parallel safe
      as $$ select translate(lower(coalesce(value, '')), 'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżžÀÁÂÃÄÅĀĂĄÇĆĈĊČĎĐÈÉÊËĒĔĖĘĚĜĞĠĢĤĦÌÍÎÏĨĪĬĮĴĶĹĻĽŁÑŃŅŇÒÓÔÕÖØŌŎŐŔŖŘŚŜŞŠŢŤŦÙÚÛÜŨŪŬŮŰŲŴÝŸŶŹŻŽ', 'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijkllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzzaaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiijkllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz') $$
    `.execute(db);
  }
}
