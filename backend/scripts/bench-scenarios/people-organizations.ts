import { LIST_TARGETS } from './support';
import type { ScenarioSet, Target } from './support';

/** Pickers and name-sorted searches: p95 ≤ 20 ms. */
const PICKER_TARGET: Target = { label: 'name-sorted search: API p95', measure: 'apiP95', max: 20 };
/** An unfiltered list's exact total must not grow with the book (ADR 0081). */
const TOTAL_TARGET: Target = {
  label: 'unfiltered list (exact total): SQL p50',
  measure: 'sqlP50',
  max: 2,
};
/** One round trip per screen part. */
const ONE_QUERY: Target = { label: 'one query per screen part', measure: 'queries', max: 1 };

/** People, organizations, links, duplicates and the dashboard. */
export const peopleAndOrganizations: ScenarioSet = async (context) => {
  const found = (await context.post('/api/organization/search', { limit: 1 })) as {
    data: { _id: string }[];
  };
  const organizationId = found.data[0]?._id;
  const person = (await context.post('/api/people/search', { limit: 1 })) as {
    data: { _id: string }[];
  };
  const personId = person.data[0]?._id;

  return [
    {
      name: 'people: newest page',
      method: 'POST',
      path: '/api/people/search',
      body: { page: 1, limit: 25 },
      targets: [TOTAL_TARGET, ...LIST_TARGETS],
    },
    {
      name: 'people: search "murphy"',
      method: 'POST',
      path: '/api/people/search',
      body: { search: 'murphy', limit: 25 },
      targets: LIST_TARGETS,
    },
    {
      name: 'people: search "sio" page 3',
      method: 'POST',
      path: '/api/people/search',
      body: { search: 'sio', page: 3, limit: 25 },
      targets: LIST_TARGETS,
    },
    {
      name: 'people: country + sort lastName',
      method: 'POST',
      path: '/api/people/search',
      body: { country: 'spain', sortField: 'lastName', sortOrder: 'asc', limit: 25 },
      targets: LIST_TARGETS,
    },
    {
      name: 'organizations: newest page',
      method: 'POST',
      path: '/api/organization/search',
      body: { page: 1, limit: 25 },
      targets: [TOTAL_TARGET, ...LIST_TARGETS],
    },
    {
      name: 'organizations: search "emerald"',
      method: 'POST',
      path: '/api/organization/search',
      body: { search: 'emerald', limit: 25 },
      targets: LIST_TARGETS,
    },
    {
      name: 'organizations: AR within 3 months',
      method: 'POST',
      path: '/api/organization/search',
      body: { nextArReminderMonths: 3, sortField: 'nextArReminder', sortOrder: 'asc', limit: 25 },
      targets: LIST_TARGETS,
    },
    {
      name: 'organizations: late paid reminders',
      method: 'POST',
      path: '/api/organization/search',
      body: { latePaidReminders: true, limit: 25 },
      targets: LIST_TARGETS,
    },
    {
      name: 'organizations: picker by name',
      method: 'POST',
      path: '/api/organization/search',
      body: { search: 'kerry', limit: 50, sortField: 'name', sortOrder: 'asc' },
      targets: [PICKER_TARGET, ...LIST_TARGETS],
    },
    {
      name: 'links: members of an organization',
      method: 'POST',
      path: '/api/linkpeopleorganization/search',
      body: { organizationId },
      targets: [ONE_QUERY, ...LIST_TARGETS],
    },
    {
      name: 'organizations: sorted by name, no text',
      method: 'POST',
      path: '/api/organization/search',
      body: { limit: 50, sortField: 'name', sortOrder: 'asc' },
      targets: [PICKER_TARGET, ...LIST_TARGETS],
    },
    {
      name: 'people: picker by last name',
      method: 'POST',
      path: '/api/people/search',
      body: { search: 'kel', limit: 50, sortField: 'lastName', sortOrder: 'asc' },
      targets: [PICKER_TARGET, ...LIST_TARGETS],
    },
    {
      name: 'people: sorted by last name, no text',
      method: 'POST',
      path: '/api/people/search',
      body: { limit: 50, sortField: 'lastName', sortOrder: 'asc' },
      targets: [PICKER_TARGET, ...LIST_TARGETS],
    },
    {
      name: 'people: duplicates',
      method: 'GET',
      path: '/api/people/duplicates',
      targets: [{ label: 'duplicates over 300k people: API p50', measure: 'apiP50', max: 300 }],
    },
    {
      name: 'organizations: duplicates',
      method: 'GET',
      path: '/api/organization/duplicates',
      targets: [
        { label: 'duplicates over 100k organizations: API p50', measure: 'apiP50', max: 100 },
      ],
    },
    {
      name: 'organization: detail',
      method: 'GET',
      path: `/api/organization/${organizationId}`,
      targets: [ONE_QUERY],
    },
    {
      name: 'person: detail',
      method: 'GET',
      path: `/api/people/${personId}`,
      targets: [ONE_QUERY],
    },
    {
      name: 'dashboard',
      method: 'GET',
      path: '/api/dashboard',
      targets: [ONE_QUERY, { label: 'dashboard: API p95', measure: 'apiP95', max: 40 }],
    },
  ];
};
