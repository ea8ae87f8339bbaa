import { freePort } from './support/free-port';
import { TestPostgres } from './support/postgres-server';
import { createUser, startTestApp, TestApp } from './support/test-app';

/**
 * Data safety: PostgreSQL restarted under the running app. Calls during the gap answer
 * 503 DATABASE_UNAVAILABLE (never 500), no write is half-done, and the app recovers by itself.
 */
describe('PostgreSQL restarted while the app runs', () => {
  let postgres: TestPostgres;
  let t: TestApp;
  let auth: string;

  beforeAll(async () => {
    postgres = new TestPostgres(await freePort());
    await postgres.create();
    t = await startTestApp({ DATABASE_URL: postgres.url });
    auth = (await createUser(t)).auth;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await postgres?.destroy();
  });

  it('answers 503 during the gap, writes nothing half-way, and serves again once it is back', async () => {
    const before = await t.http
      .post('/api/people')
      .set('Authorization', auth)
      .send({ firstName: 'Before', lastName: 'Restart' });
    expect(before.status).toBe(200);

    await postgres.stop();
    const read = await t.http.get(`/api/people/${before.body.data._id}`).set('Authorization', auth);
    expect(read.status).toBe(503);
    expect(read.body).toMatchObject({ ok: false, code: 'DATABASE_UNAVAILABLE' });
    const write = await t.http
      .post('/api/people')
      .set('Authorization', auth)
      .send({ firstName: 'During', lastName: 'Restart' });
    expect(write.status).toBe(503);
    expect(write.body.code).toBe('DATABASE_UNAVAILABLE');
    expect((await t.http.get('/api/health')).status).toBe(503);

    await postgres.start();
    // The pool replaces its dead connections on the next calls: a few tries at most.
    let again = await t.http.get(`/api/people/${before.body.data._id}`).set('Authorization', auth);
    for (let attempt = 0; attempt < 20 && again.status !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      again = await t.http.get(`/api/people/${before.body.data._id}`).set('Authorization', auth);
    }
    expect(again.status).toBe(200);
    expect(again.body.data.lastName).toBe('Restart');

    // The write refused during the gap left nothing behind.
    const during = await t.http
      .post('/api/people/search')
      .set('Authorization', auth)
      .send({ search: 'during restart' });
    expect(during.body.totalItems).toBe(0);
    const after = await t.http
      .post('/api/people')
      .set('Authorization', auth)
      .send({ firstName: 'After', lastName: 'Restart' });
    expect(after.status).toBe(200);
  });
});
