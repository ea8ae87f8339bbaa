import type { SQL } from 'drizzle-orm';

/**
 * What one filter adds to a list when its value narrows it: the condition, and the maintained
 * read paths that still answer the list's total (or summary) with it. None by default: a filter
 * that is set sends the total to a count of the matches.
 */
export interface FilterCondition<Path extends string = never> {
  where: SQL;
  answeredBy?: readonly Path[];
  /**
   * The same condition written as a test of each row that no index answers (a text's match), for
   * a walk of the sort's index once the matches are known to be many (ListPlan.walkWhere).
   */
  walked?: SQL;
}

/**
 * A list's filters, declared once: one entry per field of the list's filter type, each giving
 * its condition for a value (undefined when the value narrows nothing). The type is a mapped
 * type over every field, so a filter added to the type without an entry here does not compile:
 * no total can silently ignore it. An entry also reads the other filters, for the few that
 * depend on each other (a date and the column it applies to).
 */
export type ListFilters<F, Path extends string = never> = {
  [K in keyof F]-?: (value: NonNullable<F[K]>, filters: F) => FilterCondition<Path> | undefined;
};

/** The filters of one call, applied. */
export interface AppliedFilters<Path extends string = never> {
  /** The conditions of the filters that narrow, in the table's order. */
  conditions: SQL[];
  /** The same conditions, each as its `walked` form when it has one. */
  walkConditions: SQL[];
  /** Some filter narrows the list. */
  filtered: boolean;
  /** Every filter that narrows names this read path (an unfiltered list: every path answers). */
  answers(path: Path): boolean;
}

/** Unset: undefined, null or an empty text (a form's untouched field). An empty list is set. */
const isUnset = (value: unknown) => value === undefined || value === null || value === '';

export function applyFilters<F extends object, Path extends string = never>(
  table: ListFilters<F, Path>,
  filters: F,
): AppliedFilters<Path> {
  const applied: FilterCondition<Path>[] = [];
  for (const key of Object.keys(table) as (keyof F)[]) {
    const value = filters[key];
    if (isUnset(value)) continue;
    const condition = table[key](value as NonNullable<F[typeof key]>, filters);
    if (condition) applied.push(condition);
  }
  return {
    conditions: applied.map((condition) => condition.where),
    walkConditions: applied.map((condition) => condition.walked ?? condition.where),
    filtered: applied.length > 0,
    answers: (path) => applied.every((condition) => condition.answeredBy?.includes(path)),
  };
}
