import { addDays, addMonths, defaultOverviewPeriod, todayInDublin } from '@registra/domain';
import type { ScenarioSet, Target } from './support';

/** "On a large book (100k organizations) a month renders in ≤ 1 s." */
const MONTH_TARGET: Target = {
  label: 'calendar month, every kind and user: API p95',
  measure: 'apiP95',
  max: 1000,
};
/** "On the large book the page loads in ≤ 1 s." */
const OVERVIEW_TARGET: Target = {
  label: 'overview, every user: API p95',
  measure: 'apiP95',
  max: 1000,
};

/** The calendar's month grid (six weeks around this month) and the overview's figures. */
export const calendarScenarios: ScenarioSet = async () => {
  const first = `${todayInDublin().slice(0, 7)}-01`;
  const weekday = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(first, -weekday);
  const to = addDays(from, 41);
  const month = `from=${from}&to=${to}`;
  const { from: overviewFrom, to: overviewTo } = defaultOverviewPeriod(todayInDublin());
  return [
    {
      name: 'calendar: month, every kind, everybody',
      method: 'GET',
      path: `/api/calendar?${month}`,
      targets: [MONTH_TARGET],
      wholeRange: true,
    },
    { name: 'calendar: month, mine', method: 'GET', path: `/api/calendar?${month}&user=mine` },
    {
      name: 'calendar: month, filing deadlines only',
      method: 'GET',
      path: `/api/calendar?${month}&kinds=filingDeadline`,
    },
    {
      name: 'calendar: a year of subscriptions due',
      method: 'GET',
      path: `/api/calendar?from=${first}&to=${addDays(addMonths(first, 12), -1)}&kinds=subscriptionDue`,
      wholeRange: true,
    },
    {
      name: 'overview: next 12 months, everybody',
      method: 'GET',
      path: `/api/overview?from=${overviewFrom}&to=${overviewTo}`,
      targets: [OVERVIEW_TARGET],
      wholeRange: true,
    },
    { name: 'overview: next 12 months, mine', method: 'GET', path: '/api/overview?user=mine' },
  ];
};
