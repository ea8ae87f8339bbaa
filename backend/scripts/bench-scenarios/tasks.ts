import { LIST_TARGETS } from './support';
import type { ScenarioSet } from './support';

/** The task board (one column, as the board asks per column), its search, the dashboard card. */
export const taskScenarios: ScenarioSet = async () => {
  const column = { sortField: 'updatedAt', sortOrder: 'desc', page: 1, limit: 7 };
  return [
    {
      name: 'tasks: board column TO DO',
      method: 'POST',
      path: '/api/task/search',
      body: { ...column, status: 'TO DO', user: null },
      targets: LIST_TARGETS,
    },
    {
      name: "tasks: board column of one user's",
      method: 'POST',
      path: '/api/task/search',
      body: { ...column, status: 'IN PROGRESS', user: '00000000-0000-4000-8999-000000000002' },
      targets: LIST_TARGETS,
    },
    {
      name: 'tasks: board search "cro"',
      method: 'POST',
      path: '/api/task/search',
      body: { ...column, status: 'IN PROGRESS', search: 'cro' },
      targets: LIST_TARGETS,
    },
    {
      name: 'tasks: dashboard, 7 latest',
      method: 'POST',
      path: '/api/task/search',
      body: column,
      targets: LIST_TARGETS,
    },
  ];
};
