import { MailService } from '../src/mail/mail.service';
import { MailTemplates } from '../src/mail/mail-templates';
import { MAIL_TEMPLATES } from '../src/mail/mail-template-catalogue';
import { mailOutbox } from '../src/mail/mail.schema';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { eq } from 'drizzle-orm';
import { mailEvents } from '../src/mail/mail.schema';
import {
  mailQueueOf,
  organizationWithMail,
  setRole,
  outboxRows,
  outboxRowsTo,
  waitUntil,
} from './support/mail';
import { uploadFile } from './support/files';
import { startSmtpReceiver } from './support/smtp-receiver';
import type { ReceivedMail, SmtpReceiver } from './support/smtp-receiver';
import { createUser, startTestApp } from './support/test-app';
import type { SignedIn, TestApp } from './support/test-app';

let sequence = 0;
const uniqueAddress = (name: string) => `${name}.${Date.now()}.${++sequence}@client.example`;

const reminderParams = {
  organizationName: 'Acme <script>alert(1)</script> & Sons Ltd',
  service: 'Domiciliation',
  reminderDate: '2026-12-01',
  amount: '250',
};

describe('Mail through a real SMTP server', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  let staff: SignedIn;
  let admin: SignedIn;
  /** A unique address of the book (an organization's mail): the send route mails only those. */
  const bookAddress = async (name: string) => {
    const to = uniqueAddress(name);
    await organizationWithMail(t, staff.auth, to);
    return to;
  };

  const received = (to: string): ReceivedMail[] =>
    smtp.messages.filter((message) => message.envelopeTo.includes(to));

  const eventsOf = (mailId: string) =>
    t.app
      .get<Database>(DATABASE)
      .select()
      .from(mailEvents)
      .where(eq(mailEvents.mailId, mailId))
      .orderBy(mailEvents.at);

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp({ SMTP_URL: smtp.url, SIGNUP_APP_URL: 'https://signup.example.com' });
    staff = await createUser(t);
    admin = await createUser(t);
    await setRole(t, staff.user._id, 'staff');
    await setRole(t, admin.user._id, 'admin');
  });

  afterAll(async () => {
    await mailQueueOf(t)?.obliterate({ force: true });
    await t?.close();
    await smtp?.close();
  });

  it('POST /api/organization/send: the mail arrives rendered and escaped, the row ends delivered, the activity lists it', async () => {
    const to = await bookAddress('accounts');
    const res = await t.http
      .post('/api/organization/send')
      .set('Authorization', staff.auth)
      .send({ templateId: 2, emailTo: to, params: reminderParams });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      data: { _id: expect.any(String), status: 'queued', recipients: [to] },
    });
    const id: string = res.body.data._id;

    await smtp.waitFor(() => received(to).length > 0);
    const [mail] = received(to);
    // The subject is a header, plain text: nothing to escape there.
    expect(mail.subject).toBe(
      'Payment reminder: Domiciliation – Acme <script>alert(1)</script> & Sons Ltd',
    );
    expect(mail.html).toContain('Acme &lt;script&gt;alert(1)&lt;/script&gt; &amp; Sons Ltd');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('<strong>01/12/2026</strong>');
    expect(mail.html).toContain('€250.00');
    expect(mail.text).toContain(
      'payment for the Domiciliation service of Acme <script>alert(1)</script> & Sons Ltd is due on 01/12/2026, for an amount of €250.00.',
    );

    await waitUntil('the row is delivered', async () => {
      const [row] = await outboxRows(t, [id]);
      return row.status === 'delivered';
    });
    const [row] = await outboxRows(t, [id]);
    expect(row).toMatchObject({
      to,
      subject: mail.subject,
      template: '2',
      language: 'en',
      tag: 'payment-reminder',
      status: 'delivered',
      attempts: 1,
      messageId: mail.messageId,
      error: null,
      requestedById: staff.user._id,
      requestedByEmail: staff.user.email,
    });

    const activity = await t.http
      .get('/api/user/emails/activity?page=1&limit=5')
      .set('Authorization', staff.auth);
    expect(activity.status).toBe(200);
    expect(activity.body).toMatchObject({ ok: true, page: 1, limit: 5 });
    expect(activity.body.totalItems).toBeGreaterThanOrEqual(1);
    expect(activity.body.totalPages).toBe(Math.ceil(activity.body.totalItems / 5));
    expect(activity.body.data[0]).toEqual({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      email: to,
      subject: mail.subject,
      event: 'delivered',
      tag: 'payment-reminder',
      messageId: mail.messageId,
    });
    const dates = (activity.body.data as { date: string }[]).map((entry) => entry.date);
    expect([...dates].sort().reverse()).toEqual(dates);

    // Another address than the caller's own is an administrator's to read.
    const refused = await t.http
      .get(`/api/user/emails/${encodeURIComponent(to)}`)
      .set('Authorization', staff.auth);
    expect(refused.status).toBe(403);
    const byRecipient = await t.http
      .get(`/api/user/emails/${encodeURIComponent(to.toUpperCase())}`)
      .set('Authorization', admin.auth);
    expect(byRecipient.status).toBe(200);
    expect(byRecipient.body).toEqual({
      ok: true,
      data: [
        {
          _id: id,
          to,
          subject: mail.subject,
          status: 'delivered',
          date: row.createdAt.toISOString(),
          event: 'delivered',
          tag: 'payment-reminder',
          messageId: mail.messageId,
        },
      ],
    });
    const bySender = await t.http
      .get(`/api/user/emails/${staff.user.email}`)
      .set('Authorization', staff.auth);
    expect(bySender.body.data.map((entry: { _id: string }) => entry._id)).toContain(id);
  });

  it('the French sign-up invitation (6) arrives with its accented subject and the link', async () => {
    const to = await bookAddress('directeur');
    const signupLink = 'https://signup.example.com/?firstname=Aoife&origin=registra';
    const res = await t.http
      .post('/api/organization/send')
      .set('Authorization', staff.auth)
      .send({ templateId: 6, emailTo: to, params: { firstname: 'Aoife', signupLink } });
    expect(res.status).toBe(200);
    await smtp.waitFor(() => received(to).length > 0);
    const [mail] = received(to);
    expect(mail.subject).toBe('Votre invitation à Finotor');
    expect(mail.html).toContain('Bonjour Aoife,');
    expect(mail.html).toContain(
      'href="https://signup.example.com/?firstname&#x3D;Aoife&amp;origin&#x3D;registra"',
    );
    expect(mail.text).toContain(signupLink);
  });

  it('MailService.queue from another context: the task notification with its file list arrives', async () => {
    const to = uniqueAddress('colleague');
    // A file of the product's own storage, the only kind a mail may carry (uploaded to a task).
    const task = await t.http
      .post('/api/task')
      .set('Authorization', staff.auth)
      .send({ title: 'File the B10' });
    const upload = await uploadFile(t, staff.auth, `task/${task.body.data._id}`, 'b10.pdf');
    const fileUrl = `${t.config.appUrl}${upload.url}`;
    const queued = await t.app.get(MailService).queue({
      templateId: 'task-notification',
      to,
      params: {
        title: 'File the B10',
        description: 'Signed page received.\nUpload it today.',
        organizationName: 'Acme Ltd',
        sentBy: 'Ciara Byrne',
        attachedFiles: [{ fileName: 'b10.pdf', url: fileUrl }],
      },
      requestedBy: { id: admin.user._id, name: 'Ciara Byrne', email: admin.user.email },
    });
    expect(queued.status).toBe('queued');
    await smtp.waitFor(() => received(to).length > 0);
    const [mail] = received(to);
    expect(mail.subject).toBe('Task: File the B10');
    expect(mail.html).toContain(`<a href="${fileUrl}">b10.pdf</a>`);
    expect(mail.text).toContain('Ciara Byrne sent you a task.');
    expect(mail.text).toContain(`- b10.pdf ${fileUrl}`);
  });

  it('a mail server answering 4xx twice: retried with backoff, delivered on the third attempt, each attempt recorded', async () => {
    const to = await bookAddress('flaky');
    let refusals = 0;
    smtp.policy = (address) =>
      address === to && refusals++ < 2 ? { code: 451, message: 'Try again later' } : null;
    try {
      const res = await t.http
        .post('/api/organization/send')
        .set('Authorization', staff.auth)
        .send({ templateId: 1, emailTo: to, params: reminderParams });
      const id: string = res.body.data._id;
      await waitUntil('the row is delivered', async () => {
        const [row] = await outboxRows(t, [id]);
        return row.status === 'delivered';
      });
      expect(received(to)).toHaveLength(1);
      const [row] = await outboxRows(t, [id]);
      expect(row.attempts).toBe(3);
      const events = await eventsOf(id);
      expect(events.map((event) => [event.event, event.attempt])).toEqual([
        ['other', 1],
        ['other', 2],
        ['delivered', 3],
      ]);
      expect(events[0].detail).toContain('451');
    } finally {
      smtp.policy = () => null;
    }
  });

  it('a mail server answering 5xx: no retry, the row is failed with the reason, the activity says failed', async () => {
    const to = await bookAddress('nobody');
    smtp.policy = (address) =>
      address === to ? { code: 550, message: 'No such mailbox here' } : null;
    try {
      const res = await t.http
        .post('/api/organization/send')
        .set('Authorization', staff.auth)
        .send({ templateId: 2, emailTo: to, params: reminderParams });
      const id: string = res.body.data._id;
      await waitUntil('the row is failed', async () => {
        const [row] = await outboxRows(t, [id]);
        return row.status === 'failed';
      });
      const [row] = await outboxRows(t, [id]);
      expect(row.attempts).toBe(1);
      expect(row.error).toContain('No such mailbox here');
      expect(received(to)).toHaveLength(0);
      const mails = await t.http.get(`/api/user/emails/${to}`).set('Authorization', admin.auth);
      expect(mails.body.data[0]).toMatchObject({ _id: id, status: 'failed', event: 'failed' });
    } finally {
      smtp.policy = () => null;
    }
  });

  it('an outage longer than every attempt: five attempts, then failed with the last reason', async () => {
    const to = uniqueAddress('outage');
    smtp.policy = (address) =>
      address === to ? { code: 421, message: 'Service not available' } : null;
    try {
      const queued = await t.app.get(MailService).queue({
        templateId: 7,
        to,
        params: { firstname: 'Sean', signupLink: 'https://signup.example.com/' },
      });
      await waitUntil('the row is failed', async () => {
        const [row] = await outboxRows(t, [queued._id]);
        return row.status === 'failed';
      });
      const [row] = await outboxRows(t, [queued._id]);
      expect(row).toMatchObject({ attempts: 5, status: 'failed', requestedById: null });
      expect(row.error).toContain('Service not available');
      const events = await eventsOf(queued._id);
      expect(events.map((event) => event.event)).toEqual([
        'other',
        'other',
        'other',
        'other',
        'failed',
      ]);
    } finally {
      smtp.policy = () => null;
    }
  });

  it.each([
    ['an unknown template id', { templateId: 3 }, 'templateId'],
    ['the scheduler-only digest template', { templateId: 'daily-digest' }, 'templateId'],
    ['an address that is no e-mail', { emailTo: 'not-an-address' }, 'emailTo'],
    ['a missing required parameter', { params: { firstname: 'Aoife' } }, 'params.signupLink'],
    ['a parameter that is not text', { params: { firstname: 1, signupLink: 'x' } }, 'params'],
    ['no params at all', { params: undefined }, 'params'],
  ])(
    'POST /api/organization/send with %s answers 400 and queues nothing',
    async (_label, change, field) => {
      const to = await bookAddress('refused');
      const res = await t.http
        .post('/api/organization/send')
        .set('Authorization', staff.auth)
        .send({
          templateId: 7,
          emailTo: to,
          params: { firstname: 'Aoife', signupLink: 'https://signup.example.com/' },
          ...change,
        });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
      expect(res.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
      expect(await outboxRowsTo(t, to)).toEqual([]);
    },
  );

  it.each([1, 2, 6, 7, 'task-notification'])(
    'POST /api/organization/templates renders template %s (HTML) with sample values',
    async (templateId) => {
      const res = await t.http
        .post('/api/organization/templates')
        .set('Authorization', staff.auth)
        .send({ templateId });
      expect(res.status).toBe(200);
      expect(res.body.ok).toBe(true);
      expect(res.body.data.subject).toEqual(expect.any(String));
      expect(res.body.data.subject.length).toBeGreaterThan(5);
      expect(res.body.data.htmlContent).toMatch(/^<!DOCTYPE html>/);
      expect(res.body.data.htmlContent).not.toContain('{{');
    },
  );

  it('POST /api/organization/templates shows the given values, escaped, and refuses an unknown id', async () => {
    const res = await t.http
      .post('/api/organization/templates')
      .set('Authorization', staff.auth)
      .send({ templateId: '1', params: { organizationName: '<b>Acme</b>' } });
    expect(res.status).toBe(200);
    expect(res.body.data.htmlContent).toContain('&lt;b&gt;Acme&lt;/b&gt;');
    expect(res.body.data.subject).toBe('Rappel de paiement : Domiciliation – <b>Acme</b>');
    const unknown = await t.http
      .post('/api/organization/templates')
      .set('Authorization', staff.auth)
      .send({ templateId: 42 });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
  });

  it('every template renders both parts, with no placeholder left', () => {
    const templates = t.app.get(MailTemplates);
    for (const [id, definition] of Object.entries(MAIL_TEMPLATES)) {
      const rendered = templates.render(id, definition.sample);
      expect({ id, html: rendered.html.includes('</html>') }).toEqual({ id, html: true });
      expect(rendered.text.trim().length).toBeGreaterThan(20);
      for (const part of [rendered.subject, rendered.html, rendered.text]) {
        expect(part).not.toMatch(/{{|}}/);
      }
    }
  });

  it('the organization routes keep their paths next to /organization/templates and /send', async () => {
    const missing = await t.http
      .get('/api/organization/00000000-0000-4000-8000-000000000000')
      .set('Authorization', staff.auth);
    expect(missing.status).toBe(404);
    const notAnId = await t.http
      .get('/api/organization/templates')
      .set('Authorization', staff.auth);
    expect(notAnId.status).toBe(400);
    expect(notAnId.body.code).toBe('INVALID_ID');
  });

  it('GET /api/user/emails/{email} answers 400 for an address that is no e-mail', async () => {
    const res = await t.http.get('/api/user/emails/not-an-email').set('Authorization', staff.auth);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
  });

  it('GET /api/user/emails/activity refuses a page of 0', async () => {
    const res = await t.http
      .get('/api/user/emails/activity?page=0')
      .set('Authorization', staff.auth);
    expect(res.status).toBe(400);
  });

  describe('Bull Board at /api/admin/queues', () => {
    it('answers 401 JSON without a token or with a bad one', async () => {
      for (const authorization of [undefined, 'JWT not-a-token']) {
        let call = t.http.get('/api/admin/queues');
        if (authorization) call = call.set('Authorization', authorization);
        const res = await call;
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          ok: false,
          code: 'UNAUTHORIZED',
          message: 'Authentication required',
        });
      }
      const api = await t.http.get('/api/admin/queues/api/queues');
      expect(api.status).toBe(401);
    });

    it('answers 403 to a staff member', async () => {
      const res = await t.http.get('/api/admin/queues').set('Authorization', staff.auth);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ ok: false, code: 'FORBIDDEN' });
      const session = await t.http
        .post('/api/admin/queues-session')
        .set('Authorization', staff.auth);
      expect(session.status).toBe(403);
    });

    it('answers 200 to an admin: the page, and its API listing the mail queue', async () => {
      const page = await t.http.get('/api/admin/queues').set('Authorization', admin.auth);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<base href="/api/admin/queues/"');
      const api = await t.http.get('/api/admin/queues/api/queues').set('Authorization', admin.auth);
      expect(api.status).toBe(200);
      expect(api.body.queues.map((queue: { name: string }) => queue.name)).toContain('mail');
    });

    it('a browser opens it with the cookie POST /api/admin/queues-session sets', async () => {
      const session = await t.http
        .post('/api/admin/queues-session')
        .set('Authorization', admin.auth);
      expect(session.status).toBe(200);
      const cookie = session.headers['set-cookie'][0] as string;
      expect(cookie).toMatch(/^registra_queues=/);
      expect(cookie).toContain('Path=/api/admin/queues');
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      const page = await t.http.get('/api/admin/queues').set('Cookie', cookie.split(';')[0]);
      expect(page.status).toBe(200);
    });
  });
});

