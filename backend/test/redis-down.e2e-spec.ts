import { freePort } from './support/free-port';
import { TestRedis } from './support/redis-server';
import { createUser, startTestApp, TestApp } from './support/test-app';

/**
 * Data safety: with Redis down, every CRUD call keeps working (Redis carries only the
 * job queues; ADR 0005). The app starts with Redis up, then loses it.
 */
describe('Redis down: people, organizations, links and files keep working', () => {
  let t: TestApp;
  let redis: TestRedis;
  let auth: string;

  beforeAll(async () => {
    redis = new TestRedis(await freePort());
    await redis.start();
    t = await startTestApp({ REDIS_URL: redis.url });
    auth = (await createUser(t)).auth;
    await redis.stop();
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  const call = (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const request = t.http[method](path).set('Authorization', auth).timeout(10_000);
    return body ? request.send(body) : request;
  };

  it('creates, reads, updates, searches, links, uploads and deletes without Redis', async () => {
    const health = await t.http.get('/api/health');
    expect(health.body.status).toBe('degraded');

    const person = await call('post', '/api/people', { firstName: 'Nóra', lastName: 'Redisless' });
    expect(person.status).toBe(200);
    const personId = person.body.data._id as string;
    expect((await call('put', `/api/people/${personId}`, { phone: '+353 1 555' })).status).toBe(
      200,
    );
    expect(
      (await call('post', '/api/people/search', { search: 'redisless' })).body.totalItems,
    ).toBe(1);

    const organization = await call('post', '/api/organization', { name: 'No Queue Ltd' });
    expect(organization.status).toBe(200);
    const organizationId = organization.body.data._id as string;
    expect(
      (await call('put', `/api/organization/${organizationId}`, { notes: 'Still here.' })).status,
    ).toBe(200);
    expect((await call('get', `/api/organization/${organizationId}`)).body.data.notes).toBe(
      'Still here.',
    );

    const link = await call('post', '/api/linkpeopleorganization', {
      peopleId: personId,
      organizationId,
    });
    expect(link.status).toBe(200);
    const members = await call('post', '/api/linkpeopleorganization/search', { organizationId });
    expect(members.body.data).toHaveLength(1);

    const upload = await t.http
      .post('/api/file')
      .set('Authorization', auth)
      .field('folder', `people/${personId}`)
      .attach('file', Buffer.from('passport scan'), {
        filename: 'passport.txt',
        contentType: 'text/plain',
      })
      .timeout(10_000);
    expect(upload.status).toBe(200);
    expect((await call('get', upload.body.data.url)).text).toBe('passport scan');
    expect((await call('delete', upload.body.data.url)).status).toBe(200);

    expect((await call('delete', `/api/linkpeopleorganization/${link.body.data._id}`)).status).toBe(
      200,
    );
    expect((await call('delete', `/api/organization/${organizationId}`)).status).toBe(200);
    expect((await call('delete', `/api/people/${personId}`)).status).toBe(200);
    expect((await call('get', '/api/dashboard')).status).toBe(200);
  });
});
