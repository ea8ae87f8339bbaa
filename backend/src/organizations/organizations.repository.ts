import { Inject, Injectable } from '@nestjs/common';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, asc, eq, inArray, isNull, lte, notInArray, or, sql, SQL, gt } from 'drizzle-orm';
import { appendAttachedFile, removeAttachedFile } from '../platform/database/attached-files';
import type { AttachedFile } from '../platform/database/columns';
import { MergeableRecords } from '../platform/database/live-records';
import { DATABASE } from '../platform/database/database';
import { duplicateKeyCounts } from '../platform/database/record-counts.schema';
import type { Database } from '../platform/database/database';
import { softDeleteUnchanged } from '../platform/database/unchanged-soft-delete';
import type { WrittenVersion } from '../platform/database/unchanged-soft-delete';
import { rowsFromJson } from '../platform/database/json-rows';
import {
  containsText,
  listPage,
  namesStartingFirst,
  readPageAndCount,
  searchBoxCondition,
  sortOfMatches,
  totalBound,
} from '../platform/database/search';
import { applyFilters } from '../platform/database/list-filters';
import type { ListFilters } from '../platform/database/list-filters';
import type { ListPlan, ListTotal, RequestedSort } from '../platform/database/search';
import { ORGANIZATION_VIEW } from './organization.view';
import type { OrganizationRow } from './organizations.schema';
import { organizations } from './organizations.schema';
// The follow-ups context's table, read for the search's follow-up filters (schema only: the
// organizations module does not depend on the follow-ups module).
import {
  followUpOrganizationCounts,
  followUpOrganizationTotal,
  followUps,
} from '../follow-ups/follow-ups.schema';
import { FOLLOW_UP_TYPES } from '@registra/domain';
import type { OrganizationFollowUp, RiskLevel } from '@registra/domain';

export interface OrganizationFilters {
  search?: string;
  /** The top bar's search box (searchBoxCondition). */
  searchBox?: string;
  nextArReminderOnOrBefore?: string;
  status?: boolean;
  bilan?: boolean;
  creationStatus?: string;
  knownCreationStatuses: readonly string[];
  finotorIn?: readonly string[];
  arColumn?: 'firstAr' | 'nextArReminder';
  arDate?: string;
  paidReminderBefore?: string;
  userId?: string;
  /** Has an active follow-up of this type. */
  followUpType?: string;
  /** Only organizations with an active follow-up, by their earliest deadline (the dashboard). */
  deadlineOrder?: 'asc' | 'desc';
  /** The stored appendix-2 level; none: never assessed. */
  amlRiskLevel?: string;
  /** The next AML review is on or before this day. */
  amlNextReviewOnOrBefore?: string;
}

export type SortColumn = keyof typeof SORT_COLUMNS;

export type OrganizationSort = RequestedSort<SortColumn>;

const SORT_COLUMNS = {
  name: organizations.name,
  createdAt: organizations.createdAt,
  updatedAt: organizations.updatedAt,
  incorporationDate: organizations.incorporationDate,
  firstAr: organizations.firstAr,
  nextArReminder: organizations.nextArReminder,
  corporationTaxPaidReminder: organizations.corporationTaxPaidReminder,
  creationStatus: organizations.creationStatus,
};

/** A picker reads the name: its index answers the names starting with a text (ADR 0150). */
const PICKER_NAME = { field: 'name', column: organizations.name };

const live = isNull(organizations.deletedAt);

/** Bounds the digest query; a user with more due organizations than this has bigger problems. */
const DUE_FOR_USER_MAX = 500;

import type { OrganizationDuplicateGroup as DuplicateGroup } from '@registra/domain';
export type { DuplicateGroup };

/** An active (not archived, not deleted) follow-up of the organization, of one type when given. */
const hasActiveFollowUp = (type?: string) =>
  sql`EXISTS (SELECT 1 FROM ${followUps} WHERE ${followUps.organizationId} = ${organizations.id}
    ${type ? sql`AND ${followUps.name} = ${type}` : sql``}
    AND ${followUps.archivedAt} IS NULL AND ${followUps.deletedAt} IS NULL)`;

