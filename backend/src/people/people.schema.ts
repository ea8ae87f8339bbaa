import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  attachedFilesColumn,
  calendarDate,
  idColumn,
  liveIndex,
  searchBucketColumn,
  searchBucketSequence,
  searchBucketTextIndex,
  searchTextColumn,
  timestamps,
} from '../platform/database/columns';
import { auditTrail } from '../platform/audit/audit-trail';

/** Numbers the people' rows into search buckets (searchBucketColumn). */
export const peopleSearchBucketSequence = searchBucketSequence('people');

/** A person (docs/product/organizations-and-people.md). */
export const people = pgTable(
  'people',
  {
    id: idColumn(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    mail: text('mail'),
    birth: calendarDate('birth'),
    nationality: text('nationality'),
    country: text('country'),
    ipn: text('ipn'),
    pps: text('pps'),
    addressStreet1: text('address_street1'),
    addressZip1: text('address_zip1'),
    addressCity1: text('address_city1'),
    addressState1: text('address_state1'),
    addressCountry1: text('address_country1'),
    comments: text('comments'),
    vif: boolean('vif').notNull().default(false),
    idPal: boolean('id_pal').notNull().default(false),
    pep: boolean('pep').notNull().default(false),
    companyForm: text('company_form'),
    dateAml: calendarDate('date_aml'),
    attachedFiles: attachedFilesColumn(),
    searchText: searchTextColumn(),
    /** Which search bucket the row was written in (ADR 0156). */
    searchBucket: searchBucketColumn('people'),
    /** First + last name folded (case, accents, spacing ignored); groups duplicates. */
    duplicateKey: text('duplicate_key').notNull().default(''),
    ...timestamps,
    /** Set when staff merged this record into another: its GET points there. */
    mergedInto: uuid('merged_into'),
  },
  (table) => [
    searchBucketTextIndex('people_search_bucket_text_idx', table),
    liveIndex(table, 'people_created_at_idx', table.createdAt),
    // A name sort's order is the name, then the id (thousands of people share a last name): with
    // the id in the index the first page reads 50 entries, not the whole first name's group.
    liveIndex(table, 'people_first_name_idx', table.firstName, table.id),
    liveIndex(table, 'people_last_name_idx', table.lastName, table.id),
    liveIndex(table, 'people_mail_idx', table.mail),
    liveIndex(table, 'people_country_idx', table.country),
    // A picker's last names starting with its text: `people_last_name_key_idx` on
    // (lower(last_name), id) INCLUDE (last_name), written in a custom migration (ADR 0150).
    // The duplicate key's index is `people_duplicate_members_idx`, a covering index written in
    // the `record_counts_custom` migration (Drizzle cannot declare INCLUDE columns).
  ],
);

/**
 * Columns the repository derives from the others (search and duplicate keys): never shown in the
 * person's view, never a change in the history.
 */
export const PEOPLE_DERIVED_COLUMNS = ['searchText', 'searchBucket', 'duplicateKey'] as const;

export const peopleAuditTrail = auditTrail(people, {
  recordType: 'people',
  hidden: PEOPLE_DERIVED_COLUMNS,
  label: ['firstName', 'lastName'],
});

export type PersonRow = typeof people.$inferSelect;
export type NewPersonRow = typeof people.$inferInsert;
