import { sql } from 'drizzle-orm';
import { getTableName } from 'drizzle-orm';
import type { InferSelectModel, SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { SEARCH_BUCKET_ROWS, searchBucketSequenceName } from './columns';
import { freeConnections } from './database';
import type { Database } from './database';
import { rowsFromJson } from './json-rows';
import { PAGE_ROWS } from './json-view';
import type { JsonView } from './json-view';
import type { FilterCondition } from './list-filters';
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
 * A list's text filter on a search_text column: the folded text anywhere, found through the
 * trigram index (`where`), and the same test as `walked` (`strpos`, which no index answers) for
 * the walk of a list's sort index once its matches are known to be more than its bound: the
 * planner's estimate of a text can be off by hundreds of times (a text absent from the column's
 * sampled values is taken for one row in 10 000), and with it, it would sort every match instead
 * of walking (ADR 0150).
 */
export function containsText(column: AnyPgColumn, term: string): FilterCondition {
  const folded = foldForSearch(term);
  return {
    where: sql`${column} LIKE ${containsPattern(folded)}`,
    walked: sql`strpos(${column}, ${folded}) > 0`,
  };
}

/**
 * The top bar's search box on a search_text column: a text of three characters or more anywhere,
 * as the lists search; a shorter one at the start of a word, as a name is typed ("mu" finds
 * Murphy, not Samuel). The trigram index answers both, where one or two characters anywhere
 * would read every row of the table.
 */
export function searchBoxCondition(column: AnyPgColumn, term: string): SQL {
  const folded = foldForSearch(term);
  if (folded.length >= 3) return sql`${column} LIKE ${containsPattern(folded)}`;
  const wordStart = `${escapeLike(folded)}%`;
  return sql`(${column} LIKE ${wordStart} OR ${column} LIKE ${`% ${wordStart}`})`;
}

/**
 * A list whose plan bounds its total ({@link ListPlan.boundedTotal}) counts its matches exactly
 * up to this many; past it the total is a lower bound: counting every match costs in proportion
 * to the matches, which grow with the book (ADR 0149).
 */
export const EXACT_TOTAL_MAX = 10_000;

/**
 * A list narrowed by a text counts its matches exactly up to this many: a text matching more is
 * one to type further, and a count up to 10 000 read a common name's matches one heap page each,
 * growing with the book until they passed 10 000 (ADR 0150).
 */
export const TEXT_TOTAL_MAX = 1_000;

/** The bound of a list's counted total: {@link TEXT_TOTAL_MAX} with a text, else EXACT_TOTAL_MAX. */
export const totalBound = (text: string | undefined): number =>
  text ? TEXT_TOTAL_MAX : EXACT_TOTAL_MAX;

/**
 * A list that sorts its `few` matches ({@link MatchesSort}) does so when they are at most this
 * many; above it, they are dense along the sort's index (a text of one or two characters, or
 * orders by date), so that a walk of that index finds a page in a few rows (ADR 0126, 0149).
 * The same as the exact total's bound: more matches than that are a lower bound already counted.
 */
export const SORT_MATCHES_MAX = EXACT_TOTAL_MAX;

/** A list's sort: one column, then the id in the same direction so equal values page stably. */
export interface ListSort {
  column: AnyPgColumn;
  order: 'asc' | 'desc';
}

/**
 * Whether a list with a text sorts just its matches instead of walking its sort's index:
 * `every` match whatever their number, only when they are `few` (SORT_MATCHES_MAX, else the
 * walk), or not at all (`false`).
 */
export type MatchesSort = false | 'every' | 'few';

/** Three letters or digits in a row: a text the trigram index finds without reading every row. */
const TRIGRAM_RUN = /[\p{L}\p{N}]{3}/u;

/**
 * How a list sorted on a column its search text holds (a name) reads its text's matches: their
 * matches cluster along that column's index ("Kelly …" after half the book), so a walk reads up
 * to them; sorting the matches reads just them (ADR 0126, 0149).
 */
