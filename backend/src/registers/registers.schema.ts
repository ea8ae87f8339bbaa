import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  calendarDate,
  idColumn,
  requiredReference,
  timestamps,
} from '../platform/database/columns';
import { auditTrail } from '../platform/audit/audit-trail';
import { organizations } from '../organizations/organizations.schema';
import { people } from '../people/people.schema';

/** A class of an organization's shares (docs/product/links-and-registers.md). */
export const shareClasses = pgTable(
  'share_classes',
  {
    id: idColumn(),
    organizationId: requiredReference('organization_id', () => organizations.id),
    name: text('name').notNull(),
    /** Per share, six decimals: shares of €0.000001 exist. */
    nominalValue: numeric('nominal_value', { precision: 16, scale: 6 }).notNull(),
    /** ISO 4217, three capitals. */
    currency: text('currency').notNull(),
    ...timestamps,
  },
  (table) => [
    // Two live "Ordinary" classes of one company would make its register ambiguous.
    uniqueIndex('share_classes_organization_name_live_idx')
      .on(table.organizationId, sql`lower(${table.name})`)
      .where(sql`${table.deletedAt} IS NULL`),
  ],
);

export type ShareClassRow = typeof shareClasses.$inferSelect;

/**
 * A dated entry of the register of members: an allotment of new shares to a member, or a
 * transfer from one member to another. Holdings follow from the entries, never stored.
 */
export const shareEntries = pgTable(
  'share_entries',
  {
    id: idColumn(),
    organizationId: requiredReference('organization_id', () => organizations.id),
    kind: text('kind').notNull().$type<'allotment' | 'transfer'>(),
    date: calendarDate('date').notNull(),
    shareClassId: requiredReference('share_class_id', () => shareClasses.id),
    shares: integer('shares').notNull(),
    toPeopleId: requiredReference('to_people_id', () => people.id),
    fromPeopleId: uuid('from_people_id').references(() => people.id),
    /** An allotment's B5 deadline (30 days on); null for a transfer or one already filed. */
    b5Due: calendarDate('b5_due'),
    ...timestamps,
  },
  (table) => [
    // A company's entries in date order: the registers read them in one range.
    index('share_entries_organization_date_idx')
      .on(table.organizationId, table.date)
      .where(sql`${table.deletedAt} IS NULL`),
    // "Is this class held?" before deleting it.
    index('share_entries_class_idx')
      .on(table.shareClassId)
      .where(sql`${table.deletedAt} IS NULL`),
    // The calendar's B5 deadlines, read by range.
    index('share_entries_b5_due_idx')
      .on(table.b5Due)
      .where(sql`${table.deletedAt} IS NULL AND ${table.b5Due} IS NOT NULL`),
  ],
);

export type ShareEntryRow = typeof shareEntries.$inferSelect;

export const shareClassesAuditTrail = auditTrail(shareClasses, {
  recordType: 'shareClass',
  label: ['name'],
  related: ['organizationId'],
});

export const shareEntriesAuditTrail = auditTrail(shareEntries, {
  recordType: 'shareEntry',
  label: ['kind', 'date'],
  related: ['organizationId', 'toPeopleId', 'fromPeopleId'],
});