/**
 * The organizations list's filters (list-filters.ts): every field of OrganizationFilters has its
 * entry. 'followedOrganizationCounts': the maintained per-organization follow-up counts (ADR
 * 0093) still answer the dashboard card's total when only these filters are set.
 */
const ORGANIZATION_FILTERS: ListFilters<OrganizationFilters, 'followedOrganizationCounts'> = {
  search: (term) => containsText(organizations.searchText, term),
  searchBox: (term) => ({ where: searchBoxCondition(organizations.searchText, term) }),
  nextArReminderOnOrBefore: (day) => ({ where: lte(organizations.nextArReminder, day) }),
  status: (status) => ({ where: eq(organizations.status, status) }),
  bilan: (bilan) => ({ where: eq(organizations.bilan, bilan) }),
  creationStatus: (status, f) => ({
    where:
      status === 'N/A'
        ? or(
            isNull(organizations.creationStatus),
            notInArray(organizations.creationStatus, [...f.knownCreationStatuses]),
          )!
        : eq(organizations.creationStatus, status),
  }),
  // What 'N/A' (no known creation status) means, for the creation status filter: narrows nothing.
  knownCreationStatuses: () => undefined,
  finotorIn: (values) => ({ where: inArray(organizations.finotor, [...values]) }),
  // The column the AR date applies to, for the arDate filter: narrows nothing by itself.
  arColumn: () => undefined,
  arDate: (day, f) => ({
    where: lte(
      f.arColumn === 'firstAr' ? organizations.firstAr : organizations.nextArReminder,
      day,
    ),
  }),
  // A service the organization has whose paid reminder is past (paid_reminder_due, the earliest
  // of them, kept by PostgreSQL).
  paidReminderBefore: (day) => ({ where: sql`${organizations.paidReminderDue} < ${day}` }),
  userId: (userId) => ({
    where: sql`${organizations.users} @> ${JSON.stringify([{ userId }])}::jsonb`,
  }),
  followUpType: (type) => ({
    where: hasActiveFollowUp(type),
    answeredBy: ['followedOrganizationCounts'],
  }),
  deadlineOrder: () => ({
    where: hasActiveFollowUp(),
    answeredBy: ['followedOrganizationCounts'],
  }),
  amlRiskLevel: (level) => ({
    where:
      level === 'none'
        ? isNull(organizations.amlRiskLevel)
        : eq(organizations.amlRiskLevel, level as RiskLevel),
  }),
  amlNextReviewOnOrBefore: (day) => ({ where: lte(organizations.amlNextReview, day) }),
};

@Injectable()
export class OrganizationsRepository extends MergeableRecords<
  typeof organizations,
  OrganizationFilters,
  OrganizationSort