export function sortOfMatches(term: string | undefined): MatchesSort {
  if (!term) return false;
  return TRIGRAM_RUN.test(foldForSearch(term)) ? 'every' : 'few';
}

/**
 * How a list reads: its filter (and whether it narrows the list, from the list's filter table:
 * list-filters.ts), its sort, whether it sorts just its matches ({@link MatchesSort}), and
 * whether a counted total stops at {@link EXACT_TOTAL_MAX}.
 */
export interface ListPlan {
  where: SQL | undefined;
  filtered: boolean;
  sort: ListSort;
  sortMatches: MatchesSort;
  /** Where a counted total stops ({@link totalBound}), or false: exact. */
  boundedTotal: false | number;
  /**
   * The condition as a walk tests it (AppliedFilters.walkConditions): used when more matches than
   * the bound were counted, so that the page walks the sort's index whatever PostgreSQL estimates.
   */
  walkWhere?: SQL;
  /** A picker's read of its text ({@link namesStartingFirst}), instead of `sortMatches`. */
  picker?: NamesStartingFirst;
  /**
   * The table's search bucket column (searchBucketColumn, ADR 0156) when a text narrows the list:
   * its matches up to a bound are then read one bucket at a time ({@link matchesUpTo}). The
   * trigram index has no order to stop in: a text's first thousand matches read through it cost
   * every match's index entry, more of them every month; read bucket by bucket, newest first,
   * they cost the entries of the few buckets that hold them.
   */
  buckets?: AnyPgColumn;
}

/**
 * A statement reading `picked` from up to `most` of `table`'s rows matching `where`, whichever
 * PostgreSQL finds first; with `buckets`, bucket after bucket from the newest, each through the
 * trigram index with its bucket (a LIMIT in the lateral read keeps it a loop that stops once
 * `most` are found).
 */
export function matchesUpTo(
  table: PgTable,
  where: SQL,
  most: number,
  picked: SQL,
  buckets: AnyPgColumn | undefined,
): SQL {
  if (!buckets) return sql`SELECT ${picked} FROM ${table} WHERE ${where} LIMIT ${most}`;
  // The newest bucket, from the sequence's last number (as the column's default divides it).
  const sequence = sql.identifier(searchBucketSequenceName(getTableName(table)));
  const newest = sql`(SELECT last_value / ${sql.raw(String(SEARCH_BUCKET_ROWS))} FROM ${sequence})::int`;
  return sql`
    SELECT matched.* FROM generate_series(${newest}, 0, -1) AS bucket(n)
    CROSS JOIN LATERAL (
      SELECT ${picked} FROM ${table}
      WHERE ${buckets} = bucket.n AND ${where}
      LIMIT ${most}
    ) AS matched
    LIMIT ${most}`;
}

/**
 * How a picker reads its text (ADR 0150): first the records whose name starts with the text, in
 * the order of the name's lower case then the id, then the others the text matches (anywhere in
 * the search text), in the same order. The first group is a range of an index on
 * `(lower(name), id)` that also holds the name (INCLUDE), so that its page reads as many entries
 * as it shows and its count reads the index alone: neither follows how many people share a name.
 */
export interface NamesStartingFirst {
  /** The name column; its lower case is the index's key. */
  name: AnyPgColumn;
  /** The records whose name starts with the text (with the list's live condition). */
  starting: SQL;
  /** The list's other matches: its condition, and the name not starting with the text. */
  others: SQL;
}

/**
 * The lower case of a name column in the "C" collation: the expression the picker's indexes
 * hold, in which a prefix is a range of the index whatever the database's collation.
 */
const nameKey = (name: AnyPgColumn, alias?: string): SQL =>
  alias
    ? sql`lower(${sql.raw(alias)}.${sql.identifier(name.name)}) COLLATE "C"`
    : sql`lower(${sql.identifier(name.name)}) COLLATE "C"`;

/** A list's sort as a search asks for it; `picker`: a picker reads it ({@link namesStartingFirst}). */
export interface RequestedSort<Field extends string> {
  field: Field;
  order: 'asc' | 'desc';
  picker?: boolean;
}

