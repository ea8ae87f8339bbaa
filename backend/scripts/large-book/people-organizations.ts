/** Organizations, people and their links: 100k / 300k / 400k by default. */
import { addDays } from '@registra/domain';
import { deriveOrganizationValues } from '../../src/organizations/organization-derivations';
import { organizations } from '../../src/organizations/organizations.schema';
import { people } from '../../src/people/people.schema';
import { peopleOrganizationLinks } from '../../src/links/links.schema';
import { derivePersonValues } from '../../src/people/person-derivations';
import { organizationAt, personAt, ROLE_SETS, seededId } from '../irish-book';
import { BOOK, createdAt, inBatches } from './support';
import type { LargeBookPart } from './support';

/**
 * A link's dates in the large book: every link appointed on a day of 2012–2022, one in nine
 * ceased a year or two later (the registers' former officers and members).
 */
export function linkDatesAt(i: number): { appointedOn: string; ceasedOn: string | null } {
  const appointedOn = addDays('2012-01-01', (i * 37) % 4000);
  return { appointedOn, ceasedOn: i % 9 === 0 ? addDays(appointedOn, 365 + (i % 300)) : null };
}

/** The organization the large book's link `i` joins. */
export const linkOrganizationAt = (i: number): number =>
  (i * 7919 + Math.floor(i / BOOK.people)) % BOOK.organizations;

export const peopleAndOrganizations: LargeBookPart = {
  name: 'people and organizations',
  tables: ['organizations', 'people', 'people_organization_links'],
  async seed(db) {
    await inBatches('organizations', BOOK.organizations, async (from, to) => {
      const rows = [];
      for (let i = from; i < to; i++) {
        const { id, ...fields } = organizationAt(i);
        const at = createdAt(i, BOOK.organizations);
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

    await inBatches('people', BOOK.people, async (from, to) => {
      const rows = [];
      for (let i = from; i < to; i++) {
        const { id, ...fields } = personAt(i);
        const at = createdAt(i, BOOK.people);
        rows.push({ id, ...fields, ...derivePersonValues(fields), createdAt: at, updatedAt: at });
      }
      await db.insert(people).values(rows).onConflictDoNothing();
    });

    // Each link pairs a person with an organization; the pairing walks both books so that every
    // organization gets about four people and no pair repeats.
    await inBatches(
      'links',
      Math.min(BOOK.links, BOOK.organizations * BOOK.people),
      async (from, to) => {
        const rows = [];
        for (let i = from; i < to; i++) {
          const roles = ROLE_SETS[i % ROLE_SETS.length];
          rows.push({
            id: seededId(3, i),
            peopleId: seededId(2, i % BOOK.people),
            organizationId: seededId(1, linkOrganizationAt(i)),
            roles,
            beneficiaryPercentage: roles.includes('shareholder') ? String(25 + (i % 4) * 25) : '0',
            ...linkDatesAt(i),
          });
        }
        await db.insert(peopleOrganizationLinks).values(rows).onConflictDoNothing();
      },
    );
  },
};