> {
  constructor(@Inject(DATABASE) db: Database) {
    super(db, organizations, ORGANIZATION_VIEW);
  }

  /** The live organizations with one of these CRO numbers or duplicate keys (an import's check). */
  async findByCroOrDuplicateKey(
    cros: string[],
    keys: string[],
  ): Promise<Array<{ id: string; name: string; cro: string | null; duplicateKey: string }>> {
    if (cros.length === 0 && keys.length === 0) return [];
    const matches: SQL[] = [];
    if (cros.length > 0) matches.push(inArray(organizations.cro, cros));
    if (keys.length > 0) matches.push(inArray(organizations.duplicateKey, keys));
    return this.db
      .select({
        id: organizations.id,
        name: organizations.name,
        cro: organizations.cro,
        duplicateKey: organizations.duplicateKey,
      })
      .from(organizations)
      .where(and(live, or(...matches)))
      .orderBy(asc(organizations.createdAt), asc(organizations.id));
  }

  /**
   * Soft-deletes the live organizations among `records` still at the `updatedAt` each was written with,
   * in one statement (an import's undo); answers the ids deleted.
   */
  softDeleteUnchanged(records: readonly WrittenVersion[], at: Date): Promise<Set<string>> {
    return softDeleteUnchanged(this.db, organizations, records, at);
  }

  /**
   * A live organization with its active follow-ups (earliest deadline first, undated last), in one
   * statement: the record's page opens on a single round trip.
   */
  async findLiveWithActiveFollowUps(
    id: string,
  ): Promise<{ row: OrganizationRow; followUps: OrganizationFollowUp[] } | undefined> {
    const f = (column: AnyPgColumn) => sql`${followUps}.${sql.identifier(column.name)}`;
    const [found] = await this.db
      .select({
        row: organizations,
        // Inside a select list Drizzle writes columns unqualified: both tables are named here.
        followUps: sql<OrganizationFollowUp[]>`(
          SELECT coalesce(json_agg(json_build_object(
            '_id', ${f(followUps.id)},
            'followUpName', ${f(followUps.name)},
            'stepIndex', ${f(followUps.stepIndex)},
            'deadline', ${f(followUps.deadline)},
            'ARD', ${f(followUps.ard)},
            'comments', ${f(followUps.comments)}
          ) ORDER BY ${f(followUps.deadline)} ASC NULLS LAST, ${f(followUps.createdAt)} ASC), '[]'::json)
          FROM ${followUps}
          WHERE ${f(followUps.organizationId)} = ${organizations}.${sql.identifier(organizations.id.name)}
            AND ${f(followUps.archivedAt)} IS NULL AND ${f(followUps.deletedAt)} IS NULL
        )`,
      })
      .from(organizations)
      .where(this.liveWithId(id))
      .limit(1);
    return found;
  }

  /** The list's rows; the only reading of the deadline order (the dashboard's Follow Ups card). */
  async search(
    filters: OrganizationFilters,
    sort: OrganizationSort,
    page: { offset: number; limit: number },
  ): Promise<{ rows: OrganizationRow[] } & ListTotal> {
    if (filters.deadlineOrder) return this.searchByDeadline(filters, filters.deadlineOrder, page);
    return listPage(this.db, organizations, this.plan(filters, sort), page);
  }

  /**
   * How a search reads. A name-sorted search (the pickers) sorts just its matches, counted in the
   * same statement: walking the name index and filtering finds names that cluster (every
   * "Kerry …") only after tens of thousands of rows (ADR 0126). Otherwise the count (exact,
   * through the trigram or filter indexes) and the page.
   */
  protected plan(filters: OrganizationFilters, sort: OrganizationSort): ListPlan {
    const { conditions, filtered } = applyFilters(ORGANIZATION_FILTERS, filters);
    const where = and(live, ...conditions);
    return {
      where,
      filtered,
      // The search box reads its names as a picker does (listViewFirst).
      picker: namesStartingFirst(sort, PICKER_NAME, filters.search ?? filters.searchBox, {
        live,
        where,
        conditions,
      }),
      sort: { column: SORT_COLUMNS[sort.field], order: sort.order },
      sortMatches: sort.field === 'name' && sortOfMatches(filters.search),
      // A text, a date window or a flag matches a share of the book: counted up to a bound.
      boundedTotal: totalBound(filters.search),
      // A text's count reads its matches one search bucket at a time (ADR 0156).
      buckets: filters.search ? organizations.searchBucket : undefined,
    };
  }

  /**
   * Organizations with an active follow-up (of the filter's type): by the earliest deadline among
   * them (asc), or the latest (desc), dated ones first (the dashboard's Follow Ups card).
   *
   * An organization has at most one active follow-up per type, so the first (offset + limit) × 21
   * follow-ups in deadline order (× 1 for one type) hold the first offset + limit organizations:
   * the page reads that many index entries instead of grouping every follow-up of the book.
   */
  private async searchByDeadline(
    filters: OrganizationFilters,
    order: 'asc' | 'desc',
    page: { offset: number; limit: number },
  ): Promise<{ rows: OrganizationRow[]; total: number }> {
    const { followUpType } = filters;
    // The page walks the active follow-ups by deadline: the other filters narrow their organizations.
    const others = applyFilters(ORGANIZATION_FILTERS, {
      ...filters,
      followUpType: undefined,
      deadlineOrder: undefined,
    }).conditions;
    const answeredByCounts = applyFilters(ORGANIZATION_FILTERS, filters).answers(
      'followedOrganizationCounts',
    );
    const activeFollowUp = sql`${followUps.archivedAt} IS NULL AND ${followUps.deletedAt} IS NULL
      ${followUpType ? sql`AND ${followUps.name} = ${followUpType}` : sql``}`;
    const countOrganizations = () =>
      answeredByCounts
        ? this.followedOrganizationsCount(activeFollowUp, Boolean(followUpType))
        : this.countDistinctFollowed(activeFollowUp, others);
    const direction = sql.raw(order === 'asc' ? 'ASC' : 'DESC');
    const perOrganization = followUpType ? 1 : FOLLOW_UP_TYPES.length;
    const window = (page.offset + page.limit) * perOrganization;
    const readPage = async () =>
      (
        (await this.db.execute(sql`
      WITH stream AS (
        SELECT ${followUps.organizationId} AS organization_id,
               row_number() OVER (ORDER BY ${followUps.deadline} ${direction} NULLS LAST,
                                           ${followUps.id} ${direction} NULLS LAST) AS position
        FROM ${followUps}
        JOIN ${organizations} ON ${organizations.id} = ${followUps.organizationId}
        WHERE ${activeFollowUp} AND ${and(live, ...others)}
        ORDER BY ${followUps.deadline} ${direction} NULLS LAST, ${followUps.id} ${direction} NULLS LAST
        LIMIT ${window}
      ), firsts AS (
        SELECT organization_id, min(position) AS position FROM stream GROUP BY organization_id
        ORDER BY position LIMIT ${page.limit} OFFSET ${page.offset}
      )
      SELECT to_json(${organizations}.*) AS "row"
      FROM firsts JOIN ${organizations} ON ${organizations.id} = firsts.organization_id
      ORDER BY firsts.position`)) as unknown as { rows: { row: Record<string, unknown> }[] }
      ).rows;
    const { rows, count: total } = await readPageAndCount(
      this.db,
      page,
      countOrganizations,
      readPage,
      (counted) => counted,
    );
    return {
      rows: rowsFromJson(
        organizations,
        rows.map((item) => item.row),
      ),
      total,
    };
  }

  /**
   * How many live organizations have an active follow-up (of the type, when given), from the
   * maintained counts (ADR 0093), less those of deleted organizations (few: a partial index holds
   * them). An organization has at most one active follow-up of a type, so for one type that is
   * its active follow-ups, counted in the type's index.
   */
  private async followedOrganizationsCount(
    activeFollowUp: SQL,
    ofOneType: boolean,
  ): Promise<number> {
    const ofDeletedOrganizations = ofOneType
      ? sql`SELECT count(*) FROM ${organizations}
          JOIN ${followUps} ON ${followUps.organizationId} = ${organizations.id}
          WHERE ${organizations.deletedAt} IS NOT NULL AND ${activeFollowUp}`
      : sql`SELECT count(*) FROM ${organizations}
          JOIN ${followUpOrganizationCounts}
            ON ${followUpOrganizationCounts.organizationId} = ${organizations.id}
          WHERE ${organizations.deletedAt} IS NOT NULL`;
    const followed = ofOneType
      ? sql`SELECT count(*) FROM ${followUps} WHERE ${activeFollowUp}`
      : sql`SELECT coalesce((SELECT ${followUpOrganizationTotal.total} FROM ${followUpOrganizationTotal}), 0)`;
    const result = (await this.db.execute(
      sql`SELECT ((${followed}) - (${ofDeletedOrganizations}))::int AS total`,
    )) as unknown as { rows: { total: number }[] };
    return result.rows[0].total;
  }

  /** Organizations that other filters narrow: their active follow-ups' organizations, counted. */
  private async countDistinctFollowed(activeFollowUp: SQL, others: SQL[]): Promise<number> {
    const counted = (await this.db.execute(sql`
      SELECT count(DISTINCT ${followUps.organizationId})::int AS total
      FROM ${followUps}
      JOIN ${organizations} ON ${organizations.id} = ${followUps.organizationId}
      WHERE ${activeFollowUp} AND ${and(live, ...others)}`)) as unknown as {
      rows: { total: number }[];
    };
    return counted.rows[0].total;
  }

  /** The active follow-ups of these organizations (of one type when given), earliest deadline first. */
  async activeFollowUpsOf(
    organizationIds: string[],
    type?: string,
  ): Promise<Map<string, OrganizationFollowUp[]>> {
    const rows = await this.db
      .select({
        _id: followUps.id,
        organizationId: followUps.organizationId,
        followUpName: followUps.name,
        stepIndex: followUps.stepIndex,
        deadline: followUps.deadline,
        ARD: followUps.ard,
        comments: followUps.comments,
      })
      .from(followUps)
      .where(
        and(
          inArray(followUps.organizationId, organizationIds),
          isNull(followUps.archivedAt),
          isNull(followUps.deletedAt),
          type ? eq(followUps.name, type) : undefined,
        ),
      )
      .orderBy(sql`${followUps.deadline} ASC NULLS LAST`, asc(followUps.createdAt));
    const byOrganization = new Map<string, OrganizationFollowUp[]>();
    for (const { organizationId, ...followUp } of rows) {
      byOrganization.set(organizationId, [...(byOrganization.get(organizationId) ?? []), followUp]);
    }
    return byOrganization;
  }

  /**
   * Live organizations assigned to the user with an annual-return or corporation-tax reminder, or
   * an active service's paid-reminder, on or before `until` (the daily mail digest).
   */
  async dueForUser(userId: string, until: string): Promise<OrganizationRow[]> {
    return this.db
      .select()
      .from(organizations)
      .where(
        and(
          live,
          sql`${organizations.users} @> ${JSON.stringify([{ userId }])}::jsonb`,
          or(
            lte(organizations.nextArReminder, until),
            lte(organizations.corporationTaxPaidReminder, until),
            and(
              eq(organizations.hasDomiciliation, true),
              lte(organizations.domiciliationPaidReminder, until),
            ),
            and(
              eq(organizations.hasSecretaryCompany, true),
              lte(organizations.secretaryCompanyPaidReminder, until),
            ),
            and(
              eq(organizations.hasAnonymousShareholder, true),
              lte(organizations.anonymousShareholderPaidReminder, until),
            ),
          ),
        ),
      )
      .orderBy(asc(organizations.name), asc(organizations.id))
      .limit(DUE_FOR_USER_MAX);
  }

  /**
   * Groups of two or more live organizations sharing a duplicate key, biggest first, in the
   * API's shape, in one query over the maintained counts (ADR 0080).
   */
  /** How many groups of look-alike organizations there are. */
  async duplicateGroupCount(): Promise<number> {
    const [{ total }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(duplicateKeyCounts)
      .where(
        and(eq(duplicateKeyCounts.recordType, 'organizations'), gt(duplicateKeyCounts.total, 1)),
      );
    return total;
  }

  async duplicateGroups(offset: number, maxGroups: number): Promise<DuplicateGroup[]> {
    const result = (await this.db.execute(sql`
      WITH shared AS (
        SELECT ${duplicateKeyCounts.key} AS key, ${duplicateKeyCounts.total} AS total
        FROM ${duplicateKeyCounts}
        WHERE ${duplicateKeyCounts.recordType} = 'organizations'
          AND ${duplicateKeyCounts.total} > 1
        ORDER BY ${duplicateKeyCounts.total} DESC, ${duplicateKeyCounts.key}
        OFFSET ${offset}
        LIMIT ${maxGroups}
      )
      SELECT shared.key AS "_id", shared.total AS "count", members.names AS "organizations",
        members.ids AS "organizationIds"
      FROM shared
      CROSS JOIN LATERAL (
        SELECT array_agg(${organizations.name} ORDER BY ${organizations.createdAt}, ${organizations.id}) AS names,
          array_agg(${organizations.id}::text ORDER BY ${organizations.createdAt}, ${organizations.id}) AS ids
        FROM ${organizations}
        WHERE ${organizations.duplicateKey} = shared.key AND ${organizations.deletedAt} IS NULL
      ) AS members
      ORDER BY shared.total DESC, shared.key
    `)) as unknown as { rows: DuplicateGroup[] };
    return result.rows;
  }

  appendAttachedFile(executor: Database, id: string, entry: AttachedFile): Promise<boolean> {
    return appendAttachedFile(executor, organizations, id, entry);
  }

  removeAttachedFile(executor: Database, id: string, url: string): Promise<void> {
    return removeAttachedFile(executor, organizations, id, url);
  }
}
