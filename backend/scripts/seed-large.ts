/**
 * `npm run seed:large`: the large benchmark book on the PostgreSQL of DATABASE_URL, one part per
 * context (scripts/large-book/): 100k organizations, 300k people, 400k links, ... (sizes
 * overridable: SEED_ORGANIZATIONS, SEED_PEOPLE, SEED_LINKS, ...). Derived values come from the
 * same functions the API uses on write. Deterministic ids and ON CONFLICT DO NOTHING make it
 * idempotent: a second run adds nothing.
 *
 * It runs with `session_replication_role = replica`, which skips triggers: a bulk load does not
 * write an audit row per inserted row (ADR 0008).
 */
import { sql } from 'drizzle-orm';
import { openPostgres } from '../src/platform/database/database';
import { LARGE_BOOK_PARTS } from './large-book';

/** The connection string with the bulk-load session setting every pooled connection applies. */
function bulkLoadUrl(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', '-c session_replication_role=replica');
  return parsed.toString();
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'seed:large needs DATABASE_URL (a PostgreSQL server): the embedded database is not for 800k rows',
    );
    process.exit(1);
  }
  const database = openPostgres(bulkLoadUrl(url), 4);
  await database.migrate();
  const { db } = database;
  // SEED_ONLY=<text>: only the parts whose name contains it (a context added to a seeded book).
  const only = process.env.SEED_ONLY;
  for (const part of LARGE_BOOK_PARTS.filter((p) => !only || p.name.includes(only))) {
    console.log(`— ${part.name}`);
    await part.seed(db);
    // VACUUM sets the visibility map, so counts and duplicate keys can use index-only scans.
    for (const table of part.tables) await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  }
  // Triggers were off: every maintained count (docs/database.md) is counted again.
  await db.execute(sql`SELECT registra_rebuild_record_counts()`);
  const keptByTrigger = [
    'duplicate_key_counts',
    'live_record_counts',
    'follow_up_deadline_counts',
    'follow_up_organization_counts',
    'audit_log_counts',
  ];
  await db.execute(sql.raw(`VACUUM ANALYZE ${keptByTrigger.join(', ')}`));
  // The rebuild wrote every follow-up's copy of its organization's search text (ADR 0151).
  await db.execute(sql`VACUUM ANALYZE follow_ups`);
  await database.close();
  console.log('Large book ready.');
}

void main().catch((error: unknown) => {
  const cause = (error as { cause?: { message?: string } }).cause;
  console.error(cause?.message ?? (error instanceof Error ? error.message.slice(0, 300) : error));
  process.exit(1);
});
