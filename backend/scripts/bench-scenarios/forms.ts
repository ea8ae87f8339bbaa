import { listPage } from './support';
import type { ScenarioSet } from './support';

/** The staff list of company-creation requests: newest first, by name, and a search. */
export const formScenarios: ScenarioSet = async () => {
  const page = { page: 1, limit: 25 };
  return [
    listPage('forms: newest page', '/api/form/search', {
      ...page,
      sortField: 'createdAt',
      sortOrder: 'desc',
    }),
    listPage('forms: by name 1', '/api/form/search', {
      ...page,
      sortField: 'organizationName1',
      sortOrder: 'asc',
    }),
    listPage('forms: search "murphy"', '/api/form/search', { ...page, search: 'murphy' }),
  ];
};
