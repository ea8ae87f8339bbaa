import { EXTRA_RECIPIENTS_MAX } from '../src/mail/dto/mail.dto';
import { mailQueueOf, organizationWithMail, outboxRowsTo, paymentReminder } from './support/mail';
import { createAdmin, createStaff, startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const APP_URL = 'https://registra.firm.test';
const SIGNUP_APP_URL = 'https://signup.partner.test/start';

let sequence = 0;
const uniqueAddress = (name: string) => `${name}.${Date.now()}.${++sequence}@client.example`;

/**
 * Outbound mail only where the firm means it (ADR 0113): recipients of the book unless named on
 * purpose, links only to the product or the sign-up app, and every send in the history.
 */
describe('POST /api/organization/send: recipients, links and the history', () => {
  let t: TestApp;
  let auth: string;
  let sender: string;
  let staffAuth: string;

  const send = (body: Record<string, unknown>) =>
    t.http.post('/api/organization/send').set('Authorization', auth).send(body);
  const reminder = (emailTo: string, extra: Record<string, unknown> = {}) =>
    send({ ...paymentReminder(emailTo), ...extra });
  const signupInvitation = (emailTo: string, signupLink: string) =>
    send({ templateId: 7, emailTo, params: { firstname: 'Aoife', signupLink } });

  /** A person with this mail, linked to the organization. */
  const linkedPerson = async (organizationId: string, mail: string) => {
    const person = await t.http
      .post('/api/people')
      .set('Authorization', auth)
      .send({ firstName: 'Aoife', lastName: `Director${sequence}`, mail });
    expect(person.status).toBe(200);
    const link = await t.http
      .post('/api/linkpeopleorganization')
      .set('Authorization', auth)
      .send({ peopleId: person.body.data._id, organizationId, roles: ['director'] });
    expect(link.status).toBe(200);
    return person.body.data._id as string;
  };

  beforeAll(async () => {
    t = await startTestApp({
      SMTP_URL: undefined,
      APP_URL,
      SIGNUP_APP_URL,
      MAIL_EXTRA_RECIPIENT_DOMAINS: 'accountants.example',
    });
    const user = await createAdmin(t, { firstName: 'Ciara', lastName: 'Byrne' });
    auth = user.auth;
    sender = user.user._id;
    staffAuth = (await createStaff(t, { firstName: 'Conor', lastName: 'Walsh' })).auth;
  });
  afterAll(async () => {
    await mailQueueOf(t)?.obliterate({ force: true });
    await t?.close();
  });

  it('refuses an address outside the book (400 naming emailTo) and queues nothing', async () => {
    const stranger = uniqueAddress('stranger');
    const res = await reminder(stranger);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      {
        field: 'emailTo',
        message:
          'emailTo must be the mail of an organization or person of the book; an address outside the book goes under extraRecipients',
      },
    ]);
    expect(await outboxRowsTo(t, stranger)).toEqual([]);
  });

  it("with organizationId: the organization's mail and a linked person's are in its book; another organization's is not", async () => {
    const mail = uniqueAddress('office');
    const organizationId = await organizationWithMail(t, auth, mail);
    const director = uniqueAddress('director');
    await linkedPerson(organizationId, director);
    const otherOrganization = uniqueAddress('other');
    await organizationWithMail(t, auth, otherOrganization);

    // Case does not matter.
    expect((await reminder(mail.toUpperCase(), { organizationId })).status).toBe(200);
    expect((await reminder(director, { organizationId })).status).toBe(200);
    const refused = await reminder(otherOrganization, { organizationId });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].field).toBe('emailTo');
    expect(refused.body.details[0].message).toContain('of this organization or of a person linked');
    // Without organizationId any record of the book will do.
    expect((await reminder(otherOrganization)).status).toBe(200);

    const unknown = await reminder(mail, {
      organizationId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0].field).toBe('organizationId');
    const malformed = await reminder(mail, { organizationId: 'acme' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.details[0].field).toBe('organizationId');
  });

  it('sends to an address outside the book only under extraRecipients, and the history names who sent which template to whom, about which organization', async () => {
    const mail = uniqueAddress('office');
    const organizationId = await organizationWithMail(t, auth, mail);
    const accountant = uniqueAddress('accountant');
    const res = await reminder(mail, {
      organizationId,
      extraRecipients: [accountant, accountant.toUpperCase(), mail],
    });
    expect(res.status).toBe(200);
    // A repeated address, or the main one, goes once.
    expect(res.body.data.recipients).toEqual([mail, accountant]);
    const [row] = await outboxRowsTo(t, accountant);
    expect(row).toMatchObject({ template: '2', organizationId, requestedById: sender });

    const history = await t.http
      .get(`/api/audit?recordType=organization&recordId=${organizationId}`)
      .set('Authorization', auth);
    const mails = (
      history.body.data as {
        action: string;
        userName: string;
        recordId: string;
        data: Record<string, unknown>;
      }[]
    ).filter((entry) => entry.action === 'email queued');
    expect(mails.map((entry) => entry.data.to).sort()).toEqual([accountant, mail].sort());
    for (const entry of mails) {
      expect(entry).toMatchObject({ userName: 'Ciara Byrne' });
      expect(entry.data).toMatchObject({ template: '2', organizationId, requestedById: sender });
    }
  });

  it.each([
    ['no list', 'someone@client.example', 'extraRecipients'],
    ['an entry that is no e-mail', ['not-an-address'], 'extraRecipients'],
    [
      `more than ${EXTRA_RECIPIENTS_MAX} addresses`,
      Array.from({ length: EXTRA_RECIPIENTS_MAX + 1 }, (_, i) => `extra${i}@client.example`),
      'extraRecipients',
    ],
  ])('refuses extraRecipients with %s (400 naming the field)', async (_label, extra, field) => {
    const mail = uniqueAddress('office');
    await organizationWithMail(t, auth, mail);
    const res = await reminder(mail, { extraRecipients: extra });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe(field);
    expect(await outboxRowsTo(t, mail)).toEqual([]);
  });

  it(`accepts ${EXTRA_RECIPIENTS_MAX} extra recipients`, async () => {
    const mail = uniqueAddress('office');
    await organizationWithMail(t, auth, mail);
    const extra = Array.from({ length: EXTRA_RECIPIENTS_MAX }, (_, i) => uniqueAddress(`cc${i}`));
    const res = await reminder(mail, { extraRecipients: extra });
    expect(res.status).toBe(200);
    expect(res.body.data.recipients).toHaveLength(EXTRA_RECIPIENTS_MAX + 1);
  });

  it.each([
    ['the sign-up app', `${SIGNUP_APP_URL}?firstname=Aoife&origin=registra`, 200],
    ['a page below the sign-up app', `${SIGNUP_APP_URL}/step-2`, 200],
    ['the product itself', `${APP_URL}/signup`, 200],
    ['another site', 'https://evil.example/start', 400],
    ['a look-alike host', 'https://signup.partner.test.evil.example/start', 400],
    ['the sign-up host over http', 'http://signup.partner.test/start', 400],
    ['another path of the sign-up host', 'https://signup.partner.test/elsewhere', 400],
    ['a javascript: address', 'javascript:alert(document.cookie)', 400],
    ['words, no address', 'click here', 400],
  ])(
    'a sign-up invitation whose link leads to %s (%s) answers %i',
    async (_label, link, status) => {
      const mail = uniqueAddress('director');
      await organizationWithMail(t, auth, mail);
      const res = await signupInvitation(mail, link);
      expect(res.status).toBe(status);
      if (status === 400) {
        expect(res.body.details).toEqual([
          {
            field: 'params.signupLink',
            message: `params.signupLink must be an address of the sign-up app (${SIGNUP_APP_URL})`,
          },
        ]);
        expect(await outboxRowsTo(t, mail)).toEqual([]);
      }
    },
  );

  it.each([
    ['a page of the product', `${APP_URL}/task/1`, 200],
    ['another site', 'https://evil.example/task/1', 400],
    ['a host that only starts like the product', `${APP_URL}.evil.example/task/1`, 400],
  ])('a task mail whose link leads to %s (%s) answers %i', async (_label, link, status) => {
    const mail = uniqueAddress('colleague');
    await organizationWithMail(t, auth, mail);
    const res = await send({
      templateId: 'task-notification',
      emailTo: mail,
      params: { title: 'File the B10', link },
    });
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body.details[0].field).toBe('params.link');
  });

  /** A payment reminder to a new organization of the book, sent by `sender`. */
  const reminderAs = async (
    sender: string,
    extra: Record<string, unknown>,
    params: Record<string, string> = {},
  ) => {
    const mail = uniqueAddress('office');
    await organizationWithMail(t, auth, mail);
    const res = await t.http
      .post('/api/organization/send')
      .set('Authorization', sender)
      .send({ ...paymentReminder(mail, params), ...extra });
    return { mail, res };
  };

  describe('extra recipients: administrators, or the domains the firm lists', () => {
    it.each([
      ['a member of staff, an address of a listed domain', 'staff', 'cc@accountants.example', 200],
      ['a member of staff, of a name under it', 'staff', 'cc@dublin.accountants.example', 200],
      ['a member of staff, any other address', 'staff', 'cc@elsewhere.example', 400],
      ['a member of staff, a look-alike domain', 'staff', 'cc@accountants.example.evil', 400],
      ['an administrator, any address', 'admin', 'cc@elsewhere.example', 200],
    ])('%s (%s, %s) answers %i', async (_label, who, extra, status) => {
      const { mail, res } = await reminderAs(who === 'staff' ? staffAuth : auth, {
        extraRecipients: [extra],
      });
      expect(res.status).toBe(status);
      if (status === 400) {
        expect(res.body.details).toEqual([
          {
            field: 'extraRecipients',
            message: `extraRecipients: ${extra} is outside the book; staff may add addresses of accountants.example only, an administrator any`,
          },
        ]);
        expect(await outboxRowsTo(t, mail)).toEqual([]);
      }
    });
  });

  describe('no mail carries an address the firm does not use', () => {
    it.each([
      [
        'a payment page of elsewhere',
        'service',
        'Pay to IBAN IE29 AIBK 9311 5212 3456 78 via https://evil.test/pay',
        400,
      ],
      ['a bare host with a path', 'service', 'Pay at evil.test/pay today', 400],
      ['a host behind www', 'organizationName', 'See www.evil-pay.example for details', 400],
      ['a mail address of elsewhere', 'service', 'Questions: billing@evil.test', 400],
      ['an address of the product', 'service', `Your services: ${APP_URL}/organization/1`, 200],
      [
        'words and numbers only',
        'service',
        'Domiciliation 2026 (annual fee: 250.00, e.g. the B1)',
        200,
      ],
    ])('a reminder whose %s (params.%s: %s) answers %i', async (_label, param, value, status) => {
      const { mail, res } = await reminderAs(staffAuth, {}, { [param]: value });
      expect(res.status).toBe(status);
      if (status === 400) {
        expect(res.body.details[0].field).toBe(`params.${param}`);
        expect(res.body.details[0].message).toContain('must not carry an address');
        expect(await outboxRowsTo(t, mail)).toEqual([]);
      }
    });
  });
});
