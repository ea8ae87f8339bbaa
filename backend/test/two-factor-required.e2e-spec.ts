import { TOTP_ENROLMENT_VALID_MINUTES } from '@registra/domain';
import { and, eq } from 'drizzle-orm';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { userTokens } from '../src/users/users.schema';
import { startTestAppOnOwnDatabase } from './support/own-database';
import { mailedLink, startSmtpReceiver } from './support/smtp-receiver';
import type { SmtpReceiver } from './support/smtp-receiver';
import { createAdmin, createUser } from './support/test-app';
import type { TestApp } from './support/test-app';
import { codeAt, signInWithCode } from './support/two-factor';

/**
 * Administrators require two-factor sign-in of everyone (ADR 0113): an account without it gets
 * no session from its password, only a one-time token that can enrol. Its own database, since
 * the setting is the firm's and would change every other file's sign-ins.
 */
describe('Two-factor sign-in required by the firm', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let admin: Awaited<ReturnType<typeof createAdmin>>;

  const signIn = (email: string, password: string, totp?: string) =>
    signInWithCode(t, email, password, totp);
  const requireTwoFactor = (required: unknown, auth = admin.auth) =>
    t.http.put('/api/user/two-factor').set('Authorization', auth).send({ required });
  const startEnrolment = (enrolmentToken: string) =>
    t.http.post('/api/user/totp/enrolment').send({ enrolmentToken });
  const confirmEnrolment = (enrolmentToken: string, code: string) =>
    t.http.post('/api/user/totp/enrolment/confirm').send({ enrolmentToken, code });
  const wrongCodeFor = (secret: string) => (codeAt(secret) === '000000' ? '111111' : '000000');

  /** The admin enrols by the account page's routes, so that the firm's rule does not stop them. */
  const enrolAdmin = async () => {
    const start = await t.http
      .post('/api/user/totp')
      .set('Authorization', admin.auth)
      .send({ password: admin.password });
    const confirmed = await t.http
      .post('/api/user/totp/confirm')
      .set('Authorization', admin.auth)
      .send({ code: codeAt(start.body.data.secret, -30) });
    expect(confirmed.status).toBe(200);
  };

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestAppOnOwnDatabase('registra_two_factor', {
      SMTP_URL: smtp.url,
      AUTH_ATTEMPTS_PER_MINUTE: '100000',
    });
    admin = await createAdmin(t);
    await enrolAdmin();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(async () => {
    expect((await requireTwoFactor(false)).status).toBe(200);
  });

  it.each([
    ['a staff member', 'staff', true, 403, 'FORBIDDEN'],
    ['a text instead of true or false', 'admin', 'yes', 400, 'VALIDATION_ERROR'],
    ['no value', 'admin', undefined, 400, 'VALIDATION_ERROR'],
  ])('PUT /api/user/two-factor by %s is refused', async (_label, who, required, status, code) => {
    const auth = who === 'admin' ? admin.auth : (await createUser(t)).auth;
    const res = await requireTwoFactor(required, auth);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    if (status === 400) expect(res.body.details[0].field).toBe('required');
    const settings = await t.http.get('/api/settings').set('Authorization', admin.auth);
    expect(settings.body.data.requireTwoFactor).toBe(false);
  });

  it('turning it on: the setting shows, the history has it, and sessions without two-factor end', async () => {
    const staff = await createUser(t);
    const res = await requireTwoFactor(true);
    expect(res.status).toBe(200);
    expect(res.body.data.requireTwoFactor).toBe(true);
    // Any staff member reads the settings; the admin's own session goes on.
    const settings = await t.http.get('/api/settings').set('Authorization', admin.auth);
    expect(settings.body.data.requireTwoFactor).toBe(true);
    // The colleague without two-factor is signed out, to enrol at the next sign-in.
    expect(
      (await t.http.get('/api/user/signin_token').set('Authorization', staff.auth)).status,
    ).toBe(401);
    const history = await t.http
      .get('/api/audit?recordType=settings')
      .set('Authorization', admin.auth);
    expect(history.status).toBe(200);
    expect(history.body.data[0]).toMatchObject({
      action: 'update',
      recordType: 'settings',
      userName: `${admin.user.firstName} ${admin.user.lastName}`,
      changes: [{ field: 'requireTwoFactor', old: false, new: true }],
    });
  });

  it('a password without two-factor gets 401 TOTP_ENROLMENT_REQUIRED and a token that can only enrol; the first code signs in', async () => {
    const staff = await createUser(t);
    await requireTwoFactor(true);
    const refused = await signIn(staff.user.email, staff.password);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('TOTP_ENROLMENT_REQUIRED');
    expect(refused.body).not.toHaveProperty('token');
    expect(refused.body.validMinutes).toBe(TOTP_ENROLMENT_VALID_MINUTES);
    const enrolmentToken = refused.body.enrolmentToken as string;
    expect(enrolmentToken.length).toBeGreaterThan(30);
    // A wrong password still says nothing more.
    expect((await signIn(staff.user.email, 'not the passphrase')).body.code).toBe(
      'INVALID_CREDENTIALS',
    );

    // The enrolment token is no session: every signed-in route refuses it.
    for (const scheme of ['JWT', 'Bearer']) {
      const me = await t.http
        .get('/api/user/signin_token')
        .set('Authorization', `${scheme} ${enrolmentToken}`);
      expect(me.status).toBe(401);
    }

    const start = await startEnrolment(enrolmentToken);
    expect(start.status).toBe(200);
    expect(start.body.data.qrCode).toMatch(/^data:image\/png;base64,/);
    const { secret } = start.body.data as { secret: string };

    // A wrong code changes nothing: the token still works.
    const wrong = await confirmEnrolment(enrolmentToken, wrongCodeFor(secret));
    expect(wrong.status).toBe(400);
    expect(wrong.body.details[0].field).toBe('code');

    const confirmed = await confirmEnrolment(enrolmentToken, codeAt(secret, -30));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ _id: staff.user._id, totpEnabled: true });
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    const me = await t.http
      .get('/api/user/signin_token')
      .set('Authorization', `JWT ${confirmed.body.token}`);
    expect(me.status).toBe(200);

    // Used once; from now on the sign-in asks for the app's code.
    const again = await confirmEnrolment(enrolmentToken, codeAt(secret));
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_TOKEN');
    expect((await signIn(staff.user.email, staff.password)).body.code).toBe('TOTP_REQUIRED');
    expect((await signIn(staff.user.email, staff.password, codeAt(secret))).status).toBe(200);
  });

  it(`the enrolment token lasts ${TOTP_ENROLMENT_VALID_MINUTES} minutes, and a newer one replaces it`, async () => {
    const staff = await createUser(t);
    await requireTwoFactor(true);
    const first = (await signIn(staff.user.email, staff.password)).body.enrolmentToken as string;
    const second = (await signIn(staff.user.email, staff.password)).body.enrolmentToken as string;
    expect((await startEnrolment(first)).body.code).toBe('INVALID_TOKEN');
    const db = t.app.get<Database>(DATABASE);
    const where = and(
      eq(userTokens.userId, staff.user._id),
      eq(userTokens.purpose, 'totp-enrolment'),
    );
    const [row] = (await db.select().from(userTokens).where(where)).filter((r) => !r.usedAt);
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(TOTP_ENROLMENT_VALID_MINUTES, 1);
    expect((await startEnrolment(second)).status).toBe(200);
    await db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(where);
    const late = await startEnrolment(second);
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('INVALID_TOKEN');
    expect((await startEnrolment('not-a-token')).body.code).toBe('INVALID_TOKEN');
  });

  it('while required, nobody turns two-factor off; an administrator still resets a lost phone, and that user enrols again', async () => {
    const staff = await createUser(t);
    const start = await t.http
      .post('/api/user/totp')
      .set('Authorization', staff.auth)
      .send({ password: staff.password });
    const secret = start.body.data.secret as string;
    await t.http
      .post('/api/user/totp/confirm')
      .set('Authorization', staff.auth)
      .send({ code: codeAt(secret, -30) });
    await requireTwoFactor(true);
    // An enrolled account keeps its session.
    const me = await t.http.get('/api/user/signin_token').set('Authorization', staff.auth);
    expect(me.status).toBe(200);
    const off = await t.http
      .delete('/api/user/totp')
      .set('Authorization', staff.auth)
      .send({ password: staff.password, code: codeAt(secret) });
    expect(off.status).toBe(403);
    const reset = await t.http
      .delete(`/api/user/${staff.user._id}/totp`)
      .set('Authorization', admin.auth);
    expect(reset.status).toBe(200);
    // Its sessions end: it works on only once enrolled again.
    expect(
      (await t.http.get('/api/user/signin_token').set('Authorization', staff.auth)).status,
    ).toBe(401);
    expect((await signIn(staff.user.email, staff.password)).body.code).toBe(
      'TOTP_ENROLMENT_REQUIRED',
    );
  });

  it('an invitation accepted while required makes the account, then asks for the enrolment before any session', async () => {
    await requireTwoFactor(true);
    const email = `invited.${Date.now()}@firm.test`;
    const invited = await t.http
      .post('/api/user/invite')
      .set('Authorization', admin.auth)
      .send({ email, firstName: 'Niamh', lastName: 'Walsh', role: 'staff' });
    expect(invited.status).toBe(200);
    const invite = new URL(await mailedLink(smtp, email)).searchParams.get('invite');
    const accepted = await t.http.post('/api/user/signup').send({
      firstName: 'Niamh',
      lastName: 'Walsh',
      email,
      password: 'a long staff passphrase',
      invite,
    });
    expect(accepted.status).toBe(401);
    expect(accepted.body.code).toBe('TOTP_ENROLMENT_REQUIRED');
    expect(accepted.body).not.toHaveProperty('token');
    const start = await startEnrolment(accepted.body.enrolmentToken);
    const confirmed = await confirmEnrolment(
      accepted.body.enrolmentToken,
      codeAt(start.body.data.secret, -30),
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ email, status: 'ACTIVE', totpEnabled: true });
  });

  it('turned off again, the password alone signs in', async () => {
    const staff = await createUser(t);
    await requireTwoFactor(true);
    expect((await signIn(staff.user.email, staff.password)).status).toBe(401);
    await requireTwoFactor(false);
    expect((await signIn(staff.user.email, staff.password)).status).toBe(200);
  });
});
