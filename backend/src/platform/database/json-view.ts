import { getTableColumns, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/** The alias a page's rows carry in the statements that turn them into views. */
export const PAGE_ROWS = 'page_rows';

/** How the API writes a timestamp: ISO 8601 UTC with milliseconds, like `Date.toISOString()`. */
const ISO_TIMESTAMP_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** A timestamptz written as the API writes dates, for JSON built in SQL. */
export const isoTimestamp = (column: SQLWrapper): SQL =>
  sql`to_char(${column} AT TIME ZONE 'UTC', ${sql.raw(ISO_TIMESTAMP_FORMAT)})`;

interface ViewField {
  property: string;
  /** The column's name in the table. */
  name: string;
  /** The field's name in the view. */
  key: string;
  timestamp: boolean;
  converted?: ViewConversion;
}

/**
 * A column shown as a function of its stored value, written once for each side: `sql` over the
 * column's reference (its NULL must give NULL), `js` over a value that is not null: integer
 * cents shown as euros are `::float8 / 100` on one side and `centsToEuros` on the other (both
 * divide the same doubles; PostgreSQL prints a float8 in its shortest exact form, as JSON does).
 */
export interface ViewConversion {
  sql: (column: string) => string;
  js: (value: never) => unknown;
}

/**
 * A field that is not a column of the table: `sql` an expression over the row named
 * {@link PAGE_ROWS} (an organization's name looked up by its id), given by the caller of
 * `toView` for a single record.
 */
export interface ViewExtra {
  key: string;
  sql: string;
}

/**
 * How the API shows a table's rows, defined once for both sides (ADR 0090): every column
 * under its property name, `id` as `_id`, the hidden columns left out, timestamps as ISO 8601 UTC
 * with milliseconds (`Date.toISOString()`); dates ('YYYY-MM-DD'), text, numbers, booleans and
 * JSON as stored.
 *
 * `toView` maps a row in JavaScript (a single record); `json` is the same view written by
 * PostgreSQL over a page's rows (`row_to_json` of those columns), so that a list's answer is
 * text the API passes through: neither `pg` nor the API parses, maps or serializes its rows.
 */
export class JsonView<T extends PgTable & { id: AnyPgColumn }> {
  private readonly fields: ViewField[];
  private readonly extras: readonly ViewExtra[];
  private readonly omitNulls: boolean;
  /** The view of the row named {@link PAGE_ROWS} as JSON text (`row_to_json` of its columns). */
  readonly json: SQL;

  constructor(
    readonly table: T,
    options: {
      hidden?: readonly (keyof T['_']['columns'])[];
      /**
       * Instead of `hidden`: the only columns shown, for a table that keeps secrets (a column
       * added to it later stays out of the API until it is named here).
       */
      shown?: readonly (keyof T['_']['columns'])[];
      renamed?: Partial<Record<keyof T['_']['columns'], string>>;
      converted?: Partial<Record<keyof T['_']['columns'], ViewConversion>>;
      extras?: readonly ViewExtra[];
      /** A field whose value is null is left out of the view (a contract's optional field). */
      omitNulls?: boolean;
    },
  ) {
    const hidden = new Set<string>(options.hidden as readonly string[] | undefined);
    const renamed: Record<string, string> = { id: '_id', ...(options.renamed as object) };
    const converted = (options.converted ?? {}) as Record<string, ViewConversion | undefined>;
    const shown = options.shown && new Set<string>(options.shown as readonly string[]);
    const columns = Object.entries(getTableColumns(table)).filter(([p]) =>
      shown ? shown.has(p) : !hidden.has(p),
    );
    this.fields = columns.map(([property, column]) => ({
      property,
      name: column.name,
      key: renamed[property] ?? property,
      timestamp: column instanceof PgTimestamp,
      converted: converted[property],
    }));
    this.extras = options.extras ?? [];
    this.omitNulls = options.omitNulls ?? false;
    const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
    const select = this.fields
      .map(({ name, key, timestamp, converted: conversion }) => {
        const value = `${PAGE_ROWS}.${quote(name)}`;
        const shown = conversion
          ? conversion.sql(value)
          : timestamp
            ? `to_char(${value} AT TIME ZONE 'UTC', ${ISO_TIMESTAMP_FORMAT})`
            : value;
        return `${shown} AS ${quote(key)}`;
      })
      .concat(this.extras.map(({ key, sql: extra }) => `(${extra}) AS ${quote(key)}`))
      .join(', ');
    const json = this.omitNulls ? 'json_strip_nulls(row_to_json(shown))' : 'row_to_json(shown)';
    this.json = sql.raw(`(SELECT ${json}::text FROM (SELECT ${select}) AS shown)`);
  }

  /** One row as the API shows it; `extras` the values of the fields that are not columns. */
  toView(row: T['$inferSelect'], extras: Record<string, unknown> = {}): Record<string, unknown> {
    const view: Record<string, unknown> = {};
    const values = row as Record<string, unknown>;
    for (const { property, key, timestamp, converted: conversion } of this.fields) {
      const value = values[property];
      view[key] =
        conversion && value !== null && value !== undefined
          ? conversion.js(value as never)
          : timestamp && value instanceof Date
            ? value.toISOString()
            : value;
    }
    for (const { key } of this.extras) view[key] = extras[key] ?? null;
    if (this.omitNulls) {
      for (const [key, value] of Object.entries(view)) if (value === null) delete view[key];
    }
    return view;
  }
}
