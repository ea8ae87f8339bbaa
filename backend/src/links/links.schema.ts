import { and, eq, isNull, sql } from 'drizzle-orm';
import { index, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  calendarDate,
  idColumn,
  requiredReference,
  timestamptz,
} from '../platform/database/columns';
import { organizations } from '../organizations/organizations.schema';
import { people } from '../people/people.schema';
import { auditTrail } from '../platform/audit/audit-trail';

/** A person's roles in an organization (docs/product/links-and-registers.md). */
export const peopleOrganizationLinks = pgTable(
  'people_organization_links',
  {
    id: idColumn(),
    peopleId: requiredReference('people_id', () => people.id),
    organizationId: requiredReference('organization_id', () => organizations.id),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 0..100 with two decimals; only meaningful with the shareholder role. */
    beneficiaryPercentage: numeric('beneficiary_percentage', { precision: 5, scale: 2 })
      .notNull()
      .default('0'),
    /**
     * The day the role began (appointment, membership, becoming a beneficial owner); null when
     * not recorded: links made before dates were kept migrate with none, never an invented one.
     */
    appointedOn: calendarDate('appointed_on'),
    /** Ending a role sets this: the link stays, the registers show it among the former ones. */
    ceasedOn: calendarDate('ceased_on'),
    /** The register of beneficial owners' "nature and extent of the interest"; null: none stated. */
    beneficialInterest: text('beneficial_interest'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** Unlinking sets this: the audit keeps referring to the link (five-year retention). */
    deletedAt: timestamptz('deleted_at'),
  },
  (table) => [
    // One live link per pair; an unlinked pair may be linked again.
    uniqueIndex('links_people_organization_live_idx')
      .on(table.peopleId, table.organizationId)
      .where(sql`${table.deletedAt} IS NULL`),
    index('links_organization_idx').on(table.organizationId),
    // Every role a person has or had, unlinked ones included: whom the AML retention holds,
    // and a subject-access export (docs/privacy.md).
    index('links_people_idx').on(table.peopleId),
  ],
);

export type LinkRow = typeof peopleOrganizationLinks.$inferSelect;

/** A person's roles in an organization, as the roles export and the registers read them. */
export interface PersonRoles {
  firstName: string;
  lastName: string;
  roles: string[];
  beneficiaryPercentage: number;
  appointedOn: string | null;
  ceasedOn: string | null;
}

/**
 * The organization's live links to live people, for a statement joining `people` on the link:
 * the members its registers and its AML check read.
 */
export const liveMembersOf = (organizationId: string) =>
  and(
    eq(peopleOrganizationLinks.organizationId, organizationId),
    isNull(peopleOrganizationLinks.deletedAt),
    isNull(people.deletedAt),
  );

/** A link shows in the history of its person and of its organization. */
export const linksAuditTrail = auditTrail(peopleOrganizationLinks, {
  recordType: 'link',
  insertAction: 'link',
  deleteAction: 'unlink',
  related: ['peopleId', 'organizationId'],
});