/**
 * A picker's read of a list ({@link NamesStartingFirst}), or undefined when the list reads as a
 * list: a picker's search sorted by `name.field` ascending, with a text (`term`) and no other
 * filter (`conditions`, the list's applied filters, the text's alone). `where` is the list's live
 * condition and the text's match.
 */
export function namesStartingFirst(
  sort: RequestedSort<string>,
  name: { field: string; column: AnyPgColumn },
  term: string | undefined,
  { live, where, conditions }: { live: SQL; where: SQL | undefined; conditions: SQL[] },
): NamesStartingFirst | undefined {
  if (!sort.picker || sort.field !== name.field || sort.order !== 'asc' || !term) return undefined;
  if (conditions.length !== 1) return undefined;
  // Folded like the search text (lower case, no accents): a name starting with it holds it.
  const startsWith = sql`${nameKey(name.column)} LIKE ${`${escapeLike(foldForSearch(term))}%`}`;
  return {
    name: name.column,
    starting: sql`${live} AND ${startsWith}`,
    others: sql`${where ?? sql`true`} AND NOT (${startsWith})`,
  };
}

/**
 * A list's total: exact, or (`totalIsLowerBound`) a lower bound, the list holding more (ADR
 * 0149).
 */
export interface ListTotal {
  total: number;
  totalIsLowerBound?: boolean;
}

type PageRange = { offset: number; limit: number };

/**
 * A page a list's read writes: `table`'s rows in `page`, each as `shown` (an expression over the
 * row named {@link PAGE_ROWS}, made after the LIMIT: on the page's rows only, never on every
 * match a sort reads).
 */
interface PageRead {
  db: Database;
  table: PgTable & { id: AnyPgColumn };
  page: PageRange;
  shown: SQL;
}

/** A list's page of rows and its exact total ({@link ListPlan}). */
export async function listPage<T extends PgTable & { id: AnyPgColumn }>(
  db: Database,
  table: T,
  plan: ListPlan,
  page: PageRange,
): Promise<{ rows: InferSelectModel<T>[] } & ListTotal> {
  const { shown, ...total } = await readList<Record<string, unknown>>(
    { db, table, page, shown: sql`to_json(${sql.raw(PAGE_ROWS)})` },
    plan,
  );
  return { rows: rowsFromJson(table, shown), ...total };
}

/**
 * {@link listPage} with, for each row, the value of `attached`: an expression over the row named
 * {@link PAGE_ROWS} written as JSON (a subscription's linked orders), in the same statement
 * instead of one more round trip for the page's ids.
 */
export async function listPageWith<T extends PgTable & { id: AnyPgColumn }, Attached>(
  db: Database,
  table: T,
  plan: ListPlan,
  page: PageRange,
  attached: SQL,
): Promise<{ rows: InferSelectModel<T>[]; attached: Attached[] } & ListTotal> {
  const { shown, ...total } = await readList<[Record<string, unknown>, Attached]>(
    { db, table, page, shown: sql`json_build_array(to_json(${sql.raw(PAGE_ROWS)}), ${attached})` },
    plan,
  );
  return {
    rows: rowsFromJson(
      table,
      shown.map(([row]) => row),
    ),
    attached: shown.map(([, value]) => value),
    ...total,
  };
}

/** {@link listPage}, each row as its view's JSON text, written by PostgreSQL (ADR 0090). */
export async function listViewPage<T extends PgTable & { id: AnyPgColumn }>(
  db: Database,
  view: JsonView<T>,
  plan: ListPlan,
  page: PageRange,
): Promise<{ items: string[] } & ListTotal> {
  const { shown, ...total } = await readList<string>(
    { db, table: view.table, page, shown: view.json },
    plan,
  );
  return { items: shown, ...total };
}

/**
 * The page's rows, each as `shown`, and the total. Statements are written without the table's
 * column list: Drizzle building a select of 40-50 columns cost more than the rest of the call's
 * own work (ADR 0090).
 */
