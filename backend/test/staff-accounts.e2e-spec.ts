import { eq } from 'drizzle-orm';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { userTokens } from '../src/users/users.schema';
import { accountsOverHttp, STAFF_PASSWORD, uniqueEmail } from './support/accounts';
import { startTestAppOnOwnDatabase } from './support/own-database';
import { startSmtpReceiver } from './support/smtp-receiver';
import type { SmtpReceiver } from './support/smtp-receiver';
import { startTestApp, TEST_SIGNUP_CODE } from './support/test-app';
import type { TestApp } from './support/test-app';

/**
 * Staff accounts run by administrators (AccountsService): the list, invitations, roles,
 * deactivation, the last administrator. Its own database, so the first account is this file's
 * administrator and "the last active administrator" is a fact the tests control. Passwords,
 * sessions and two-factor sign-in have their own files (passwords, auth, two-factor).
 */
describe('Staff accounts', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let admin: { auth: string; id: string; email: string };

  const accounts = accountsOverHttp(() => ({ app: t, smtp, admin }));
  const { signUp, signIn, staffAccount, mailedLink, invite, acceptInvitation } = accounts;

  beforeAll(async () => {
    // Sign-in limits have their own tests: here many accounts sign up from one address.
    smtp = await startSmtpReceiver();
    t = await startTestAppOnOwnDatabase('registra_staff', {
      SMTP_URL: smtp.url,
      APP_URL: 'https://registra.firm.ie',
      AUTH_ATTEMPTS_PER_MINUTE: '100000',
    });
    const email = uniqueEmail('admin');
    const res = await signUp({ email, firstName: 'Ciara', lastName: 'Byrne' });
    expect(res.body.data.role).toBe('admin');
    admin = { auth: `JWT ${res.body.token}`, id: res.body.data._id, email };
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe('the user record', () => {
    it('carries role, active and status', async () => {
      const res = await t.http.get('/api/user/signin_token').set('Authorization', admin.auth);
      expect(res.body.data).toMatchObject({ role: 'admin', active: true, status: 'ACTIVE' });
      expect(res.body.data).not.toHaveProperty('passwordHash');
    });

    it('GET /api/user lists every account for admins, paged; staff get 403', async () => {
      const staff = await staffAccount();
      const list = await t.http.get('/api/user?page=1&limit=2').set('Authorization', admin.auth);
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ ok: true, page: 1, limit: 2 });
      expect(list.body.data.length).toBeLessThanOrEqual(2);
      expect(list.body.totalItems).toBeGreaterThanOrEqual(2);
      const refused = await t.http.get('/api/user').set('Authorization', staff.auth);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
    });

    it.each([
      ['page=0', 400],
      ['limit=201', 400],
      ['limit=abc', 400],
      ['status=GONE', 400],
      ['sortField=password', 400],
      ['sortOrder=up', 400],
    ])('GET /api/user?%s answers %i', async (query, status) => {
      const res = await t.http.get(`/api/user?${query}`).set('Authorization', admin.auth);
      expect(res.status).toBe(status);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    });
  });

  describe('the Users list sorted by its columns', () => {
    const names = (rows: { email: string }[]) => rows.map((row) => row.email);
    it.each([
      ['email', 'asc'],
      ['email', 'desc'],
      ['name', 'asc'],
      ['role', 'desc'],
      ['lastLoginAt', 'desc'],
    ])('sortField=%s&sortOrder=%s orders every account so', async (field, order) => {
      await staffAccount();
      const res = await t.http
        .get(`/api/user?limit=200&sortField=${field}&sortOrder=${order}`)
        .set('Authorization', admin.auth);
      expect(res.status).toBe(200);
      const rows = res.body.data as {
        email: string;
        firstName: string;
        lastName: string;
        role: string;
        lastLoginAt: string | null;
      }[];
      const key = (row: (typeof rows)[number]) =>
        field === 'email'
          ? row.email.toLowerCase()
          : field === 'name'
            ? `${row.firstName.toLowerCase()} ${row.lastName.toLowerCase()}`
            : field === 'role'
              ? row.role
              : (row.lastLoginAt ?? '');
      const keys = rows.map(key);
      const sorted = [...keys].sort((a, b) => {
        // Accounts never signed in come last either way.
        if (field === 'lastLoginAt' && (a === '' || b === '')) return a === '' ? 1 : -1;
        return order === 'asc' ? (a < b ? -1 : a > b ? 1 : 0) : a < b ? 1 : a > b ? -1 : 0;
      });
      expect(keys).toEqual(sorted);
      expect(names(rows).length).toBeGreaterThan(1);
    });
  });

  describe('invitations', () => {
    it('an admin invites: the user is INVITED and the mail holds APP_URL/signup?invite=<token>; the sign-up with it completes the account', async () => {
      const email = uniqueEmail('invited');
      const res = await invite({ email, firstName: 'Sean', lastName: 'Kelly', role: 'staff' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        email,
        role: 'staff',
        status: 'INVITED',
        active: true,
      });
      const link = await mailedLink(email);
      expect(link).toMatch(/^https:\/\/registra\.firm\.ie\/signup\?invite=[\w-]{40,}$/);
      const token = new URL(link).searchParams.get('invite') as string;

      // No password yet: signing in is refused like a wrong password.
      expect((await signIn(email)).status).toBe(401);
      // The sign-up page reads whom the link invites.
      const peek = await t.http.get(`/api/user/invite/${token}`);
      expect(peek.status).toBe(200);
      expect(peek.body.data).toMatchObject({ email, firstName: 'Sean', status: 'INVITED' });

      const accepted = await acceptInvitation(token, {
        firstName: 'Seán',
        lastName: 'Kelly',
        email,
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body.data).toMatchObject({
        _id: res.body.data._id,
        firstName: 'Seán',
        status: 'ACTIVE',
        role: 'staff',
      });
      expect(typeof accepted.body.token).toBe('string');
      expect((await signIn(email)).status).toBe(200);

      // The link works once.
      const again = await acceptInvitation(token, { firstName: 'Sean', lastName: 'Kelly', email });
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('INVALID_TOKEN');
      expect((await t.http.get(`/api/user/invite/${token}`)).body.code).toBe('INVALID_TOKEN');
    });

    it('an invitation is for its own address, and a dead or unknown token is refused', async () => {
      const email = uniqueEmail('invited');
      await invite({ email, firstName: 'Niamh', lastName: 'Doyle', role: 'admin' });
      const token = new URL(await mailedLink(email)).searchParams.get('invite') as string;
      const other = await acceptInvitation(token, {
        firstName: 'Niamh',
        lastName: 'Doyle',
        email: uniqueEmail('someone.else'),
      });
      expect(other.status).toBe(400);
      expect(other.body.details).toEqual([
        { field: 'email', message: 'email must be the address the invitation was sent to' },
      ]);
      // Refused without using the link: it still works for its address.
      const accepted = await acceptInvitation(token, {
        firstName: 'Niamh',
        lastName: 'Doyle',
        email,
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body.data.role).toBe('admin');

      const unknown = await acceptInvitation('not-a-token', {
        firstName: 'X',
        lastName: 'Y',
        email: uniqueEmail('x'),
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.code).toBe('INVALID_TOKEN');
    });

    it('an expired invitation is refused', async () => {
      const email = uniqueEmail('late');
      const res = await invite({ email, firstName: 'Late', lastName: 'Comer', role: 'staff' });
      const token = new URL(await mailedLink(email)).searchParams.get('invite') as string;
      await t.app
        .get<Database>(DATABASE)
        .update(userTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(userTokens.userId, res.body.data._id));
      const accepted = await acceptInvitation(token, {
        firstName: 'Late',
        lastName: 'Comer',
        email,
      });
      expect(accepted.status).toBe(400);
      expect(accepted.body.code).toBe('INVALID_TOKEN');
    });

    it.each([
      ['a staff member', 'staff', {}, 403, 'FORBIDDEN'],
      ['an unknown role', 'admin', { role: 'owner' }, 400, 'VALIDATION_ERROR'],
      ['a bad e-mail', 'admin', { email: 'nope' }, 400, 'VALIDATION_ERROR'],
      ['an address already in use', 'admin', { email: 'ADMIN' }, 409, 'EMAIL_TAKEN'],
    ])('invitation by %s is refused', async (_label, who, overrides, status, code) => {
      const auth = who === 'admin' ? admin.auth : (await staffAccount()).auth;
      const body: Record<string, unknown> = {
        email: uniqueEmail('invitee'),
        firstName: 'A',
        lastName: 'B',
        role: 'staff',
        ...overrides,
      };
      if (body.email === 'ADMIN') body.email = admin.email.toUpperCase();
      const res = await invite(body, auth);
      expect(res.status).toBe(status);
      expect(res.body.code).toBe(code);
    });

    it('sign-up with the code can be switched off (SIGNUP_WITH_CODE=false); invitations still work', async () => {
      const closed = await startTestApp({
        DATABASE_URL: t.config.databaseUrl,
        SIGNUP_WITH_CODE: 'false',
      });
      try {
        const res = await closed.http.post('/api/user/signup').send({
          firstName: 'A',
          lastName: 'B',
          email: uniqueEmail('closed'),
          password: STAFF_PASSWORD,
          secretCode: TEST_SIGNUP_CODE,
        });
        expect(res.status).toBe(403);
        expect(res.body.message).toMatch(/invitation/);
      } finally {
        await closed.close();
      }
    });
  });

  describe('roles, deactivation and the last administrator', () => {
    it('PUT /api/user/{id} changes the role; staff cannot', async () => {
      const staff = await staffAccount();
      const promoted = await t.http
        .put(`/api/user/${staff.id}`)
        .set('Authorization', admin.auth)
        .send({ role: 'admin' });
      expect(promoted.status).toBe(200);
      expect(promoted.body.data).toMatchObject({ role: 'admin', status: 'ACTIVE' });
      const other = await staffAccount();
      const refused = await t.http
        .put(`/api/user/${staff.id}`)
        .set('Authorization', other.auth)
        .send({ role: 'staff' });
      expect(refused.status).toBe(403);
      const demoted = await t.http
        .put(`/api/user/${staff.id}`)
        .set('Authorization', admin.auth)
        .send({ role: 'staff' });
      expect(demoted.body.data.role).toBe('staff');
    });

    it.each([
      [{ role: 'owner' }, 'role'],
      [{ active: 'no' }, 'active'],
      [{ isAdmin: true }, 'isAdmin'],
    ])('PUT /api/user/{id} with %j answers 400 naming %s', async (body, field) => {
      const staff = await staffAccount();
      const res = await t.http
        .put(`/api/user/${staff.id}`)
        .set('Authorization', admin.auth)
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    });

    it('PUT /api/user/{unknown} answers 404 and a bad id 400', async () => {
      const unknown = await t.http
        .put('/api/user/00000000-0000-4000-8000-000000000000')
        .set('Authorization', admin.auth)
        .send({ role: 'staff' });
      expect(unknown.status).toBe(404);
      const bad = await t.http
        .put('/api/user/nope')
        .set('Authorization', admin.auth)
        .send({ role: 'staff' });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('INVALID_ID');
    });

    it('a deactivated user: its tokens answer 401, its sign-in and sign-up 403 ACCOUNT_DISABLED, until reactivated', async () => {
      const staff = await staffAccount();
      const deactivated = await t.http
        .put(`/api/user/${staff.id}`)
        .set('Authorization', admin.auth)
        .send({ active: false });
      expect(deactivated.status).toBe(200);
      expect(deactivated.body.data).toMatchObject({ active: false, status: 'DISABLED' });

      const me = await t.http.get('/api/user/signin_token').set('Authorization', staff.auth);
      expect(me.status).toBe(401);
      // The 401 says why, for the sign-in screen.
      expect(me.body).toMatchObject({
        ok: false,
        code: 'SESSION_ACCOUNT_DISABLED',
        message: 'Your account was deactivated by an administrator.',
      });
      const signin = await signIn(staff.email);
      expect(signin.status).toBe(403);
      expect(signin.body.code).toBe('ACCOUNT_DISABLED');
      // A wrong password tells nothing about the account.
      expect((await signIn(staff.email, 'a wrong passphrase!')).status).toBe(401);
      const signup = await signUp({ email: staff.email });
      expect(signup.status).toBe(403);
      expect(signup.body.code).toBe('ACCOUNT_DISABLED');
      const invited = await invite({
        email: staff.email,
        firstName: 'A',
        lastName: 'B',
        role: 'staff',
      });
      expect(invited.body.code).toBe('ACCOUNT_DISABLED');
      // Pickers leave a deactivated account out.
      const search = await t.http
        .post('/api/user/search')
        .set('Authorization', admin.auth)
        .send({ search: staff.email });
      expect(search.body.data).toEqual([]);

      const reactivated = await t.http
        .put(`/api/user/${staff.id}`)
        .set('Authorization', admin.auth)
        .send({ active: true });
      expect(reactivated.body.data).toMatchObject({ active: true, status: 'ACTIVE' });
      // The old sessions stay ended; signing in works again.
      expect(
        (await t.http.get('/api/user/signin_token').set('Authorization', staff.auth)).status,
      ).toBe(401);
      expect((await signIn(staff.email)).status).toBe(200);
    });

    it('DELETE /api/user/{id} deactivates too, and the e-mail cannot sign up again', async () => {
      const staff = await staffAccount();
      const res = await t.http.delete(`/api/user/${staff.id}`).set('Authorization', admin.auth);
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe('DISABLED');
      const signup = await signUp({ email: staff.email });
      expect(signup.status).toBe(403);
      expect(signup.body.code).toBe('ACCOUNT_DISABLED');
      expect(
        (await t.http.delete(`/api/user/${admin.id}`).set('Authorization', staff.auth)).status,
      ).toBe(401);
    });

    it('the last active administrator can be neither demoted nor deactivated (409 LAST_ADMIN)', async () => {
      // Every other administrator of this database steps down first.
      const list = await t.http.get('/api/user?limit=200').set('Authorization', admin.auth);
      for (const user of list.body.data as { _id: string; role: string }[]) {
        if (user.role === 'admin' && user._id !== admin.id) {
          const res = await t.http
            .put(`/api/user/${user._id}`)
            .set('Authorization', admin.auth)
            .send({ role: 'staff' });
          expect(res.status).toBe(200);
        }
      }
      for (const [method, body] of [
        ['put', { role: 'staff' }],
        ['put', { active: false }],
        ['delete', undefined],
      ] as const) {
        const call =
          method === 'put'
            ? t.http.put(`/api/user/${admin.id}`).send(body)
            : t.http.delete(`/api/user/${admin.id}`);
        const res = await call.set('Authorization', admin.auth);
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ ok: false, code: 'LAST_ADMIN' });
        expect(res.body.message).toMatch(/last active administrator/);
      }
      const me = await t.http.get('/api/user/signin_token').set('Authorization', admin.auth);
      expect(me.body.data).toMatchObject({ role: 'admin', status: 'ACTIVE' });

      // With a second administrator, the first may step down.
      const second = await staffAccount();
      await t.http
        .put(`/api/user/${second.id}`)
        .set('Authorization', admin.auth)
        .send({ role: 'admin' });
      const stepDown = await t.http
        .put(`/api/user/${second.id}`)
        .set('Authorization', admin.auth)
        .send({ role: 'staff' });
      expect(stepDown.status).toBe(200);
    });

    it("every change is in the user's history, which only administrators read", async () => {
      const staff = await staffAccount();
      await t.http
        .put(`/api/user/${staff.id}`)
        .set('Authorization', admin.auth)
        .send({ role: 'admin' });
      await t.http
        .put(`/api/user/${staff.id}`)
        .set('Authorization', admin.auth)
        .send({ role: 'staff', active: false });
      const history = await t.http
        .get(`/api/audit?recordType=user&recordId=${staff.id}`)
        .set('Authorization', admin.auth);
      expect(history.status).toBe(200);
      const changes = (history.body.data as { action: string; changes: unknown }[])
        .filter((entry) => entry.action === 'update')
        .map((entry) => entry.changes);
      expect(changes).toEqual(
        expect.arrayContaining([
          expect.arrayContaining([{ field: 'role', old: 'staff', new: 'admin' }]),
          expect.arrayContaining([{ field: 'status', old: 'ACTIVE', new: 'DISABLED' }]),
        ]),
      );
      const other = await staffAccount();
      for (const query of [
        `recordType=user&recordId=${admin.id}`,
        `recordType=user&recordId=${other.id}`,
      ]) {
        const refused = await t.http.get(`/api/audit?${query}`).set('Authorization', other.auth);
        expect(refused.status).toBe(403);
        expect(refused.body.code).toBe('FORBIDDEN');
      }
    });
  });
});
