import type { AssignedUser, PaymentHistoryEntry, RiskLevel } from '@registra/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import {
  attachedFilesColumn,
  calendarDate,
  idColumn,
  jsonList,
  jsonObject,
  searchBucketColumn,
  searchBucketSequence,
  searchBucketTextIndex,
  searchTextColumn,
  timestamps,
  timestamptz,
} from '../platform/database/columns';
import { auditTrail } from '../platform/audit/audit-trail';

export type { AssignedUser, PaymentHistoryEntry };

/** Numbers the organizations' rows into search buckets (searchBucketColumn). */
export const organizationsSearchBucketSequence = searchBucketSequence('organizations');

/** An organization and its services (docs/product/organizations-and-people.md). */
export const organizations = pgTable(
  'organizations',
  {
    id: idColumn(),
    name: text('name').notNull(),
    mail: text('mail'),
    cro: text('cro'),
    language: text('language'),
    creationStatus: text('creation_status'),
    creationPackage: text('creation_package'),
    incorporationDate: calendarDate('incorporation_date'),
    businessActivity: text('business_activity'),
    address: text('address'),
    country: text('country'),
    rbo: boolean('rbo').notNull().default(false),
    comments: text('comments'),
    notes: text('notes'),
    attachedFiles: attachedFilesColumn(),
    users: jsonList<AssignedUser>('users'),
    aml: jsonObject<Record<string, unknown>>('aml'),
    /** The stored appendix-2 level and next review, kept from `aml` on save for the list filters. */
    amlRiskLevel: text('aml_risk_level').$type<RiskLevel>(),
    amlNextReview: calendarDate('aml_next_review'),
    firstAr: calendarDate('first_ar'),
    /** First annual return done (shown DONE / PENDING). */
    status: boolean('status').notNull().default(false),
    nextArReminder: calendarDate('next_ar_reminder'),
    b1b73: calendarDate('b1b73'),
    /** Its annual-return follow-up starts by itself before the ARD (the firm's lead days). */
    annualReturnAutoStart: boolean('annual_return_auto_start').notNull().default(true),
    bilan: boolean('bilan').notNull().default(false),
    financialYearEnd: calendarDate('financial_year_end'),
    corporationTaxPaid: jsonList<string>('corporation_tax_paid'),
    corporationTaxPaidReminder: calendarDate('corporation_tax_paid_reminder'),
    coroporationTaxNumber: text('coroporation_tax_number'),
    accountingComments: text('accounting_comments'),
    finotor: text('finotor').notNull().default('not_sent'),
    finotorEmailSentAt: timestamptz('finotor_email_sent_at'),
    finotorRegisteredAt: timestamptz('finotor_registered_at'),
    hasDomiciliation: boolean('has_domiciliation').notNull().default(false),
    domiciliationSubscription: calendarDate('domiciliation_subscription'),
    domiciliationSubscriptionPlan: integer('domiciliation_subscription_plan').notNull().default(12),
    domiciliationPaidReminder: calendarDate('domiciliation_paid_reminder'),
    domiciliationPaymentHistory: jsonList<PaymentHistoryEntry>('domiciliation_payment_history'),
    hasSecretaryCompany: boolean('has_secretary_company').notNull().default(false),
    secretaryCompanySubscription: calendarDate('secretary_company_subscription'),
    secretaryCompanySubscriptionPlan: integer('secretary_company_subscription_plan')
      .notNull()
      .default(12),
    secretaryCompanyPaidReminder: calendarDate('secretary_company_paid_reminder'),
    secretaryCompanyPaymentHistory: jsonList<PaymentHistoryEntry>(
      'secretary_company_payment_history',
    ),
    hasAnonymousShareholder: boolean('has_anonymous_shareholder').notNull().default(false),
    anonymousShareholderSubscription: calendarDate('anonymous_shareholder_subscription'),
    anonymousShareholderSubscriptionPlan: integer('anonymous_shareholder_subscription_plan')
      .notNull()
      .default(12),
    anonymousShareholderPaidReminder: calendarDate('anonymous_shareholder_paid_reminder'),
    anonymousShareholdePaymentHistory: jsonList<PaymentHistoryEntry>(
      'anonymous_shareholder_payment_history',
    ),
    /**
     * The earliest paid reminder of the services the organization has (domiciliation, secretary
     * company, anonymous shareholder), written by PostgreSQL: the "late paid reminders" filter
     * is one range on one index instead of three ORs read over every organization (ADR 0093).
     */
    paidReminderDue: calendarDate('paid_reminder_due').generatedAlwaysAs(
      sql`LEAST(CASE WHEN has_domiciliation THEN domiciliation_paid_reminder END, CASE WHEN has_secretary_company THEN secretary_company_paid_reminder END, CASE WHEN has_anonymous_shareholder THEN anonymous_shareholder_paid_reminder END)`,
    ),
    /**
     * When the firm's relationship with the client ended (struck off, or the firm stopped
     * acting); null while it goes on. Its people are kept five years after it (docs/privacy.md).
     */
    relationshipEndedOn: calendarDate('relationship_ended_on'),
    searchText: searchTextColumn(),
    /** Which search bucket the row was written in (ADR 0156). */
    searchBucket: searchBucketColumn('organizations'),
    /** Name folded without punctuation or Irish legal suffixes; groups duplicates. */
    duplicateKey: text('duplicate_key').notNull().default(''),
    ...timestamps,
    /** Set when staff merged this record into another: its GET points there. */
    mergedInto: uuid('merged_into'),
  },
  (table) => {
    const live = sql`${table.deletedAt} IS NULL`;
    return [
      searchBucketTextIndex('organizations_search_bucket_text_idx', table),
      index('organizations_users_idx').using('gin', sql`${table.users} jsonb_path_ops`),
      index('organizations_created_at_idx').on(table.createdAt).where(live),
      index('organizations_name_idx').on(table.name).where(live),
      index('organizations_incorporation_date_idx').on(table.incorporationDate).where(live),
      index('organizations_first_ar_idx').on(table.firstAr).where(live),
      // The id breaks ties: the companies due on one day (a thousand on the large book) are
      // paged in the index's order, not read whole to be sorted (ADR 0149).
      index('organizations_next_ar_reminder_idx').on(table.nextArReminder, table.id).where(live),
      // The companies whose ARD the calendar derives (first AR done, no next ARD set): the
      // anniversaries are computed for these rows only.
      index('organizations_derived_ard_idx')
        .on(table.incorporationDate)
        .where(
          sql`${table.deletedAt} IS NULL AND ${table.nextArReminder} IS NULL AND ${table.status} AND ${table.incorporationDate} IS NOT NULL`,
        ),
      // The calendar's B1/B73 dates of a range.
      index('organizations_b1b73_idx').on(table.b1b73).where(live),
      index('organizations_creation_status_idx').on(table.creationStatus).where(live),
      index('organizations_finotor_idx').on(table.finotor).where(live),
      index('organizations_status_bilan_idx').on(table.status, table.bilan).where(live),
      index('organizations_tax_reminder_idx').on(table.corporationTaxPaidReminder).where(live),
      index('organizations_domiciliation_reminder_idx')
        .on(table.domiciliationPaidReminder)
        .where(live),
      index('organizations_secretary_reminder_idx')
        .on(table.secretaryCompanyPaidReminder)
        .where(live),
      index('organizations_shareholder_reminder_idx')
        .on(table.anonymousShareholderPaidReminder)
        .where(live),
      // A picker's names starting with its text: `organizations_name_key_idx` on
      // (lower(name), id) INCLUDE (name), written in a custom migration (ADR 0150).
      index('organizations_duplicate_key_idx').on(table.duplicateKey).where(live),
      index('organizations_aml_risk_level_idx').on(table.amlRiskLevel).where(live),
      index('organizations_aml_next_review_idx').on(table.amlNextReview).where(live),
      index('organizations_paid_reminder_due_idx').on(table.paidReminderDue).where(live),
      // The retention review's question: the clients whose relationship ended before a day.
      index('organizations_relationship_ended_on_idx').on(table.relationshipEndedOn),
    ];
  },
);

/**
 * Columns derived from the others (search and duplicate keys; the AML level and next review,
 * copies of `aml` for the list filters; the services' paid reminder due): never shown in the
 * organization's view, never a change in the history.
 */
export const ORGANIZATION_DERIVED_COLUMNS = [
  'searchText',
  'searchBucket',
  'duplicateKey',
  'amlRiskLevel',
  'amlNextReview',
  'paidReminderDue',
] as const;

export const organizationsAuditTrail = auditTrail(organizations, {
  recordType: 'organization',
  hidden: ORGANIZATION_DERIVED_COLUMNS,
  label: ['name'],
});

export type OrganizationRow = typeof organizations.$inferSelect;
export type NewOrganizationRow = typeof organizations.$inferInsert;
