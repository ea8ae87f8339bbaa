import { requestsAs } from './http';
import type { TestApp } from './test-app';

/**
 * An organization as the screen makes one: created with its name, then its other fields (dates,
 * assigned users) saved by a PUT. Answers the organization as the PUT does.
 */
export async function organizationWith(
  t: TestApp,
  who: { auth: string },
  name: string,
  fields: object,
): Promise<{ _id: string; name: string }> {
  const created = await requestsAs(t, who).post('/api/organization', { name });
  expect(created.status).toBe(200);
  const updated = await requestsAs(t, who).put(
    `/api/organization/${created.body.data._id}`,
    fields,
  );
  expect(updated.status).toBe(200);
  return updated.body.data;
}

/** Creates a record by its POST route (people, organizations, tasks…) and answers its id. */
export async function createdId(
  t: TestApp,
  auth: string,
  path: string,
  body: object,
): Promise<string> {
  const created = await t.http.post(path).set('Authorization', auth).send(body);
  expect(created.status).toBe(200);
  return created.body.data._id;
}
