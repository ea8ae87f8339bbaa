import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable } from 'drizzle-orm/pg-core';
import { timestamptz } from '../platform/database/columns';

/**
 * The firm-wide settings: one row (`single` is always true), absent until an administrator first
 * saves; the service answers the defaults until then.
 */
export const firmSettings = pgTable(
  'firm_settings',
  {
    single: boolean('single').primaryKey().default(true),
    /** How many days before a company's ARD its annual-return follow-up starts by itself. */
    annualReturnLeadDays: integer('annual_return_lead_days').notNull().default(60),
    /** Every account signs in with an authenticator code; one without it enrols first. */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    /** The retention periods (libs/domain's RETENTION_PERIOD_RULES: defaults and bounds). */
    amlRetentionYears: integer('aml_retention_years').notNull().default(5),
    prospectRetentionMonths: integer('prospect_retention_months').notNull().default(12),
    mailBodyRetentionMonths: integer('mail_body_retention_months').notNull().default(60),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [check('firm_settings_single', sql`${table.single}`)],
);

export type FirmSettingsRow = typeof firmSettings.$inferSelect;
