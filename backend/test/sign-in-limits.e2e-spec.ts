import {
  AUTH_ATTEMPTS_PER_ADDRESS_PER_MINUTE,
  SIGN_IN_FAILURES_BEFORE_LOCK,
  SIGN_IN_LOCK_MINUTES,
} from '@registra/domain';
import { auditActionsOf } from './support/audit';
import { createUser, startTestApp, TestApp } from './support/test-app';

/** Protection against sign-in brute force: per-account and per-address limits, both with Retry-After. */
describe('Sign-in brute force', () => {
  let t: TestApp;
  // A fresh app per test: the per-address counter lives in the app, not in the database. The
  // per-account tests allow more attempts per address, so that only the account lock answers.
  beforeEach(async () => {
    const perAddress = expect.getState().currentTestName?.includes('from one address');
    t = await startTestApp(perAddress ? {} : { AUTH_ATTEMPTS_PER_MINUTE: '100' });
  });
  afterEach(() => t.close());

  const signIn = (email: string, password: string) =>
    t.http.post('/api/user/signin').send({ email, password });

  it(`locks an account for ${SIGN_IN_LOCK_MINUTES} minutes after ${SIGN_IN_FAILURES_BEFORE_LOCK} failed sign-ins, even for the right password`, async () => {
    const user = await createUser(t);
    const email = user.user.email;
    for (let attempt = 1; attempt < SIGN_IN_FAILURES_BEFORE_LOCK; attempt++) {
      expect((await signIn(email, 'wrong password 1')).status).toBe(401);
    }
    const locking = await signIn(email, 'wrong password 1');
    expect([401, 429]).toContain(locking.status);
    const locked = await signIn(email, user.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ ok: false, code: 'ACCOUNT_LOCKED' });
    expect(locked.body.message).toMatch(/Too many failed sign-ins for this account/);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan((SIGN_IN_LOCK_MINUTES - 1) * 60);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LOCK_MINUTES * 60);
    // Every failure is in the account's history.
    const actions = await auditActionsOf(t, user.user._id);
    expect(actions.filter((action) => action === 'failed sign-in').length).toBeGreaterThanOrEqual(
      SIGN_IN_FAILURES_BEFORE_LOCK - 1,
    );
  });

  it('answers an unknown address exactly as a known one: the lock says nothing about who exists', async () => {
    const user = await createUser(t);
    const unknown = `nobody.${Date.now()}@firm.test`;
    const answers = [];
    for (const email of [user.user.email, unknown]) {
      for (let attempt = 0; attempt < SIGN_IN_FAILURES_BEFORE_LOCK; attempt++) {
        await signIn(email, 'wrong password 2');
      }
      answers.push(await signIn(email, 'wrong password 2'));
    }
    const [known, stranger] = answers;
    expect(known.status).toBe(429);
    expect(stranger.status).toBe(429);
    expect(stranger.body).toEqual(known.body);
    expect(stranger.headers['retry-after']).toBeDefined();
  });

  it(`answers 429 with Retry-After past ${AUTH_ATTEMPTS_PER_ADDRESS_PER_MINUTE} attempts a minute from one address`, async () => {
    let last;
    for (let attempt = 0; attempt <= AUTH_ATTEMPTS_PER_ADDRESS_PER_MINUTE; attempt++) {
      // A different address each time: the per-account lock stays out of the way.
      last = await signIn(`walker${attempt}.${Date.now()}@firm.test`, 'wrong password 3');
    }
    expect(last!.status).toBe(429);
    expect(last!.body).toMatchObject({ ok: false, code: 'TOO_MANY_REQUESTS' });
    const retryAfter = Number(last!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });
});
