import { eq } from 'drizzle-orm';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { userTokens } from '../src/users/users.schema';
import { accountsOverHttp, STAFF_PASSWORD, uniqueEmail } from './support/accounts';
import { outboxRowsTo } from './support/mail';
import { startSmtpReceiver } from './support/smtp-receiver';
import type { SmtpReceiver } from './support/smtp-receiver';
import { createAdmin, startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

/**
 * Passwords (PasswordsService): the rules a new one follows at sign-up, invitation, reset and
 * change; the signed-in user's change; "Forgot password?" and its one-time link; an
 * administrator's reset link.
 */
describe('Passwords', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let admin: { auth: string };

  const accounts = accountsOverHttp(() => ({ app: t, smtp, admin }));
  const { signUp, signIn, staffAccount, mailedLink, invite, acceptInvitation } = accounts;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    // Sign-in limits have their own tests: here many accounts sign up from one address.
    t = await startTestApp({
      SMTP_URL: smtp.url,
      APP_URL: 'https://registra.firm.ie',
      FIRM_NAME: 'Emerald Corporate Services',
      AUTH_ATTEMPTS_PER_MINUTE: '100000',
    });
    admin = await createAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
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
        .send({ currentPassword: STAFF_PASSWORD, newPassword: 'password1234' });
      expect(weak.status).toBe(400);
      expect(weak.body.details[0].field).toBe('newPassword');

      const changed = await t.http
        .put('/api/user/password')
        .set('Authorization', staff.auth)
        .send({ currentPassword: STAFF_PASSWORD, newPassword: 'a brand new passphrase' });
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
        acceptInvitation(token, { firstName: 'Sean', lastName: 'Kelly', email }, password);
      expectRefused(await accept('seankelly2026!'), 'password');
      expect((await accept(STAFF_PASSWORD)).status).toBe(200);

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
});
