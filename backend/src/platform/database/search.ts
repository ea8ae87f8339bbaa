import { sql } from 'drizzle-orm';
import { getTableName } from 'drizzle-orm';
import type { InferSelectModel, SQL, SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { freeConnections } from './database';
import type { Database } from './database';
import { rowsFromJson } from './json-rows';
import { PAGE_ROWS } from './json-view';
import type { JsonView } from './json-view';
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
export async function sortedMatchesPage<T extends PgTable & { id: AnyPgColumn }>(
  db: Database,
  table: T,
  where: SQL | undefined,
  sort: ListSort,
  page: { offset: number; limit: number },
): Promise<{ rows: InferSelectModel<T>[]; total: number } | undefined> {
  const answer = await sortedMatches<{ row: Record<string, unknown> }>(
    db,
    table,
    where,
    sort,
    page,
    sql`to_json(${sql.raw(PAGE_ROWS)}) AS "row"`,
  );
  return (
    answer && {
      rows: rowsFromJson(
        table,
        pageRowsOf(answer).map(({ row }) => row),
      ),
      total: answer.total,
    }
  );
}

/** {@link sortedMatchesPage}, each row as its view's JSON text (ADR 0090). */
export async function sortedMatchesViewPage<T extends PgTable & { id: PgColumn }>(
  db: Database,
  view: JsonView<T>,
  where: SQL | undefined,
  sort: ListSort,
  page: { offset: number; limit: number },
): Promise<{ items: string[]; total: number } | undefined> {
  const answer = await sortedMatches<{ json: string }>(
    db,
    view.table,
    where,
    sort,
    page,
    sql`(SELECT row_to_json(shown)::text FROM (SELECT ${view.select}) AS shown) AS "json"`,
  );
  return answer && { items: pageRowsOf(answer).map(({ json }) => json), total: answer.total };
}

type MatchesAnswer<Shown> = { total: number; rows: (Shown & { page_id: unknown })[] };

/** The answer's page rows: none when the page is past the last match (the total's row alone). */
const pageRowsOf = <Shown>(answer: MatchesAnswer<Shown>) =>
  answer.rows.filter((row) => row.page_id !== null);

async function sortedMatches<Shown>(
  db: Database,
  table: PgTable & { id: AnyPgColumn },
  where: SQL | undefined,
  sort: ListSort,
  page: { offset: number; limit: number },
  shown: SQL,
): Promise<MatchesAnswer<Shown> | undefined> {
  const order = sql.raw(sort.order === 'asc' ? 'ASC' : 'DESC');
  const result = (await db.execute(sql`
    WITH matches AS (
      SELECT ${table.id} AS id, ${sort.column} AS sort_value FROM ${table}
      WHERE ${where ?? sql`true`}
      LIMIT ${SORT_MATCHES_MAX + 1}
    ),
    counted AS (SELECT count(*)::int AS total FROM matches),
    page_ids AS (
      SELECT id, sort_value FROM matches
      ORDER BY sort_value ${order}, id ${order}
      LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT counted.total AS "total", page_ids.id AS "page_id", ${shown}
    FROM counted
    LEFT JOIN page_ids ON true
    LEFT JOIN ${table} AS ${sql.raw(PAGE_ROWS)} ON ${sql.raw(PAGE_ROWS)}.${sql.identifier(table.id.name)} = page_ids.id
    ORDER BY page_ids.sort_value ${order}, page_ids.id ${order}`)) as unknown as {
    rows: (Shown & { total: number; page_id: unknown })[];
  };
  const total = result.rows[0].total;
  return total > SORT_MATCHES_MAX ? undefined : { total, rows: result.rows };
}

/** A page of a list: the statement reading it, and whether a filter narrows the list. */
interface PageQuery {
  filter: { where: SQL | undefined; filtered: boolean };
  sort: ListSort;
  page: { offset: number; limit: number };
}

/**
 * A list's page and its exact total: the maintained live count when nothing filters (ADR 0081;
 * the table keeps one), else a count of the matches through their indexes; and the page, walked
 * in the sort column's index. The two statements are independent: when the pool has two
 * connections free they run side by side and the call waits for the slower one instead of both
 * (ADR 0089). When calls already queue for connections (a busy server), or inside a transaction,
 * they run one after the other, and no page is read past the last one.
 *
 * The page's rows come back as JSON made after the LIMIT (on the page's rows only, never on every
 * match a sort reads), from a statement written without the table's column list: Drizzle
 * building a select of 40-50 columns cost more than the rest of the call's own work, and `pg`
 * then parses one value a row instead of each column (issue 15, docs/benchmarks.md).
 */
export async function pageWithTotal<T extends PgTable & { id: AnyPgColumn }>(
  db: Database,
  table: T,
  filter: PageQuery['filter'],
  sort: ListSort,
  page: PageQuery['page'],
): Promise<{ rows: InferSelectModel<T>[]; total: number }> {
  const { rows, total } = await withTotal(
    db,
    table,
    { filter, sort, page },
    async (pageRows, orderBy) => {
      const result = (await db.execute(
        sql`SELECT to_json(${sql.raw(PAGE_ROWS)}) AS "row" FROM (${pageRows}) AS ${sql.raw(PAGE_ROWS)} ORDER BY ${orderBy}`,
      )) as unknown as { rows: { row: Record<string, unknown> }[] };
      return result.rows.map((item) => item.row);
    },
  );
  return { rows: rowsFromJson(table, rows), total };
}

/** {@link pageWithTotal}, each row as its view's JSON text (ADR 0090). */
export async function viewPageWithTotal<T extends PgTable & { id: PgColumn }>(
  db: Database,
  view: JsonView<T>,
  filter: PageQuery['filter'],
  sort: ListSort,
  page: PageQuery['page'],
): Promise<{ items: string[]; total: number }> {
  const { rows, total } = await withTotal(
    db,
    view.table,
    { filter, sort, page },
    async (pageRows, orderBy) => {
      const result = (await db.execute(view.jsonRows(pageRows, orderBy))) as unknown as {
        rows: { json: string }[];
      };
      return result.rows.map((item) => item.json);
    },
  );
  return { items: rows, total };
}

async function withTotal<Shown>(
  db: Database,
  table: PgTable & { id: AnyPgColumn },
  { filter, sort, page }: PageQuery,
  readRows: (pageRows: SQL, orderBy: SQL) => Promise<Shown[]>,
): Promise<{ rows: Shown[]; total: number }> {
  const countMatches = async () =>
    filter.filtered
      ? (
          await db
            .select({ total: sql<number>`count(*)::int` })
            .from(table)
            .where(filter.where)
        )[0].total
      : liveCount(db, getTableName(table));
  const order = sql.raw(sort.order === 'asc' ? 'ASC' : 'DESC');
  const column = sql.identifier(sort.column.name);
  const id = sql.identifier(table.id.name);
  const readPage = () =>
    readRows(
      sql`SELECT * FROM ${table} WHERE ${filter.where ?? sql`true`}
        ORDER BY ${column} ${order}, ${id} ${order}
        LIMIT ${page.limit} OFFSET ${page.offset}`,
      sql`${sql.raw(PAGE_ROWS)}.${column} ${order}, ${sql.raw(PAGE_ROWS)}.${id} ${order}`,
    );
  if (freeConnections(db) >= 2) {
    const [total, rows] = await Promise.all([countMatches(), readPage()]);
    return { rows, total };
  }
  const total = await countMatches();
  if (total === 0 || page.offset >= total) return { rows: [], total };
  return { rows: await readPage(), total };
}
