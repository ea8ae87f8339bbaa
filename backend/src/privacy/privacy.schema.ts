import { DATA_EXPORT_STATUSES } from '@registra/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn, timestamps, timestamptz } from '../platform/database/columns';

/**
 * A subject-access export (GDPR Art. 15): one person's package, built by a queue job into a ZIP
 * in the file storage, downloaded once by an administrator, then its bytes removed. The row
 * stays as the record that the request was answered (who asked, when it was downloaded); it
 * holds no personal value of its own.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: idColumn(),
    /** The person exported; null for an e-mail found only in the public form's requests. */
    personId: uuid('person_id'),
    /**
     * The e-mail exported when there is no person record: held only while the package is built,
     * then cleared.
     */
    subjectMail: text('subject_mail'),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('running'),
    /** 0..100, written as the job goes through the package's sections. */
    progress: integer('progress').notNull().default(0),
    /** The ZIP in the file storage, once built; null again once downloaded. */
    storageKey: text('storage_key'),
    requestedBy: uuid('requested_by'),
    requestedByName: text('requested_by_name'),
    error: text('error'),
    downloadedAt: timestamptz('downloaded_at'),
    downloadedBy: uuid('downloaded_by'),
    ...timestamps,
  },
  (table) => [index('data_exports_person_idx').on(table.personId)],
);

export type DataExportRow = typeof dataExports.$inferSelect;

/** A person the prepared review lists: the date that lets them go, never their values. */
export interface ReviewedPerson {
  _id: string;
  lastEndedOn: string;
}

/** A kept prospect's request past the period, as the prepared review lists it. */
export interface ReviewedProspect {
  _id: string;
  lastChangedAt: string;
}

/**
 * The retention review as the daily job (or an administrator's refresh) last prepared it: one
 * row, ids and dates only (the names are read live, so an erasure leaves nothing here).
 */
export const retentionReviews = pgTable(
  'retention_reviews',
  {
    single: boolean('single').primaryKey().default(true),
    preparedAt: timestamptz('prepared_at').notNull(),
    preparedByName: text('prepared_by_name'),
    people: jsonb('people').$type<ReviewedPerson[]>().notNull(),
    prospects: jsonb('prospects').$type<ReviewedProspect[]>().notNull(),
    /** Mails created before this instant have their bodies past the mail period. */
    mailBodiesBefore: timestamptz('mail_bodies_before').notNull(),
    /** The last day the daily job ran: once a day across instances. */
    jobDay: date('job_day', { mode: 'string' }),
  },
  (table) => [check('retention_reviews_single', sql`${table.single}`)],
);

export type RetentionReviewRow = typeof retentionReviews.$inferSelect;
