import { randomUUID } from 'node:crypto';
import {
  AUTH_ATTEMPTS_PER_ADDRESS_PER_MINUTE,
  SIGN_IN_FAILURES_BEFORE_LOCK,
  SIGN_IN_LOCK_MINUTES,
  SIGNUP_CODE_FAILURES_PER_HOUR,
} from '@registra/domain';
import { auditActionsOf } from './support/audit';
import { createUser, startTestApp, TEST_SIGNUP_CODE, TestApp } from './support/test-app';

/** Protection against sign-in brute force: per-account and per-address limits, both with Retry-After. */
describe('Sign-in brute force', () => {
  let t: TestApp;
  // A fresh app per test: the per-address counter lives in the app, not in the database. The
  // per-account tests allow more attempts per address, so that only the account lock answers.
  beforeEach(async () => {
    const perAddress = expect.getState().currentTestName?.includes('from one address');
    // Behind a trusted proxy, so that a test can sign in from several addresses.
    t = await startTestApp(
      perAddress
        ? { TRUST_PROXY: 'true' }
        : { AUTH_ATTEMPTS_PER_MINUTE: '100', TRUST_PROXY: 'true' },
    );
  });
  afterEach(() => t.close());

  const signIn = (email: string, password: string, address = '198.51.100.1') =>
    t.http.post('/api/user/signin').set('X-Forwarded-For', address).send({ email, password });

  it(`locks an account for ${SIGN_IN_LOCK_MINUTES} minutes after ${SIGN_IN_FAILURES_BEFORE_LOCK} failed sign-ins from one address, even for the right password`, async () => {
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

  it(`${SIGN_IN_FAILURES_BEFORE_LOCK} wrong passwords from one address do not lock the account for another address`, async () => {
    const user = await createUser(t);
    const email = user.user.email;
    for (let attempt = 0; attempt < SIGN_IN_FAILURES_BEFORE_LOCK; attempt++) {
      await signIn(email, 'a stranger guessing', '203.0.113.66');
    }
    expect((await signIn(email, user.password, '203.0.113.66')).status).toBe(429);
    // The colleague at the office signs in as usual.
    const colleague = await signIn(email, user.password, '198.51.100.20');
    expect(colleague.status).toBe(200);
  });

  it('two instances sharing Redis share the counts: the lock holds on the other instance', async () => {
    const prefix = `test:${randomUUID()}:`;
    const first = await startTestApp({ REDIS_KEY_PREFIX: prefix, TRUST_PROXY: 'true' });
    const second = await startTestApp({ REDIS_KEY_PREFIX: prefix, TRUST_PROXY: 'true' });
    try {
      const user = await createUser(first);
      for (let attempt = 0; attempt < SIGN_IN_FAILURES_BEFORE_LOCK; attempt++) {
        await first.http
          .post('/api/user/signin')
          .set('X-Forwarded-For', '203.0.113.7')
          .send({ email: user.user.email, password: 'wrong password 4' });
      }
      const elsewhere = await second.http
        .post('/api/user/signin')
        .set('X-Forwarded-For', '203.0.113.7')
        .send({ email: user.user.email, password: user.password });
      expect(elsewhere.status).toBe(429);
      expect(elsewhere.body.code).toBe('ACCOUNT_LOCKED');
    } finally {
      await first.close();
      await second.close();
    }
  });

  it(`limits wrong sign-up codes per code: past ${SIGNUP_CODE_FAILURES_PER_HOUR} an hour from any addresses, 429`, async () => {
    const signUp = (secretCode: string, attempt: number) =>
      t.http
        .post('/api/user/signup')
        // A new address each time: the per-address throttle stays out of the way.
        .set('X-Forwarded-For', `192.0.2.${attempt % 250}`)
        .send({
          firstName: 'Guess',
          lastName: 'Er',
          email: `guesser.${attempt}.${Date.now()}@firm.test`,
          password: 'a long guessing passphrase',
          secretCode,
        });
    for (let attempt = 0; attempt < SIGNUP_CODE_FAILURES_PER_HOUR; attempt++) {
      expect((await signUp(`wrong-${attempt}`, attempt)).status).toBe(403);
    }
    const blocked = await signUp('wrong-again', 200);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_REQUESTS');
    expect(blocked.headers['retry-after']).toBeDefined();
    // Even the right code waits: the guesses cannot go on until it is found.
    expect((await signUp(TEST_SIGNUP_CODE, 201)).status).toBe(429);
  });
});
