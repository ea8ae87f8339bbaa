import type { FormPersonView } from '@registra/domain';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.schema';
import {
  idColumn,
  jsonList,
  liveIndex,
  searchTextColumn,
  timestamps,
  timestamptz,
} from '../platform/database/columns';
import { auditTrail } from '../platform/audit/audit-trail';

/** A company-creation request sent through the public form (docs/product/forms.md). */
export const forms = pgTable(
  'forms',
  {
    id: idColumn(),
    organizationName1: text('organization_name1').notNull(),
    organizationName2: text('organization_name2').notNull().default(''),
    organizationName3: text('organization_name3').notNull().default(''),
    description: text('description').notNull(),
    idpal: boolean('idpal').notNull().default(false),
    secretaryCompany: boolean('secretary_company').notNull().default(false),
    anonymeShareholder: boolean('anonyme_shareholder').notNull().default(false),
    peoples: jsonList<FormPersonView>('peoples'),
    /** The list's Members and Directors columns, kept on every write so the list reads no JSON. */
    members: integer('members').notNull().default(0),
    directors: text('directors').notNull().default(''),
    /** The three names and the people's names, folded for the list's search. */
    searchText: searchTextColumn(),
    /** The organization the request became, once staff turned it into a client. */
    organizationId: uuid('organization_id').references(() => organizations.id),
    convertedAt: timestamptz('converted_at'),
    /**
     * Staff keep the request past the prospect period: the daily retention job lists it for
     * review instead of erasing it. Who kept it and when is the history's.
     */
    kept: boolean('kept').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    // The list's sorts (createdAt desc by default), each read in either direction.
    liveIndex(table, 'forms_created_idx', table.createdAt, table.id),
    liveIndex(table, 'forms_name1_idx', table.organizationName1, table.id),
    liveIndex(table, 'forms_name2_idx', table.organizationName2, table.id),
    liveIndex(table, 'forms_name3_idx', table.organizationName3, table.id),
    index('forms_search_text_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    index('forms_organization_idx').on(table.organizationId),
    // The retention review: prospects' requests by their last change (docs/privacy.md).
    index('forms_updated_at_idx').on(table.updatedAt),
  ],
);

export type FormRow = typeof forms.$inferSelect;
export type NewFormRow = typeof forms.$inferInsert;

/**
 * A request's changes show in its history and in that of the organization it became; the search
 * text is derived, the people lists are shown whole on the request itself.
 */
export const formsAuditTrail = auditTrail(forms, {
  recordType: 'form',
  hidden: ['searchText', 'members', 'directors'],
  label: ['organizationName1'],
  related: ['organizationId'],
});
