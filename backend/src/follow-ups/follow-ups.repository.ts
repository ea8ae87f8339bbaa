import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gte, isNotNull, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { organizations } from '../organizations/organizations.schema';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { anyRow } from '../platform/database/any-row';
import { PAGE_ROWS } from '../platform/database/json-view';
import { applyFilters } from '../platform/database/list-filters';
import type { ListFilters } from '../platform/database/list-filters';
import {
  containsPattern,
  readPageAndCount,
  SORT_MATCHES_MAX,
  sortOfMatches,
} from '../platform/database/search';
import { softDeleteLive } from '../platform/database/soft-delete';
import { users } from '../users/users.schema';
import type { FollowUpSortField } from './dto/follow-up.dto';
import { FOLLOW_UP_VIEW } from './follow-up.view';
import { annualReturnStarts, followUpDeadlineCounts, followUps } from './follow-ups.schema';
import type { FollowUpRow, NewFollowUpRow } from './follow-ups.schema';

export interface FollowUpFilters {
  organizationId?: string;
  archived: boolean;
  organizationName?: string;
  name?: string;
  inProgress: boolean;
  completed: boolean;
  startedOnOrAfter?: string;
  deadlineOnOrBefore?: string;
  assignedTo?: string;
}

/** A follow-up with the name of its organization (the views show both). */
export interface FollowUpWithOrganization {
  row: FollowUpRow;
  organizationName: string;
}

export interface FollowUpCounts {
  total: number;
  inProgress: number;
  completed: number;
  late: number;
  dueSoon: number;
}

/** A passed deadline still to be mailed to its assignee. */
export interface PendingDeadlineReminder {
  id: string;
  name: string;
  deadline: string;
  stepIndex: number;
  organizationId: string;
  organizationName: string;
  email: string;
  firstName: string;
}

/** Each sort's column in the page statement and, by name, among the page's rows. */
const SORT_COLUMNS: Record<FollowUpSortField, { inner: SQL; outer: string }> = {
  organization_name: { inner: sql`${organizations.name}`, outer: 'organization_name' },
  name: { inner: sql`${followUps.name}`, outer: 'name' },
  step_index: { inner: sql`${followUps.stepIndex}`, outer: 'step_index' },
  start_date: { inner: sql`${followUps.startDate}`, outer: 'start_date' },
  ARD: { inner: sql`${followUps.ard}`, outer: 'ard' },
  deadline: { inner: sql`${followUps.deadline}`, outer: 'deadline' },
  user_name: { inner: sql`${followUps.userName}`, outer: 'user_name' },
  comments: { inner: sql`${followUps.comments}`, outer: 'comments' },
  createdAt: { inner: sql`${followUps.createdAt}`, outer: 'created_at' },
};

/** Sort columns that may be empty: their empty values go last. */
const NULLABLE_SORTS: ReadonlySet<FollowUpSortField> = new Set([
  'start_date',
  'ARD',
  'deadline',
  'user_name',
]);

const live = isNull(followUps.deletedAt);
/**
 * Not a follow-up of a deleted organization. Deleted organizations are few (a partial index holds
 * them), so this is a small hashed set rather than a join over every organization.
 */
const ofLiveOrganization = sql`${followUps.organizationId} NOT IN (SELECT ${organizations.id} FROM ${organizations} WHERE ${organizations.deletedAt} IS NOT NULL)`;
const active = and(live, isNull(followUps.archivedAt));

/** The in progress / completed flags as a condition on a `completed` column; none for both. */
const progressCondition = (f: FollowUpFilters, completed: SQL): SQL | undefined =>
  f.inProgress && f.completed
    ? undefined
    : f.inProgress
      ? sql`NOT ${completed}`
      : f.completed
        ? completed
        : sql`false`;

/**
 * The follow-ups list's filters (list-filters.ts): every field of FollowUpFilters has its entry.
 * 'maintainedSummary': the maintained counts by deadline (ADR 0093), which hold the active
 * follow-ups, still answer the summary when only these filters are set.
 */
