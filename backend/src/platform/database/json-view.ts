import { getTableColumns, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** The alias a page's rows carry in the statements that turn them into views. */
export const PAGE_ROWS = 'page_rows';

interface ViewField {
  property: string;
  key: string;
  timestamp: boolean;
}

/**
 * How the API shows a table's rows, defined once for both sides (issue 15, ADR 0090): every column
 * under its property name, `id` as `_id`, the hidden columns left out, timestamps as ISO 8601 UTC
 * with milliseconds (`Date.toISOString()`); dates ('YYYY-MM-DD'), text, numbers, booleans and
 * JSON as stored.
 *
 * `toView` maps a row in JavaScript (a single record); `select` is the same view written by
 * PostgreSQL over a page's rows (`row_to_json` of those columns), so that a list's answer is
 * text the API passes through: neither `pg` nor the API parses, maps or serializes its rows.
 */
export class JsonView<T extends PgTable & { id: PgColumn }> {
  private readonly fields: ViewField[];
  /** The view's columns over {@link PAGE_ROWS}: `page_rows."id" AS "_id", …`. */
  readonly select: SQL;

  constructor(
    readonly table: T,
    options: { hidden?: readonly (keyof T['_']['columns'])[]; renamed?: Record<string, string> },
  ) {
    const hidden = new Set<string>(options.hidden as readonly string[] | undefined);
    const renamed: Record<string, string> = { id: '_id', ...options.renamed };
    const columns = Object.entries(getTableColumns(table)).filter(([p]) => !hidden.has(p));
    this.fields = columns.map(([property, column]) => ({
      property,
      key: renamed[property] ?? property,
      timestamp: column instanceof PgTimestamp,
    }));
    const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
    this.select = sql.raw(
      columns
        .map(([property, column]) => {
          const value = `${PAGE_ROWS}.${quote(column.name)}`;
          const shown =
            column instanceof PgTimestamp
              ? `to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
              : value;
          return `${shown} AS ${quote(renamed[property] ?? property)}`;
        })
        .join(', '),
    );
  }

  /** One row as the API shows it. */
  toView(row: T['$inferSelect']): Record<string, unknown> {
    const view: Record<string, unknown> = {};
    const values = row as Record<string, unknown>;
    for (const { property, key, timestamp } of this.fields) {
      const value = values[property];
      view[key] = timestamp && value instanceof Date ? value.toISOString() : value;
    }
    return view;
  }

  /**
   * Each of the rows `rows` (a statement whose rows are named {@link PAGE_ROWS}) as the view's
   * JSON text, in `orderBy`'s order: the view is made after the statement's LIMIT, on the page's
   * rows only.
   */
  jsonRows(rows: SQL, orderBy: SQL): SQL {
    return sql`SELECT view.json FROM (${rows}) AS ${sql.raw(PAGE_ROWS)}
      CROSS JOIN LATERAL (SELECT row_to_json(shown)::text AS json FROM (SELECT ${this.select}) AS shown) AS view
      ORDER BY ${orderBy}`;
  }
}