async function readList<Shown>(
  read: PageRead,
  plan: ListPlan,
): Promise<{ shown: Shown[] } & ListTotal> {
  if (plan.picker) return readNamesStartingFirst<Shown>(read, plan.picker);
  if (plan.sortMatches) {
    // A bounded total's few matches are at most its bound: more are counted no further.
    const sorted = await sortedMatches<Shown>(read, plan, plan.boundedTotal || SORT_MATCHES_MAX);
    if (sorted) return sorted;
    // More matches than the bound: the total is already known to be the bound when the page
    // ends within it, so only the page is walked.
    const { page } = read;
    if (plan.boundedTotal && page.offset + page.limit <= plan.boundedTotal)
      return {
        shown: await readPage<Shown>(read, {
          where: plan.walkWhere ?? plan.where,
          sort: plan.sort,
        }),
        total: plan.boundedTotal,
        totalIsLowerBound: true,
      };
  }
  return withTotal<Shown>(read, plan);
}

/** How many rows of `table` match `where`, counting no further than `most` ({@link matchesUpTo}). */
async function countUpTo(
  db: Database,
  table: PgTable,
  where: SQL,
  most: number,
  buckets?: AnyPgColumn,
): Promise<number> {
  const result = (await db.execute(sql`
    SELECT count(*)::int AS "counted" FROM (
      ${matchesUpTo(table, where, most, sql`1`, buckets)}
    ) AS matches`)) as unknown as { rows: { counted: number }[] };
  return result.rows[0].counted;
}

/**
 * A list's total counted through the matches' indexes: exact up to `bound` (or the page's end,
 * when further), past it that bound with `totalIsLowerBound` (ADR 0149).
 */
export async function countToBound(
  db: Database,
  table: PgTable,
  where: SQL | undefined,
  page: PageRange,
  bound: number,
  buckets?: AnyPgColumn,
): Promise<ListTotal> {
  // Past the bound, a page further on still learns whether another page follows it.
  const most = Math.max(bound, page.offset + page.limit);
  const counted = await countUpTo(db, table, where ?? sql`true`, most + 1, buckets);
  return counted > most ? { total: most, totalIsLowerBound: true } : { total: counted };
}

/**
 * A picker's page and total ({@link NamesStartingFirst}): the names starting with the text are
 * counted in the index alone, up to the bound, and paged in its order; the other matches are
 * counted (then sorted for the page) only when those are fewer than the bound (or the page).
 */
async function readNamesStartingFirst<Shown>(
  { db, table, page, shown }: PageRead,
  { name, starting, others }: NamesStartingFirst,
): Promise<{ shown: Shown[] } & ListTotal> {
  // Past the bound, a page further on still learns whether another page follows it.
  const bound = Math.max(TEXT_TOTAL_MAX, page.offset + page.limit);
  const countOf = (where: SQL, most: number) => countUpTo(db, table, where, most);
  const id = sql.identifier(table.id.name);
  const rows = sql.raw(PAGE_ROWS);
  const pageOf = async (where: SQL, offset: number, limit: number): Promise<Shown[]> => {
    const result = (await db.execute(sql`
      SELECT ${shown} AS "shown" FROM (
        SELECT * FROM ${table} WHERE ${where}
        ORDER BY ${nameKey(name)}, ${id}
        LIMIT ${limit} OFFSET ${offset}
      ) AS ${rows}
      ORDER BY ${nameKey(name, PAGE_ROWS)}, ${rows}.${id}`)) as unknown as {
      rows: { shown: Shown }[];
    };
    return result.rows.map((row) => row.shown);
  };
  const { rows: first, count: startingCount } = await readPageAndCount(
    db,
    page,
    () => countOf(starting, bound + 1),
    () => pageOf(starting, page.offset, page.limit),
    (counted) => counted,
  );
  // More names start with the text than the bound: the page lies among them (bound ≥ its end).
  if (startingCount > bound) return { shown: first, total: bound, totalIsLowerBound: true };
  const othersCount = await countOf(others, bound + 1 - startingCount);
  const total = startingCount + othersCount;
  const shownRows =
    first.length < page.limit && othersCount > 0
      ? [
          ...first,
          ...(await pageOf(
            others,
            Math.max(0, page.offset - startingCount),
            page.limit - first.length,
          )),
        ]
      : first;
  return total > bound
    ? { shown: shownRows, total: bound, totalIsLowerBound: true }
    : { shown: shownRows, total };
}

