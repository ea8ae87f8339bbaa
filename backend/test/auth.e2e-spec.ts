import { JwtService } from '@nestjs/jwt';
import { eq } from 'drizzle-orm';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { userSessions } from '../src/users/users.schema';
import { startTestAppOnOwnDatabase } from './support/own-database';
import { SignInService } from '../src/users/sign-in.service';
import { postJsonText } from './support/http';
import {
  createUser,
  startTestApp,
  TEST_JWT_SECRET,
  TEST_SIGNUP_CODE,
  TestApp,
} from './support/test-app';

const signupBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  firstName: 'Aoife',
  lastName: 'Murphy',
  email,
  password: 'long enough password',
  secretCode: TEST_SIGNUP_CODE,
  ...overrides,
});

describe('Session (docs/api/staff-accounts.md)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('POST /api/user/signup answers 200 { ok, token, data: user } without password or secret code', async () => {
    const email = `signup.${Date.now()}@firm.test`;
    const res = await t.http.post('/api/user/signup').send(signupBody(email));
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(typeof res.body.token).toBe('string');
    expect(res.body.data).toMatchObject({ firstName: 'Aoife', lastName: 'Murphy', email });
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        '_id',
        'active',
        'createdAt',
        'email',
        'firstName',
        'lastLoginAt',
        'lastName',
        'role',
        'status',
        'totpEnabled',
      ].sort(),
    );
    const me = await t.http
      .get('/api/user/signin_token')
      .set('Authorization', `JWT ${res.body.token}`);
    expect(me.status).toBe(200);
    expect(me.body.data._id).toBe(res.body.data._id);
  });

  it.each([
    ['wrong secret code', { secretCode: 'nope' }, 403, 'INVALID_SECRET_CODE'],
    [
      'password of 11 characters (at least 12)',
      { password: 'elevenchars' },
      400,
      'VALIDATION_ERROR',
    ],
    ['missing e-mail', { email: undefined }, 400, 'VALIDATION_ERROR'],
    ['unknown field', { isAdmin: true }, 400, 'VALIDATION_ERROR'],
  ])(
    'signup with %s answers %i %s and creates nothing',
    async (_label, overrides, status, code) => {
      const email = `refused.${Date.now()}.${Math.random()}@firm.test`;
      const res = await t.http.post('/api/user/signup').send(signupBody(email, overrides));
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ ok: false, code });
      const probe = await createUser(t);
      const search = await t.http
        .post('/api/user/search')
        .set('Authorization', probe.auth)
        .send({ search: email });
      expect(search.body.data).toEqual([]);
    },
  );

  it('signup with a password under 12 characters names the field in details', async () => {
    const res = await t.http
      .post('/api/user/signup')
      .send(signupBody('short@firm.test', { password: 'short' }));
    expect(res.body.details).toEqual([
      { field: 'password', message: 'password must be at least 12 characters' },
    ]);
  });

  it('signup with a taken e-mail (any case) answers 409 EMAIL_TAKEN', async () => {
    const existing = await createUser(t);
    const res = await t.http
      .post('/api/user/signup')
      .send(signupBody(existing.user.email.toUpperCase()));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ ok: false, code: 'EMAIL_TAKEN' });
  });

  it('signin answers a token and the user, and updates lastLoginAt', async () => {
    const { user, password } = await createUser(t);
    // Signing up is the first login.
    expect(new Date(user.lastLoginAt as string).getTime()).toBeLessThanOrEqual(Date.now());
    const before = Date.now();
    const res = await t.http.post('/api/user/signin').send({ email: user.email, password });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.data._id).toBe(user._id);
    expect(new Date(res.body.data.lastLoginAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const me = await t.http
      .get('/api/user/signin_token')
      .set('Authorization', `JWT ${res.body.token}`);
    expect(me.body.data.lastLoginAt).toBe(res.body.data.lastLoginAt);
  });

  it('signin answers the same 401 INVALID_CREDENTIALS for a wrong password and an unknown e-mail', async () => {
    const { user } = await createUser(t);
    const wrongPassword = await t.http
      .post('/api/user/signin')
      .send({ email: user.email, password: 'wrong password!' });
    const unknownEmail = await t.http
      .post('/api/user/signin')
      .send({ email: `nobody.${Date.now()}@firm.test`, password: 'wrong password!' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    expect(wrongPassword.body).toMatchObject({ ok: false, code: 'INVALID_CREDENTIALS' });
  });

  it('accepts the token with the JWT and the Bearer scheme; refuses anything else', async () => {
    const { token } = await createUser(t);
    for (const header of [`JWT ${token}`, `Bearer ${token}`, `jwt ${token}`]) {
      const res = await t.http.get('/api/user/signin_token').set('Authorization', header);
      expect(res.status).toBe(200);
    }
    for (const header of [token, `Basic ${token}`, `JWT ${token}x`, 'JWT ', '']) {
      const res = await t.http.get('/api/user/signin_token').set('Authorization', header);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    }
  });

  it('GET /api/user/signin_token answers a fresh token that works', async () => {
    const { token } = await createUser(t);
    const res = await t.http.get('/api/user/signin_token').set('Authorization', `JWT ${token}`);
    expect(res.body).toMatchObject({ ok: true });
    const again = await t.http
      .get('/api/user/signin_token')
      .set('Authorization', `JWT ${res.body.token}`);
    expect(again.status).toBe(200);
  });

  it('refuses a token signed with another secret, and an expired one (tokens last 12 hours)', async () => {
    const { token, user } = await createUser(t);
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(12 * 60 * 60);
    const forged = await new JwtService({ secret: 'another-secret' }).signAsync({
      sub: user._id,
      sid: payload.sid,
    });
    const expired = await new JwtService({ secret: TEST_JWT_SECRET }).signAsync({
      sub: user._id,
      sid: payload.sid,
      exp: Math.floor(Date.now() / 1000) - 10,
    });
    // A token not signed by us is no session; one that outlived its 12 hours says it expired.
    for (const [bad, code] of [
      [forged, 'UNAUTHORIZED'],
      [expired, 'SESSION_EXPIRED'],
    ]) {
      const res = await t.http.get('/api/user/signin_token').set('Authorization', `JWT ${bad}`);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(code);
    }
  });

  it('logout stops that token at once; the same user’s other sessions keep working', async () => {
    const { user, password, token: first } = await createUser(t);
    // Over the service: this describe already spends most of the 10 HTTP sign-in attempts a minute.
    const second = (await t.app.get(SignInService).signin({ email: user.email, password })).token;
    const refreshedFirst = (
      await t.http.get('/api/user/signin_token').set('Authorization', `JWT ${first}`)
    ).body.token;
    const out = await t.http.post('/api/user/logout').set('Authorization', `JWT ${first}`);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    // The logged-out session is gone, including the fresh token issued for it.
    for (const dead of [first, refreshedFirst]) {
      expect(
        (await t.http.get('/api/user/signin_token').set('Authorization', `JWT ${dead}`)).status,
      ).toBe(401);
    }
    expect(
      (await t.http.get('/api/user/signin_token').set('Authorization', `JWT ${second}`)).status,
    ).toBe(200);
  });

  it('checks the session once per call, started on arrival, whatever the route makes of it (ADR 0089)', async () => {
    const { token } = await createUser(t);
    const users = t.app.get(SignInService);
    const authenticate = jest.spyOn(users, 'authenticate');
    try {
      const calls = [
        // An authenticated route: the check started on arrival is the one the guard awaits.
        [() => t.http.get('/api/user/signin_token').set('Authorization', `JWT ${token}`), 200],
        // A body refused before routing, and a public route: the started check is left unused.
        [() => postJsonText(t, '/api/user/search', '{"search":', `JWT ${token}`), 400],
        [() => t.http.get('/api/health').set('Authorization', `JWT ${token}`), 200],
        // Without a token nothing is started, and the guard refuses the call.
        [() => t.http.get('/api/user/signin_token'), 401],
      ] as const;
      for (const [send, status] of calls) {
        authenticate.mockClear();
        expect((await send()).status).toBe(status);
        expect(authenticate).toHaveBeenCalledTimes(status === 401 ? 0 : 1);
      }
      // Signed out, the very next call is refused: the check is made for each call, not kept.
      await t.http.post('/api/user/logout').set('Authorization', `JWT ${token}`);
      authenticate.mockClear();
      expect(
        (await t.http.get('/api/user/signin_token').set('Authorization', `JWT ${token}`)).status,
      ).toBe(401);
      expect(authenticate).toHaveBeenCalledTimes(1);
    } finally {
      authenticate.mockRestore();
    }
  });

  it('POST /api/user/search finds users by first name, last name or e-mail, up to limit', async () => {
    const tag = `Zq${Date.now()}`;
    const a = await createUser(t, { firstName: `${tag}Niamh`, lastName: 'Walsh' });
    const b = await createUser(t, { firstName: 'Ciaran', lastName: `${tag}Byrne` });
    const c = await createUser(t, { email: `${tag.toLowerCase()}.sean@firm.test` });
    const all = await t.http
      .post('/api/user/search')
      .set('Authorization', a.auth)
      .send({ search: tag.toLowerCase() });
    expect(all.status).toBe(200);
    expect(all.body.data.map((u: { _id: string }) => u._id).sort()).toEqual(
      [a.user._id, b.user._id, c.user._id].sort(),
    );
    expect(all.body.data[0]).not.toHaveProperty('password');
    expect(all.body.data[0]).not.toHaveProperty('passwordHash');
    const limited = await t.http
      .post('/api/user/search')
      .set('Authorization', a.auth)
      .send({ search: tag, limit: 2 });
    expect(limited.body.data).toHaveLength(2);
    const empty = await t.http.post('/api/user/search').set('Authorization', a.auth).send({});
    expect(empty.status).toBe(200);
    const bad = await t.http
      .post('/api/user/search')
      .set('Authorization', a.auth)
      .send({ limit: 0 });
    expect(bad.status).toBe(400);
  });

  it('search treats % and _ literally', async () => {
    const { auth } = await createUser(t);
    const res = await t.http
      .post('/api/user/search')
      .set('Authorization', auth)
      .send({ search: '%%%_' });
    expect(res.body.data).toEqual([]);
  });
});

describe('The sessions of an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Several sign-ins from one address: the limits have their own tests.
    t = await startTestApp({ AUTH_ATTEMPTS_PER_MINUTE: '100000' });
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string) =>
    t.http.post('/api/user/signin').send({ email, password });

  /** A staff account with one session. */
  const staffAccount = async () => {
    const created = await createUser(t);
    return {
      auth: created.auth,
      id: created.user._id,
      email: created.user.email,
      password: created.password,
    };
  };

  it('GET /api/user/sessions lists device, address and last seen; DELETE one, DELETE all but this one', async () => {
    const staff = await staffAccount();
    const second = await t.http
      .post('/api/user/signin')
      .set('User-Agent', 'Firefox on the office laptop')
      .send({ email: staff.email, password: staff.password });
    const third = await signIn(staff.email, staff.password);
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

describe('Roles and DELETE /api/user/{id} (fresh database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestAppOnOwnDatabase('registra_roles');
  });
  afterAll(() => t.close());

  it('the first user ever signed up is admin, later ones staff; only admin deletes (deactivates)', async () => {
    const first = await t.http.post('/api/user/signup').send(signupBody('first@firm.test'));
    const second = await t.http.post('/api/user/signup').send(signupBody('second@firm.test'));
    const third = await t.http.post('/api/user/signup').send(signupBody('third@firm.test'));
    expect(first.body.data.role).toBe('admin');
    expect(second.body.data.role).toBe('staff');

    const refused = await t.http
      .delete(`/api/user/${third.body.data._id}`)
      .set('Authorization', `JWT ${second.body.token}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ ok: false, code: 'FORBIDDEN' });

    const deleted = await t.http
      .delete(`/api/user/${third.body.data._id}`)
      .set('Authorization', `JWT ${first.body.token}`);
    expect(deleted.status).toBe(200);
    // A deleted (deactivated) user's sessions stop, sign-in is refused, and the user leaves
    // searches.
    expect(
      (await t.http.get('/api/user/signin_token').set('Authorization', `JWT ${third.body.token}`))
        .status,
    ).toBe(401);
    const signin = await t.http
      .post('/api/user/signin')
      .send({ email: 'third@firm.test', password: 'long enough password' });
    expect(signin.status).toBe(403);
    expect(signin.body.code).toBe('ACCOUNT_DISABLED');
    const search = await t.http
      .post('/api/user/search')
      .set('Authorization', `JWT ${first.body.token}`)
      .send({ search: 'third' });
    expect(search.body.data).toEqual([]);

    const unknown = await t.http
      .delete('/api/user/00000000-0000-4000-8000-000000000000')
      .set('Authorization', `JWT ${first.body.token}`);
    expect(unknown.status).toBe(404);
    const badId = await t.http
      .delete('/api/user/not-an-id')
      .set('Authorization', `JWT ${first.body.token}`);
    expect(badId.status).toBe(400);
    expect(badId.body.code).toBe('INVALID_ID');
  });
});

describe('Throttling (more than 10 sign-in or sign-up attempts a minute from one address)', () => {
  it('answers 429 TOO_MANY_REQUESTS from the 11th attempt, counting sign-in and sign-up together', async () => {
    const t = await startTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res =
          i % 2 === 0
            ? await t.http
                .post('/api/user/signin')
                .send({ email: 'nobody@firm.test', password: 'whatever123' })
            : await t.http
                .post('/api/user/signup')
                .send(signupBody(`x${i}@firm.test`, { secretCode: 'bad' }));
        statuses.push(res.status);
        if (i === 10) expect(res.body).toMatchObject({ ok: false, code: 'TOO_MANY_REQUESTS' });
      }
      expect(statuses.slice(0, 10).every((s) => s === 401 || s === 403)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await t.close();
    }
  });
});
