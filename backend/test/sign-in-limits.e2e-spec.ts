import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_DELAY_MAX_SECONDS,
  ACCOUNT_FAILURE_WINDOW_MINUTES,
  ACCOUNT_FAILURES_BEFORE_DELAY,
  ACCOUNT_FAILURES_PER_HOUR,
  AUTH_ATTEMPTS_PER_ADDRESS_PER_MINUTE,
  SIGN_IN_FAILURES_BEFORE_LOCK,
  SIGN_IN_LOCK_MINUTES,
  SIGNUP_CODE_FAILURES_PER_HOUR,
} from '@registra/domain';
import type { Response } from 'supertest';
import { RateCounter } from '../src/platform/redis/rate-counter';
import { accountFailuresKey } from '../src/users/account-attempts';
import { auditActionsOf } from './support/audit';
import { createUser, startTestApp, TEST_SIGNUP_CODE, TestApp } from './support/test-app';
import { codeAt } from './support/two-factor';

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

  describe(`per account from every address: slowed after ${ACCOUNT_FAILURES_BEFORE_DELAY} failures, at most ${ACCOUNT_FAILURES_PER_HOUR} an hour`, () => {
    /** The address of the n-th attempt: 30 of them, so that no address reaches its own lock. */
    const addressOf = (n: number) => `203.0.113.${(n % 30) + 1}`;
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const statuses = (answers: Response[]) => answers.map((answer) => answer.status);

    /** A burst of attempts as fast as the server answers, each from the next address. */
    const burst = async (count: number, attempt: (n: number) => Promise<Response>) => {
      const answers: Response[] = [];
      for (let n = 0; n < count; n++) answers.push(await attempt(n));
      return answers;
    };

    /** The answer of an attempt the limits held back: 429 ACCOUNT_LOCKED with Retry-After. */
    const expectHeldBack = (answer: Response, maxSeconds = ACCOUNT_DELAY_MAX_SECONDS) => {
      expect(answer.status).toBe(429);
      expect(answer.body.code).toBe('ACCOUNT_LOCKED');
      const retryAfter = Number(answer.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
      return retryAfter;
    };

    /** The owner's right password, once any delay running has run: it signs in. */
    const ownerGetsIn = async (email: string, password: string) => {
      const first = await signIn(email, password, '198.51.100.99');
      if (first.status === 429) {
        await sleep(expectHeldBack(first) * 1000 + 200);
        expect((await signIn(email, password, '198.51.100.99')).status).toBe(200);
      } else {
        expect(first.status).toBe(200);
      }
    };

    it('120 wrong passwords from 30 addresses: 10 are checked, then each waits a growing delay; the owner still gets in', async () => {
      const user = await createUser(t);
      const email = user.user.email;
      const guess = (n: number) => signIn(email, `guess number ${n}`, addressOf(n));
      const first = await burst(ACCOUNT_FAILURES_BEFORE_DELAY + 1, guess);
      // The first 10 are checked at once; after that only when a delay (1 s, 2 s, 4 s…) has run.
      expect(statuses(first.slice(0, ACCOUNT_FAILURES_BEFORE_DELAY))).toEqual(
        Array(ACCOUNT_FAILURES_BEFORE_DELAY).fill(401),
      );
      expectHeldBack(first[ACCOUNT_FAILURES_BEFORE_DELAY]);
      // Inside the delay even the right password waits, unchecked.
      expectHeldBack(await signIn(email, user.password, '198.51.100.99'));
      const rest = await burst(120 - first.length, (n) => guess(n + first.length));
      const checked = [...first, ...rest].filter((answer) => answer.status === 401).length;
      expect(checked).toBeLessThanOrEqual(ACCOUNT_FAILURES_BEFORE_DELAY + 4);
      // A held-back attempt is not checked: only the checked ones are failed sign-ins.
      const failures = (await auditActionsOf(t, user.user._id)).filter(
        (action) => action === 'failed sign-in',
      );
      expect(failures).toHaveLength(checked);
      // A delay, not a lock-out: once it has run, the owner signs in.
      await ownerGetsIn(email, user.password);
    });

    it('an unknown e-mail is slowed exactly as a known one', async () => {
      const user = await createUser(t);
      const unknown = `nobody.${Date.now()}@firm.test`;
      const held: Response[] = [];
      for (const email of [user.user.email, unknown]) {
        await burst(ACCOUNT_FAILURES_BEFORE_DELAY, (n) =>
          signIn(email, 'wrong password 5', addressOf(n)),
        );
        held.push(await signIn(email, 'wrong password 5', addressOf(99)));
      }
      expectHeldBack(held[0]);
      expectHeldBack(held[1]);
      expect(held[1].body).toEqual(held[0].body);
    });

    it(`past ${ACCOUNT_FAILURES_PER_HOUR} failures in the hour, every attempt waits for the hour's end`, async () => {
      const user = await createUser(t);
      const counter = t.app.get(RateCounter);
      const key = accountFailuresKey(user.user.email.toLowerCase());
      for (let n = 0; n < ACCOUNT_FAILURES_PER_HOUR; n++) {
        await counter.hit(key, ACCOUNT_FAILURE_WINDOW_MINUTES * 60_000);
      }
      const right = await signIn(user.user.email, user.password, '198.51.100.77');
      const retryAfter = expectHeldBack(right, ACCOUNT_FAILURE_WINDOW_MINUTES * 60);
      expect(retryAfter).toBeGreaterThan((ACCOUNT_FAILURE_WINDOW_MINUTES - 1) * 60);
      expect(right.body.message).toMatch(/this hour/);
    });

    it('simultaneous guesses cannot slip through together: at most 10 of 40 sent at once are checked', async () => {
      const user = await createUser(t);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          signIn(user.user.email, `parallel guess ${n}`, addressOf(n)),
        ),
      );
      const checked = answers.filter((answer) => answer.status === 401).length;
      expect(checked).toBeLessThanOrEqual(ACCOUNT_FAILURES_BEFORE_DELAY + 1);
      expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(29);
    });

    it('25 wrong current passwords on PUT /api/user/password: held back like sign-ins, on the same count', async () => {
      const user = await createUser(t);
      const change = (currentPassword: string, address: string) =>
        t.http
          .put('/api/user/password')
          .set('Authorization', user.auth)
          .set('X-Forwarded-For', address)
          .send({ currentPassword, newPassword: 'a fresh and unguessed passphrase' });
      // From one address, its own lock answers after 5.
      const fromOne = await burst(25, (n) => change(`not it ${n}`, '198.51.100.50'));
      expect(statuses(fromOne.slice(0, SIGN_IN_FAILURES_BEFORE_LOCK))).toEqual(
        Array(SIGN_IN_FAILURES_BEFORE_LOCK).fill(400),
      );
      expect(fromOne.slice(SIGN_IN_FAILURES_BEFORE_LOCK).every((a) => a.status === 429)).toBe(true);
      // From many, the account's count: 5 more are checked, then the delay holds…
      const free = ACCOUNT_FAILURES_BEFORE_DELAY - SIGN_IN_FAILURES_BEFORE_LOCK;
      const fromMany = await burst(free + 1, (n) => change(`not it either ${n}`, addressOf(n)));
      expect(statuses(fromMany.slice(0, free))).toEqual(Array(free).fill(400));
      expectHeldBack(fromMany[free]);
      // …on the count sign-in uses: the right password waits too.
      expectHeldBack(await signIn(user.user.email, user.password, '198.51.100.51'));
      const rest = await burst(25 - fromMany.length, (n) => change(`still not ${n}`, addressOf(n)));
      const checked = [...fromMany, ...rest].filter((answer) => answer.status === 400).length;
      expect(checked).toBeLessThanOrEqual(free + 3);
      // No password was changed.
      const history = await auditActionsOf(t, user.user._id);
      expect(history).not.toContain('password change');
    });

    it('240 wrong codes on DELETE /api/user/totp, and wrong passwords on POST /api/user/totp: held back the same way', async () => {
      const user = await createUser(t);
      const start = await t.http
        .post('/api/user/totp')
        .set('Authorization', user.auth)
        .send({ password: user.password });
      expect(start.status).toBe(200);
      const secret = start.body.data.secret as string;
      const confirmed = await t.http
        .post('/api/user/totp/confirm')
        .set('Authorization', user.auth)
        .send({ code: codeAt(secret, -30) });
      expect(confirmed.status).toBe(200);
      const rightCode = codeAt(secret);
      const wrongCode = (n: number) => {
        const code = String(n).padStart(6, '0');
        return code === rightCode ? '999999' : code;
      };
      const turnOff = (n: number) =>
        t.http
          .delete('/api/user/totp')
          .set('Authorization', user.auth)
          .set('X-Forwarded-For', addressOf(n))
          .send({ password: user.password, code: wrongCode(n) });
      const first = await burst(ACCOUNT_FAILURES_BEFORE_DELAY, turnOff);
      expect(statuses(first)).toEqual(Array(ACCOUNT_FAILURES_BEFORE_DELAY).fill(400));
      // Turning two-factor off checks the password, then the code, then writes the history: on a
      // loaded machine the next attempt can arrive after the first delay (1 s) has run. The delay
      // doubles with each failure, so one of the next few is held back.
      for (let n = first.length; n < ACCOUNT_FAILURES_BEFORE_DELAY + 4; n++) {
        first.push(await turnOff(n));
        if (first[n].status !== 400) break;
      }
      expectHeldBack(first[first.length - 1]);
      // Enrolling another app with a wrong password is held back on the same count.
      const enrol = await t.http
        .post('/api/user/totp')
        .set('Authorization', user.auth)
        .set('X-Forwarded-For', '198.51.100.60')
        .send({ password: 'not the password', code: rightCode });
      expectHeldBack(enrol);
      const rest = await burst(240 - first.length, (n) => turnOff(n + first.length));
      const checked = [...first, ...rest].filter((answer) => answer.status === 400).length;
      expect(checked).toBeLessThanOrEqual(ACCOUNT_FAILURES_BEFORE_DELAY + 4);
      // Two-factor sign-in is still on.
      const me = await t.http.get('/api/user/signin_token').set('Authorization', user.auth);
      expect(me.body.data.totpEnabled).toBe(true);
    });

    it('while Redis is down, each instance counts in its memory: the delay still holds', async () => {
      const down = await startTestApp({
        REDIS_URL: 'redis://127.0.0.1:6399',
        AUTH_ATTEMPTS_PER_MINUTE: '100',
        TRUST_PROXY: 'true',
      });
      try {
        const user = await createUser(down);
        const answers = await burst(ACCOUNT_FAILURES_BEFORE_DELAY + 1, (n) =>
          down.http
            .post('/api/user/signin')
            .set('X-Forwarded-For', addressOf(n))
            .send({ email: user.user.email, password: `guess ${n}` }),
        );
        expect(statuses(answers.slice(0, ACCOUNT_FAILURES_BEFORE_DELAY))).toEqual(
          Array(ACCOUNT_FAILURES_BEFORE_DELAY).fill(401),
        );
        expectHeldBack(answers[ACCOUNT_FAILURES_BEFORE_DELAY]);
      } finally {
        await down.close();
      }
    });
  });
});