/**
 * A name-sorted search's page and exact total in one statement: the matches (id and sort value
 * only) are found once, through the trigram index, then counted and sorted (a CTE used twice is
 * computed once). Counting first and then sorting the matches read every matching row twice, in
 * two round trips (the pickers). With `few` ({@link MatchesSort}), undefined past
 * SORT_MATCHES_MAX matches: the caller counts them and walks the sort column's index instead.
 */
async function sortedMatches<Shown>(
  { db, table, page, shown }: PageRead,
  { where, sort, sortMatches, buckets }: ListPlan,
  most: number,
): Promise<{ shown: Shown[]; total: number } | undefined> {
  const order = sql.raw(sort.order === 'asc' ? 'ASC' : 'DESC');
  const rows = sql.raw(PAGE_ROWS);
  const few = sortMatches === 'few';
  const matched = sql`${table.id} AS id, ${sort.column} AS sort_value`;
  // The total's one row, joined to the page's rows (none past the last page).
  const result = (await db.execute(sql`
    WITH matches AS (
      ${
        few
          ? matchesUpTo(table, where ?? sql`true`, most + 1, matched, buckets)
          : sql`SELECT ${matched} FROM ${table} WHERE ${where ?? sql`true`}`
      }
    ),
    counted AS (SELECT count(*)::int AS total FROM matches),
    page_ids AS (
      SELECT id, sort_value FROM matches
      ORDER BY sort_value ${order}, id ${order}
      LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT counted.total AS "total", page_ids.id AS "page_id", ${shown} AS "shown"
    FROM counted
    LEFT JOIN page_ids ON true
    LEFT JOIN ${table} AS ${rows} ON ${rows}.${sql.identifier(table.id.name)} = page_ids.id
    ORDER BY page_ids.sort_value ${order}, page_ids.id ${order}`)) as unknown as {
    rows: { total: number; page_id: unknown; shown: Shown }[];
  };
  const total = result.rows[0].total;
  if (few && total > most) return undefined;
  return {
    shown: result.rows.filter((row) => row.page_id !== null).map((row) => row.shown),
    total,
  };
}

/**
 * A list's page and its total: the maintained live count when nothing filters (ADR 0081; the
 * table keeps one), else a count of the matches through their indexes, stopped past
 * {@link EXACT_TOTAL_MAX} (or the page's end, when further) when the plan bounds it; and the page,
 * walked in the sort column's index, side by side when they can be ({@link readPageAndCount}).
 */
