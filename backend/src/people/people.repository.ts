import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { appendAttachedFile, removeAttachedFile } from '../platform/database/attached-files';
import type { AttachedFile } from '../platform/database/columns';
import { MergeableRecords } from '../platform/database/live-records';
import { DATABASE, freeConnections } from '../platform/database/database';
import { duplicateKeyCounts } from '../platform/database/record-counts.schema';
import type { Database } from '../platform/database/database';
import { softDeleteUnchanged } from '../platform/database/unchanged-soft-delete';
import type { WrittenVersion } from '../platform/database/unchanged-soft-delete';
import { isoTimestamp } from '../platform/database/json-view';
import { applyFilters } from '../platform/database/list-filters';
import type { ListFilters } from '../platform/database/list-filters';
import {
  containsText,
  namesStartingFirst,
  searchBoxCondition,
  sortOfMatches,
  totalBound,
} from '../platform/database/search';
import type { ListPlan, RequestedSort } from '../platform/database/search';
import { PERSON_VIEW } from './person.view';
import type { PeopleSortField } from './dto/search-people.dto';
import { people } from './people.schema';
import type { PersonRow } from './people.schema';

export interface PeopleFilters {
  search?: string;
  /** The top bar's search box (searchBoxCondition). */
  searchBox?: string;
  country?: string;
}

export type { DuplicatePerson, PeopleDuplicateGroup } from '@registra/domain';

const SORT_COLUMNS = {
  firstName: people.firstName,
  lastName: people.lastName,
  mail: people.mail,
  createdAt: people.createdAt,
} satisfies Record<PeopleSortField, unknown>;

const live = isNull(people.deletedAt);

/** Sorts on what the search text is made of: its matches cluster along these indexes. */
/** A picker reads the last name: its index answers the names starting with a text (ADR 0150). */
const PICKER_NAME = { field: 'lastName', column: people.lastName };

const NAME_SORTS = new Set<PeopleSortField>(['firstName', 'lastName']);

export type PeopleSort = RequestedSort<PeopleSortField>;

/** The people list's filters (list-filters.ts): every field of PeopleFilters has its entry. */
const PEOPLE_FILTERS: ListFilters<PeopleFilters> = {
  // search_text is folded like the term, so LIKE is case- and accent-insensitive and uses the
  // trigram index.
  search: (term) => containsText(people.searchText, term),
  searchBox: (term) => ({ where: searchBoxCondition(people.searchText, term) }),
  country: (country) => ({ where: eq(people.country, country) }),
};

@Injectable()
export class PeopleRepository extends MergeableRecords<typeof people, PeopleFilters, PeopleSort> {
  constructor(@Inject(DATABASE) db: Database) {
    super(db, people, PERSON_VIEW);
  }

  /**
   * The oldest live person of each of these duplicate keys (an import's rows are duplicates of
   * the first record of their key). One probe of the duplicates index per key: a common name
   * shared by hundreds of people is still one row here.
   */
  async findByDuplicateKeys(
    keys: string[],
  ): Promise<Array<{ id: string; firstName: string; lastName: string; duplicateKey: string }>> {
    if (keys.length === 0) return [];
    const result = (await this.db.execute(sql`
      SELECT oldest.id, oldest.first_name AS "firstName", oldest.last_name AS "lastName",
        oldest.duplicate_key AS "duplicateKey"
      FROM unnest(${sql.param(keys)}::text[]) AS wanted(key)
      CROSS JOIN LATERAL (
        SELECT ${people.id} AS id, ${people.firstName} AS first_name,
          ${people.lastName} AS last_name, ${people.duplicateKey} AS duplicate_key
        FROM ${people}
        WHERE ${people.duplicateKey} = wanted.key AND ${people.deletedAt} IS NULL
        ORDER BY ${people.createdAt}, ${people.id}
        LIMIT 1
      ) AS oldest
    `)) as unknown as {
      rows: Array<{ id: string; firstName: string; lastName: string; duplicateKey: string }>;
    };
    return result.rows;
  }

  /**
   * Soft-deletes the live people among `records` still at the `updatedAt` each was written with,
   * in one statement (an import's undo); answers the ids deleted.
   */
  softDeleteUnchanged(records: readonly WrittenVersion[], at: Date): Promise<Set<string>> {
    return softDeleteUnchanged(this.db, people, records, at);
  }

  /** The oldest live person with this duplicate key (a twin of someone about to be created). */
  async findLiveByDuplicateKey(key: string): Promise<PersonRow | undefined> {
    const [row] = await this.db
      .select()
      .from(people)
      .where(and(eq(people.duplicateKey, key), live))
      .orderBy(asc(people.createdAt), asc(people.id))
      .limit(1);
    return row;
  }

