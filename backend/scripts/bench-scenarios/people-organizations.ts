import { LIST_TARGETS, listPage } from './support';
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

/**
 * A picker's page as the record selects ask for it: 50 sorted by `field`, the names starting
 * with the text first (`picker`, ADR 0150), with its text typed or none yet.
 */
const pickerPage = (name: string, path: string, field: string, search?: string) =>
  listPage(
    name,
    path,
    {
      ...(search === undefined ? {} : { search }),
      limit: 50,
      sortField: field,
      sortOrder: 'asc',
      picker: true,
    },
    [PICKER_TARGET, ...LIST_TARGETS],
  );

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
    listPage('people: newest page', '/api/people/search', { page: 1, limit: 25 }, [
      TOTAL_TARGET,
      ...LIST_TARGETS,
    ]),
    listPage('people: search "murphy"', '/api/people/search', { search: 'murphy', limit: 25 }),
    listPage('people: search "sio" page 3', '/api/people/search', {
      search: 'sio',
      page: 3,
      limit: 25,
    }),
    listPage('people: country + sort lastName', '/api/people/search', {
      country: 'spain',
      sortField: 'lastName',
      sortOrder: 'asc',
      limit: 25,
    }),
    listPage('organizations: newest page', '/api/organization/search', { page: 1, limit: 25 }, [
      TOTAL_TARGET,
      ...LIST_TARGETS,
    ]),
    listPage('organizations: search "emerald"', '/api/organization/search', {
      search: 'emerald',
      limit: 25,
    }),
    listPage('organizations: AR within 3 months', '/api/organization/search', {
      nextArReminderMonths: 3,
      sortField: 'nextArReminder',
      sortOrder: 'asc',
      limit: 25,
    }),
    listPage('organizations: late paid reminders', '/api/organization/search', {
      latePaidReminders: true,
      limit: 25,
    }),
    pickerPage('organizations: picker by name', '/api/organization/search', 'name', 'kerry'),
    listPage(
      'links: members of an organization',
      '/api/linkpeopleorganization/search',
      { organizationId },
      [ONE_QUERY, ...LIST_TARGETS],
    ),
    pickerPage('organizations: sorted by name, no text', '/api/organization/search', 'name'),
    pickerPage('people: picker by last name', '/api/people/search', 'lastName', 'kel'),
    pickerPage('people: sorted by last name, no text', '/api/people/search', 'lastName'),
    {
      name: 'people: duplicates',
      method: 'GET',
      path: '/api/people/duplicates',
      targets: [{ label: 'duplicates over 300k people: API p50', measure: 'apiP50', max: 300 }],
      // Every member of the biggest groups: a larger book's groups hold more look-alikes.
      wholeRange: true,
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
    ...(['directors-secretaries', 'members', 'beneficial-owners'] as const).map((kind) => ({
      name: `registers: ${kind} of a company`,
      method: 'GET' as const,
      path: `/api/organization/${organizationId}/registers/${kind}`,
      targets: [{ label: "a company's register: API p95", measure: 'apiP95' as const, max: 30 }],
    })),
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
