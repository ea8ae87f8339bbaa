import type { FollowUpHistoryEntry } from '@registra/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.schema';
import { users } from '../users/users.schema';
import {
  calendarDate,
  idColumn,
  jsonList,
  requiredReference,
  timestamps,
  timestamptz,
} from '../platform/database/columns';
import { auditTrail } from '../platform/audit/audit-trail';

/**
 * A follow-up process of the catalogue on an organization (docs/product/follow-ups.md).
 * The type's step count is stored (max_step_index) so that "in progress" and
 * "completed" filter and count in SQL.
 */
export const followUps = pgTable(
  'follow_ups',
  {
    id: idColumn(),
    organizationId: requiredReference('organization_id', () => organizations.id),
    /** The catalogue type key (AR_TRADING…). */
    name: text('name').notNull(),
    stepIndex: integer('step_index').notNull().default(0),
    maxStepIndex: integer('max_step_index').notNull(),
    completed: boolean('completed')
      .notNull()
      .generatedAlwaysAs(sql`step_index = max_step_index`),
    startDate: calendarDate('start_date'),
    ard: calendarDate('ard'),
    deadline: calendarDate('deadline'),
    comments: text('comments').notNull().default(''),
    userId: uuid('user_id').references(() => users.id),
    userName: text('user_name'),
    archivedAt: timestamptz('archived_at'),
    history: jsonList<FollowUpHistoryEntry>('history'),
    /** The deadline whose passing was already mailed to the assignee (once per deadline). */
    deadlineRemindedFor: calendarDate('deadline_reminded_for'),
    createdById: uuid('created_by_id'),
    /**
     * A copy of the organization's search text, kept by triggers (routines/follow-up-search.sql),
     * so that a type and an organization's name are found together in one index (ADR 0151).
     */
    organizationSearchText: text('organization_search_text').notNull().default(''),
    ...timestamps,
  },
  (table) => {
    const active = sql`${table.archivedAt} IS NULL AND ${table.deletedAt} IS NULL`;
    /** An index of the active follow-ups only (not archived, not deleted). */
    const activeIndex = (name: string, ...columns: Parameters<ReturnType<typeof index>['on']>) =>
      index(name)
        .on(...columns)
        .where(active);
    return [
      // One active follow-up of a type per organization, decided by the database even for two
      // requests at once ("X already exists!").
      uniqueIndex('follow_ups_active_type_idx').on(table.organizationId, table.name).where(active),
      index('follow_ups_organization_idx')
        .on(table.organizationId, table.createdAt)
        .where(sql`${table.deletedAt} IS NULL`),
      // The list's sorts and filters run on active follow-ups.
      activeIndex('follow_ups_active_created_idx', table.createdAt, table.id),
      activeIndex('follow_ups_active_deadline_idx', table.deadline, table.id),
      // "Most recent deadline first", dated ones before the empty ones.
      activeIndex(
        'follow_ups_active_deadline_desc_idx',
        table.deadline.desc().nullsLast(),
        table.id.desc(),
      ),
      activeIndex('follow_ups_active_start_idx', table.startDate, table.id),
      activeIndex('follow_ups_active_ard_idx', table.ard, table.id),
      activeIndex('follow_ups_active_name_idx', table.name, table.deadline),
      activeIndex('follow_ups_active_user_idx', table.userId, table.deadline),
      activeIndex('follow_ups_active_step_idx', table.stepIndex, table.id),
      // A type and an organization's name intersected in the index, without reading the
      // organizations (btree_gin indexes the type beside the trigrams, ADR 0151).
      index('follow_ups_active_name_organization_text_idx')
        .using('gin', table.name, table.organizationSearchText.op('gin_trgm_ops'))
        .where(active),
    ];
  },
);

export type FollowUpRow = typeof followUps.$inferSelect;
export type NewFollowUpRow = typeof followUps.$inferInsert;

/**
 * The live, active follow-ups counted by whether they are completed and, for those in progress,
 * by deadline ('infinity': none; completed ones all under 'infinity'), kept by a trigger on
 * follow_ups in the transaction of each change (platform/database/routines, ADR 0093).
 * The /followUp list's summary reads these few thousand rows instead of counting 200k
 * follow-ups, then takes off those of deleted organizations, which are few.
 */
export const followUpDeadlineCounts = pgTable(
  'follow_up_deadline_counts',
  {
    completed: boolean('completed').notNull(),
    deadline: calendarDate('deadline').notNull(),
    total: integer('total').notNull(),
  },
  (table) => [primaryKey({ columns: [table.completed, table.deadline] })],
);

/**
 * Each organization's live, active follow-ups, for the organizations that have one, and how many
 * organizations have one (a single row): kept by a trigger on follow_ups in the transaction of
 * each change (platform/database/routines, ADR 0093). The dashboard's
 * Follow Ups card shows how many organizations have an active follow-up: counting them from the
 * follow-ups took 150 ms on 100k organizations and grew with the book.
 */
export const followUpOrganizationCounts = pgTable('follow_up_organization_counts', {
  organizationId: uuid('organization_id').primaryKey(),
  active: integer('active').notNull(),
});

export const followUpOrganizationTotal = pgTable('follow_up_organization_total', {
  /** Always true: the table has one row. */
  single: boolean('single').primaryKey().default(true),
  total: integer('total').notNull(),
});

/** Kept by the database, never shown: left out of the API's view and of the history. */
export const FOLLOW_UP_DERIVED_COLUMNS = ['organizationSearchText'] as const;

/**
 * Left out of the history: the copy of the organization's search text (it changes with the
 * organization, not with the follow-up), the history list (it repeats the audit in the API's shape), the
 * stored step count and completion (derived from the step), and the reminder marker (set by the
 * scheduler, not a change anyone made).
 */
export const followUpsAuditTrail = auditTrail(followUps, {
  recordType: 'followUp',
  hidden: [
    ...FOLLOW_UP_DERIVED_COLUMNS,
    'history',
    'maxStepIndex',
    'completed',
    'deadlineRemindedFor',
  ],
  label: ['name'],
  related: ['organizationId'],
});

/**
 * The annual-return follow-ups the daily job started (ADR 0106): one row per company and ARD,
 * the primary key deciding, even for two instances at once, that a company's ARD is started once.
 * `follow_up_id` is empty when the job found that process already running (started by hand).
 */
export const annualReturnStarts = pgTable(
  'annual_return_starts',
  {
    organizationId: requiredReference('organization_id', () => organizations.id),
    ard: calendarDate('ard').notNull(),
    followUpId: uuid('follow_up_id').references(() => followUps.id),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.ard] })],
);
