import { addDays, addMonths, formatDate, todayInDublin } from '@registra/domain';
import { MailDigestService } from '../src/mail/mail-digest.service';
import { digestJobId } from '../src/mail/mail.queue';
import { mailQueueOf, outboxRowsTo, sleep, waitUntil } from './support/mail';
import { startSmtpReceiver } from './support/smtp-receiver';
import type { SmtpReceiver } from './support/smtp-receiver';
import { createUser, startTestApp } from './support/test-app';
import type { SignedIn, TestApp } from './support/test-app';

/**
 * The daily digest is sent once (ADR 0006): two instances run the daily digest of the same day (same
 * database, same Redis, same queue), and each user receives one digest.
 */
describe('Daily digest with two server instances', () => {
  let smtp: SmtpReceiver;
  let first: TestApp;
  let second: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let carol: SignedIn;
  const date = todayInDublin();
  const run = Date.now();

  const received = (user: SignedIn) =>
    smtp.messages.filter((message) => message.envelopeTo.includes(user.user.email));

  async function organization(
    owner: SignedIn,
    name: string,
    fields: Record<string, unknown>,
  ): Promise<void> {
    const created = await first.http
      .post('/api/organization')
      .set('Authorization', owner.auth)
      .send({ name });
    const res = await first.http
      .put(`/api/organization/${created.body.data._id}`)
      .set('Authorization', owner.auth)
      .send({ users: [{ userId: owner.user._id, userName: owner.user.firstName }], ...fields });
    expect(res.status).toBe(200);
  }

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    first = await startTestApp({ SMTP_URL: smtp.url });
    second = await startTestApp({ SMTP_URL: smtp.url });
    alice = await createUser(first, { firstName: 'Alice', email: `alice.${run}@firm.test` });
    bob = await createUser(first, { firstName: 'Bob', email: `bob.${run}@firm.test` });
    carol = await createUser(first, { firstName: 'Carol', email: `carol.${run}@firm.test` });

    // Alice: an annual return due in 3 days, a corporation-tax reminder a month late, and an
    // annual return 8 days out (beyond the 7 days: not listed).
    await organization(alice, `Alice Due ${run}`, { nextArReminder: addDays(date, 3) });
    await organization(alice, `Alice Tax ${run}`, { financialYearEnd: addMonths(date, -10) });
    await organization(alice, `Alice Later ${run}`, { nextArReminder: addDays(date, 8) });
    // Bob: a domiciliation payment two days late.
    await organization(bob, `Bob Late ${run}`, {
      hasDomiciliation: true,
      domiciliationSubscription: addMonths(addDays(date, -2), -12),
      domiciliationSubscriptionPlan: 12,
      domiciliationPaymentHistory: [
        {
          nextPaidReminder: addMonths(addDays(date, -2), -12),
          paidDate: addMonths(addDays(date, -2), -12),
        },
      ],
    });
    // Carol: nothing within 7 days.
    await organization(carol, `Carol Calm ${run}`, { nextArReminder: addDays(date, 30) });
  });

  afterAll(async () => {
    await mailQueueOf(first)?.obliterate({ force: true });
    await first?.close();
    await second?.close();
    await smtp?.close();
  });

  it('both instances run the day: Alice and Bob get one digest each, Carol none', async () => {
    await Promise.all([
      first.app.get(MailDigestService).runDailyDigest(date),
      second.app.get(MailDigestService).runDailyDigest(date),
    ]);
    // A third run (an instance restarting, a cron firing twice) changes nothing either.
    await first.app.get(MailDigestService).runDailyDigest(date);

    await smtp.waitFor(() => received(alice).length > 0 && received(bob).length > 0, 30_000);
    await sleep(2_000);
    expect(received(alice)).toHaveLength(1);
    expect(received(bob)).toHaveLength(1);
    expect(received(carol)).toHaveLength(0);

    const [digest] = received(alice);
    const until = addDays(date, 7);
    expect(digest.subject).toBe(`Registra: reminders late or due by ${formatDate(until)} (2)`);
    expect(digest.text).toContain(
      `Alice Due ${run}\n- Annual return: ${formatDate(addDays(date, 3))}\n`,
    );
    expect(digest.text).toContain(
      `Alice Tax ${run}\n- Corporation tax: ${formatDate(addMonths(addMonths(date, -10), 9))} (LATE)\n`,
    );
    expect(digest.text).not.toContain(`Alice Later ${run}`);
    expect(digest.html).toContain('Good morning Alice,');
    expect(received(bob)[0].text).toContain(
      `Bob Late ${run}\n- Domiciliation payment: ${formatDate(addDays(date, -2))} (LATE)\n`,
    );

    expect(await outboxRowsTo(first, alice.user.email)).toEqual([
      expect.objectContaining({
        template: 'daily-digest',
        tag: 'digest',
        status: 'delivered',
        dedupeKey: digestJobId(date, alice.user._id),
        requestedById: null,
      }),
    ]);
  });

  it('a digest job run again after Redis lost it makes no second mail', async () => {
    const queue = mailQueueOf(first);
    const jobId = digestJobId(date, alice.user._id);
    await (await queue.getJob(jobId))?.remove();
    await second.app.get(MailDigestService).runDailyDigest(date);
    await waitUntil('the digest job ran again', async () => {
      const job = await queue.getJob(jobId);
      return (await job?.getState()) === 'completed';
    });
    await sleep(1_000);
    expect(received(alice)).toHaveLength(1);
    expect(await outboxRowsTo(first, alice.user.email)).toHaveLength(1);
  });
});
