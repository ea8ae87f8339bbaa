import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { MailDeliveryService } from '../src/mail/mail-delivery.service';
import { mailOutbox } from '../src/mail/mail.schema';
import { DATABASE, MIGRATIONS_FOLDER } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { REDACTED_SECRET } from '../src/mail/mail-template-catalogue';
import { outboxRowsTo, waitUntil } from './support/mail';
import { startTestAppOnOwnDatabase } from './support/own-database';
import { tablesHolding } from './support/tables-holding';
import { mailedLink, startSmtpReceiver } from './support/smtp-receiver';
import type { SmtpReceiver } from './support/smtp-receiver';
import { createAdmin, createStaff } from './support/test-app';
import type { TestApp } from './support/test-app';

const APP_URL = 'https://registra.firm.test';
const NEW_PASSWORD = 'Orchard lantern quartz 47 drifting';

/**
 * The take-over an outside probe reproduced: a member of staff asks for an administrator's
 * password reset (or waits for an invitation to a future administrator), reads the mail's link in
 * the mail history or the change history, and becomes the administrator. One-time links leave
 * only in the mail: no answer, history, log or table keeps them (security.md).
 */
describe('One-time links never leave the mail', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let staff: Awaited<ReturnType<typeof createStaff>>;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestAppOnOwnDatabase('registra_one_time_links', {
      SMTP_URL: smtp.url,
      APP_URL,
      AUTH_ATTEMPTS_PER_MINUTE: '100000',
    });
    admin = await createAdmin(t, { firstName: 'Ciara', lastName: 'Byrne' });
    staff = await createStaff(t, { firstName: 'Conor', lastName: 'Walsh' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const as = (auth: string, path: string) => t.http.get(path).set('Authorization', auth);

  /** The account mail's outbox row, once the worker has sent it. */
  const sentMail = async (to: string) => {
    await waitUntil(`the mail to ${to} is delivered`, async () =>
      (await outboxRowsTo(t, to)).some((row) => row.status === 'delivered'),
    );
    const [row] = await outboxRowsTo(t, to);
    return row;
  };

  /** What a member of staff reads of an account mail through every route that shows mail. */
  const staffReads = async (address: string, mailId: string) => ({
    mails: await as(staff.auth, `/api/user/emails/${encodeURIComponent(address)}`),
    activity: await as(staff.auth, '/api/user/emails/activity?limit=100'),
    history: await as(staff.auth, `/api/audit?recordType=email&recordId=${mailId}`),
  });

  it("a reset asked for an administrator's address: staff read neither its mail nor its link, and cannot take the account over", async () => {
    // Another administrator than the one the later tests act as: a reset ends its sessions.
    const target = await createAdmin(t, { firstName: 'Aoife', lastName: 'Murphy' });
    const forgot = await t.http
      .post('/api/user/password/forgot')
      .send({ email: target.user.email });
    expect(forgot.status).toBe(200);
    const row = await sentMail(target.user.email);

    const read = await staffReads(target.user.email, row.id);
    expect(read.mails.status).toBe(403);
    expect(read.mails.body.code).toBe('FORBIDDEN');
    expect(read.activity.status).toBe(200);
    expect(
      (read.activity.body.data as { email: string }[]).filter(
        (event) => event.email === target.user.email,
      ),
    ).toEqual([]);
    expect(read.history.status).toBe(200);
    expect(read.history.body.data).toEqual([]);

    // The link went out in the mail, and only there.
    const link = await mailedLink(smtp, target.user.email);
    const token = new URL(link).searchParams.get('token') as string;
    expect(await tablesHolding(t, token)).toEqual({});
    expect(row.params).toMatchObject({ link: REDACTED_SECRET });
    expect(row.secretParams).toBeNull();
    // The administrator's own history of the mail shows the redacted copy.
    const own = await as(target.auth, `/api/audit?recordType=email&recordId=${row.id}`);
    expect(own.body.data).toHaveLength(1);
    expect(own.body.data[0].data.params.link).toBe(REDACTED_SECRET);
    expect(JSON.stringify(own.body)).not.toContain(token);

    // What the attacker could try with what was shown: no password changes.
    for (const guess of [REDACTED_SECRET, row.id, '']) {
      const reset = await t.http
        .post('/api/user/password/reset')
        .send({ token: guess, newPassword: NEW_PASSWORD });
      expect(reset.status).toBe(400);
    }
    expect(
      (
        await t.http
          .post('/api/user/signin')
          .send({ email: target.user.email, password: NEW_PASSWORD })
      ).status,
    ).toBe(401);
    // The recipient's own link still works.
    const reset = await t.http.post('/api/user/password/reset').send({
      token,
      newPassword: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
  });

  it('an invitation to a future administrator: staff read neither its mail nor its link, and cannot accept it in their place', async () => {
    const email = `future.admin.${Date.now()}@firm.test`;
    const invited = await t.http
      .post('/api/user/invite')
      .set('Authorization', admin.auth)
      .send({ email, firstName: 'Niamh', lastName: 'Doyle', role: 'admin' });
    expect(invited.status).toBe(200);
    expect(JSON.stringify(invited.body)).not.toMatch(/invite=/);
    const row = await sentMail(email);

    const read = await staffReads(email, row.id);
    expect(read.mails.status).toBe(403);
    expect(
      (read.activity.body.data as { email: string }[]).filter((event) => event.email === email),
    ).toEqual([]);
    expect(read.history.body.data).toEqual([]);

    const token = new URL(await mailedLink(smtp, email)).searchParams.get('invite') as string;
    expect(await tablesHolding(t, token)).toEqual({});
    // Nothing shown can stand in for the token.
    const accepted = await t.http.post('/api/user/signup').send({
      firstName: 'Niamh',
      lastName: 'Doyle',
      email,
      password: NEW_PASSWORD,
      invite: row.id,
    });
    expect(accepted.status).toBe(400);
    expect(accepted.body.code).toBe('INVALID_TOKEN');
  });

  it("answers the caller's own mails, and any address's to an administrator", async () => {
    const own = await as(staff.auth, `/api/user/emails/${encodeURIComponent(staff.user.email)}`);
    expect(own.status).toBe(200);
    const upper = await as(
      staff.auth,
      `/api/user/emails/${encodeURIComponent(staff.user.email.toUpperCase())}`,
    );
    expect(upper.status).toBe(200);
    const colleague = await as(
      admin.auth,
      `/api/user/emails/${encodeURIComponent(staff.user.email)}`,
    );
    expect(colleague.status).toBe(200);
    const client = await as(staff.auth, '/api/user/emails/office%40client.example');
    expect(client.status).toBe(403);
  });

  it('a reset retried after its mail was sent (an operator, from the queue board) sends nothing: the outbox no longer has its link', async () => {
    await t.http
      .post(`/api/user/${staff.user._id}/password-reset`)
      .set('Authorization', admin.auth);
    const row = await sentMail(staff.user.email);
    expect(row).toMatchObject({ accountMail: true, secretParams: null });
    const received = smtp.messages.length;
    const db = t.app.get<Database>(DATABASE);
    await db.update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.id, row.id));

    await expect(t.app.get(MailDeliveryService).deliver(row.id, false)).rejects.toThrow(
      /one-time link is no longer kept/,
    );
    const [after] = await outboxRowsTo(t, staff.user.email);
    expect(after.status).toBe('failed');
    expect(smtp.messages.length).toBe(received);
  });

  it('the migration that brought this in removed the links already stored (outbox and history)', async () => {
    const db = t.app.get<Database>(DATABASE);
    const old = `https://registra.firm.test/reset-password?token=stored-before-${Date.now()}`;
    const [mail] = await db
      .insert(mailOutbox)
      .values({
        to: 'earlier@firm.test',
        subject: 'Reset your password',
        template: 'password-reset',
        params: { firstName: 'Sean', link: old, validHours: '1' },
        language: 'en',
        status: 'delivered',
      })
      .returning();
    await db.execute(
      sql`INSERT INTO audit_log (record_type, record_id, action, data)
          VALUES ('email', ${mail.id}, 'email queued',
                  ${JSON.stringify({ to: 'earlier@firm.test', template: 'password-reset', params: { link: old } })}::jsonb)`,
    );
    expect(Object.keys(await tablesHolding(t, old)).sort()).toEqual(['audit_log', 'mail_outbox']);

    // The migration's data statements, as a database that stored such links runs them.
    const file = readFileSync(join(MIGRATIONS_FOLDER, '0044_one_time_links_redacted.sql'), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) {
      if (/ADD COLUMN/.test(statement)) continue;
      await db.execute(sql.raw(statement));
    }
    expect(await tablesHolding(t, old)).toEqual({});
    const [after] = await outboxRowsTo(t, 'earlier@firm.test');
    expect(after).toMatchObject({ accountMail: true, params: { link: REDACTED_SECRET } });
    // The history is append-only again.
    const refused = await db.execute(sql`UPDATE audit_log SET action = action`).then(
      () => undefined,
      (error: { cause?: Error }) => error.cause?.message,
    );
    expect(refused).toMatch(/append-only/);
  });
});
