import { getQueueToken } from '@nestjs/bullmq';
import { addDays, todayInDublin } from '@registra/domain';
import type { Queue } from 'bullmq';
import { FOLLOW_UP_QUEUE, FollowUpReminders } from '../../src/follow-ups/follow-up-reminders';
import { MailDigestService } from '../../src/mail/mail-digest.service';
import { MAIL_QUEUE, sendJobId } from '../../src/mail/mail.queue';
import { outboxRowsTo, paymentReminder, sleep, waitUntil } from '../support/mail';
import { startSmtpReceiver } from '../support/smtp-receiver';
import type { SmtpReceiver } from '../support/smtp-receiver';
import { createUser } from '../support/test-app';
import type { SignedIn, TestApp } from '../support/test-app';
import { startInstance, startInstancesBench, stopInstancesBench } from './instance-process';
import type { Instance, InstancesBench } from './instance-process';

/** Sign-in attempts one visitor address may make per minute, across every instance. */
const AUTH_ATTEMPTS_PER_MINUTE = 4;

interface Answer {
  status: number;
  /** The parsed JSON answer, read loosely as supertest's `res.body` is. */
  body: ReturnType<typeof JSON.parse>;
}

/** One request to an instance over HTTP, as a browser behind the proxy would make it. */
async function call(
  instance: Instance,
  method: string,
  path: string,
  options: { auth?: string; body?: unknown; forwardedFor?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.auth) headers.Authorization = options.auth;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.forwardedFor) headers['X-Forwarded-For'] = options.forwardedFor;
  const response = await fetch(`${instance.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * REGISTRA_ROLE (ADR 0109): the built server run as production runs it, two `api` instances and
 * one `worker` on one database and one Redis, as docker-compose.yml deploys them. The test process
 * itself holds an `api` instance in-process, to create users and read the outbox, and to call the
 * 07:00 triggers as a worker's cron calls them.
 */
describe('Two API instances and a worker, from the built server', () => {
  let smtp: SmtpReceiver;
  let bench: InstancesBench;
  let helper: TestApp;
  let api1: Instance;
  let api2: Instance;
  let worker: Instance;
  let env: Record<string, string>;
  const run = Date.now();
  const address = (name: string) => `${name}.${run}@firm.test`;
  const received = (to: string) => smtp.messages.filter((m) => m.envelopeTo.includes(to));

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    // Behind the reverse proxy: the visitor's address comes from X-Forwarded-For. The helper
    // migrates the fresh database first; the instances then start together.
    bench = await startInstancesBench({
      instances: {
        LOG_LEVEL: 'warn',
        SMTP_URL: smtp.url,
        TRUST_PROXY: 'loopback',
        AUTH_ATTEMPTS_PER_MINUTE: String(AUTH_ATTEMPTS_PER_MINUTE),
      },
      helper: { SMTP_URL: smtp.url },
    });
    ({ helper, env } = bench);
    [api1, api2, worker] = await Promise.all([
      startInstance('api', env),
      startInstance('api', env),
      startInstance('worker', env),
    ]);
  }, 120_000);

  afterAll(async () => {
    await stopInstancesBench(bench, [MAIL_QUEUE, FOLLOW_UP_QUEUE]);
    await smtp?.close();
  });

  it('each instance answers /api/health with its role; the worker answers nothing else', async () => {
    for (const [instance, role] of [
      [api1, 'api'],
      [api2, 'api'],
      [worker, 'worker'],
    ] as const) {
      const health = await call(instance, 'GET', '/api/health');
      expect(health).toEqual({
        status: 200,
        body: {
          ok: true,
          status: 'ok',
          role,
          details: { database: expect.objectContaining({ status: 'up' }), redis: { status: 'up' } },
        },
      });
    }
    for (const path of ['/api/user/signin_token', '/api/docs', '/']) {
      expect(await call(worker, 'GET', path)).toEqual({
        status: 404,
        body: {
          ok: false,
          code: 'NOT_FOUND',
          message:
            'A worker instance answers only GET /api/health, /api/health/live, /api/health/ready, /api/metrics',
        },
      });
    }
  });

  it('a session made on one API instance works on the other; signing out on one ends it on both', async () => {
    const user = await createUser(helper, { email: address('session') });
    const signin = await call(api1, 'POST', '/api/user/signin', {
      body: { email: user.user.email, password: user.password },
    });
    expect(signin.status).toBe(200);
    const auth = `JWT ${signin.body.token as string}`;
    for (const instance of [api1, api2]) {
      const me = await call(instance, 'GET', '/api/user/signin_token', { auth });
      expect(me.status).toBe(200);
      expect(me.body.data.email).toBe(user.user.email);
    }
    expect((await call(api2, 'POST', '/api/user/logout', { auth })).status).toBe(200);
    for (const instance of [api1, api2]) {
      expect((await call(instance, 'GET', '/api/user/signin_token', { auth })).status).toBe(401);
    }
  });

  /**
   * A payment reminder to a client of the book (mail goes only to addresses the book holds): the
   * recipient is first made a person with that address.
   */
  const sendReminder = async (instance: Instance, auth: string, to: string) => {
    const person = await call(instance, 'POST', '/api/people', {
      auth,
      body: { firstName: 'Aoife', lastName: 'Byrne', mail: to },
    });
    expect(person.status).toBe(200);
    return call(instance, 'POST', '/api/organization/send', {
      auth,
      body: paymentReminder(to),
    });
  };

  it('a mail sent through either API instance is delivered once, by the worker', async () => {
    const staff = await createUser(helper, { email: address('sender') });
    const sent: string[] = [];
    for (const [instance, to] of [
      [api1, address('through-first')],
      [api2, address('through-second')],
    ] as const) {
      const res = await sendReminder(instance, staff.auth, to);
      expect(res.status).toBe(200);
      sent.push(to);
    }
    await smtp.waitFor(() => sent.every((to) => received(to).length > 0), 20_000);
    // The sweeper's interval (500 ms under tests) passes several times: still one each.
    await sleep(1_500);
    for (const to of sent) {
      expect(received(to)).toHaveLength(1);
      expect(await outboxRowsTo(helper, to)).toEqual([
        expect.objectContaining({ status: 'delivered', attempts: 1 }),
      ]);
    }
  });

  it("the daily digest and a passed deadline's reminder are mailed once, whoever triggers them", async () => {
    const date = todayInDublin();
    const orla: SignedIn = await createUser(helper, { firstName: 'Orla', email: address('orla') });
    // An annual return due in 3 days (through one API instance)...
    const organization = await call(api1, 'POST', '/api/organization', {
      auth: orla.auth,
      body: { name: `Instances ${run}` },
    });
    const organizationId = organization.body.data._id as string;
    const updated = await call(api1, 'PUT', `/api/organization/${organizationId}`, {
      auth: orla.auth,
      body: {
        users: [{ userId: orla.user._id, userName: 'Orla' }],
        nextArReminder: addDays(date, 3),
      },
    });
    expect(updated.status).toBe(200);
    // ...and an incorporation (10 days) started 12 days ago, assigned to her (through the other).
    const followUp = await call(api2, 'POST', '/api/followUp', {
      auth: orla.auth,
      body: { name: 'INCORPORATION', organization_id: organizationId },
    });
    const followUpId = followUp.body.data._id as string;
    for (const body of [{ start_date: addDays(date, -12) }, { user_id: orla.user._id }]) {
      expect(
        (await call(api2, 'PUT', `/api/followUp/${followUpId}`, { auth: orla.auth, body })).status,
      ).toBe(200);
    }

    // 07:00: what each worker's cron calls, twice over (two workers, or one firing twice).
    const digest = helper.app.get(MailDigestService);
    const reminders = helper.app.get(FollowUpReminders);
    await Promise.all([
      digest.scheduledDigest(),
      digest.scheduledDigest(),
      reminders.scheduled(),
      reminders.scheduled(),
    ]);

    const digests = () => received(orla.user.email).filter((m) => m.subject.includes('reminders'));
    const deadlines = () =>
      received(orla.user.email).filter((m) => m.subject.includes('deadline passed'));
    await smtp.waitFor(() => digests().length > 0 && deadlines().length > 0, 20_000);
    await sleep(1_500);
    expect(digests()).toHaveLength(1);
    expect(digests()[0].text).toContain(`Instances ${run}`);
    expect(deadlines()).toHaveLength(1);
    expect(deadlines()[0].subject).toContain(`Incorporation of Instances ${run}`);
  });

  it('a sign-in throttle counted on one API instance applies on the other', async () => {
    const visitor = '203.0.113.7';
    const attempt = (instance: Instance, n: number, forwardedFor = visitor) =>
      call(instance, 'POST', '/api/user/signin', {
        body: { email: address(`nobody-${n}`), password: 'not the password' },
        forwardedFor,
      });
    // The allowance, spent half on each instance: each attempt is refused as a wrong password.
    for (let n = 0; n < AUTH_ATTEMPTS_PER_MINUTE; n++) {
      expect((await attempt(n % 2 === 0 ? api1 : api2, n)).status).toBe(401);
    }
    // One more, on either instance: too many from this address.
    for (const instance of [api1, api2]) {
      const refused = await attempt(instance, 99);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
    }
    // Another visitor behind the same proxy is counted apart.
    expect((await attempt(api2, 100, '203.0.113.8')).status).toBe(401);
  });

  it('killing the worker with a mail in its queue loses nothing: a new worker delivers it once', async () => {
    const staff = await createUser(helper, { email: address('patient') });
    const flaky = address('flaky');
    const later = address('later');
    let refusals = 0;
    // The mail server says "try later": the job waits in the queue between attempts.
    smtp.policy = (to) => (to === flaky ? (refusals++, { code: 451, message: 'Try again' }) : null);
    try {
      const send = (instance: Instance, to: string) => sendReminder(instance, staff.auth, to);
      const queued = await send(api1, flaky);
      expect(queued.status).toBe(200);
      const job = () =>
        helper.app.get<Queue>(getQueueToken(MAIL_QUEUE)).getJob(sendJobId(queued.body.data._id));
      // Refused twice, and waiting in Redis for the next attempt (400 ms later): not in hand.
      await waitUntil(
        'the worker tried twice and the job waits for its retry',
        async () => refusals >= 2 && (await (await job())?.getState()) === 'delayed',
        20_000,
        10,
      );
      await worker.kill();
      const attemptsBeforeTheKill = refusals;
      smtp.policy = () => null;

      // No worker: the API instances queue the mail and take no job themselves.
      expect((await send(api2, later)).status).toBe(200);
      await sleep(2_000);
      expect(received(flaky)).toHaveLength(0);
      expect(received(later)).toHaveLength(0);

      worker = await startInstance('worker', env);
      await smtp.waitFor(() => received(flaky).length > 0 && received(later).length > 0, 20_000);
      await sleep(1_500);
      expect(received(flaky)).toHaveLength(1);
      expect(received(later)).toHaveLength(1);
      expect(await outboxRowsTo(helper, flaky)).toEqual([
        expect.objectContaining({ status: 'delivered', attempts: attemptsBeforeTheKill + 1 }),
      ]);
    } finally {
      smtp.policy = () => null;
    }
  });

  it('killing one API instance fails only the requests in flight on it; the other keeps answering', async () => {
    const user = await createUser(helper, { email: address('steady') });
    const list = (instance: Instance) =>
      call(instance, 'POST', '/api/user/search', { auth: user.auth, body: {} }).then(
        (answer) => answer.status,
        () => 'no answer' as const,
      );
    expect(await list(api1)).toBe(200);

    const onSecond: Promise<number | 'no answer'>[] = [];
    const inFlight = [list(api1), list(api1), list(api1)];
    for (let i = 0; i < 5; i++) onSecond.push(list(api2));
    const killed = api1.kill();
    for (let i = 0; i < 10; i++) {
      onSecond.push(list(api2));
      await sleep(20);
    }
    await killed;
    for (let i = 0; i < 5; i++) onSecond.push(list(api2));

    expect(await Promise.all(onSecond)).toEqual(Array(onSecond.length).fill(200));
    // What was in flight on the killed instance either finished or got no answer; nothing else.
    for (const status of await Promise.all(inFlight)) expect([200, 'no answer']).toContain(status);
    expect(await list(api1)).toBe('no answer');
    expect(await list(api2)).toBe(200);
  });
});
