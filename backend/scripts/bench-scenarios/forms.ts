import { LIST_TARGETS } from './support';
import type { ScenarioSet } from './support';

/** The staff list of company-creation requests: newest first, by name, and a search. */
export const formScenarios: ScenarioSet = async () => {
  const page = { page: 1, limit: 25 };
  return [
    {
      name: 'forms: newest page',
      method: 'POST',
      path: '/api/form/search',
      body: { ...page, sortField: 'createdAt', sortOrder: 'desc' },
      targets: LIST_TARGETS,
    },
    {
      name: 'forms: by name 1',
      method: 'POST',
      path: '/api/form/search',
      body: { ...page, sortField: 'organizationName1', sortOrder: 'asc' },
      targets: LIST_TARGETS,
    },
    {
      name: 'forms: search "murphy"',
      method: 'POST',
      path: '/api/form/search',
      body: { ...page, search: 'murphy' },
      targets: LIST_TARGETS,
    },
  ];
};