  /**
   * How a search reads: a name-sorted search (the pickers) sorts just its matches, counted in the
   * same statement (sortOfMatches). Otherwise the total (the maintained live count when nothing
   * filters, ADR 0081, else a count through the trigram or filter index, exact up to
   * its bound: totalBound, ADR 0149, 0150) and the page, id last so equal sort values page stably.
   */
  protected plan(filters: PeopleFilters, sort: PeopleSort): ListPlan {
    const { conditions, walkConditions, filtered } = applyFilters(PEOPLE_FILTERS, filters);
    const where = and(live, ...conditions);
    return {
      where,
      walkWhere: and(live, ...walkConditions),
      filtered,
      // The search box reads its names as a picker does (listViewFirst).
      picker: namesStartingFirst(sort, PICKER_NAME, filters.search ?? filters.searchBox, {
        live,
        where,
        conditions,
      }),
      sort: { column: SORT_COLUMNS[sort.field], order: sort.order },
      // Other sorts with a text sort its few matches too, counted once, else walk their index
      // (matches are spread along the dates): whether a page of "murphy" walked the created-at
      // index or sorted every match hung on PostgreSQL's estimate of the text (ADR 0149).
      sortMatches: NAME_SORTS.has(sort.field)
        ? sortOfMatches(filters.search)
        : Boolean(filters.search) && 'few',
      // A text or a country matches a share of the book: counted up to a bound.
      boundedTotal: totalBound(filters.search),
      // A text's count reads its matches one search bucket at a time (ADR 0156).
      buckets: filters.search ? people.searchBucket : undefined,
    };
  }

  /**
   * Groups of two or more live people sharing a duplicate key, biggest first, as the JSON text
   * of the API's `data` (ADR 0080): the keys come from the maintained counts (a partial index of
   * the keys counted twice or more), each group's members from a covering index in their order,
   * and PostgreSQL writes the JSON, which the API passes through without parsing it again
   * (500 groups of a large book are tens of thousands of people).
   *
   * Writing that JSON is most of the statement's time. Each member is a row turned into JSON as a
   * whole (a fifth cheaper than naming its seven fields one by one), aggregated in the covering
   * index's order, which the subquery's ORDER BY asks for (the index scan gives it, no sort).
   * One statement runs on one core: when the pool has two connections free, two statements write
   * every other group each, side by side (ADR 0090), and the groups are put back in
   * their order here.
   */
  /** One page of the groups (biggest first), each as JSON text, and how many groups there are. */
  async duplicateGroupsJson(
    offset: number,
    maxGroups: number,
  ): Promise<{ groups: string[]; total: number }> {
    const parts = freeConnections(this.db) >= 2 ? 2 : 1;
    const [total, ...answers] = await Promise.all([
      this.duplicateGroupCount(),
      ...Array.from({ length: parts }, (_, part) =>
        this.duplicateGroupsPart(offset, maxGroups, parts, part),
      ),
    ]);
    const groups: string[] = [];
    for (const rows of answers as { rank: number; group: string }[][])
      for (const row of rows) groups[row.rank - 1] = row.group;
    return { groups, total: total as number };
  }

  private async duplicateGroupCount(): Promise<number> {
    const [{ total }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(duplicateKeyCounts)
      .where(and(eq(duplicateKeyCounts.recordType, 'people'), gt(duplicateKeyCounts.total, 1)));
    return total;
  }

  /** The groups ranked `part` modulo `parts` (rank 1 is the biggest group). */
  private async duplicateGroupsPart(
    offset: number,
    maxGroups: number,
    parts: number,
    part: number,
  ): Promise<{ rank: number; group: string }[]> {
    const result = (await this.db.execute(sql`
      WITH shared AS (
        SELECT key, total, row_number() OVER (ORDER BY total DESC, key)::int AS rank
        FROM (
          SELECT ${duplicateKeyCounts.key} AS key, ${duplicateKeyCounts.total} AS total
          FROM ${duplicateKeyCounts}
          WHERE ${duplicateKeyCounts.recordType} = 'people' AND ${duplicateKeyCounts.total} > 1
          ORDER BY ${duplicateKeyCounts.total} DESC, ${duplicateKeyCounts.key}
          OFFSET ${offset}
          LIMIT ${maxGroups}
        ) AS biggest
      )
      SELECT shared.rank AS "rank", json_build_object('_id', shared.key, 'count', shared.total, 'people',
        (SELECT json_agg(member) FROM (
          SELECT ${people.id} AS "contactId", ${people.lastName} AS "originalLastName",
            split_part(shared.key, '|', 1) AS "normalizedFirstName", ${people.mail} AS "mail",
            ${people.firstName} AS "firstName", ${people.lastName} AS "lastName",
            ${isoTimestamp(people.createdAt)} AS "createdAt"
          FROM ${people}
          WHERE ${people.duplicateKey} = shared.key AND ${people.deletedAt} IS NULL
          ORDER BY ${people.createdAt}, ${people.id}
        ) AS member)
      )::text AS "group"
      FROM shared
      WHERE shared.rank % ${parts} = ${part}
    `)) as unknown as { rows: { rank: number; group: string }[] };
    return result.rows;
  }

  appendAttachedFile(executor: Database, id: string, entry: AttachedFile): Promise<boolean> {
    return appendAttachedFile(executor, people, id, entry);
  }

  removeAttachedFile(executor: Database, id: string, url: string): Promise<void> {
    return removeAttachedFile(executor, people, id, url);
  }
}