describe('Mail without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SMTP_URL: undefined });
  });
  afterAll(async () => {
    await mailQueueOf(t)?.obliterate({ force: true });
    await t?.close();
  });

  it('the outbox is the destination: the row ends delivered with an outbox message id', async () => {
    const { auth } = await createUser(t);
    const to = uniqueAddress('offline');
    await organizationWithMail(t, auth, to);
    const res = await t.http
      .post('/api/organization/send')
      .set('Authorization', auth)
      .send({ templateId: 1, emailTo: to, params: reminderParams });
    expect(res.status).toBe(200);
    const id: string = res.body.data._id;
    await waitUntil('the row is delivered', async () => {
      const [row] = await outboxRows(t, [id]);
      return row.status === 'delivered';
    });
    const [row] = await outboxRows(t, [id]);
    expect(row).toMatchObject({ status: 'delivered', messageId: `outbox-${id}`, attempts: 1 });
    const [event] = await t.app
      .get<Database>(DATABASE)
      .select()
      .from(mailEvents)
      .where(eq(mailEvents.mailId, id));
    expect(event).toMatchObject({ event: 'delivered', detail: 'outbox' });
    expect(
      (
        await t.app.get<Database>(DATABASE).select().from(mailOutbox).where(eq(mailOutbox.id, id))
      )[0].subject,
    ).toBe('Rappel de paiement : Domiciliation – Acme <script>alert(1)</script> & Sons Ltd');
  });
});
