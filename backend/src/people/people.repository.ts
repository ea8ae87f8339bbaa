import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { appendAttachedFile, removeAttachedFile } from '../platform/database/attached-files';
import type { AttachedFile } from '../platform/database/columns';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { containsPattern } from '../platform/database/search';
import type { PeopleSortField } from './dto/search-people.dto';
import { people } from './people.schema';
import type { NewPersonRow, PersonRow } from './people.schema';

export interface PeopleFilters {
  search?: string;
  country?: string;
}

export interface DuplicateMember {
  id: string;
  firstName: string;
  lastName: string;
  mail: string | null;
  createdAt: string;
}

export interface DuplicateGroupRow {
  key: string;
  count: number;
  members: DuplicateMember[];
}

const SORT_COLUMNS = {
  firstName: people.firstName,
  lastName: people.lastName,
  mail: people.mail,
  createdAt: people.createdAt,
} satisfies Record<PeopleSortField, unknown>;

const live = isNull(people.deletedAt);

@Injectable()
export class PeopleRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(values: NewPersonRow): Promise<PersonRow> {
    const [row] = await this.db.insert(people).values(values).returning();
    return row;
  }

  async findLive(id: string): Promise<PersonRow | undefined> {
    const [row] = await this.db
      .select()
      .from(people)
      .where(and(eq(people.id, id), live))
      .limit(1);
    return row;
  }

  /**
   * Writes `values` when the person is live and still at `expectedUpdatedAt`. Undefined: nothing
   * was written (missing, deleted or changed meanwhile).
   */
  async update(
    id: string,
    values: Partial<NewPersonRow>,
    expectedUpdatedAt: Date,
  ): Promise<PersonRow | undefined> {
    const [row] = await this.db
      .update(people)
      .set(values)
      .where(and(eq(people.id, id), live, eq(people.updatedAt, expectedUpdatedAt)))
      .returning();
    return row;
  }

  async softDelete(id: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(people)
      .set({ deletedAt: at, updatedAt: at })
      .where(and(eq(people.id, id), live))
      .returning({ id: people.id });
    return rows.length > 0;
  }

  async search(
    filters: PeopleFilters,
    sort: { field: PeopleSortField; order: 'asc' | 'desc' },
    page: { offset: number; limit: number },
  ): Promise<{ rows: PersonRow[]; total: number }> {
    const conditions: SQL[] = [live];
    // search_text is folded like the term, so LIKE is case- and accent-insensitive and uses the
    // trigram index.
    if (filters.search)
      conditions.push(sql`${people.searchText} LIKE ${containsPattern(filters.search)}`);
    if (filters.country) conditions.push(eq(people.country, filters.country));
    const where = and(...conditions);
    const direction = sort.order === 'asc' ? asc : desc;
    // Two statements (page, then count) rather than a window count over the whole match; id last
    // so equal sort values still page stably.
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(people)
        .where(where)
        .orderBy(direction(SORT_COLUMNS[sort.field]), direction(people.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(people)
        .where(where),
    ]);
    return { rows, total };
  }

  async countLive(): Promise<number> {
    const [{ total }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(people)
      .where(live);
    return total;
  }

  async recent(limit: number): Promise<PersonRow[]> {
    return this.db
      .select()
      .from(people)
      .where(live)
      .orderBy(desc(people.createdAt), desc(people.id))
      .limit(limit);
  }

  async namesByIds(ids: string[]): Promise<{ id: string; firstName: string; lastName: string }[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: people.id, firstName: people.firstName, lastName: people.lastName })
      .from(people)
      .where(and(inArray(people.id, ids), live));
  }

  /** Groups of two or more live people sharing a duplicate key, biggest first, in one query. */
  async duplicateGroups(maxGroups: number): Promise<DuplicateGroupRow[]> {
    // First the keys shared by two or more people (an index-only scan of the key index), then
    // the members of just those groups: building every group's JSON before filtering was the cost.
    const keys = this.db.$with('duplicate_keys').as(
      this.db
        .select({ key: people.duplicateKey, total: sql<number>`count(*)::int`.as('total') })
        .from(people)
        .where(and(live, sql`${people.duplicateKey} <> ''`))
        .groupBy(people.duplicateKey)
        .having(sql`count(*) > 1`)
        .orderBy(desc(sql`count(*)`), asc(people.duplicateKey))
        .limit(maxGroups),
    );
    return this.db
      .with(keys)
      .select({
        key: people.duplicateKey,
        count: sql<number>`count(*)::int`,
        members: sql<DuplicateMember[]>`json_agg(json_build_object(
          'id', ${people.id},
          'firstName', ${people.firstName},
          'lastName', ${people.lastName},
          'mail', ${people.mail},
          'createdAt', ${people.createdAt}
        ) ORDER BY ${people.createdAt}, ${people.id})`,
      })
      .from(people)
      .innerJoin(keys, eq(keys.key, people.duplicateKey))
      .where(live)
      .groupBy(people.duplicateKey)
      .orderBy(desc(sql`count(*)`), asc(people.duplicateKey));
  }

  appendAttachedFile(executor: Database, id: string, entry: AttachedFile): Promise<boolean> {
    return appendAttachedFile(executor, people, id, entry);
  }

  removeAttachedFile(executor: Database, id: string, url: string): Promise<void> {
    return removeAttachedFile(executor, people, id, url);
  }
}
