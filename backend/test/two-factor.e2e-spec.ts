import { RECOVERY_CODE_ALPHABET } from '@registra/domain';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { recoveryCodeHash } from '../src/users/two-factor';
import { userRecoveryCodes } from '../src/users/users.schema';
import { createAdmin, createUser, startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';
import { codeAt, signInWithCode } from './support/two-factor';

/**
 * Two-factor sign-in (TwoFactorService): a user's enrolment, another app, recovery codes, turning
 * it off, an administrator's reset of a lost phone. The firm requiring it of everyone has its own
 * file (two-factor-required), as have the limits on wrong codes (sign-in-limits).
 */
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
    signInWithCode(t, email, password, totp);

  const startTotp = (auth: string, body: Record<string, unknown>) =>
    t.http.post('/api/user/totp').set('Authorization', auth).send(body);
  const confirmTotp = (auth: string, code: string) =>
    t.http.post('/api/user/totp/confirm').set('Authorization', auth).send({ code });
  const turnOff = (auth: string, body: Record<string, unknown>) =>
    t.http.delete('/api/user/totp').set('Authorization', auth).send(body);
  /** The account's history, as an administrator reads it. */
  const historyOf = async (userId: string) =>
    (
      await t.http
        .get(`/api/audit?recordType=user&recordId=${userId}`)
        .set('Authorization', admin.auth)
    ).body.data as { changes: unknown }[];
  /** A wrong password or code, refused. */
  const INVALID_CREDENTIALS = { status: 400, body: { ok: false, code: 'INVALID_CREDENTIALS' } };

  /** A staff member enrolled: their secret and recovery codes. */
  const enrolled = async () => {
    const staff = await createUser(t);
    const start = await startTotp(staff.auth, { password: staff.password });
    expect(start.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = start.body.data;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Registra:.+\?secret=[A-Z2-7]+&issuer=Registra$/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const confirmed = await confirmTotp(staff.auth, codeAt(secret, -30));
    expect(confirmed.status).toBe(200);
    const recoveryCodes = confirmed.body.data.recoveryCodes as string[];
    return { ...staff, secret, recoveryCodes };
  };

  it('enrolling asks for the password: a session alone cannot put an app on the account', async () => {
    const staff = await createUser(t);
    const without = await startTotp(staff.auth, {});
    expect(without.status).toBe(400);
    expect(without.body.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'password' })]),
    );
    const wrong = await startTotp(staff.auth, { password: 'not the passphrase' });
    expect(wrong).toMatchObject(INVALID_CREDENTIALS);
    expect(wrong.body).not.toHaveProperty('data');
    // Nothing was started: no enrolment waits for a code.
    const confirm = await confirmTotp(staff.auth, '123456');
    expect(confirm.status).toBe(400);
    expect(confirm.body.message).toMatch(/No enrolment is waiting/);
    // The wrong password is a failed sign-in in the account's history, by the session's user.
    expect(await historyOf(staff.user._id)).toEqual(
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
    const wrong = await confirmTotp(
      staff.auth,
      '000000' === codeAt(start.body.data.secret) ? '111111' : '000000',
    );
    expect(wrong).toMatchObject(INVALID_CREDENTIALS);
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

  it('a recovery code works once, and the sign-in says how many are left', async () => {
    const staff = await enrolled();
    const [first, second] = staff.recoveryCodes;
    const signedIn = await signIn(staff.user.email, staff.password, first.toUpperCase());
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.recoveryCodesLeft).toBe(9);
    const again = await signIn(staff.user.email, staff.password, first);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('TOTP_INVALID');
    expect((await signIn(staff.user.email, staff.password, second)).body.recoveryCodesLeft).toBe(8);
    // A code of the app says nothing of recovery codes.
    const byApp = await signIn(staff.user.email, staff.password, codeAt(staff.secret));
    expect(byApp.status).toBe(200);
    expect(byApp.body).not.toHaveProperty('recoveryCodesLeft');
  });

  it('recovery codes: ten of three groups of 4, from the alphabet without look-alikes', async () => {
    const staff = await enrolled();
    expect(staff.recoveryCodes).toHaveLength(10);
    expect(new Set(staff.recoveryCodes).size).toBe(10);
    const group = `[${RECOVERY_CODE_ALPHABET}]{4}`;
    for (const code of staff.recoveryCodes) {
      expect(code).toMatch(new RegExp(`^${group}-${group}-${group}$`));
      expect(code).not.toMatch(/[01ilo]/);
    }
  });

  it('a code made before the alphabet left out look-alikes still signs in, once', async () => {
    const staff = await enrolled();
    const earlier = 'l0o1-abcd-9ilo';
    await t.app
      .get<Database>(DATABASE)
      .insert(userRecoveryCodes)
      .values({ userId: staff.user._id, codeHash: recoveryCodeHash(earlier) });
    const signedIn = await signIn(staff.user.email, staff.password, 'L0O1ABCD9ILO');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.recoveryCodesLeft).toBe(10);
    expect((await signIn(staff.user.email, staff.password, earlier)).status).toBe(401);
  });

  it('new recovery codes need the password and a code; the earlier ones stop', async () => {
    const staff = await enrolled();
    const renew = (body: Record<string, unknown>) =>
      t.http.post('/api/user/totp/recovery-codes').set('Authorization', staff.auth).send(body);
    const wrong = await renew({ password: 'not the passphrase', code: codeAt(staff.secret) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    expect((await renew({ password: staff.password })).status).toBe(400);
    const renewed = await renew({ password: staff.password, code: staff.recoveryCodes[0] });
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.data.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => staff.recoveryCodes.includes(code))).toBe(false);
    expect((await signIn(staff.user.email, staff.password, staff.recoveryCodes[1])).status).toBe(
      401,
    );
    const withNew = await signIn(staff.user.email, staff.password, fresh[0]);
    expect([withNew.status, withNew.body.recoveryCodesLeft]).toEqual([200, 9]);
    // Told in the account's history.
    expect(await historyOf(staff.user._id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          changes: [{ field: 'recoveryCodes', old: 'the earlier ones', new: 'ten new ones' }],
        }),
      ]),
    );
    // Without two-factor sign-in there is nothing to renew.
    const plain = await createUser(t);
    const none = await t.http
      .post('/api/user/totp/recovery-codes')
      .set('Authorization', plain.auth)
      .send({ password: plain.password, code: '123456' });
    expect(none.status).toBe(404);
  });

  it('enrolling another app asks for the password and a current code; the enrolled app works until the new one is confirmed', async () => {
    const staff = await enrolled();
    const noCode = await startTotp(staff.auth, { password: staff.password });
    expect(noCode.status).toBe(400);
    expect(noCode.body.details).toEqual([
      { field: 'code', message: expect.stringMatching(/^code is required/) },
    ]);
    const wrongCode = await startTotp(staff.auth, { password: staff.password, code: '000000' });
    expect(wrongCode).toMatchObject(INVALID_CREDENTIALS);
    const wrongPassword = await startTotp(staff.auth, {
      password: 'not the passphrase',
      code: codeAt(staff.secret),
    });
    expect(wrongPassword).toMatchObject(INVALID_CREDENTIALS);

    const another = await startTotp(staff.auth, {
      password: staff.password,
      code: staff.recoveryCodes[0],
    });
    expect(another.status).toBe(200);
    const newSecret = another.body.data.secret as string;
    expect(newSecret).not.toBe(staff.secret);
    // Until the new app's first code, the enrolled one still signs in.
    expect((await signIn(staff.user.email, staff.password, codeAt(staff.secret))).status).toBe(200);
    const confirmed = await confirmTotp(staff.auth, codeAt(newSecret, -30));
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
    const changes = (await historyOf(staff.user._id)).map((entry) => entry.changes);
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
    expect(wrongPassword).toMatchObject(INVALID_CREDENTIALS);
    const wrongCode = await turnOff(staff.auth, {
      password: staff.password,
      code: 'nope-nope-nope',
    });
    expect(wrongCode).toMatchObject(INVALID_CREDENTIALS);
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
    const changes = (await historyOf(other.user._id)).map((entry) => entry.changes);
    expect(changes).toEqual(
      expect.arrayContaining([[{ field: 'totpEnabled', old: true, new: false }]]),
    );
  });
});
