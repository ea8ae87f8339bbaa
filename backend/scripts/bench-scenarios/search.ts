import { OVERHEAD_TARGET } from './support';
import type { ScenarioSet, Target } from './support';

/** The top bar's search box answers each keystroke within 100 ms (p95) on the large book. */
const SEARCH_BOX_TARGET: Target = { label: 'search box: API p95', measure: 'apiP95', max: 100 };

/** The search box over organizations, people, tasks, orders and requests, as a name is typed. */
export const searchScenarios: ScenarioSet = async () =>
  ['mu', 'murp', 'murphy', 'kel', '123'].map((q) => ({
    name: `search box: "${q}"`,
    method: 'GET' as const,
    path: `/api/search?q=${encodeURIComponent(q)}`,
    targets: [SEARCH_BOX_TARGET, OVERHEAD_TARGET],
  }));
