/**
 * `npm run seed:large`: the large benchmark book on the PostgreSQL of DATABASE_URL: 100k
 * organizations, 300k people, 400k links (sizes overridable: SEED_ORGANIZATIONS, SEED_PEOPLE,
 * SEED_LINKS). Derived values come from the same functions the API uses on write. Deterministic
 * ids and ON CONFLICT DO NOTHING make it idempotent: a second run adds nothing.
 */
import { sql } from 'drizzle-orm';
import { openPostgres } from '../src/platform/database/database';
import { deriveOrganizationValues } from '../src/organizations/organization-derivations';
import { organizations } from '../src/organizations/organizations.schema';
import { people } from '../src/people/people.schema';
import { peopleOrganizationLinks } from '../src/links/links.schema';
import { derivePersonValues } from '../src/people/person-derivations';
import { organizationAt, personAt, ROLE_SETS, seededId } from './irish-book';

// PostgreSQL takes at most 65535 parameters per statement: 1000 organizations use about 36k.
const BATCH = 1000;

function sizeFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
}

async function inBatches(
  label: string,
  total: number,
  insert: (from: number, to: number) => Promise<void>,
) {
  const started = Date.now();
  for (let from = 0; from < total; from += BATCH) {
    await insert(from, Math.min(total, from + BATCH));
    process.stdout.write(`\r${label}: ${Math.min(total, from + BATCH)}/${total}`);
  }
  process.stdout.write(` (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'seed:large needs DATABASE_URL (a PostgreSQL server): the embedded database is not for 800k rows',
    );
    process.exit(1);
  }
  const organizationCount = sizeFrom('SEED_ORGANIZATIONS', 100_000);
  const peopleCount = sizeFrom('SEED_PEOPLE', 300_000);
  const linkCount = sizeFrom('SEED_LINKS', 400_000);
  const database = openPostgres(url, 4);
  await database.migrate();
  const { db } = database;
  const createdAt = (i: number, total: number) =>
    new Date(Date.UTC(2020, 0, 1) + Math.floor((i / total) * 6 * 365 * 86400_000));

  await inBatches('organizations', organizationCount, async (from, to) => {
    const rows = [];
    for (let i = from; i < to; i++) {
      const { id, ...fields } = organizationAt(i);
      const at = createdAt(i, organizationCount);
      rows.push({
        id,
        ...fields,
        ...deriveOrganizationValues(undefined, fields),
        createdAt: at,
        updatedAt: at,
      });
    }
    await db.insert(organizations).values(rows).onConflictDoNothing();
  });

  await inBatches('people', peopleCount, async (from, to) => {
    const rows = [];
    for (let i = from; i < to; i++) {
      const { id, ...fields } = personAt(i);
      const at = createdAt(i, peopleCount);
      rows.push({ id, ...fields, ...derivePersonValues(fields), createdAt: at, updatedAt: at });
    }
    await db.insert(people).values(rows).onConflictDoNothing();
  });

  // Each link pairs a person with an organization; the pairing walks both books so that every
  // organization gets about four people and no pair repeats.
  await inBatches(
    'links',
    Math.min(linkCount, organizationCount * peopleCount),
    async (from, to) => {
      const rows = [];
      for (let i = from; i < to; i++) {
        const roles = ROLE_SETS[i % ROLE_SETS.length];
        rows.push({
          id: seededId(3, i),
          peopleId: seededId(2, i % peopleCount),
          organizationId: seededId(1, (i * 7919 + Math.floor(i / peopleCount)) % organizationCount),
          roles,
          beneficiaryPercentage: roles.includes('shareholder') ? String(25 + (i % 4) * 25) : '0',
        });
      }
      await db.insert(peopleOrganizationLinks).values(rows).onConflictDoNothing();
    },
  );

  // VACUUM sets the visibility map, so counts and duplicate keys can use index-only scans.
  await db.execute(sql`VACUUM ANALYZE organizations`);
  await db.execute(sql`VACUUM ANALYZE people`);
  await db.execute(sql`VACUUM ANALYZE people_organization_links`);
  await database.close();
  console.log('Large book ready.');
}

void main().catch((error: unknown) => {
  const cause = (error as { cause?: { message?: string } }).cause;
  console.error(cause?.message ?? (error instanceof Error ? error.message.slice(0, 300) : error));
  process.exit(1);
});
