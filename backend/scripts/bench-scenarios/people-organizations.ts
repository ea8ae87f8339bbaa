import type { ScenarioSet } from './support';

/** People, organizations, links, duplicates and the dashboard. */
export const peopleAndOrganizations: ScenarioSet = async (context) => {
  const found = (await context.post('/api/organization/search', { limit: 1 })) as {
    data: { _id: string }[];
  };
  const organizationId = found.data[0]?._id;

  return [
    {
      name: 'people: newest page',
      method: 'POST',
      path: '/api/people/search',
      body: { page: 1, limit: 25 },
    },
    {
      name: 'people: search "murphy"',
      method: 'POST',
      path: '/api/people/search',
      body: { search: 'murphy', limit: 25 },
    },
    {
      name: 'people: search "sio" page 3',
      method: 'POST',
      path: '/api/people/search',
      body: { search: 'sio', page: 3, limit: 25 },
    },
    {
      name: 'people: country + sort lastName',
      method: 'POST',
      path: '/api/people/search',
      body: { country: 'spain', sortField: 'lastName', sortOrder: 'asc', limit: 25 },
    },
    {
      name: 'organizations: newest page',
      method: 'POST',
      path: '/api/organization/search',
      body: { page: 1, limit: 25 },
    },
    {
      name: 'organizations: search "emerald"',
      method: 'POST',
      path: '/api/organization/search',
      body: { search: 'emerald', limit: 25 },
    },
    {
      name: 'organizations: AR within 3 months',
      method: 'POST',
      path: '/api/organization/search',
      body: { nextArReminderMonths: 3, sortField: 'nextArReminder', sortOrder: 'asc', limit: 25 },
    },
    {
      name: 'organizations: late paid reminders',
      method: 'POST',
      path: '/api/organization/search',
      body: { latePaidReminders: true, limit: 25 },
    },
    {
      name: 'organizations: picker by name',
      method: 'POST',
      path: '/api/organization/search',
      body: { search: 'kerry', limit: 50, sortField: 'name', sortOrder: 'asc' },
    },
    {
      name: 'links: members of an organization',
      method: 'POST',
      path: '/api/linkpeopleorganization/search',
      body: { organizationId },
    },
    { name: 'people: duplicates', method: 'GET', path: '/api/people/duplicates' },
    { name: 'organizations: duplicates', method: 'GET', path: '/api/organization/duplicates' },
    { name: 'dashboard', method: 'GET', path: '/api/dashboard' },
  ];
};
