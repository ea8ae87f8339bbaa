import { listPage } from './support';
import type { ScenarioSet } from './support';

/** The task board (one column, as the board asks per column), its search, the dashboard card. */
export const taskScenarios: ScenarioSet = async () => {
  const column = { sortField: 'updatedAt', sortOrder: 'desc', page: 1, limit: 7 };
  return [
    listPage('tasks: board column TO DO', '/api/task/search', {
      ...column,
      status: 'TO DO',
      user: null,
    }),
    listPage("tasks: board column of one user's", '/api/task/search', {
      ...column,
      status: 'IN PROGRESS',
      user: '00000000-0000-4000-8999-000000000002',
    }),
    listPage('tasks: board search "cro"', '/api/task/search', {
      ...column,
      status: 'IN PROGRESS',
      search: 'cro',
    }),
    listPage('tasks: dashboard, 7 latest', '/api/task/search', column),
  ];
};
