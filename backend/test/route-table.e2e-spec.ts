import { startTestApp, TestApp } from './support/test-app';

/** The only routes a visitor without a token may call (api-conventions.md "Authentication"). */
const PUBLIC_ROUTES = new Set([
  'POST /api/user/signin',
  'POST /api/user/signup',
  'GET /api/health',
  // The prospects' company-creation form (ADR 0084).
  'POST /api/form',
  // A calendar feed: the long random token in its address is the key, for calendar apps that
  // send no header (unknown or revoked: 404).
  'GET /api/calendar/feed/:file',
  // A one-time link's own token is its credential: an invitation, a password reset (ADR 0102);
  // "Forgot password?" answers the same for any address.
  'GET /api/user/invite/:token',
  'POST /api/user/password/forgot',
  'POST /api/user/password/reset',
  // The enrolment a required two-factor sign-in asks for: its one-time token is the credential,
  // and it gives no session before a first code (ADR 0113).
  'POST /api/user/totp/enrolment',
  'POST /api/user/totp/enrolment/confirm',
]);
/** The OpenAPI document and its viewer describe the API; they hold no data. */
const DOCUMENTATION = /^\/api\/docs/;

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

describe('every non-public route answers 401 without a valid token', () => {
  let t: TestApp;
  let routes: { method: string; path: string }[];

  beforeAll(async () => {
    t = await startTestApp();
    const express = t.app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } };
    routes = express.router.stack
      .filter((layer) => layer.route)
      .flatMap((layer) =>
        Object.keys(layer.route!.methods)
          .filter((method) => method !== '_all')
          .map((method) => ({ method: method.toUpperCase(), path: layer.route!.path })),
      )
      // Nest's unknown-path fallback (/api/{*path}) answers 404 by design, see http-contract tests.
      .filter(
        ({ path }) => path.startsWith('/api/') && !DOCUMENTATION.test(path) && !path.includes('{*'),
      );
  });
  afterAll(() => t.close());

  it('finds the route table (sanity: the session routes are in it)', () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/user/signin_token',
        'POST /api/user/logout',
        'DELETE /api/user/:id',
      ]),
    );
  });

  it('walks the whole table', async () => {
    const checked: string[] = [];
    for (const { method, path } of routes) {
      const name = `${method} ${path}`;
      if (PUBLIC_ROUTES.has(name)) continue;
      const concrete = path.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000');
      for (const authorization of [
        undefined,
        'JWT not-a-token',
        'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x',
      ]) {
        let call = t.http[method.toLowerCase() as 'get'](concrete);
        if (authorization) call = call.set('Authorization', authorization);
        const res = await call.send({});
        expect({ route: name, authorization, status: res.status, code: res.body?.code }).toEqual({
          route: name,
          authorization,
          status: 401,
          code: 'UNAUTHORIZED',
        });
      }
      checked.push(name);
    }
    expect(checked.length).toBe(
      routes.filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.path}`)).length,
    );
  });

  it('the OpenAPI document describes every route, and asks a token of all but the public ones', async () => {
    const document = (await t.http.get('/api/docs-json')).body as {
      security: Record<string, string[]>[];
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(document.security).toEqual([{ jwt: [] }]);
    const described = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        // Express writes /user/:id where OpenAPI writes /user/{id}.
        name: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
        isPublic: Array.isArray(operation.security) && operation.security.length === 0,
      })),
    );
    expect(described.map(({ name }) => name).sort()).toEqual(
      routes.map(({ method, path }) => `${method} ${path}`).sort(),
    );
    expect(
      described
        .filter(({ isPublic }) => isPublic)
        .map(({ name }) => name)
        .sort(),
    ).toEqual([...PUBLIC_ROUTES].sort());
  });
});