const FOLLOW_UP_FILTERS: ListFilters<FollowUpFilters, 'maintainedSummary'> = {
  organizationId: (id) => ({ where: eq(followUps.organizationId, id) }),
  archived: (archived) =>
    archived
      ? { where: isNotNull(followUps.archivedAt) }
      : { where: isNull(followUps.archivedAt), answeredBy: ['maintainedSummary'] },
  // The follow-up's copy of its organization's search text (ADR 0151): with the type, one
  // index holds both; the organization is joined only for each row of the page. (The
  // organization being live is `ofLiveOrganization`, part of every search.)
  organizationName: (term) => ({
    where: sql`${followUps.organizationSearchText} LIKE ${containsPattern(term)}`,
  }),
  name: (name) => ({ where: eq(followUps.name, name) }),
  // The two progress flags make one condition, written once (progressCondition).
  inProgress: (_, f) => {
    const where = progressCondition(f, sql`${followUps.completed}`);
    return where ? { where } : undefined;
  },
  completed: () => undefined,
  startedOnOrAfter: (day) => ({ where: gte(followUps.startDate, day) }),
  deadlineOnOrBefore: (day) => ({ where: lte(followUps.deadline, day) }),
  assignedTo: (userId) => ({ where: eq(followUps.userId, userId) }),
};

/**
 * The summary's numbers (total, in progress, completed, late, due soon) as the select list over
 * rows with a `completed` and a `deadline`, each row counting for `weight`: 1 for a follow-up, its
 * number for a row of the maintained counts.
 */
function summaryColumns(
  weight: SQL,
  completed: SQL,
  deadline: SQL,
  today: string,
  soon: string,
): SQL {
  const sumOf = (condition?: SQL) =>
    sql`coalesce(sum(${weight})${condition ? sql` FILTER (WHERE ${condition})` : sql``}, 0)::int`;
  return sql`${sumOf()} AS "total",
    ${sumOf(sql`NOT ${completed}`)} AS "inProgress",
    ${sumOf(completed)} AS "completed",
    ${sumOf(sql`NOT ${completed} AND ${deadline} < ${today}`)} AS "late",
    ${sumOf(sql`NOT ${completed} AND ${deadline} >= ${today} AND ${deadline} <= ${soon}`)} AS "dueSoon"`;
}

/** Bounds the digest query; more than this many due processes for one person is its own alarm. */
const DUE_FOR_USER_MAX = 500;

/** A company whose annual return the daily job may start. */
export interface AnnualReturnCandidate {
  organizationId: string;
  organizationName: string;
  ard: string;
  firstArDone: boolean;
  /** The organization's first assigned user ({userId, userName}), if any and not deactivated. */
  firstUser: { userId?: string; userName?: string } | null;
}

