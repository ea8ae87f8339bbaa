import { LIST_TARGETS } from './support';
import type { ScenarioSet } from './support';

/** The change history: one record's History tab, and the admins' Activity page. */
export const auditScenarios: ScenarioSet = async (context) => {
  const found = (await context.post('/api/organization/search', { limit: 1 })) as {
    data: { _id: string }[];
  };
  const organizationId = found.data[0]?._id;
  return [
    {
      name: "audit: an organization's history",
      method: 'GET',
      path: `/api/audit?recordType=organization&recordId=${organizationId}&limit=25`,
      targets: LIST_TARGETS,
    },
    {
      name: 'audit: activity, newest page',
      method: 'GET',
      path: '/api/audit?limit=50',
      targets: LIST_TARGETS,
    },
    {
      name: 'audit: activity of one type and month',
      method: 'GET',
      path: '/api/audit?recordType=people&from=2024-03-01&to=2024-03-31&limit=50',
      targets: LIST_TARGETS,
    },
  ];
};
