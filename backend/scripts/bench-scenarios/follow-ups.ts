import { listPage } from './support';
import type { ScenarioSet } from './support';

/** The follow-up list (/followUp), an organization's tab and the dashboard's Follow Ups card. */
export const followUpScenarios: ScenarioSet = async (context) => {
  const found = (await context.post('/api/organization/search', { limit: 1 })) as {
    data: { _id: string }[];
  };
  const organizationId = found.data[0]?._id;
  const list = { inProgress: true, completed: true, page: 1, limit: 25 };
  return [
    listPage('follow-ups: list, newest page', '/api/followUp/search', list),
    listPage('follow-ups: list by deadline, in progress', '/api/followUp/search', {
      ...list,
      completed: false,
      sortField: 'deadline',
      sortOrder: 'asc',
    }),
    listPage('follow-ups: list of one type, organization "emerald"', '/api/followUp/search', {
      ...list,
      name: 'AR_TRADING',
      organization_name: 'emerald',
    }),
    listPage("follow-ups: an organization's tab", '/api/followUp/search', {
      organization_id: organizationId,
      archived_at: null,
      limit: 1000,
    }),
    {
      name: 'follow-ups: dashboard card (oldest deadlines)',
      method: 'POST',
      path: '/api/organization/search',
      body: { deadline: 'asc', followUps: true, limit: 50 },
    },
    {
      name: 'follow-ups: dashboard card, one type',
      method: 'POST',
      path: '/api/organization/search',
      body: { deadline: 'desc', followUp: 'AR_TRADING', followUps: true, limit: 50 },
    },
  ];
};
