/** What a target bounds: a percentile of the API or of its SQL, the API's overhead, or queries. */
export type Measure = 'apiP50' | 'apiP95' | 'sqlP50' | 'overheadP50' | 'queries';

/** A performance target (docs/benchmarks.md) printed after the table with the measured value. */
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
}

/** Every search answers within 2 ms of its own SQL (the per-call overhead target). */
export const OVERHEAD_TARGET: Target = {
  label: 'per-call overhead: API p50 − SQL p50',
  measure: 'overheadP50',
  max: 2,
};

/** What a scenario set may use to find ids in the book before it names its calls. */
export interface BenchContext {
  base: string;
  headers: Record<string, string>;
  post(path: string, body: Record<string, unknown>): Promise<{ data: unknown }>;
}

/** One context's scenarios. */
export type ScenarioSet = (context: BenchContext) => Promise<Scenario[]>;
