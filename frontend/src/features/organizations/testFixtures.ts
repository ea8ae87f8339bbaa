// Test data of the organizations feature (imported by *.test.tsx only); the shared fixtures
// (signIn, listAnswer, makePerson) are in src/test/fixtures.ts.
import { signIn } from '../../test/fixtures';
import { json, mockApi } from '../../test/render';
import type { Call } from '../../test/render';
import type { Organization } from './types';
export { makeOrganization } from '../../test/fixtures';

/** The API of a signed-in session whose organization o1 is `organization`, plus `extra` routes. */
export function mockOrganizationApi(
  organization: Organization,
  extra: Record<string, (call: Call) => Response> = {},
) {
  return mockApi({
    ...signIn(),
    'GET /api/organization/o1': () => json(200, { ok: true, data: organization }),
    'POST /api/linkpeopleorganization/search': () => json(200, { ok: true, data: [] }),
    ...extra,
  });
}
