/**
 * `npm run seed:demo`: a small, realistic book in the configured database (DATABASE_URL, or the
 * embedded one under DATA_DIR): 300 Irish-style companies, 450 people, ~600 links with roles,
 * incorporation and tax dates, payment histories. Records have fixed ids and are written through
 * the services (so every derived value is the API's own), which makes a second run change nothing.
 */
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/platform/config/app-config';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { OrganizationsService } from '../src/organizations/organizations.service';
import { organizations } from '../src/organizations/organizations.schema';
import { PeopleService } from '../src/people/people.service';
import { people } from '../src/people/people.schema';
import { peopleOrganizationLinks } from '../src/links/links.schema';
import { organizationAt, personAt, ROLE_SETS, seededId } from './irish-book';

const ORGANIZATIONS = 300;
const PEOPLE = 450;
const DEMO_ORGANIZATION = 0x11;
const DEMO_PERSON = 0x12;
const DEMO_LINK = 0x13;

/** Writes the demo book into the app's database (also used by the export → import round trip test). */
export async function seedDemoBook(
  app: INestApplication,
): Promise<{ organizations: number; people: number; links: number }> {
  const db = app.get<Database>(DATABASE);
  const organizationsService = app.get(OrganizationsService);
  const peopleService = app.get(PeopleService);

  for (let i = 0; i < ORGANIZATIONS; i++) {
    const { id, ...fields } = organizationAt(i, DEMO_ORGANIZATION);
    // The fixed id makes the record findable on the next run; the service then writes the fields.
    await db.insert(organizations).values({ id, name: fields.name }).onConflictDoNothing();
    await organizationsService.update(id, fields);
  }
  for (let i = 0; i < PEOPLE; i++) {
    const { id, ...fields } = personAt(i, DEMO_PERSON);
    await db
      .insert(people)
      .values({ id, firstName: fields.firstName, lastName: fields.lastName })
      .onConflictDoNothing();
    await peopleService.update(id, fields);
  }
  // Two links per organization: a director-shareholder and another role, never the same pair twice.
  const links = [];
  for (let i = 0; i < ORGANIZATIONS * 2; i++) {
    const roles = i % 2 === 0 ? ['director', 'shareholder'] : ROLE_SETS[i % ROLE_SETS.length];
    links.push({
      id: seededId(DEMO_LINK, i),
      organizationId: seededId(DEMO_ORGANIZATION, Math.floor(i / 2)),
      peopleId: seededId(DEMO_PERSON, (i * 3) % PEOPLE),
      roles,
      beneficiaryPercentage: roles.includes('shareholder') ? (i % 4 === 0 ? '100' : '50') : '0',
    });
  }
  await db.insert(peopleOrganizationLinks).values(links).onConflictDoNothing();
  return { organizations: ORGANIZATIONS, people: PEOPLE, links: links.length };
}

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const app = await createApp(config);
  const book = await seedDemoBook(app);
  new Logger('seed:demo').log(
    `Demo book ready: ${book.organizations} organizations, ${book.people} people, ${book.links} links`,
  );
  await app.close();
}

if (require.main === module)
  void main().catch((error: unknown) => {
    const cause = (error as { cause?: { message?: string } }).cause;
    console.error(cause?.message ?? (error instanceof Error ? error.message.slice(0, 300) : error));
    process.exit(1);
  });
