/** A timed call of `npm run bench`: an API request next to the SQL it sends. */
export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
}

/** What a scenario set may use to find ids in the book before it names its calls. */
export interface BenchContext {
  base: string;
  headers: Record<string, string>;
  post(path: string, body: Record<string, unknown>): Promise<{ data: unknown }>;
}

/** One context's scenarios. */
export type ScenarioSet = (context: BenchContext) => Promise<Scenario[]>;
