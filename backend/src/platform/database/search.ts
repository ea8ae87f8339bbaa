import { asc, desc, eq, sql } from 'drizzle-orm';
import { getTableName } from 'drizzle-orm';
import type { InferSelectModel, SQL, SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { freeConnections } from './database';
import type { Database } from './database';
import { rowsFromJson } from './json-rows';
import { liveCount } from './live-counts';

/** Lower case without accents or repeated spaces: what search_text columns and search terms hold. */
export function foldForSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function searchTextOf(...parts: (string | null | undefined)[]): string {
  return foldForSearch(parts.filter((part): part is string => Boolean(part)).join(' '));
}

/** Escapes LIKE wildcards so a search for "50%" means the characters, not a pattern. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching the folded term anywhere, with its wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${escapeLike(foldForSearch(term))}%`;
}

/**
 * A timestamptz written as the API writes dates (ISO 8601 UTC with milliseconds, like
 * `Date.toISOString()`), for JSON built in SQL.
 */
export const isoTimestamp = (column: SQLWrapper): SQL =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A search sorted by name matching at most this many rows sorts its matches (found through the
 * trigram index) instead of walking the name index and filtering: the search text holds the
 * name, so matches cluster along that index ("Kerry …" after 60k other names). Above it, or on
 * another sort, matches are spread enough that the walk finds a page quickly (docs/benchmarks.md).
 */
export const SORT_MATCHES_MAX = 10_000;

/** A list's sort: one column, then the id in the same direction so equal values page stably. */
export interface ListSort {
  column: AnyPgColumn;
  order: 'asc' | 'desc';
}

/**
 * A name-sorted search's page and exact total in one statement, for searches with at most
 * SORT_MATCHES_MAX matches: the matches (id and sort value only) are found once, through the
 * trigram index, then counted and sorted (a CTE used twice is computed once). Counting first and
 * then sorting the matches read every matching row twice, in two round trips (issue 15, the
 * pickers). Undefined when there are more matches: the caller counts them and walks the sort
 * column's index instead.
 */
export async function sortedMatchesPage<Row>(
  db: Database,
  table: PgTable & { id: AnyPgColumn },
  where: SQL | undefined,
  sort: ListSort,
  page: { offset: number; limit: number },
): Promise<{ rows: Row[]; total: number } | undefined> {
  const direction = sort.order === 'asc' ? asc : desc;
  const matches = db.$with('matches').as(
    db
      .select({ id: table.id, sortValue: sql`${sort.column}`.as('sort_value') })
      .from(table)
      .where(where)
      .limit(SORT_MATCHES_MAX + 1),
  );
  const counted = db
    .$with('counted')
    .as(db.select({ total: sql<number>`count(*)::int`.as('total') }).from(matches));
  const pageIds = db
    .$with('page_ids')
    .as(
      db
        .select()
        .from(matches)
        .orderBy(direction(matches.sortValue), direction(matches.id))
        .limit(page.limit)
        .offset(page.offset),
    );
  // The total's one row, joined to the page's rows (none past the last page), each row as JSON:
  // Drizzle then neither lists nor maps the table's columns twice over (for 50 organizations
  // that was a millisecond of the call).
  const answer = await db
    .with(matches, counted, pageIds)
    .select({ total: counted.total, row: sql<Record<string, unknown> | null>`to_json(${table})` })
    .from(counted)
    .leftJoin(pageIds, sql`true`)
    .leftJoin(table, eq(table.id, pageIds.id))
    .orderBy(direction(pageIds.sortValue), direction(pageIds.id));
  const total = answer[0].total;
  if (total > SORT_MATCHES_MAX) return undefined;
  return {
    rows: rowsFromJson(
      table,
      answer.flatMap(({ row }) => (row ? [row] : [])),
    ) as Row[],
    total,
  };
}

/**
 * A list's page and its exact total: the maintained live count when nothing filters (ADR 0081;
 * the table keeps one), else a count of the matches through their indexes; and the page, walked
 * in the sort column's index. The two statements are independent: when the pool has two
 * connections free they run side by side and the call waits for the slower one instead of both
 * (ADR 0089). When calls already queue for connections (a busy server), or inside a transaction,
 * they run one after the other, and no page is read past the last one.
 */
export async function pageWithTotal<T extends PgTable & { id: AnyPgColumn }>(
  db: Database,
  table: T,
  filter: { where: SQL | undefined; filtered: boolean },
  sort: ListSort,
  page: { offset: number; limit: number },
): Promise<{ rows: InferSelectModel<T>[]; total: number }> {
  const direction = sort.order === 'asc' ? asc : desc;
  const countMatches = async () =>
    filter.filtered
      ? (
          await db
            .select({ total: sql<number>`count(*)::int` })
            .from(table as PgTable)
            .where(filter.where)
        )[0].total
      : liveCount(db, getTableName(table));
  const readPage = () =>
    db
      .select()
      .from(table as PgTable)
      .where(filter.where)
      .orderBy(direction(sort.column), direction(table.id))
      .limit(page.limit)
      .offset(page.offset);
  if (freeConnections(db) >= 2) {
    const [total, rows] = await Promise.all([countMatches(), readPage()]);
    return { rows: rows as InferSelectModel<T>[], total };
  }
  const total = await countMatches();
  if (total === 0 || page.offset >= total) return { rows: [], total };
  const rows = await readPage();
  return { rows: rows as InferSelectModel<T>[], total };
}
