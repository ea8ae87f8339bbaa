/** What a target bounds: a percentile of the API or of its SQL, the API's overhead, or queries. */
export type Measure = 'apiP50' | 'apiP95' | 'sqlP50' | 'overheadP50' | 'queries';

/** A performance target printed after the table with the measured value. */
export interface Target {
  /** What the line says, e.g. "duplicates over 300k people: API p50". */
  label: string;
  measure: Measure;
  /** The most the measure may be (milliseconds, or a count of queries). */
  max: number;
}

/** A timed call of `npm run bench`: an API request next to the SQL it sends. */
export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
  targets?: Target[];
  /**
   * The call reads every record of a range or of the book (an export, a year of the calendar, the
   * overview of everybody, the duplicates): it grows with what it reads, as it must. Such calls are
   * timed after every interactive one, so that the garbage of a 20 MB export is not collected
   * during a page's timing, and the growth table tells them apart.
   */
  wholeRange?: true;
}

/**
 * What a call costs beyond its own SQL (the framework's floor: routing, validation, the session
 * check, the envelope) must not grow: 2.1–4.3 ms measured here before the lists moved to their
 * filter tables (ADR 0098's History).
 */
export const OVERHEAD_TARGET: Target = {
  label: 'per-call overhead: API p50 − SQL p50',
  measure: 'overheadP50',
  max: 4.3,
};

/** Every list and search page staff open: p95 ≤ 60 ms on the large book. */
export const LIST_TARGET: Target = { label: 'list or search: API p95', measure: 'apiP95', max: 60 };

/** A list's page: its budget and the per-call overhead. */
export const LIST_TARGETS: Target[] = [LIST_TARGET, OVERHEAD_TARGET];

/** A list or search page (POST `path` with `body`), held to the lists' targets unless told others. */
export const listPage = (
  name: string,
  path: string,
  body: Record<string, unknown>,
  targets: Target[] = LIST_TARGETS,
): Scenario => ({ name, method: 'POST', path, body, targets });

/** What a scenario set may use to find ids in the book before it names its calls. */
export interface BenchContext {
  base: string;
  headers: Record<string, string>;
  post(path: string, body: Record<string, unknown>): Promise<{ data: unknown }>;
}

/** One context's scenarios. */
export type ScenarioSet = (context: BenchContext) => Promise<Scenario[]>;