async function withTotal<Shown>(
  read: PageRead,
  { where, filtered, sort, boundedTotal, buckets }: ListPlan,
): Promise<{ shown: Shown[] } & ListTotal> {
  const { db, table, page } = read;
  const countMatches = async (): Promise<ListTotal> => {
    if (!filtered) return { total: await liveCount(db, getTableName(table)) };
    if (!boundedTotal) {
      const [{ total }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(table)
        .where(where);
      return { total };
    }
    return countToBound(db, table, where, page, boundedTotal, buckets);
  };
  const { rows: pageShown, count } = await readPageAndCount(
    db,
    page,
    countMatches,
    () => readPage<Shown>(read, { where, sort }),
    (counted) => counted.total,
  );
  return { shown: pageShown, ...count };
}

/** A page of a list in its order, walked in the sort column's index, without a total. */
async function readPage<Shown>(
  { db, table, page, shown }: PageRead,
  { where, sort }: Pick<ListPlan, 'where' | 'sort'>,
): Promise<Shown[]> {
  return readInOrder<Shown>(
    db,
    table,
    sort,
    shown,
    (orderBy) => sql`
      SELECT * FROM ${table} WHERE ${where ?? sql`true`}
      ${orderBy}
      LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/**
 * The `shown` value of the rows a statement picks, in the list's order: the statement orders and
 * limits on the table's own columns (`orderBy` walks the sort column's index, the id breaking
 * ties), and `shown` is computed for the picked rows only, kept in that order.
 */
async function readInOrder<Shown>(
  db: Database,
  table: PgTable & { id: AnyPgColumn },
  sort: ListPlan['sort'],
  shown: SQL,
  picked: (orderBy: SQL) => SQL,
): Promise<Shown[]> {
  const order = sql.raw(sort.order === 'asc' ? 'ASC' : 'DESC');
  const column = sql.identifier(sort.column.name);
  const id = sql.identifier(table.id.name);
  const rows = sql.raw(PAGE_ROWS);
  const result = (await db.execute(sql`
    SELECT ${shown} AS "shown"
    FROM (${picked(sql`ORDER BY ${column} ${order}, ${id} ${order}`)}) AS ${rows}
    ORDER BY ${rows}.${column} ${order}, ${rows}.${id} ${order}`)) as unknown as {
    rows: { shown: Shown }[];
  };
  return result.rows.map((row) => row.shown);
}

/**
 * How many matches of a kind the search box reads before it picks the few it shows
 * ({@link listViewFirst}).
 */
export const FIRST_MATCHES_READ = 200;

/**
 * How many of a dated list's newest records the search box reads in its sort's order before it
 * looks for a text's matches elsewhere ({@link listViewFirst}).
 */
export const NEWEST_READ = 2_000;

/**
 * The search box's few records of one kind, each as its view's JSON text, and no total.
 *
 * A list sorted by a date, newest first (`newest`: orders, tasks, requests), reads its
 * {@link NEWEST_READ} newest live records in its sort's index and keeps the first `limit`
 * matches: the newest matches of a common text, found in as many rows whatever the size of the
 * book (the trigram index's lists of "murphy" grow with it, ADR 0152). When those hold fewer than
 * `limit`, and for a list sorted by name, the first {@link FIRST_MATCHES_READ} matches in
 * whatever order PostgreSQL finds them (through the trigram index, or a scan that stops there for
 * a two-letter text) give the rest, in the list's order. Exact whenever a text matches at most
 * that many records of the kind; past that the text is common and the box shows some of its
 * matches until the next letter. Sorting every match, or walking a name index (names cluster:
 * every "Murphy" sits behind 168 000 other people in the last-name index), costs hundreds of
 * milliseconds on a large book. One statement either way: the trigram read runs only when the
 * newest records held too few.
 */
export function listViewFirst<T extends PgTable & { id: AnyPgColumn; deletedAt: AnyPgColumn }>(
  db: Database,
  view: JsonView<T>,
  plan: ListPlan,
  limit: number,
  newest = false,
): Promise<string[]> {
  const table = view.table;
  if (plan.picker) return namesFirst(db, view, plan.picker, limit);
  const where = plan.where ?? sql`true`;
  const firstMatches = (orderBy: SQL) => sql`
    SELECT * FROM (
      SELECT * FROM ${table} WHERE ${where} LIMIT ${FIRST_MATCHES_READ}
    ) AS candidates
    ${orderBy}
    LIMIT ${limit}`;
  if (!newest) return readInOrder<string>(db, table, plan.sort, view.json, firstMatches);
  const id = sql.identifier(table.id.name);
  return readInOrder<string>(
    db,
    table,
    plan.sort,
    view.json,
    (orderBy) => sql`
      WITH newest_matches AS MATERIALIZED (
        SELECT * FROM (
          SELECT * FROM ${table} WHERE ${table.deletedAt} IS NULL ${orderBy} LIMIT ${NEWEST_READ}
        ) AS ${table}
        WHERE ${where}
        ${orderBy}
        LIMIT ${limit}
      )
      SELECT * FROM (
        SELECT * FROM newest_matches
        UNION ALL
        SELECT * FROM (${firstMatches(orderBy)}) AS others
        WHERE (SELECT count(*) FROM newest_matches) < ${limit}
          AND ${id} NOT IN (SELECT ${id} FROM newest_matches)
      ) AS found
      ${orderBy}
      LIMIT ${limit}`,
  );
}

/**
 * The search box's few records of a kind listed by name ({@link listViewFirst}), names starting
 * with the text first, as a picker lists them ({@link NamesStartingFirst}): those are a range of
 * the name's index, read in its order whatever the size of the book, where the trigram index's
 * lists of a common text ("kel": every Kelly and Kelleher) grow with it. Only when fewer start
 * with it, the first {@link FIRST_MATCHES_READ} other matches give the rest, by name. One
 * statement: the other matches are read only when the starting names were too few.
 */
async function namesFirst<T extends PgTable & { id: AnyPgColumn }>(
  db: Database,
  view: JsonView<T>,
  { name, starting, others }: NamesStartingFirst,
  limit: number,
): Promise<string[]> {
  const table = view.table;
  const id = sql.identifier(table.id.name);
  const rows = sql.raw(PAGE_ROWS);
  const result = (await db.execute(sql`
    WITH starting AS MATERIALIZED (
      SELECT * FROM ${table} WHERE ${starting}
      ORDER BY ${nameKey(name)}, ${id}
      LIMIT ${limit}
    )
    SELECT ${view.json} AS "shown" FROM (
      SELECT *, 0 AS starting_last FROM starting
      UNION ALL
      SELECT *, 1 FROM (
        SELECT * FROM (SELECT * FROM ${table} WHERE ${others} LIMIT ${FIRST_MATCHES_READ}) AS candidates
        ORDER BY ${nameKey(name)}, ${id}
        LIMIT ${limit}
      ) AS other_matches
      WHERE (SELECT count(*) FROM starting) < ${limit}
    ) AS ${rows}
    ORDER BY ${rows}.starting_last, ${nameKey(name, PAGE_ROWS)}, ${rows}.${id}
    LIMIT ${limit}`)) as unknown as { rows: { shown: string }[] };
  return result.rows.map((row) => row.shown);
}

/**
 * A page and what counts it (a total, or a list's summary holding one): independent statements,
 * run side by side when the pool has two connections free, so that the call waits for the slower
 * one instead of both (ADR 0089). When calls already queue for connections (a busy server), or
 * inside a transaction, the count runs first and no page is read past the last one.
 */
export async function readPageAndCount<Row, Count>(
  db: Database,
  page: PageRange,
  count: () => Promise<Count>,
  readPage: () => Promise<Row[]>,
  totalOf: (count: Count) => number,
): Promise<{ rows: Row[]; count: Count }> {
  if (freeConnections(db) >= 2) {
    const [counted, rows] = await Promise.all([count(), readPage()]);
    return { rows, count: counted };
  }
  const counted = await count();
  const total = totalOf(counted);
  if (total === 0 || page.offset >= total) return { rows: [], count: counted };
  return { rows: await readPage(), count: counted };
}

/**
 * Views of rows a statement of its own reads (a join, a list without a page's filters): `rows`
 * gives the view's table's columns and the columns its extras read; each row comes back as the
 * view's JSON text (ADR 0090), in `order` (over the row named {@link PAGE_ROWS}).
 */
export async function readViews<T extends PgTable & { id: AnyPgColumn }>(
  db: Database,
  view: JsonView<T>,
  rows: SQL,
  order: SQL,
): Promise<string[]> {
  const result = (await db.execute(sql`
    SELECT ${view.json} AS "shown" FROM (${rows}) AS ${sql.raw(PAGE_ROWS)}
    ORDER BY ${order}`)) as unknown as { rows: { shown: string }[] };
  return result.rows.map((row) => row.shown);
}