@Injectable()
export class FollowUpsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(values: NewFollowUpRow): Promise<FollowUpRow> {
    const [row] = await this.db.insert(followUps).values(values).returning();
    return row;
  }

  async findLive(id: string): Promise<FollowUpWithOrganization | undefined> {
    const [found] = await this.db
      .select({ row: followUps, organizationName: organizations.name })
      .from(followUps)
      .innerJoin(organizations, eq(organizations.id, followUps.organizationId))
      .where(and(eq(followUps.id, id), live, isNull(organizations.deletedAt)))
      .limit(1);
    return found;
  }

  /** Whether another active follow-up of `name` exists on the organization. */
  async activeOfTypeExists(organizationId: string, name: string, exceptId?: string) {
    return anyRow(
      this.db,
      followUps,
      and(
        active,
        eq(followUps.organizationId, organizationId),
        eq(followUps.name, name),
        exceptId ? ne(followUps.id, exceptId) : undefined,
      ),
    );
  }

  /** Writes `values` when the follow-up is live and still at `expectedUpdatedAt`. */
  async update(
    id: string,
    values: Partial<NewFollowUpRow>,
    expectedUpdatedAt: Date,
  ): Promise<FollowUpRow | undefined> {
    const [row] = await this.db
      .update(followUps)
      .set(values)
      .where(and(eq(followUps.id, id), live, eq(followUps.updatedAt, expectedUpdatedAt)))
      .returning();
    return row;
  }

  softDelete(id: string, at: Date): Promise<boolean> {
    return softDeleteLive(this.db, followUps, id, at);
  }

  /**
   * One page, each follow-up as its view's JSON text written by PostgreSQL (ADR 0090), and the
   * summary's counts (the page's total is read from them: one aggregate, not a second count).
   * Conditions on organizations go through subqueries, so that the planner walks the
   * follow-ups' own indexes and joins an organization only for each row of the page. The two
   * statements run side by side when the pool has two connections free (ADR 0089).
   */
  async search(
    filters: FollowUpFilters,
    sort: { field: FollowUpSortField; order: 'asc' | 'desc' },
    page: { offset: number; limit: number },
    today: string,
    soon: string,
  ): Promise<{ items: string[]; total: number; counts: FollowUpCounts }> {
    const totalOf = (counts: FollowUpCounts) =>
      (filters.inProgress ? counts.inProgress : 0) + (filters.completed ? counts.completed : 0);
    if (filters.organizationName) {
      const named = await this.searchByOrganizationName(filters, sort, page, today, soon);
      if (named) return { ...named, total: totalOf(named.counts) };
    }
    const { rows: items, count: counts } = await readPageAndCount(
      this.db,
      page,
      () => this.counts(filters, today, soon),
      () => this.pageViews(filters, sort, page),
      totalOf,
    );
    return { items, total: totalOf(counts), counts };
  }

  /**
   * A search by organization name, in one statement: the follow-ups whose copy of their
   * organization's search text matches (ADR 0151), found with the type in one index
   * (`follow_ups_active_name_organization_text_idx`), then counted for the summary and sorted
   * for the page. Read through the organizations instead, the follow-ups of one type for a name
   * read a heap page per named organization, 3 372 → 9 699 when the book tripled, to prove an
   * empty answer (ADR 0149); walked in a sort's index, every follow-up of the type was tested.
   * A name of one or two letters, which the trigram index cannot find, matches most of the
   * book: above SORT_MATCHES_MAX follow-ups this is undefined, and the walk finds a page quickly.
   */
  private async searchByOrganizationName(
    filters: FollowUpFilters,
    sort: { field: FollowUpSortField; order: 'asc' | 'desc' },
    page: { offset: number; limit: number },
    today: string,
    soon: string,
  ): Promise<{ items: string[]; counts: FollowUpCounts } | undefined> {
    const direction = sql.raw(sort.order === 'asc' ? 'ASC' : 'DESC');
    const nulls = sql.raw(NULLABLE_SORTS.has(sort.field) ? 'NULLS LAST' : '');
    const rows = sql.raw(PAGE_ROWS);
    // The organization's name, for its sort only: read for the matches, not for every name.
    const sortValue =
      sort.field === 'organization_name'
        ? sql`(SELECT ${organizations.name} FROM ${organizations}
            WHERE ${organizations.id} = ${followUps.organizationId})`
        : SORT_COLUMNS[sort.field].inner;
    // Every follow-up the filters keep, whatever its progress: the summary counts both; the page
    // keeps the asked ones.
    const kept = this.where({ ...filters, inProgress: true, completed: true });
    const shownProgress = progressCondition(filters, sql`matches.completed`) ?? sql`true`;
    const few = sortOfMatches(filters.organizationName) === 'few';
    const result = (await this.db.execute(sql`
      WITH matches AS MATERIALIZED (
        SELECT ${followUps.id} AS id, ${followUps.completed} AS completed,
          ${followUps.deadline} AS deadline, ${sortValue} AS sort_value
        FROM ${followUps}
        WHERE ${kept}
        ${few ? sql`LIMIT ${SORT_MATCHES_MAX + 1}` : sql``}
      ),
      counted AS (
        SELECT ${summaryColumns(sql`1`, sql`completed`, sql`deadline`, today, soon)}
        FROM matches
      ),
      page_ids AS (
        SELECT id, sort_value FROM matches WHERE ${shownProgress}
        ORDER BY sort_value ${direction} ${nulls}, id ${direction} ${nulls}
        LIMIT ${page.limit} OFFSET ${page.offset}
      )
      SELECT counted.*, page_ids.id AS "pageId",
        CASE WHEN page_ids.id IS NOT NULL THEN ${FOLLOW_UP_VIEW.json} END AS "shown"
      FROM counted
      LEFT JOIN page_ids ON true
      LEFT JOIN LATERAL (
        SELECT ${followUps}.*, ${organizations.name} AS organization_name
        FROM ${followUps}
        INNER JOIN ${organizations} ON ${organizations.id} = ${followUps.organizationId}
        WHERE ${followUps.id} = page_ids.id
      ) AS ${rows} ON true
      ORDER BY page_ids.sort_value ${direction} ${nulls}, page_ids.id ${direction} ${nulls}`)) as unknown as {
      rows: (FollowUpCounts & { pageId: string | null; shown: string | null })[];
    };
    const [first] = result.rows;
    if (few && first.total > SORT_MATCHES_MAX) return undefined;
    const { total, inProgress, completed, late, dueSoon } = first;
    return {
      items: result.rows.filter((row) => row.pageId !== null).map((row) => row.shown!),
      counts: { total, inProgress, completed, late, dueSoon },
    };
  }

  /** The page's follow-ups as their views' JSON text, the organization's name joined. */
  private async pageViews(
    filters: FollowUpFilters,
    sort: { field: FollowUpSortField; order: 'asc' | 'desc' },
    page: { offset: number; limit: number },
  ): Promise<string[]> {
    const direction = sql.raw(sort.order === 'asc' ? 'ASC' : 'DESC');
    // Empty dates and names last whichever the direction (a list by deadline starts with dates);
    // the tie-breaker follows suit, so that the order matches an index's (deadline DESC NULLS
    // LAST, id DESC NULLS LAST) exactly.
    const nulls = sql.raw(NULLABLE_SORTS.has(sort.field) ? 'NULLS LAST' : '');
    const rows = sql.raw(PAGE_ROWS);
    const sorted = SORT_COLUMNS[sort.field];
    const result = (await this.db.execute(sql`
      SELECT ${FOLLOW_UP_VIEW.json} AS "shown"
      FROM (
        SELECT ${followUps}.*, ${organizations.name} AS organization_name
        FROM ${followUps}
        INNER JOIN ${organizations} ON ${organizations.id} = ${followUps.organizationId}
        WHERE ${this.where(filters) ?? sql`true`}
        ORDER BY ${sorted.inner} ${direction} ${nulls}, ${followUps.id} ${direction} ${nulls}
        LIMIT ${page.limit} OFFSET ${page.offset}
      ) AS ${rows}
      ORDER BY ${rows}.${sql.identifier(sorted.outer)} ${direction} ${nulls},
        ${rows}.id ${direction} ${nulls}`)) as unknown as { rows: { shown: string }[] };
    return result.rows.map((row) => row.shown);
  }

  /** The list's summary over what the filters match, whatever the in progress / completed flags. */
  private async counts(
    filters: FollowUpFilters,
    today: string,
    soon: string,
  ): Promise<FollowUpCounts> {
    // The summary counts every follow-up the filters match, whatever the progress flags.
    const counted = { ...filters, inProgress: true, completed: true };
    if (applyFilters(FOLLOW_UP_FILTERS, counted).answers('maintainedSummary'))
      return this.maintainedCounts(today, soon);
    const result = (await this.db.execute(sql`
      SELECT ${summaryColumns(sql`1`, sql`${followUps.completed}`, sql`${followUps.deadline}`, today, soon)}
      FROM ${followUps}
      WHERE ${this.where(counted)}`)) as unknown as {
      rows: FollowUpCounts[];
    };
    return result.rows[0];
  }

  /**
   * The whole list's summary, exact, without counting every active follow-up (ADR 0093): the
   * maintained counts by deadline (a few thousand rows), less the active follow-ups of deleted
   * organizations, counted here (deleted organizations are few: a partial index holds them).
   * A follow-up without a deadline, or completed, is kept under 'infinity', which is neither late
   * nor due soon.
   */
  private async maintainedCounts(today: string, soon: string): Promise<FollowUpCounts> {
    const result = (await this.db.execute(sql`
      SELECT ${summaryColumns(sql`total`, sql`completed`, sql`deadline`, today, soon)}
      FROM (
        SELECT ${followUpDeadlineCounts.completed} AS completed,
          ${followUpDeadlineCounts.deadline} AS deadline, ${followUpDeadlineCounts.total} AS total
        FROM ${followUpDeadlineCounts}
        UNION ALL
        SELECT ${followUps.completed}, ${followUps.deadline}, -1
        FROM ${followUps}
        WHERE ${followUps.deletedAt} IS NULL AND ${followUps.archivedAt} IS NULL
          AND ${followUps.organizationId} IN (
            SELECT ${organizations.id} FROM ${organizations}
            WHERE ${organizations.deletedAt} IS NOT NULL)
      ) AS counted`)) as unknown as { rows: FollowUpCounts[] };
    return result.rows[0];
  }

  /** Active, unfinished follow-ups assigned to the user with a deadline on or before `until`. */
  async dueForUser(userId: string, until: string): Promise<FollowUpWithOrganization[]> {
    return this.db
      .select({ row: followUps, organizationName: organizations.name })
      .from(followUps)
      .innerJoin(organizations, eq(organizations.id, followUps.organizationId))
      .where(
        and(
          active,
          isNull(organizations.deletedAt),
          eq(followUps.userId, userId),
          eq(followUps.completed, false),
          lte(followUps.deadline, until),
        ),
      )
      .orderBy(asc(followUps.deadline), asc(followUps.id))
      .limit(DUE_FOR_USER_MAX);
  }

  /**
   * Active, unfinished, assigned follow-ups whose deadline is before `today` and whose passing
   * was not mailed yet, locked for this transaction (another instance skips them).
   */
  async pendingDeadlineReminders(today: string, limit: number): Promise<PendingDeadlineReminder[]> {
    return this.db
      .select({
        id: followUps.id,
        name: followUps.name,
        deadline: sql<string>`${followUps.deadline}::text`,
        stepIndex: followUps.stepIndex,
        organizationId: followUps.organizationId,
        organizationName: organizations.name,
        email: users.email,
        firstName: users.firstName,
      })
      .from(followUps)
      .innerJoin(organizations, eq(organizations.id, followUps.organizationId))
      .innerJoin(users, eq(users.id, followUps.userId))
      .where(
        and(
          active,
          isNull(organizations.deletedAt),
          isNull(users.deletedAt),
          // A deactivated account is mailed nothing (its follow-ups wait for a new assignee).
          ne(users.status, 'DISABLED'),
          eq(followUps.completed, false),
          isNotNull(followUps.deadline),
          lt(followUps.deadline, today),
          sql`${followUps.deadlineRemindedFor} IS DISTINCT FROM ${followUps.deadline}`,
        ),
      )
      .orderBy(asc(followUps.deadline), asc(followUps.id))
      .limit(limit)
      .for('update', { of: followUps, skipLocked: true });
  }

  /**
   * The companies whose ARD falls in [from, to], that start their annual return by themselves and
   * whose ARD was not started yet, by ARD. The ARD is the next annual return date or, while the
   * first annual return is not done and none is set, the first one (as the calendar reads it):
   * two ranges, each on its index.
   */
  async annualReturnCandidates(
    from: string,
    to: string,
    limit: number,
  ): Promise<AnnualReturnCandidate[]> {
    const o = organizations;
    const branch = (ard: SQL, extra: SQL) => sql`
      SELECT ${o.id} AS "organizationId", ${o.name} AS "organizationName",
             to_char(${ard}, 'YYYY-MM-DD') AS ard, ${o.status} AS "firstArDone",
             -- The first assigned user takes it, unless their account is deactivated.
             CASE WHEN EXISTS (
               SELECT 1 FROM ${users}
               WHERE ${users.id}::text = ${o.users}->0->>'userId'
                 AND ${users.status} <> 'DISABLED' AND ${users.deletedAt} IS NULL
             ) THEN ${o.users}->0 END AS "firstUser"
      FROM ${o}
      WHERE ${o.deletedAt} IS NULL AND ${o.annualReturnAutoStart}
        AND ${ard} BETWEEN ${from}::date AND ${to}::date AND ${extra}
        AND NOT EXISTS (
          SELECT 1 FROM ${annualReturnStarts}
          WHERE ${annualReturnStarts.organizationId} = ${o.id} AND ${annualReturnStarts.ard} = ${ard}
        )`;
    const result = (await this.db.execute(sql`
      SELECT * FROM (
        ${branch(sql`${o.nextArReminder}`, sql`TRUE`)}
        UNION ALL
        ${branch(sql`${o.firstAr}`, sql`${o.nextArReminder} IS NULL AND NOT ${o.status}`)}
      ) AS candidates
      ORDER BY ard, "organizationId"
      LIMIT ${limit}
    `)) as unknown as { rows: AnnualReturnCandidate[] };
    return result.rows;
  }

  /** Claims a company's ARD for the job: false when another run already did (the primary key). */
  async claimAnnualReturnStart(organizationId: string, ard: string): Promise<boolean> {
    const rows = await this.db
      .insert(annualReturnStarts)
      .values({ organizationId, ard })
      .onConflictDoNothing()
      .returning({ organizationId: annualReturnStarts.organizationId });
    return rows.length > 0;
  }

  async setAnnualReturnFollowUp(organizationId: string, ard: string, followUpId: string) {
    await this.db
      .update(annualReturnStarts)
      .set({ followUpId })
      .where(
        and(eq(annualReturnStarts.organizationId, organizationId), eq(annualReturnStarts.ard, ard)),
      );
  }

  /** Marks the deadline's passing as mailed (history and updatedAt are not touched). */
  async markReminded(id: string, deadline: string): Promise<void> {
    await this.db
      .update(followUps)
      .set({ deadlineRemindedFor: deadline })
      .where(eq(followUps.id, id));
  }

  /**
   * Merging organizations: the merged one's follow-ups move to the kept one; an active
   * one whose type the kept organization already runs is archived first, so one stays active.
   */
  async moveOrganization(fromId: string, toId: string, at: Date): Promise<void> {
    await this.db.execute(sql`
      UPDATE ${followUps} AS moved SET archived_at = ${at}, updated_at = ${at}
      WHERE moved.organization_id = ${fromId} AND moved.archived_at IS NULL
        AND moved.deleted_at IS NULL
        AND EXISTS (
          SELECT 1 FROM ${followUps} AS kept
          WHERE kept.organization_id = ${toId} AND kept.name = moved.name
            AND kept.archived_at IS NULL AND kept.deleted_at IS NULL)`);
    await this.db
      .update(followUps)
      .set({ organizationId: toId, updatedAt: at })
      .where(eq(followUps.organizationId, fromId));
  }

  private where(f: FollowUpFilters): SQL | undefined {
    return and(live, ofLiveOrganization, ...applyFilters(FOLLOW_UP_FILTERS, f).conditions);
  }
}
