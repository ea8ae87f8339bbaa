import { listPage } from './support';
import type { ScenarioSet } from './support';

/** The organization list's AML filters and an organization's beneficial-owner register. */
export const amlScenarios: ScenarioSet = async ({ post }) => {
  // An organization with members: the first of the newest page.
  const newest = (await post('/api/organization/search', { page: 1, limit: 1 })) as {
    data: Array<{ _id: string }>;
  };
  const organizationId = newest.data[0]?._id;
  return [
    listPage('organizations: AML risk high', '/api/organization/search', {
      amlRiskLevel: 'high',
      limit: 25,
    }),
    listPage('organizations: AML review due in 3 months', '/api/organization/search', {
      amlReviewDue: 3,
      limit: 25,
    }),
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
