import { startAppWithUser, TestApp } from './support/test-app';

describe('GET /api/dashboard (the home page: organizations and people cards)', () => {
  let t: TestApp;
  let auth: string;
  startAppWithUser((app) => ({ t, auth } = app));

  it('answers the totals and the 5 most recent organizations and people, newest first, in one round trip', async () => {
    const before = (await t.http.get('/api/dashboard').set('Authorization', auth)).body.data;
    const tag = `Dash${Date.now()}`;
    const orgIds: string[] = [];
    const personIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      orgIds.push(
        (
          await t.http
            .post('/api/organization')
            .set('Authorization', auth)
            .send({ name: `${tag} Org ${i}` })
        ).body.data._id,
      );
      personIds.push(
        (
          await t.http
            .post('/api/people')
            .set('Authorization', auth)
            .send({ firstName: `${tag}`, lastName: `P${i}` })
        ).body.data._id,
      );
    }
    await t.http.delete(`/api/organization/${orgIds[5]}`).set('Authorization', auth);

    const res = await t.http.get('/api/dashboard').set('Authorization', auth);
    expect(res.status).toBe(200);
    const { organizations, people } = res.body.data;
    expect(organizations.total).toBe(before.organizations.total + 5);
    expect(people.total).toBe(before.people.total + 6);
    expect(organizations.recent.map((o: { _id: string }) => o._id)).toEqual(
      orgIds.slice(0, 5).reverse(),
    );
    expect(people.recent.map((p: { _id: string }) => p._id)).toEqual(personIds.slice(1).reverse());
    expect(organizations.recent[0]).toHaveProperty('incorporationDate');
    expect(organizations.recent[0]).toHaveProperty('nextArReminder');
    expect(people.recent[0]).toHaveProperty('createdAt');
    // Read in one statement as JSON, each card row is exactly what the record's own page reads.
    const organization = await t.http
      .get(`/api/organization/${orgIds[4]}`)
      .set('Authorization', auth);
    // The card shows the record as GET does, less its follow-ups (GET alone lists them).
    const { followUps, ...shown } = organization.body.data as Record<string, unknown>;
    expect(followUps).toEqual([]);
    expect(organizations.recent[0]).toEqual(shown);
    const person = await t.http.get(`/api/people/${personIds[5]}`).set('Authorization', auth);
    expect(people.recent[0]).toEqual(person.body.data);
  });
});
