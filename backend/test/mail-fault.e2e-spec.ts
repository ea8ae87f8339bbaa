import {
  mailQueueOf,
  organizationWithMail,
  outboxRows,
  paymentReminder,
  sleep,
  waitUntil,
} from './support/mail';
import { freePort } from './support/free-port';
import { TestRedis } from './support/redis-server';
import { startSmtpReceiver } from './support/smtp-receiver';
import type { SmtpReceiver } from './support/smtp-receiver';
import { createUser, startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const MAILS = 20;

/**
 * No mail lost when Redis fails (ADR 0006): Redis stops, 20 mails are sent (all answered ok), Redis starts again
 * (empty, as after a crash without persistence), and all 20 arrive exactly once.
 */
describe('Mail while Redis is down', () => {
  let smtp: SmtpReceiver;
  let redis: TestRedis;
  let t: TestApp;

  const redisStatus = async (): Promise<string> =>
    (await t.http.get('/api/health')).body.details.redis.status as string;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    redis = new TestRedis(await freePort());
    await redis.start();
    t = await startTestApp({ SMTP_URL: smtp.url, REDIS_URL: redis.url });
  });

  afterAll(async () => {
    await t?.close();
    await redis?.stop();
    await smtp?.close();
  });

  it('20 mails queued while Redis is stopped all arrive exactly once after it restarts', async () => {
    const { auth } = await createUser(t);
    await waitUntil('Redis is up', async () => (await redisStatus()) === 'up');

    await redis.stop();
    await waitUntil('health reports Redis down', async () => (await redisStatus()) === 'down');

    const run = Date.now();
    const addresses = Array.from({ length: MAILS }, (_, i) => `fault.${run}.${i}@client.example`);
    const ids: string[] = [];
    for (const to of addresses) {
      await organizationWithMail(t, auth, to);
      const res = await t.http
        .post('/api/organization/send')
        .set('Authorization', auth)
        .send(paymentReminder(to));
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe('queued');
      ids.push(res.body.data._id);
    }
    const ours = () => smtp.messages.filter((message) => addresses.includes(message.envelopeTo[0]));

    // Nothing leaves while Redis is away; the rows wait in the outbox.
    await sleep(1_000);
    expect(ours()).toHaveLength(0);
    expect(new Set((await outboxRows(t, ids)).map((row) => row.status))).toEqual(
      new Set(['queued']),
    );

    await redis.start();
    await smtp.waitFor(() => ours().length >= MAILS, 60_000);
    // A duplicate would come from a second enqueue or a second worker run: give it time to show.
    await sleep(3_000);

    expect(ours()).toHaveLength(MAILS);
    expect(new Set(ours().map((message) => message.envelopeTo[0]))).toEqual(new Set(addresses));
    expect(new Set(ours().map((message) => message.messageId)).size).toBe(MAILS);
    const rows = await outboxRows(t, ids);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(
      Array.from({ length: MAILS }, () => ['delivered', 1]),
    );
    await mailQueueOf(t).obliterate({ force: true });
  }, 120_000);
});
