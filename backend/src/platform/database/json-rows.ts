import { getTableColumns } from 'drizzle-orm';
import type { InferSelectModel, Table } from 'drizzle-orm';

/**
 * Rows a statement returned as JSON (`to_json(row)`, keyed by column name) turned into the
 * table's row objects, each value through its column's own driver mapping (timestamps to Dates,
 * jsonb as is): one statement can bring several lists (the dashboard) and the view functions
 * still get the rows a plain select gives.
 */
export function rowsFromJson<T extends Table>(
  table: T,
  rows: readonly Record<string, unknown>[] | null,
): InferSelectModel<T>[] {
  const columns = Object.entries(getTableColumns(table));
  return (rows ?? []).map((json) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = json[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as InferSelectModel<T>;
  });
}
