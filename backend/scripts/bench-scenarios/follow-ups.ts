import { LIST_TARGETS } from './support';
import type { ScenarioSet } from './support';

/** The follow-up list (/followUp), an organization's tab and the dashboard's Follow Ups card. */
export const followUpScenarios: ScenarioSet = async (context) => {
  const found = (await context.post('/api/organization/search', { limit: 1 })) as {
    data: { _id: string }[];
  };
  const organizationId = found.data[0]?._id;
  const list = { inProgress: true, completed: true, page: 1, limit: 25 };
  return [
    {
      name: 'follow-ups: list, newest page',
      method: 'POST',
      path: '/api/followUp/search',
      body: list,
      targets: LIST_TARGETS,
    },
    {
      name: 'follow-ups: list by deadline, in progress',
      method: 'POST',
      path: '/api/followUp/search',
      body: { ...list, completed: false, sortField: 'deadline', sortOrder: 'asc' },
      targets: LIST_TARGETS,
    },
    {
      name: 'follow-ups: list of one type, organization "emerald"',
      method: 'POST',
      path: '/api/followUp/search',
      body: { ...list, name: 'AR_TRADING', organization_name: 'emerald' },
      targets: LIST_TARGETS,
    },
    {
      name: "follow-ups: an organization's tab",
      method: 'POST',
      path: '/api/followUp/search',
      body: { organization_id: organizationId, archived_at: null, limit: 1000 },
      targets: LIST_TARGETS,
    },
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
