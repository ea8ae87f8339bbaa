/**
 * Share capital: an Ordinary class per organization, and an allotment per current shareholder
 * link of the book (its shares the link's percentage, on its appointment day), so that the
 * registers of a company read holdings and dates.
 */
import { ROLE_SETS, seededId } from '../irish-book';
import { shareClasses, shareEntries } from '../../src/registers/registers.schema';
import { linkDatesAt, linkOrganizationAt } from './people-organizations';
import { BOOK, inBatches } from './support';
import type { LargeBookPart } from './support';

export const registersPart: LargeBookPart = {
  name: 'share capital',
  tables: ['share_classes', 'share_entries'],
  async seed(db) {
    if (BOOK.organizations === 0) return;
    await inBatches('share classes', BOOK.organizations, async (from, to) => {
      const rows = [];
      for (let i = from; i < to; i++) {
        rows.push({
          id: seededId(40, i),
          organizationId: seededId(1, i),
          name: 'Ordinary',
          nominalValue: '1.000000',
          currency: 'EUR',
        });
      }
      await db.insert(shareClasses).values(rows).onConflictDoNothing();
    });
    const links = Math.min(BOOK.links, BOOK.organizations * BOOK.people);
    await inBatches('share entries', links, async (from, to) => {
      const rows = [];
      for (let i = from; i < to; i++) {
        const dates = linkDatesAt(i);
        if (!ROLE_SETS[i % ROLE_SETS.length].includes('shareholder') || dates.ceasedOn) continue;
        const organization = linkOrganizationAt(i);
        rows.push({
          id: seededId(41, i),
          organizationId: seededId(1, organization),
          kind: 'allotment' as const,
          date: dates.appointedOn,
          shareClassId: seededId(40, organization),
          shares: 25 + (i % 4) * 25,
          toPeopleId: seededId(2, i % BOOK.people),
        });
      }
      if (rows.length > 0) await db.insert(shareEntries).values(rows).onConflictDoNothing();
    });
  },
};
