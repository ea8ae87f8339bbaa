import { ModulesContainer, Reflector } from '@nestjs/core';
import { declaredRoutes } from '../src/platform/auth/route-access';
import type { RouteAccess } from '../src/platform/auth/route-access';
import { createStaff, startTestApp, TestApp } from './support/test-app';

/**
 * Every route of the API and who may call it (docs/architecture.md "Who may call a route"):
 * `public` without a session, `staff` any signed-in member of staff (administrators included;
 * the service may refuse more by the record, in words), `admin` administrators only. A route
 * added, removed, or declared otherwise fails here until this table says so.
 */
const ROUTES: Record<string, RouteAccess> = {
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  // Prometheus has no session: the METRICS_TOKEN bearer token is its credential (ADR 0135).
  'GET /api/metrics': 'public',

  // Staff accounts: sign-in and sessions.
  'POST /api/user/signup': 'public',
  'POST /api/user/signin': 'public',
  'GET /api/user/signin_token': 'staff',
  'POST /api/user/logout': 'staff',
  'GET /api/user/sessions': 'staff',
  'DELETE /api/user/sessions': 'staff',
  'DELETE /api/user/sessions/:id': 'staff',
  // Passwords. A one-time link's own token is its credential (ADR 0102); "Forgot password?"
  // answers the same for any address.
  'PUT /api/user/password': 'staff',
  'POST /api/user/password/forgot': 'public',
  'POST /api/user/password/reset': 'public',
  'POST /api/user/:id/password-reset': 'admin',
  // Two-factor sign-in. The enrolment a required two-factor sign-in asks for: its one-time token
  // is the credential, and it gives no session before a first code (ADR 0113).
  'POST /api/user/totp': 'staff',
  'POST /api/user/totp/confirm': 'staff',
  'DELETE /api/user/totp': 'staff',
  'POST /api/user/totp/recovery-codes': 'staff',
  'POST /api/user/totp/enrolment': 'public',
  'POST /api/user/totp/enrolment/confirm': 'public',
  'PUT /api/user/two-factor': 'admin',
  'DELETE /api/user/:id/totp': 'admin',
  // Accounts and invitations (an invitation's link: its token is the credential).
  'POST /api/user/search': 'staff',
  'GET /api/user': 'admin',
  'POST /api/user/invite': 'admin',
  'GET /api/user/invite/:token': 'public',
  'POST /api/user/:id/invite': 'admin',
  'PUT /api/user/:id': 'admin',
  'DELETE /api/user/:id': 'admin',
  // One's own mails; another's address for administrators only (MailService.mailsFor).
  'GET /api/user/emails/activity': 'staff',
  'GET /api/user/emails/:email': 'staff',

  // The history: one record's for any staff member, the whole log and accounts' for
  // administrators (AuditService.search); restoring is theirs alone.
  'GET /api/audit': 'staff',
  'GET /api/audit/restorable-types': 'staff',
  'POST /api/audit/restore': 'admin',
  'PUT /api/settings': 'admin',
  'GET /api/settings': 'staff',
  'POST /api/admin/queues-session': 'admin',

  'POST /api/people': 'staff',
  'POST /api/people/search': 'staff',
  'POST /api/people/merge': 'staff',
  'GET /api/people/export': 'staff',
  'GET /api/people/duplicates': 'staff',
  'GET /api/people/:id': 'staff',
  'PUT /api/people/:id': 'staff',
  'DELETE /api/people/:id': 'staff',
  'POST /api/people/:id/erase': 'admin',
  'POST /api/people/:id/data-export': 'admin',
  'POST /api/data-export': 'admin',
  'GET /api/data-export/:id': 'admin',
  'GET /api/data-export/:id/download': 'admin',
  'GET /api/retention-review': 'admin',
  'POST /api/retention-review/erase': 'admin',
  'POST /api/retention-review/refresh': 'admin',
  'POST /api/retention-review/mail-bodies/erase': 'admin',
  'POST /api/organization': 'staff',
  'POST /api/organization/search': 'staff',
  'POST /api/organization/merge': 'staff',
  'GET /api/organization/export': 'staff',
  'GET /api/organization/duplicates': 'staff',
  'GET /api/organization/:id': 'staff',
  'PUT /api/organization/:id': 'staff',
  'DELETE /api/organization/:id': 'staff',
  'POST /api/organization/templates': 'staff',
  'POST /api/organization/send': 'staff',
  'GET /api/organization/:id/aml.pdf': 'staff',
  'POST /api/organization/:id/share-classes': 'staff',
  'GET /api/organization/:id/share-classes': 'staff',
  'DELETE /api/organization/:id/share-classes/:classId': 'staff',
  'POST /api/organization/:id/share-entries': 'staff',
  'GET /api/organization/:id/share-entries': 'staff',
  'GET /api/organization/:id/registers/:kind': 'staff',
  'GET /api/organization/:id/annual-return': 'staff',
  'GET /api/organization/:id/aml': 'staff',
  'GET /api/organization/:id/beneficial-owners': 'staff',
  'POST /api/linkpeopleorganization': 'staff',
  'POST /api/linkpeopleorganization/search': 'staff',
  'GET /api/linkpeopleorganization/export': 'staff',
  'PUT /api/linkpeopleorganization/:id': 'staff',
  'DELETE /api/linkpeopleorganization/:id': 'staff',
  'GET /api/dashboard': 'staff',
  'GET /api/overview': 'staff',
  'GET /api/search': 'staff',
  'POST /api/file': 'staff',
  'POST /api/file/search': 'staff',
  'GET /api/file/:id': 'staff',
  'DELETE /api/file/:id': 'staff',
  'POST /api/followUp': 'staff',
  'POST /api/followUp/search': 'staff',
  'GET /api/followUp/:id': 'staff',
  'PUT /api/followUp/:id': 'staff',
  'DELETE /api/followUp/:id': 'staff',
  'POST /api/task': 'staff',
  'POST /api/task/search': 'staff',
  'PUT /api/task/send/:id': 'staff',
  'GET /api/task/:id': 'staff',
  'PUT /api/task/:id': 'staff',
  'DELETE /api/task/:id': 'staff',
  // The prospects' company-creation form (docs/product/forms.md, ADR 0084); its review is the staff's.
  'POST /api/form': 'public',
  'POST /api/form/search': 'staff',
  'POST /api/form/:id/convert': 'staff',
  'GET /api/form/:id/conversion': 'staff',
  'GET /api/form/:id': 'staff',
  'PUT /api/form/:id': 'staff',
  'DELETE /api/form/:id': 'staff',
  'PUT /api/form/:id/keep': 'staff',
  'POST /api/product': 'staff',
  'POST /api/product/search': 'staff',
  'POST /api/order': 'staff',
  'POST /api/order/search': 'staff',
  'GET /api/order/export': 'staff',
  'GET /api/order/:id': 'staff',
  'PUT /api/order/:id': 'staff',
  'DELETE /api/order/:id': 'staff',
  'POST /api/subscription': 'staff',
  'POST /api/subscription/search': 'staff',
  'GET /api/subscription/export': 'staff',
  'GET /api/subscription/:id': 'staff',
  'PUT /api/subscription/:id': 'staff',
  'DELETE /api/subscription/:id': 'staff',
  // Undoing: the import's own user or an administrator (ImportService.undo).
  'POST /api/import': 'staff',
  'GET /api/import': 'staff',
  'POST /api/import/:id/check': 'staff',
  'POST /api/import/:id/run': 'staff',
  'GET /api/import/:id/errors.csv': 'staff',
  'POST /api/import/:id/undo': 'staff',
  'GET /api/import/:id': 'staff',
  'GET /api/calendar/annual-return-starts': 'admin',
  'GET /api/calendar': 'staff',
  'POST /api/calendar/feeds': 'staff',
  'GET /api/calendar/feeds': 'staff',
  'DELETE /api/calendar/feeds/:id': 'staff',
  // A calendar feed: the long random token in its address is the key, for calendar apps that
  // send no header (unknown or revoked: 404).
  'GET /api/calendar/feed/:file': 'public',
};

