import { auditScenarios } from './audit';
import { calendarScenarios } from './calendar';
import { followUpScenarios } from './follow-ups';
import { taskScenarios } from './tasks';
import { formScenarios } from './forms';
import { amlScenarios } from './aml';
import { orderScenarios } from './orders';
import { peopleAndOrganizations } from './people-organizations';
import { searchScenarios } from './search';
import type { ScenarioSet } from './support';

/** Every context's bench scenarios, in the order they are printed. */
export const BENCH_SCENARIO_SETS: ScenarioSet[] = [
  peopleAndOrganizations,
  followUpScenarios,
  taskScenarios,
  formScenarios,
  amlScenarios,
  orderScenarios,
  auditScenarios,
  searchScenarios,
  calendarScenarios,
];
