import { LIST_TARGETS } from './support';
import type { ScenarioSet } from './support';

/** The organization list's AML filters and an organization's beneficial-owner register. */
export const amlScenarios: ScenarioSet = async ({ post }) => {
  // An organization with members: the first of the newest page.
  const newest = (await post('/api/organization/search', { page: 1, limit: 1 })) as {
    data: Array<{ _id: string }>;
  };
  const organizationId = newest.data[0]?._id;
  return [
    {
      name: 'organizations: AML risk high',
      method: 'POST',
      path: '/api/organization/search',
      body: { amlRiskLevel: 'high', limit: 25 },
      targets: LIST_TARGETS,
    },
    {
      name: 'organizations: AML review due in 3 months',
      method: 'POST',
      path: '/api/organization/search',
      body: { amlReviewDue: 3, limit: 25 },
      targets: LIST_TARGETS,
    },
    ...(organizationId
      ? [
          {
            name: 'aml: beneficial-owner register',
            method: 'GET' as const,
            path: `/api/organization/${organizationId}/beneficial-owners`,
          },
        ]
      : []),
  ];
};