const routesFor = (access: RouteAccess): string[] =>
  Object.entries(ROUTES)
    .filter(([, declared]) => declared === access)
    .map(([name]) => name);
const PUBLIC_ROUTES = new Set(routesFor('public'));

/** The OpenAPI document and its viewer describe the API; they hold no data. */
const DOCUMENTATION = /^\/api\/docs/;
/** A path's parameters filled in: a well-formed id no record has. */
const concrete = (path: string) =>
  path.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000');

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

describe('every route, and who may call it', () => {
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

  it('the table lists every route of the router, with who may call it as the route declares it', () => {
    expect(routes.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
      Object.keys(ROUTES).sort(),
    );
    const declared = Object.fromEntries(
      declaredRoutes(t.app.get(ModulesContainer), t.app.get(Reflector)).map(
        ({ method, path, access }) => [`${method} /api${path}`, access],
      ),
    );
    expect(declared).toEqual(ROUTES);
  });

  it('every route but the public ones answers 401 without a valid token', async () => {
    const checked: string[] = [];
    for (const { method, path } of routes) {
      const name = `${method} ${path}`;
      if (PUBLIC_ROUTES.has(name)) continue;
      for (const authorization of [
        undefined,
        'JWT not-a-token',
        'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x',
      ]) {
        let call = t.http[method.toLowerCase() as 'get'](concrete(path));
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

  it("every administrators' route answers a member of staff 403 FORBIDDEN, in words", async () => {
    const staff = await createStaff(t);
    const adminRoutes = routesFor('admin');
    expect(adminRoutes.length).toBeGreaterThanOrEqual(12);
    for (const name of adminRoutes) {
      const [method, path] = name.split(' ');
      const res = await t.http[method.toLowerCase() as 'get'](concrete(path))
        .set('Authorization', staff.auth)
        .send({});
      expect({ route: name, status: res.status, body: res.body }).toEqual({
        route: name,
        status: 403,
        body: {
          ok: false,
          code: 'FORBIDDEN',
          message: expect.stringMatching(/^Only an administrator can \w.+/),
        },
      });
    }
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
