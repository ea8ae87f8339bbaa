import { postJsonText } from './support/http';
import { createUser, startAppWithUser, startTestApp, TestApp } from './support/test-app';

describe('HTTP contract (api-conventions.md)', () => {
  let t: TestApp;
  let auth: string;
  startAppWithUser((app) => ({ t, auth } = app));

  it('unknown /api paths answer 404 JSON', async () => {
    for (const [method, path] of [
      ['get', '/api/nope'],
      ['post', '/api/user/nope'],
      ['delete', '/api'],
    ] as const) {
      const res = await t.http[method](path).set('Authorization', auth);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    }
  });

  it('malformed JSON answers 400 VALIDATION_ERROR', async () => {
    const res = await postJsonText(t, '/api/user/signin', '{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
  });

  it('a JSON body over 10 MB answers 413 PAYLOAD_TOO_LARGE', async () => {
    const big = JSON.stringify({ search: 'x'.repeat(10 * 1024 * 1024 + 10) });
    const res = await postJsonText(t, '/api/user/search', big, auth);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('badly typed and unknown fields answer 400 with per-field details', async () => {
    const res = await t.http
      .post('/api/user/search')
      .set('Authorization', auth)
      .send({ search: 12, limit: 'ten', extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    const fields = res.body.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['search', 'limit', 'extra']));
  });

  it('POST answers 200, not 201', async () => {
    const res = await t.http.post('/api/user/search').set('Authorization', auth).send({});
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
  });

  it.each([
    ['an array body', '[1,2,3]'],
    ['a JSON string body', '"hello"'],
    ['null', 'null'],
    ['deeply nested garbage', JSON.stringify({ email: { $gt: '' }, password: ['a'] })],
    ['a NUL byte', JSON.stringify({ email: 'a\u0000@x.ie', password: 'x\u0000yyyyyyy' })],
  ])('no input answers 500: %s', async (_label, body) => {
    for (const path of ['/api/user/signin', '/api/user/search']) {
      const res = await postJsonText(t, path, body, auth);
      expect(res.status).toBeLessThan(500);
      expect(res.body.ok).toBe(false);
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.(js|ts):\d+|SELECT|INSERT/);
    }
  });

  it('sends helmet headers with a Content-Security-Policy', async () => {
    const res = await t.http.get('/api/health');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('gives every request an id (X-Request-Id)', async () => {
    const res = await t.http.get('/api/health');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
    const echoed = await t.http.get('/api/health').set('X-Request-Id', 'abc-123');
    expect(echoed.headers['x-request-id']).toBe('abc-123');
  });

  it('GET /api/health is public and reports database and Redis up', async () => {
    const res = await t.http.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      status: 'ok',
      role: 'all',
      details: { database: { status: 'up' }, redis: { status: 'up' } },
    });
  });

  it('serves the OpenAPI document generated from the controllers and DTOs at /api/docs', async () => {
    const res = await t.http.get('/api/docs-json');
    expect(res.status).toBe(200);
    expect(res.body.paths['/api/user/signup'].post).toBeDefined();
    const signup = res.body.components.schemas.SignupDto;
    expect(Object.keys(signup.properties)).toEqual([
      'firstName',
      'lastName',
      'email',
      'password',
      'secretCode',
      'invite',
    ]);
    // The staff-account routes are in the document too.
    for (const [path, method] of [
      ['/api/user', 'get'],
      ['/api/user/invite', 'post'],
      ['/api/user/{id}', 'put'],
      ['/api/user/{id}', 'delete'],
      ['/api/user/password', 'put'],
      ['/api/user/password/forgot', 'post'],
      ['/api/user/password/reset', 'post'],
      ['/api/user/sessions', 'get'],
      ['/api/user/sessions', 'delete'],
      ['/api/user/sessions/{id}', 'delete'],
    ]) {
      expect(res.body.paths[path]?.[method]).toBeDefined();
    }
    // Answers in their envelope, failures as the shared error answers (platform/http/openapi.ts).
    const getOrganization = res.body.paths['/api/organization/{id}'].get;
    expect(getOrganization.responses['200'].content['application/json'].schema).toEqual({
      type: 'object',
      properties: {
        ok: { type: 'boolean', enum: [true] },
        data: { $ref: '#/components/schemas/OrganizationView' },
      },
      required: ['ok', 'data'],
    });
    expect(getOrganization.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
    expect(res.body.components.responses.NotFound.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Failure',
    });
    const ui = await t.http.get('/api/docs/');
    expect(ui.status).toBe(200);
    expect(ui.text).toContain('swagger');
  });
});

describe('with Redis down', () => {
  it('the server starts, serves, and health reports Redis as down', async () => {
    const t = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:6399' });
    try {
      const res = await t.http.get('/api/health');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        ok: true,
        status: 'degraded',
        details: { database: { status: 'up' }, redis: { status: 'down' } },
      });
      const { auth } = await createUser(t);
      expect(
        (await t.http.post('/api/user/search').set('Authorization', auth).send({})).status,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });
});
