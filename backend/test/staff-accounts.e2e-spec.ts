import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { userSessions, userTokens } from '../src/users/users.schema';
import { createDatabase, dropDatabase } from './support/databases';
import { outboxRowsTo } from './support/mail';
import { mailedLink as mailedLinkOf, startSmtpReceiver } from './support/smtp-receiver';
import type { SmtpReceiver } from './support/smtp-receiver';
import { createAdmin, createUser, startTestApp, TEST_SIGNUP_CODE } from './support/test-app';
import type { TestApp } from './support/test-app';

const PASSWORD = 'a long staff passphrase';
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${(counter += 1)}@firm.test`;

/**
 * Staff accounts run by administrators: invitations, roles, deactivation, the last administrator,
 * passwords and sessions. Its own database, so the first account is this file's administrator
 * and "the last active administrator" is a fact the tests control.
 */
describe('Staff accounts', () => {
  let t: TestApp;
  let database: { name: string; url: string };
  let smtp: SmtpReceiver;
  let admin: { auth: string; id: string; email: string };

  const signUp = async (overrides: Record<string, unknown> = {}) =>
    t.http.post('/api/user/signup').send({
      firstName: 'Aoife',
      lastName: 'Murphy',
      email: uniqueEmail('signup'),
      password: PASSWORD,
      secretCode: TEST_SIGNUP_CODE,
      ...overrides,
    });

  const signIn = (email: string, password = PASSWORD) =>
    t.http.post('/api/user/signin').send({ email, password });

  /** A staff account with a session, signed up with the code. */
  const staffAccount = async () => {
    const email = uniqueEmail('staff');
    const res = await signUp({ email });
    expect(res.status).toBe(200);
    return { auth: `JWT ${res.body.token}`, id: res.body.data._id as string, email };
  };

  /** The link of the latest mail to `to`, as its recipient reads it. */
  const mailedLink = (to: string): Promise<string> => mailedLinkOf(smtp, to);

  const invite = (body: Record<string, unknown>, auth = admin.auth) =>
    t.http.post('/api/user/invite').set('Authorization', auth).send(body);

  beforeAll(async () => {
    database = await createDatabase('registra_staff');
    // Sign-in limits have their own tests: here many accounts sign up from one address.
    smtp = await startSmtpReceiver();
    t = await startTestApp({
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      APP_URL: 'https://registra.firm.ie',
      FIRM_NAME: 'Emerald Corporate Services',
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
    await dropDatabase(database.name);
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

      const accepted = await t.http.post('/api/user/signup').send({
        firstName: 'Seán',
        lastName: 'Kelly',
        email,
        password: PASSWORD,
        invite: token,
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
      const again = await t.http.post('/api/user/signup').send({
        firstName: 'Sean',
        lastName: 'Kelly',
        email,
        password: PASSWORD,
        invite: token,
      });
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('INVALID_TOKEN');
      expect((await t.http.get(`/api/user/invite/${token}`)).body.code).toBe('INVALID_TOKEN');
    });

    it('an invitation is for its own address, and a dead or unknown token is refused', async () => {
      const email = uniqueEmail('invited');
      await invite({ email, firstName: 'Niamh', lastName: 'Doyle', role: 'admin' });
      const token = new URL(await mailedLink(email)).searchParams.get('invite') as string;
      const other = await t.http.post('/api/user/signup').send({
        firstName: 'Niamh',
        lastName: 'Doyle',
        email: uniqueEmail('someone.else'),
        password: PASSWORD,
        invite: token,
      });
      expect(other.status).toBe(400);
      expect(other.body.details).toEqual([
        { field: 'email', message: 'email must be the address the invitation was sent to' },
      ]);
      // Refused without using the link: it still works for its address.
      const accepted = await t.http
        .post('/api/user/signup')
        .send({ firstName: 'Niamh', lastName: 'Doyle', email, password: PASSWORD, invite: token });
      expect(accepted.status).toBe(200);
      expect(accepted.body.data.role).toBe('admin');

      const unknown = await t.http.post('/api/user/signup').send({
        firstName: 'X',
        lastName: 'Y',
        email: uniqueEmail('x'),
        password: PASSWORD,
        invite: 'not-a-token',
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
      const accepted = await t.http
        .post('/api/user/signup')
        .send({ firstName: 'Late', lastName: 'Comer', email, password: PASSWORD, invite: token });
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
      const closed = await startTestApp({ DATABASE_URL: database.url, SIGNUP_WITH_CODE: 'false' });
      try {
        const res = await closed.http.post('/api/user/signup').send({
          firstName: 'A',
          lastName: 'B',
          email: uniqueEmail('closed'),
          password: PASSWORD,
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

  describe('passwords', () => {
    it.each([
      ['11 characters', 'elevenchars', /at least 12 characters/],
      ['on the common-password list', 'password1234', /common or breached passwords/],
      ['on the list in capitals', 'QWERTY123456', /common or breached passwords/],
      ['201 characters', 'x'.repeat(201), /at most 200 characters/],
    ])('sign-up with a password of %s answers 400 naming password', async (_l, password, why) => {
      const res = await signUp({ password });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        { field: 'password', message: expect.stringMatching(why) },
      ]);
    });

    it('12 characters not on the list are accepted', async () => {
      expect((await signUp({ password: 'twelve chars' })).status).toBe(200);
    });

    it('PUT /api/user/password: the current password is required, the new one follows the rules, every other session ends', async () => {
      const staff = await staffAccount();
      const other = await signIn(staff.email);
      const otherAuth = `JWT ${other.body.token}`;

      const wrong = await t.http
        .put('/api/user/password')
        .set('Authorization', staff.auth)
        .send({ currentPassword: 'not my passphrase', newPassword: 'a brand new passphrase' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('INVALID_CREDENTIALS');

      const weak = await t.http
        .put('/api/user/password')
        .set('Authorization', staff.auth)
        .send({ currentPassword: PASSWORD, newPassword: 'password1234' });
      expect(weak.status).toBe(400);
      expect(weak.body.details[0].field).toBe('newPassword');

      const changed = await t.http
        .put('/api/user/password')
        .set('Authorization', staff.auth)
        .send({ currentPassword: PASSWORD, newPassword: 'a brand new passphrase' });
      expect(changed.status).toBe(200);
      expect(
        (await t.http.get('/api/user/signin_token').set('Authorization', staff.auth)).status,
      ).toBe(200);
      expect(
        (await t.http.get('/api/user/signin_token').set('Authorization', otherAuth)).status,
      ).toBe(401);
      expect((await signIn(staff.email)).status).toBe(401);
      expect((await signIn(staff.email, 'a brand new passphrase')).status).toBe(200);
    });

    it('forgot password answers the same whatever the address; the link resets once, within 1 hour, and ends every session', async () => {
      const staff = await staffAccount();
      const unknown = await t.http
        .post('/api/user/password/forgot')
        .send({ email: uniqueEmail('nobody') });
      const known = await t.http.post('/api/user/password/forgot').send({ email: staff.email });
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      expect(known.body).toEqual({ ok: true });

      const link = await mailedLink(staff.email);
      expect(link).toMatch(/^https:\/\/registra\.firm\.ie\/reset-password\?token=[\w-]{40,}$/);
      const token = new URL(link).searchParams.get('token') as string;

      const weak = await t.http
        .post('/api/user/password/reset')
        .send({ token, newPassword: 'short' });
      expect(weak.status).toBe(400);
      expect(weak.body.details[0].field).toBe('newPassword');

      const reset = await t.http
        .post('/api/user/password/reset')
        .send({ token, newPassword: 'the reset passphrase' });
      expect(reset.status).toBe(200);
      expect(
        (await t.http.get('/api/user/signin_token').set('Authorization', staff.auth)).status,
      ).toBe(401);
      expect((await signIn(staff.email, 'the reset passphrase')).status).toBe(200);

      const twice = await t.http
        .post('/api/user/password/reset')
        .send({ token, newPassword: 'yet another passphrase' });
      expect(twice.status).toBe(400);
      expect(twice.body.code).toBe('INVALID_TOKEN');
    });

    it('a reset link older than 1 hour is refused', async () => {
      const staff = await staffAccount();
      await t.http.post('/api/user/password/forgot').send({ email: staff.email });
      const token = new URL(await mailedLink(staff.email)).searchParams.get('token') as string;
      const db = t.app.get<Database>(DATABASE);
      const [row] = await db.select().from(userTokens).where(eq(userTokens.userId, staff.id));
      // Issued valid for 1 hour.
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(59 * 60_000);
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(
        60 * 60_000 + 5_000,
      );
      await db
        .update(userTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(userTokens.userId, staff.id));
      const res = await t.http
        .post('/api/user/password/reset')
        .send({ token, newPassword: 'the reset passphrase' });
      expect(res.body.code).toBe('INVALID_TOKEN');
    });

    it('an administrator sends a user a reset link; staff cannot', async () => {
      const staff = await staffAccount();
      const res = await t.http
        .post(`/api/user/${staff.id}/password-reset`)
        .set('Authorization', admin.auth);
      expect(res.status).toBe(200);
      expect(await mailedLink(staff.email)).toMatch(/reset-password\?token=/);
      const other = await staffAccount();
      const refused = await t.http
        .post(`/api/user/${staff.id}/password-reset`)
        .set('Authorization', other.auth);
      expect(refused.status).toBe(403);
    });

    it('a deactivated account gets no reset link', async () => {
      const staff = await staffAccount();
      await t.http.delete(`/api/user/${staff.id}`).set('Authorization', admin.auth);
      const res = await t.http.post('/api/user/password/forgot').send({ email: staff.email });
      expect(res.body).toEqual({ ok: true });
      expect(await outboxRowsTo(t, staff.email)).toEqual([]);
    });
  });

  describe('passwords guessed from the account, repeats and sequences', () => {
    /** A refusal of a new password: 400 naming the field, in words. */
    const expectRefused = (
      res: { status: number; body: Record<string, unknown> },
      field: string,
    ) => {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details).toEqual([
        {
          field,
          message: expect.stringMatching(
            new RegExp(
              `^${field} (is built from|repeats|is a sequence|follows the keys|is refused)`,
            ),
          ),
        },
      ]);
    };

    it.each([
      ['its own e-mail', (email: string) => email],
      ['its e-mail’s local part with digits', (email: string) => `${email.split('@')[0]}2026`],
      ['the first and last names with 1234', () => 'aoifemurphy1234'],
      ['one letter 12 times', () => 'aaaaaaaaaaaa'],
      ['12 spaces', () => ' '.repeat(12)],
      ['a keyboard run', () => 'qwertyuiopas'],
      ['digits in a row', () => '123456789012'],
      ['the product’s name twice', () => 'registraregistra'],
      ['the firm’s name (FIRM_NAME)', () => 'Emerald Corporate Services'],
    ])('sign-up with %s answers 400 naming password, and makes no account', async (_l, make) => {
      const email = uniqueEmail('weak');
      expectRefused(await signUp({ email, password: make(email) }), 'password');
      expect((await signUp({ email })).status).toBe(200);
    });

    it('accepting an invitation, resetting and changing refuse them too; the link stays usable', async () => {
      const email = uniqueEmail('invited.weak');
      await invite({ email, firstName: 'Sean', lastName: 'Kelly', role: 'staff' });
      const token = new URL(await mailedLink(email)).searchParams.get('invite') as string;
      const accept = (password: string) =>
        t.http
          .post('/api/user/signup')
          .send({ firstName: 'Sean', lastName: 'Kelly', email, password, invite: token });
      expectRefused(await accept('seankelly2026!'), 'password');
      expect((await accept(PASSWORD)).status).toBe(200);

      const staff = await staffAccount();
      await t.http.post('/api/user/password/forgot').send({ email: staff.email });
      const resetToken = new URL(await mailedLink(staff.email)).searchParams.get('token');
      const reset = (newPassword: string) =>
        t.http.post('/api/user/password/reset').send({ token: resetToken, newPassword });
      expectRefused(await reset(staff.email.toUpperCase()), 'newPassword');
      expect((await reset('the reset passphrase')).status).toBe(200);

      const session = await signIn(staff.email, 'the reset passphrase');
      expect(session.status).toBe(200);
      const changed = await t.http
        .put('/api/user/password')
        .set('Authorization', `JWT ${session.body.token}`)
        .send({ currentPassword: 'the reset passphrase', newPassword: 'abcdefghijklmn' });
      expectRefused(changed, 'newPassword');
    });
  });

  describe('sessions', () => {
    it('GET /api/user/sessions lists device, address and last seen; DELETE one, DELETE all but this one', async () => {
      const staff = await staffAccount();
      const second = await t.http
        .post('/api/user/signin')
        .set('User-Agent', 'Firefox on the office laptop')
        .send({ email: staff.email, password: PASSWORD });
      const third = await signIn(staff.email);
      const list = await t.http.get('/api/user/sessions').set('Authorization', staff.auth);
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(3);
      expect(list.body.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
      const firefox = list.body.data.find(
        (s: { device: string | null }) => s.device === 'Firefox on the office laptop',
      );
      expect(firefox).toMatchObject({ address: expect.stringMatching(/127\.0\.0\.1/) });
      expect(typeof firefox.lastSeenAt).toBe('string');

      const ended = await t.http
        .delete(`/api/user/sessions/${firefox._id}`)
        .set('Authorization', staff.auth);
      expect(ended.status).toBe(200);
      // The session signed out from another one is told so.
      const signedOut = await t.http
        .get('/api/user/signin_token')
        .set('Authorization', `JWT ${second.body.token}`);
      expect(signedOut.status).toBe(401);
      expect(signedOut.body.code).toBe('SESSION_SIGNED_OUT');
      // Another user's session is no one's business: 404.
      const other = await staffAccount();
      const foreign = await t.http
        .delete(`/api/user/sessions/${firefox._id}`)
        .set('Authorization', other.auth);
      expect(foreign.status).toBe(404);

      const everywhere = await t.http.delete('/api/user/sessions').set('Authorization', staff.auth);
      expect(everywhere.body.data).toEqual({ ended: 1 });
      const elsewhere = await t.http
        .get('/api/user/signin_token')
        .set('Authorization', `JWT ${third.body.token}`);
      expect(elsewhere.status).toBe(401);
      expect(elsewhere.body.code).toBe('SESSION_SIGNED_OUT');
      expect(
        (await t.http.get('/api/user/signin_token').set('Authorization', staff.auth)).status,
      ).toBe(200);
    });

    it('a session ends 30 days after sign-in however often it is refreshed (absolute lifetime)', async () => {
      const staff = await staffAccount();
      const db = t.app.get<Database>(DATABASE);
      const sessions = await t.http.get('/api/user/sessions').set('Authorization', staff.auth);
      const id = sessions.body.data[0]._id as string;
      // Signed in 29 days and 23 hours ago: a refresh extends it by one hour at most.
      const signedIn = new Date(Date.now() - (30 * 24 - 1) * 3_600_000);
      await db.update(userSessions).set({ createdAt: signedIn }).where(eq(userSessions.id, id));
      expect(
        (await t.http.get('/api/user/signin_token').set('Authorization', staff.auth)).status,
      ).toBe(200);
      const [row] = await db.select().from(userSessions).where(eq(userSessions.id, id));
      expect(row.expiresAt.getTime()).toBe(signedIn.getTime() + 30 * 24 * 3_600_000);
      // Signed in 40 days ago, its idle expiry still ahead: refused, not extended.
      await db
        .update(userSessions)
        .set({
          createdAt: new Date(Date.now() - 40 * 24 * 3_600_000),
          expiresAt: new Date(Date.now() + 3_600_000),
        })
        .where(eq(userSessions.id, id));
      const refused = await t.http.get('/api/user/signin_token').set('Authorization', staff.auth);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({
        code: 'SESSION_EXPIRED',
        message: 'Your session expired. Please sign in again.',
      });
      // Idle past its expiry, and then pruned by housekeeping: expired too.
      await db
        .update(userSessions)
        .set({ createdAt: new Date(), expiresAt: new Date(Date.now() - 1000) })
        .where(eq(userSessions.id, id));
      expect(
        (await t.http.get('/api/user/signin_token').set('Authorization', staff.auth)).body.code,
      ).toBe('SESSION_EXPIRED');
      await db.delete(userSessions).where(eq(userSessions.id, id));
      expect(
        (await t.http.get('/api/user/signin_token').set('Authorization', staff.auth)).body.code,
      ).toBe('SESSION_EXPIRED');
    });
  });
});

describe('Two-factor sign-in (TOTP)', () => {
  let t: TestApp;
  let admin: { auth: string; id: string };
  beforeAll(async () => {
    t = await startTestApp({ AUTH_ATTEMPTS_PER_MINUTE: '100000' });
    admin = await (async () => {
      const a = await createAdmin(t);
      return { auth: a.auth, id: a.user._id };
    })();
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, totp?: string) =>
    t.http
      .post('/api/user/signin')
      .send(totp === undefined ? { email, password } : { email, password, totp });
  const codeAt = (secret: string, offsetSeconds = 0) =>
    generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

  /** A staff member enrolled: their secret and recovery codes. */
  const enrolled = async () => {
    const staff = await createUser(t);
    const start = await t.http
      .post('/api/user/totp')
      .set('Authorization', staff.auth)
      .send({ password: staff.password });
    expect(start.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = start.body.data;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Registra:.+\?secret=[A-Z2-7]+&issuer=Registra$/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const confirmed = await t.http
      .post('/api/user/totp/confirm')
      .set('Authorization', staff.auth)
      .send({ code: codeAt(secret, -30) });
    expect(confirmed.status).toBe(200);
    const recoveryCodes = confirmed.body.data.recoveryCodes as string[];
    return { ...staff, secret, recoveryCodes };
  };

  const startTotp = (auth: string, body: Record<string, unknown>) =>
    t.http.post('/api/user/totp').set('Authorization', auth).send(body);
  const turnOff = (auth: string, body: Record<string, unknown>) =>
    t.http.delete('/api/user/totp').set('Authorization', auth).send(body);

  it('enrolling asks for the password: a session alone cannot put an app on the account', async () => {
    const staff = await createUser(t);
    const without = await startTotp(staff.auth, {});
    expect(without.status).toBe(400);
    expect(without.body.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'password' })]),
    );
    const wrong = await startTotp(staff.auth, { password: 'not the passphrase' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    expect(wrong.body).not.toHaveProperty('data');
    // Nothing was started: no enrolment waits for a code.
    const confirm = await t.http
      .post('/api/user/totp/confirm')
      .set('Authorization', staff.auth)
      .send({ code: '123456' });
    expect(confirm.status).toBe(400);
    expect(confirm.body.message).toMatch(/No enrolment is waiting/);
    // The wrong password is a failed sign-in in the account's history, by the session's user.
    const history = await t.http
      .get(`/api/audit?recordType=user&recordId=${staff.user._id}`)
      .set('Authorization', admin.auth);
    expect(history.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'failed sign-in',
          data: { during: 'two-factor enrolment' },
        }),
      ]),
    );
  });

  it('enrols with a QR code; a wrong confirmation code is refused and changes nothing', async () => {
    const staff = await createUser(t);
    const start = await startTotp(staff.auth, { password: staff.password });
    const wrong = await t.http
      .post('/api/user/totp/confirm')
      .set('Authorization', staff.auth)
      .send({ code: '000000' === codeAt(start.body.data.secret) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    // Not enrolled: the password alone still signs in.
    expect((await signIn(staff.user.email, staff.password)).status).toBe(200);
  });

  it('sign-in asks for the code (401 TOTP_REQUIRED); a wrong code is refused, the right one signs in once', async () => {
    const staff = await enrolled();
    expect(staff.recoveryCodes).toHaveLength(10);
    const me = await t.http.get('/api/user/signin_token').set('Authorization', staff.auth);
    expect(me.body.data.totpEnabled).toBe(true);

    const without = await signIn(staff.user.email, staff.password);
    expect(without.status).toBe(401);
    expect(without.body.code).toBe('TOTP_REQUIRED');
    const wrong = await signIn(staff.user.email, staff.password, '000000');
    expect(wrong.status).toBe(401);
    // A wrong code after the right password has its own code: the screen says "wrong code".
    expect(wrong.body.code).toBe('TOTP_INVALID');
    // The code of the step after the confirmation's (the app's next code) signs in.
    const code = codeAt(staff.secret);
    const right = await signIn(staff.user.email, staff.password, code);
    expect(right.status).toBe(200);
    expect(typeof right.body.token).toBe('string');
    // The same code cannot be replayed.
    const replayed = await signIn(staff.user.email, staff.password, code);
    expect(replayed.status).toBe(401);
    expect(replayed.body.code).toBe('TOTP_INVALID');
    // A wrong password with a right code tells nothing.
    expect(
      (await signIn(staff.user.email, 'not the passphrase', codeAt(staff.secret, 30))).body.code,
    ).toBe('INVALID_CREDENTIALS');
  });

  it('a recovery code works once', async () => {
    const staff = await enrolled();
    const [first] = staff.recoveryCodes;
    expect((await signIn(staff.user.email, staff.password, first.toUpperCase())).status).toBe(200);
    const again = await signIn(staff.user.email, staff.password, first);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('TOTP_INVALID');
  });

  it('enrolling another app asks for the password and a current code; the enrolled app works until the new one is confirmed', async () => {
    const staff = await enrolled();
    const noCode = await startTotp(staff.auth, { password: staff.password });
    expect(noCode.status).toBe(400);
    expect(noCode.body.details).toEqual([
      { field: 'code', message: expect.stringMatching(/^code is required/) },
    ]);
    const wrongCode = await startTotp(staff.auth, { password: staff.password, code: '000000' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.code).toBe('INVALID_CREDENTIALS');
    const wrongPassword = await startTotp(staff.auth, {
      password: 'not the passphrase',
      code: codeAt(staff.secret),
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.code).toBe('INVALID_CREDENTIALS');

    const another = await startTotp(staff.auth, {
      password: staff.password,
      code: staff.recoveryCodes[0],
    });
    expect(another.status).toBe(200);
    const newSecret = another.body.data.secret as string;
    expect(newSecret).not.toBe(staff.secret);
    // Until the new app's first code, the enrolled one still signs in.
    expect((await signIn(staff.user.email, staff.password, codeAt(staff.secret))).status).toBe(200);
    const confirmed = await t.http
      .post('/api/user/totp/confirm')
      .set('Authorization', staff.auth)
      .send({ code: codeAt(newSecret, -30) });
    expect(confirmed.status).toBe(200);
    const recoveryCodes = confirmed.body.data.recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(10);
    // Now the new app signs in, the old one and the old recovery codes no more.
    expect((await signIn(staff.user.email, staff.password, codeAt(staff.secret, 30))).status).toBe(
      401,
    );
    expect((await signIn(staff.user.email, staff.password, staff.recoveryCodes[1])).status).toBe(
      401,
    );
    expect((await signIn(staff.user.email, staff.password, codeAt(newSecret))).status).toBe(200);
    const history = await t.http
      .get(`/api/audit?recordType=user&recordId=${staff.user._id}`)
      .set('Authorization', admin.auth);
    const changes = (history.body.data as { changes: unknown }[]).map((entry) => entry.changes);
    expect(changes).toEqual(
      expect.arrayContaining([[{ field: 'totpApp', old: 'the previous app', new: 'another app' }]]),
    );
  });

  it('turning it off needs the password and a code; an administrator resets a lost phone', async () => {
    const staff = await enrolled();
    // A session alone (the code of a stolen phone without the password) is not enough.
    const codeOnly = await turnOff(staff.auth, { code: staff.recoveryCodes[1] });
    expect(codeOnly.status).toBe(400);
    expect(codeOnly.body.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'password' })]),
    );
    const wrongPassword = await turnOff(staff.auth, {
      password: 'not the passphrase',
      code: staff.recoveryCodes[1],
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.code).toBe('INVALID_CREDENTIALS');
    const wrongCode = await turnOff(staff.auth, {
      password: staff.password,
      code: 'nope-nope-nope',
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.code).toBe('INVALID_CREDENTIALS');
    // The recovery code tried with a wrong password was not used up.
    const off = await turnOff(staff.auth, {
      password: staff.password,
      code: staff.recoveryCodes[1],
    });
    expect(off.status).toBe(200);
    expect(off.body.data.totpEnabled).toBe(false);
    expect((await signIn(staff.user.email, staff.password)).status).toBe(200);

    const other = await enrolled();
    const notAdmin = await t.http
      .delete(`/api/user/${other.user._id}/totp`)
      .set('Authorization', staff.auth);
    expect(notAdmin.status).toBe(403);
    const reset = await t.http
      .delete(`/api/user/${other.user._id}/totp`)
      .set('Authorization', admin.auth);
    expect(reset.status).toBe(200);
    expect(reset.body.data.totpEnabled).toBe(false);
    expect((await signIn(other.user.email, other.password)).status).toBe(200);
    const history = await t.http
      .get(`/api/audit?recordType=user&recordId=${other.user._id}`)
      .set('Authorization', admin.auth);
    const changes = (history.body.data as { changes: unknown }[]).map((entry) => entry.changes);
    expect(changes).toEqual(
      expect.arrayContaining([[{ field: 'totpEnabled', old: true, new: false }]]),
    );
  });
});
