import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays, addYears, dublinDate } from '@registra/domain';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { uploadFile } from './support/files';
import { readBytes, requestsAs } from './support/http';
import { organizationWithMail, outboxRowsTo, paymentReminder, waitUntil } from './support/mail';
import { mailOutbox } from '../src/mail/mail.schema';
import { pdfText } from './support/pdf-text';
import { zipEntries } from './support/zip-entries';
import { startTestAppOnOwnDatabase } from './support/own-database';
import { tablesHolding } from './support/tables-holding';
import { createAdmin, createStaff } from './support/test-app';
import { ScheduledRuns } from '../src/platform/metrics/scheduled-runs';
import { PrivacyService } from '../src/privacy/privacy.service';
import { RETENTION_ACTOR, RETENTION_RUN, RetentionJob } from '../src/privacy/retention-job';
import type { TestApp } from './support/test-app';

/** A prospect's fields but the names, roles and e-mail (the walks send the same one). */
const PROSPECT_PERSON = JSON.parse(
  readFileSync(join(__dirname, 'fixtures', 'forms', 'prospect-person.json'), 'utf8'),
) as Record<string, string>;

/**
 * A person's erasure under the GDPR, Art. 17, within the AML retention (CJA 2010 s.55: five years
 * after the client relationship ends): refused inside it with the date it ends, and outside it a
 * change that leaves no trace of the erased values anywhere a query can reach (docs/privacy.md).
 */
describe('Erasure within the AML retention (POST /api/people/{id}/erase)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let staff: Awaited<ReturnType<typeof createStaff>>;
  const tag = `zq${Date.now().toString(36)}`;
  let sequence = 0;
  const today = dublinDate(new Date());

  beforeAll(async () => {
    // The walks and other tests on this machine post the public form from the same address.
    t = await startTestAppOnOwnDatabase('registra_privacy', {
      PUBLIC_FORM_POSTS_PER_HOUR: '100000',
    });
    admin = await createAdmin(t, { firstName: 'Ciara', lastName: 'Byrne' });
    staff = await createStaff(t, { firstName: 'Conor', lastName: 'Walsh' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const asAdmin = () => requestsAs(t, admin);

  /** A person with every personal field, named uniquely (the greps look for the names). */
  const personNamed = async (lastName: string) => {
    const n = ++sequence;
    const created = await asAdmin().post('/api/people', {
      firstName: 'Gráinne',
      lastName,
      mail: `grainne.${lastName.toLowerCase()}@example.ie`,
      phone: `+353 1 555 ${String(1000 + n)}`,
      birth: '1984-03-17',
      nationality: 'IE',
      ipn: `IPN${tag}${n}`,
      pps: `PPS${tag}${n}`,
      addressStreet1: `${n} Harbour Road`,
      addressCity1: 'Dún Laoghaire',
      comments: `Met at the Galway office (${lastName})`,
    });
    expect(created.status).toBe(200);
    return created.body.data as {
      _id: string;
      firstName: string;
      lastName: string;
      mail: string;
      ipn: string;
    };
  };

  /** A client whose relationship ended on `endedOn` (null: it goes on). */
  const client = async (name: string, endedOn: string | null) => {
    const created = await asAdmin().post('/api/organization', { name });
    expect(created.status).toBe(200);
    const updated = await asAdmin().put(`/api/organization/${created.body.data._id}`, {
      relationshipEndedOn: endedOn,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.relationshipEndedOn).toBe(endedOn);
    return updated.body.data as { _id: string; name: string };
  };

  const link = async (personId: string, organizationId: string, roles = ['director']) => {
    const linked = await asAdmin().post('/api/linkpeopleorganization', {
      peopleId: personId,
      organizationId,
      roles,
    });
    expect(linked.status).toBe(200);
    return linked.body.data as { _id: string };
  };

  /** A task about the person, as the board makes one: created, then saved whole with them. */
  const taskAbout = async (personId: string, title: string) => {
    const created = await asAdmin().post('/api/task', { title });
    expect(created.status).toBe(200);
    const saved = await asAdmin().put(`/api/task/${created.body.data._id}`, {
      title,
      users: [{ userId: admin.user._id }],
      peopleId: personId,
    });
    expect(saved.status).toBe(200);
  };

  const erase = (personId: string, who = admin) =>
    requestsAs(t, who).post(`/api/people/${personId}/erase`, {});

  /** A prospect's company-creation request through the public form: two people, named. */
  const submitRequest = (name: string, lastName: string, mail: string) => {
    return t.http.post('/api/form').send({
      organizationName1: name,
      organizationName2: `${name} Two`,
      organizationName3: `${name} Three`,
      description: 'Conseil',
      IDPAL: true,
      secretaryCompany: false,
      anonymeShareholder: false,
      peoples: [
        {
          ...PROSPECT_PERSON,
          roles: ['director', 'shareholder'],
          beneficiaryPercentage: 100,
          firstName: 'Léa',
          lastName,
          mail,
        },
        {
          ...PROSPECT_PERSON,
          roles: ['secretary'],
          beneficiaryPercentage: 0,
          firstName: 'Marc',
          lastName: `${lastName} Second`,
          mail: `second.${mail}`,
        },
      ],
    });
  };

  const requestId = async (name: string): Promise<string> => {
    const found = (await t.app
      .get<Database>(DATABASE)
      .execute(sql`SELECT id FROM forms WHERE organization_name1 = ${name}`)) as unknown as {
      rows: { id: string }[];
    };
    expect(found.rows).toHaveLength(1);
    return found.rows[0].id;
  };

  it.each([
    // case, the client's relationship ended on, erasable from
    ['a current client', null, addYears(today, 5)],
    ['a client whose relationship ended 4 years ago', addYears(today, -4), addYears(today, 1)],
    ['one ended 5 years less 1 day ago', addDays(addYears(today, -5), 1), addDays(today, 1)],
  ])(
    'refuses %s: 409 RETENTION_HOLD, the date erasure is possible from, and the client; nothing changed',
    async (_case, endedOn, erasableFrom) => {
      const lastName = `Holdfast${tag}${sequence}`;
      const person = await personNamed(lastName);
      const organization = await client(`${lastName} Trading Ltd`, endedOn);
      await link(person._id, organization._id);

      const refused = await erase(person._id);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        ok: false,
        code: 'RETENTION_HOLD',
        details: [{ field: 'erasableFrom', message: erasableFrom }],
        organizations: [
          {
            _id: organization._id,
            name: organization.name,
            relationshipEndedOn: endedOn,
            erasableFrom,
          },
        ],
      });
      expect(refused.body.message).toContain(erasableFrom);
      expect(refused.body.message).toContain(organization.name);

      const after = await asAdmin().get(`/api/people/${person._id}`);
      expect(after.body.data).toMatchObject({ lastName, mail: person.mail });
    },
  );

  it('an organization refuses a relationship end that is not a date (400, nothing changed)', async () => {
    const organization = await client(`Dated ${tag} Ltd`, '2024-06-30');
    for (const bad of ['30/06/2024', '2024-02-30', 'soon', 20240630]) {
      const refused = await asAdmin().put(`/api/organization/${organization._id}`, {
        relationshipEndedOn: bad,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual([
        expect.objectContaining({ field: 'relationshipEndedOn' }),
      ]);
    }
    const kept = await asAdmin().get(`/api/organization/${organization._id}`);
    expect(kept.body.data.relationshipEndedOn).toBe('2024-06-30');
    const cleared = await asAdmin().put(`/api/organization/${organization._id}`, {
      relationshipEndedOn: null,
    });
    expect(cleared.body.data.relationshipEndedOn).toBeNull();
  });

  it('a former role counts: unlinked from a current client, the person is still held', async () => {
    const lastName = `Formerly${tag}`;
    const person = await personNamed(lastName);
    const organization = await client(`${lastName} Holdings Ltd`, null);
    const linked = await link(person._id, organization._id);
    expect((await asAdmin().delete(`/api/linkpeopleorganization/${linked._id}`)).status).toBe(200);
    const refused = await erase(person._id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('RETENTION_HOLD');
  });

  it('only administrators erase (403 to staff), and an unknown person is a 404', async () => {
    const person = await personNamed(`Staffside${tag}`);
    const refused = await erase(person._id, staff);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    expect((await erase('7d1f5b2e-4c1a-4e7b-9a51-2f0c3b1d9e77')).status).toBe(404);
    expect((await asAdmin().get(`/api/people/${person._id}`)).body.data.lastName).toBe(
      `Staffside${tag}`,
    );
  });

  it('erases outside the retention: no table, search, history or mail keeps the values; the role stays', async () => {
    const lastName = `Quillfeather${tag}`;
    const person = await personNamed(lastName);
    const colleague = await personNamed(`Keepsake${tag}`);
    // Ended 5 years and 1 day ago: the retention is over.
    const organization = await client(`Old Harbour ${tag} Ltd`, addDays(addYears(today, -5), -1));
    const role = await link(person._id, organization._id, ['director', 'shareholder']);
    await link(colleague._id, organization._id);
    // A change in the history (old and new values), a file in their folder, a mail to them, and
    // the public form's request they sent.
    expect(
      (await asAdmin().put(`/api/people/${person._id}`, { phone: '+353 87 000 1234' })).status,
    ).toBe(200);
    const file = await uploadFile(
      t,
      admin.auth,
      `people/${person._id}`,
      `passport-${lastName}.pdf`,
    );
    const mailed = await asAdmin().post(
      '/api/organization/send',
      paymentReminder(person.mail, { organizationName: `${lastName} (director)` }),
    );
    expect(mailed.status).toBe(200);
    const formPerson = {
      personType: 'naturalPerson',
      phone: '+353 1 555 0101',
      birth: '1984-03-17',
      nationality: 'Irish',
      street: '12 Harbour Road',
      city: 'Dublin',
      state: 'Leinster',
      country: 'Ireland',
      zip: 'D02 XY45',
    };
    const form = await t.http.post('/api/form').send({
      organizationName1: `${tag} Newco`,
      organizationName2: `${tag} Newco Two`,
      organizationName3: `${tag} Newco Three`,
      description: 'Consulting',
      IDPAL: true,
      secretaryCompany: false,
      anonymeShareholder: false,
      peoples: [
        {
          ...formPerson,
          roles: ['director', 'shareholder'],
          beneficiaryPercentage: 100,
          firstName: 'Gráinne',
          lastName,
          mail: person.mail,
        },
        {
          ...formPerson,
          roles: ['secretary'],
          beneficiaryPercentage: 0,
          firstName: 'Sean',
          lastName: `Byrne ${tag}`,
          mail: `sean.${tag}@example.ie`,
        },
      ],
    });
    if (form.status !== 200) throw new Error(JSON.stringify(form.body));
    expect(form.status).toBe(200);
    // Before: the values are there (the greps below can find them).
    expect(Object.keys(await tablesHolding(t, lastName, { anyCase: true }))).toEqual(
      expect.arrayContaining(['people', 'audit_log', 'files', 'forms', 'mail_outbox']),
    );

    const erased = await erase(person._id);
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ ok: true, data: { _id: person._id } });

    // The database's rows: neither the name nor the e-mail, in any table.
    expect(await tablesHolding(t, lastName, { anyCase: true })).toEqual({});
    expect(await tablesHolding(t, person.mail, { anyCase: true })).toEqual({});
    expect(await tablesHolding(t, person.ipn, { anyCase: true })).toEqual({});

    // The record: the names say what happened, every personal field is empty.
    const record = await asAdmin().get(`/api/people/${person._id}`);
    expect(record.body.data).toMatchObject({
      firstName: 'Erased',
      lastName: 'person',
      mail: null,
      phone: null,
      birth: null,
      ipn: null,
      pps: null,
      addressStreet1: null,
      comments: null,
      attachedFiles: [],
    });
    // Searches: the top bar and the list.
    const search = await asAdmin().get(`/api/search?q=${encodeURIComponent(lastName)}`);
    expect(JSON.stringify(search.body)).not.toContain(person._id);
    const byMail = await asAdmin().post('/api/people/search', { search: person.mail });
    expect(byMail.body.totalItems).toBe(0);
    // The history: one entry for the erasure, none with the values.
    const history = await asAdmin().get(`/api/audit?recordType=people&recordId=${person._id}`);
    const entries = history.body.data as { action: string; recordLabel: string | null }[];
    expect(entries.filter((entry) => entry.action === 'erase')).toHaveLength(1);
    expect(JSON.stringify(history.body)).not.toContain(lastName);
    // An earlier change keeps that it happened, not the values (the old phone too).
    const phoneChange = entries.find(
      (entry) => entry.action === 'update' && JSON.stringify(entry).includes('"phone"'),
    );
    expect(JSON.stringify(phoneChange)).toContain('[erased]');
    // The phone numbers with their spaces: a bare "555" can be part of a record's random id.
    expect(JSON.stringify(history.body)).not.toContain('1 555 ');
    expect(JSON.stringify(history.body)).not.toContain('000 1234');
    // The file: gone from storage and from the files list.
    expect((await asAdmin().get(`/api/file/${file._id}`)).status).toBe(404);
    // The mail history: the recipient is a hash, the mail's count stays.
    expect(await outboxRowsTo(t, person.mail)).toEqual([]);
    const hashed = `erased:${createHash('sha256').update(person.mail.toLowerCase()).digest('hex')}`;
    expect(await outboxRowsTo(t, hashed)).toHaveLength(1);
    // The role stays, without the personal fields: the registers stay whole.
    const members = await asAdmin().post('/api/linkpeopleorganization/search', {
      organizationId: organization._id,
    });
    const kept = (members.body.data as { _id: string; roles: string[]; peopleId: unknown }[]).find(
      (member) => member._id === role._id,
    );
    expect(kept?.roles).toEqual(['director', 'shareholder']);
    expect(JSON.stringify(kept)).toContain('Erased');
    // Another person of the same organization keeps everything.
    expect((await asAdmin().get(`/api/people/${colleague._id}`)).body.data.lastName).toBe(
      `Keepsake${tag}`,
    );
    // The duplicates group nothing on the erased names.
    const twin = await personNamed(`Twinless${tag}`);
    expect(await erase(twin._id)).toMatchObject({ status: 200 });
    const duplicates = await asAdmin().get('/api/people/duplicates');
    expect(JSON.stringify(duplicates.body)).not.toContain(person._id);
  });

  /** A person's export, asked for, built by its job and downloaded (once). */
  const exportOf = async (personId: string, byMail?: string) => {
    const started = byMail
      ? await asAdmin().post('/api/data-export', { email: byMail })
      : await asAdmin().post(`/api/people/${personId}/data-export`, {});
    expect(started.status).toBe(200);
    const exportId = started.body.data._id as string;
    await waitUntil('the export is built', async () => {
      const state = await asAdmin().get(`/api/data-export/${exportId}`);
      expect(state.body.data.status).not.toBe('failed');
      return state.body.data.status === 'done';
    });
    expect((await asAdmin().get(`/api/data-export/${exportId}`)).body.data).toEqual({
      status: 'done',
      progress: 100,
    });
    const zip = await asAdmin()
      .get(`/api/data-export/${exportId}/download`)
      .buffer(true)
      .parse(readBytes);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    return { exportId, entries: zipEntries(zip.body as Buffer) };
  };

  it('the subject-access export: every kind of record about the person, nothing about a colleague, once', async () => {
    const lastName = `Ledgerwise${tag}`;
    const person = await personNamed(lastName);
    const colleague = await personNamed(`Otherkin${tag}`);
    const organization = await client(`Export ${tag} Ltd`, null);
    await link(person._id, organization._id, ['director']);
    await link(colleague._id, organization._id, ['secretary']);
    await taskAbout(person._id, `Collect the ID of ${lastName}`);
    await taskAbout(colleague._id, 'The colleague');
    const file = await uploadFile(t, admin.auth, `people/${person._id}`, 'passport.pdf');
    await uploadFile(t, admin.auth, `people/${colleague._id}`, 'colleague-passport.pdf');
    expect(
      (await asAdmin().post('/api/organization/send', paymentReminder(person.mail))).status,
    ).toBe(200);
    expect(
      (await asAdmin().post('/api/organization/send', paymentReminder(colleague.mail))).status,
    ).toBe(200);

    const { exportId, entries } = await exportOf(person._id);
    expect([...entries.keys()]).toEqual([
      'data.json',
      'person.csv',
      'roles.csv',
      'tasks.csv',
      'forms.csv',
      'mails.csv',
      'audit.csv',
      'files.csv',
      'summary.pdf',
      '001-passport.pdf'.replace(/^/, 'files/'),
    ]);
    const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
    expect(data.person).toMatchObject({ _id: person._id, lastName, mail: person.mail });
    expect(data.roles).toEqual([
      expect.objectContaining({ organization: organization.name, roles: 'director' }),
    ]);
    expect(data.tasks).toEqual([
      expect.objectContaining({ title: `Collect the ID of ${lastName}` }),
    ]);
    expect(data.mails).toHaveLength(1);
    expect(data.files).toEqual([
      expect.objectContaining({ _id: file._id, fileName: 'passport.pdf' }),
    ]);
    expect(data.audit.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['create', 'update', 'link', 'upload', 'subject access export']),
    );
    expect(entries.get('files/001-passport.pdf')!.toString()).toBe('the content of passport.pdf');
    expect(entries.get('roles.csv')!.toString()).toContain(organization.name);
    // Nothing about the colleague of the same organization, in any file of the package.
    for (const [name, content] of entries) {
      const text = name.endsWith('.pdf') ? pdfText(content) : content.toString('utf8');
      expect(text).not.toContain(`Otherkin${tag}`);
      expect(text).not.toContain(colleague.mail);
      expect(text).not.toContain(colleague._id);
    }
    const summary = pdfText(entries.get('summary.pdf')!);
    expect(summary).toContain('Subject access export');
    expect(summary).toContain(`Gráinne ${lastName}`.normalize('NFC'));
    expect(summary).toContain('Roles in organizations (1)');
    // Downloaded once: the second answers 404.
    expect((await asAdmin().get(`/api/data-export/${exportId}/download`)).status).toBe(404);
    // The history records who asked.
    const history = await asAdmin().get(`/api/audit?recordType=people&recordId=${person._id}`);
    expect(history.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'subject access export', userName: 'Ciara Byrne' }),
      ]),
    );
  });

  it('an erased person exports nothing of their former values', async () => {
    const lastName = `Afterward${tag}`;
    const person = await personNamed(lastName);
    expect((await erase(person._id)).status).toBe(200);
    const { entries } = await exportOf(person._id);
    for (const [name, content] of entries) {
      const text = name.endsWith('.pdf') ? pdfText(content) : content.toString('utf8');
      expect(text).not.toContain(lastName);
      expect(text).not.toContain(person.mail);
    }
  });

  it('the retention review lists whom every ended relationship lets go, and erases the reviewed ones', async () => {
    const gone = await personNamed(`Longgone${tag}`);
    const stillHeld = await personNamed(`Stillheld${tag}`);
    const ended = await client(`Ended ${tag} Ltd`, addYears(today, -6));
    const current = await client(`Current ${tag} Ltd`, null);
    await link(gone._id, ended._id);
    await link(stillHeld._id, ended._id);
    await link(stillHeld._id, current._id);

    const review = await asAdmin().post('/api/retention-review/refresh', {});
    expect(review.status).toBe(200);
    expect(Date.parse(review.body.data.preparedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(review.body.data.preparedBy).toBe('Ciara Byrne');
    expect((await asAdmin().get('/api/retention-review')).body.data).toEqual(review.body.data);
    const listed = review.body.data.people as { _id: string; erasableFrom: string }[];
    expect(listed.find((person) => person._id === gone._id)).toMatchObject({
      lastEndedOn: addYears(today, -6),
      erasableFrom: addYears(today, -1),
    });
    expect(listed.map((person) => person._id)).not.toContain(stillHeld._id);
    expect((await requestsAs(t, staff).get('/api/retention-review')).status).toBe(403);
    expect((await requestsAs(t, staff).post('/api/retention-review/refresh', {})).status).toBe(403);

    const refused = await asAdmin().post('/api/retention-review/erase', { people: ['not-an-id'] });
    expect(refused.status).toBe(400);
    expect((await asAdmin().post('/api/retention-review/erase', {})).status).toBe(400);
    const bulk = await asAdmin().post('/api/retention-review/erase', {
      people: [gone._id, stillHeld._id],
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.data).toEqual({ erased: [gone._id], held: [stillHeld._id] });
    expect(await tablesHolding(t, `Longgone${tag}`, { anyCase: true })).toEqual({});
    expect((await asAdmin().get(`/api/people/${stillHeld._id}`)).body.data.lastName).toBe(
      `Stillheld${tag}`,
    );
    const after = await asAdmin().get('/api/retention-review');
    expect(after.body.data.people.map((person: { _id: string }) => person._id)).not.toContain(
      gone._id,
    );
  });

  it("the daily job erases a prospect's request unchanged for 12 months and its people's values; a kept one is listed, a recent one stays", async () => {
    const prospectName = `Prospectus${tag}`;
    const prospectMail = `p.${tag}@example.fr`;
    expect((await submitRequest(`${tag} Oldco`, prospectName, prospectMail)).status).toBe(200);
    expect(
      (await submitRequest(`${tag} Keptco`, `Keptaside${tag}`, `k.${tag}@example.fr`)).status,
    ).toBe(200);
    expect(
      (await submitRequest(`${tag} Freshco`, `Freshface${tag}`, `f.${tag}@example.fr`)).status,
    ).toBe(200);
    // The two first ones' last change, 12 months and a day ago.
    const db = t.app.get<Database>(DATABASE);
    await db.execute(
      sql`UPDATE forms SET updated_at = now() - interval '12 months 1 day'
           WHERE organization_name1 IN (${`${tag} Oldco`}, ${`${tag} Keptco`})`,
    );
    const keptId = await requestId(`${tag} Keptco`);
    const oldId = await requestId(`${tag} Oldco`);

    // Staff keep one (any member of staff); its last change does not move.
    const before = await asAdmin().get(`/api/form/${keptId}`);
    const kept = await requestsAs(t, staff).put(`/api/form/${keptId}/keep`, { kept: true });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ _id: keptId, kept: true });
    expect(kept.body.data.updatedAt).toBe(before.body.data.updatedAt);
    expect(
      (await requestsAs(t, staff).put(`/api/form/${keptId}/keep`, { kept: 'yes' })).status,
    ).toBe(400);
    const history = await asAdmin().get(`/api/audit?recordType=form&recordId=${keptId}`);
    expect(history.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'update',
          userName: 'Conor Walsh',
          changes: [expect.objectContaining({ field: 'kept', old: false, new: true })],
        }),
      ]),
    );

    const job = t.app.get(RetentionJob);
    const result = await job.runOnce(today);
    expect(result).toEqual({ ran: true, erasedProspects: 1 });
    // Once a day across instances: the second run of the day does nothing.
    expect(await job.runOnce(today)).toEqual({ ran: false });
    expect(await t.app.get(ScheduledRuns).lastSuccess(RETENTION_RUN)).toBeDefined();

    // The old unkept one is gone, with its people's values, everywhere.
    expect(await tablesHolding(t, prospectName, { anyCase: true })).toEqual({});
    expect(await tablesHolding(t, prospectMail, { anyCase: true })).toEqual({});
    expect((await asAdmin().get(`/api/form/${oldId}`)).status).toBe(404);
    const erased = await asAdmin().get(`/api/audit?recordType=form&recordId=${oldId}`);
    expect(erased.body.data.map((entry: { userName: string }) => entry.userName)).toContain(
      RETENTION_ACTOR,
    );
    // The kept one and the recent one keep everything; the kept one is listed for review.
    expect(await tablesHolding(t, `Keptaside${tag}`, { anyCase: true })).toHaveProperty('forms', 1);
    expect(await tablesHolding(t, `Freshface${tag}`, { anyCase: true })).toHaveProperty('forms', 1);
    const review = await asAdmin().get('/api/retention-review');
    expect(review.body.data.preparedBy).toBe(RETENTION_ACTOR);
    const prospects = review.body.data.prospects as { _id: string; organizationName1: string }[];
    expect(prospects).toEqual([
      expect.objectContaining({ _id: keptId, organizationName1: `${tag} Keptco`, kept: true }),
    ]);

    // An administrator who reviewed it erases it from the review.
    const bulk = await asAdmin().post('/api/retention-review/erase', { prospects: [keptId] });
    expect(bulk.body.data).toEqual({ erased: [keptId], held: [] });
    expect(await tablesHolding(t, `Keptaside${tag}`, { anyCase: true })).toEqual({});
    expect((await asAdmin().get('/api/retention-review')).body.data.prospects).toEqual([]);
  });

  it("a request no longer kept is erased by the next day's job", async () => {
    expect(
      (await submitRequest(`${tag} Unkept`, `Unkeptly${tag}`, `u.${tag}@example.fr`)).status,
    ).toBe(200);
    const id = await requestId(`${tag} Unkept`);
    expect((await asAdmin().put(`/api/form/${id}/keep`, { kept: true })).status).toBe(200);
    await t.app
      .get<Database>(DATABASE)
      .execute(sql`UPDATE forms SET updated_at = now() - interval '13 months' WHERE id = ${id}`);
    const job = t.app.get(RetentionJob);
    expect(await job.runOnce(addDays(today, 1))).toEqual({ ran: true, erasedProspects: 0 });
    expect((await asAdmin().put(`/api/form/${id}/keep`, { kept: false })).body.data.kept).toBe(
      false,
    );
    expect(await job.runOnce(addDays(today, 2))).toEqual({ ran: true, erasedProspects: 1 });
    expect(await tablesHolding(t, `Unkeptly${tag}`, { anyCase: true })).toEqual({});
  });

  it('a run that fails gives its day back: the next run of the day does the work', async () => {
    const job = t.app.get(RetentionJob);
    const privacy = t.app.get(PrivacyService);
    const failing = jest
      .spyOn(privacy, 'prepareReview')
      .mockRejectedValueOnce(new Error('the database went away'));
    try {
      await expect(job.runOnce(addDays(today, 10))).rejects.toThrow('the database went away');
    } finally {
      failing.mockRestore();
    }
    expect(await job.runOnce(addDays(today, 10))).toEqual({ ran: true, erasedProspects: 0 });
    expect(await job.runOnce(addDays(today, 10))).toEqual({ ran: false });
  });

  it('a person never a client is erased at once', async () => {
    const person = await personNamed(`Nevera${tag}`);
    expect((await erase(person._id)).status).toBe(200);
    expect(await tablesHolding(t, `Nevera${tag}`, { anyCase: true })).toEqual({});
  });

  it.each([
    // field, a refused value
    ['amlRetentionYears', 4], // shorter than the law's five years
    ['amlRetentionYears', 21],
    ['prospectRetentionMonths', 0],
    ['prospectRetentionMonths', 6.5],
    ['mailBodyRetentionMonths', 241],
    ['mailBodyRetentionMonths', '60'],
  ])(
    'a retention period %s = %j is a 400 naming the field, and nothing changes',
    async (field, value) => {
      const before = (await asAdmin().get('/api/settings')).body.data;
      const refused = await asAdmin().put('/api/settings', {
        prospectRetentionMonths: 18,
        [field]: value,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_ERROR');
      expect(refused.body.details).toEqual([
        expect.objectContaining({ field, message: expect.stringContaining(`${field} must be`) }),
      ]);
      expect((await asAdmin().get('/api/settings')).body.data).toEqual(before);
    },
  );

  it('the retention periods are settings: defaults from the law, changed by administrators only, and the erasure follows them', async () => {
    const defaults = await asAdmin().get('/api/settings');
    expect(defaults.body.data).toMatchObject({
      amlRetentionYears: 5,
      prospectRetentionMonths: 12,
      mailBodyRetentionMonths: 60,
    });
    expect((await requestsAs(t, staff).put('/api/settings', { amlRetentionYears: 6 })).status).toBe(
      403,
    );
    expect((await asAdmin().put('/api/settings', {})).status).toBe(400);

    const person = await personNamed(`Sevenyear${tag}`);
    const ended = await client(`Sevenyear ${tag} Ltd`, addYears(today, -6));
    await link(person._id, ended._id);
    const changed = await asAdmin().put('/api/settings', { amlRetentionYears: 7 });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      amlRetentionYears: 7,
      prospectRetentionMonths: 12,
      annualReturnLeadDays: defaults.body.data.annualReturnLeadDays,
    });
    try {
      const refused = await erase(person._id);
      expect(refused.status).toBe(409);
      expect(refused.body.details).toEqual([
        { field: 'erasableFrom', message: addYears(today, 1) },
      ]);
      expect(refused.body.message).toContain('7 years after the client relationship ends');
      const review = await asAdmin().post('/api/retention-review/refresh', {});
      expect(review.body.data.periods.amlRetentionYears).toBe(7);
      expect(review.body.data.people.map((p: { _id: string }) => p._id)).not.toContain(person._id);
      const history = await asAdmin().get('/api/audit?recordType=settings');
      expect(history.body.data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            action: 'update',
            userName: 'Ciara Byrne',
            changes: [expect.objectContaining({ field: 'amlRetentionYears', old: 5, new: 7 })],
          }),
        ]),
      );
    } finally {
      expect((await asAdmin().put('/api/settings', { amlRetentionYears: 5 })).status).toBe(200);
    }
    expect((await erase(person._id)).status).toBe(200);
  });

  it('the bulk erase of mail bodies clears those past the mail period and touches nothing else', async () => {
    const oldMail = `old.${tag}@example.ie`;
    const newMail = `new.${tag}@example.ie`;
    for (const to of [oldMail, newMail]) {
      await organizationWithMail(t, admin.auth, to);
      const sent = await asAdmin().post(
        '/api/organization/send',
        paymentReminder(to, { service: `Bodytext${tag}` }),
      );
      expect(sent.status).toBe(200);
    }
    await waitUntil('both mails delivered', async () => {
      const rows = [...(await outboxRowsTo(t, oldMail)), ...(await outboxRowsTo(t, newMail))];
      return rows.length === 2 && rows.every((row) => row.status === 'delivered');
    });
    const db = t.app.get<Database>(DATABASE);
    await db.execute(
      sql`UPDATE mail_outbox SET created_at = now() - interval '61 months' WHERE "to" = ${oldMail}`,
    );
    const [old] = await outboxRowsTo(t, oldMail);
    const [recent] = await outboxRowsTo(t, newMail);
    const snapshot = async () =>
      (
        (await db.execute(
          sql`SELECT to_jsonb(m) AS row FROM mail_outbox m WHERE id IN (${old.id}, ${recent.id}) ORDER BY "to"`,
        )) as unknown as { rows: { row: Record<string, unknown> }[] }
      ).rows.map(({ row }) => row);
    const events = async () =>
      (
        (await db.execute(
          sql`SELECT count(*)::int AS n, string_agg(coalesce(detail, ''), '|' ORDER BY id) AS d FROM mail_events WHERE mail_id = ${old.id}`,
        )) as unknown as { rows: { n: number; d: string }[] }
      ).rows[0];
    const [newBefore, oldBefore] = await snapshot();
    const eventsBefore = await events();

    const review = await asAdmin().post('/api/retention-review/refresh', {});
    const mailBodies = review.body.data.mailBodies as { before: string; count: number };
    expect(mailBodies.count).toBeGreaterThanOrEqual(1);
    expect(Date.parse(mailBodies.before)).toBeLessThan(new Date(recent.createdAt).getTime());

    // Not past the mail period, or not a date: refused, nothing changed.
    for (const before of [new Date().toISOString(), 'yesterday']) {
      const refused = await asAdmin().post('/api/retention-review/mail-bodies/erase', { before });
      expect(refused.status).toBe(400);
      expect(refused.body.details[0].field).toBe('before');
    }
    expect(
      (
        await requestsAs(t, staff).post('/api/retention-review/mail-bodies/erase', {
          before: mailBodies.before,
        })
      ).status,
    ).toBe(403);
    expect(await snapshot()).toEqual([newBefore, oldBefore]);

    const erased = await asAdmin().post('/api/retention-review/mail-bodies/erase', {
      before: mailBodies.before,
    });
    expect(erased.status).toBe(200);
    expect(erased.body.data.erased).toBe(mailBodies.count);
    const [newAfter, oldAfter] = await snapshot();
    // The recent mail is untouched; the old one keeps its envelope, its body is gone.
    expect(newAfter).toEqual(newBefore);
    expect(oldAfter).toEqual({
      ...oldBefore,
      subject: '[erased]',
      params: {},
      secret_params: null,
      body_erased_at: expect.any(String),
    });
    expect(oldAfter.to).toBe(oldMail);
    expect(oldAfter.template).toBe(oldBefore.template);
    expect(await events()).toEqual(eventsBefore);
    // The body's values are nowhere but in the recent mail and its history entry.
    expect(await tablesHolding(t, `Bodytext${tag}`)).toEqual({ mail_outbox: 1, audit_log: 1 });
    // One history entry for the whole action, without the values.
    const entries = (
      (await db.execute(
        sql`SELECT user_name AS "userName", data FROM audit_log WHERE action = 'erase mail bodies'`,
      )) as unknown as { rows: { userName: string; data: Record<string, unknown> }[] }
    ).rows;
    expect(entries).toEqual([
      {
        userName: 'Ciara Byrne',
        data: { before: mailBodies.before, mails: mailBodies.count, months: 60 },
      },
    ]);
    expect((await asAdmin().get('/api/retention-review')).body.data.mailBodies.count).toBe(0);
  });

  it('exports by e-mail someone found only in the public form: their requests and mails, nothing of another prospect, no person created', async () => {
    const mail = `solo.${tag}@example.fr`;
    const other = `other.${tag}@example.fr`;
    expect((await submitRequest(`${tag} Soloco`, `Solitaire${tag}`, mail)).status).toBe(200);
    expect((await submitRequest(`${tag} Otherco`, `Otherwise${tag}`, other)).status).toBe(200);
    // A mail the firm sent each of them (the send route mails only addresses of the book).
    for (const to of [mail, other]) {
      await t.app
        .get<Database>(DATABASE)
        .insert(mailOutbox)
        .values({
          to,
          subject: `Your request, ${to}`,
          template: 'form-reply',
          params: { request: to === mail ? `${tag} Soloco` : `${tag} Otherco` },
          language: 'fr',
          status: 'delivered',
        });
    }
    const people = async () =>
      (
        (await t.app
          .get<Database>(DATABASE)
          .execute(sql`SELECT count(*)::int AS n FROM people`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0].n;
    const peopleBefore = await people();

    for (const email of ['not-an-address', '']) {
      const refused = await asAdmin().post('/api/data-export', { email });
      expect(refused.status).toBe(400);
      expect(refused.body.details[0].field).toBe('email');
    }
    expect((await requestsAs(t, staff).post('/api/data-export', { email: mail })).status).toBe(403);
    expect(
      (await asAdmin().post('/api/data-export', { email: `nobody.${tag}@example.fr` })).status,
    ).toBe(404);

    const { exportId, entries } = await exportOf('', mail.toUpperCase());
    const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
    expect(data.person).toBeNull();
    expect(data.forms).toEqual([
      expect.objectContaining({
        organizationName1: `${tag} Soloco`,
        aboutThem: expect.objectContaining({ lastName: `Solitaire${tag}`, mail }),
      }),
    ]);
    expect(data.mails).toHaveLength(1);
    for (const [name, content] of entries) {
      const text = name.endsWith('.pdf') ? pdfText(content) : content.toString('utf8');
      expect(text).not.toContain(`Otherwise${tag}`);
      expect(text).not.toContain(other);
      expect(text).not.toContain(`${tag} Otherco`);
    }
    expect(pdfText(entries.get('summary.pdf')!)).toContain(mail.toUpperCase());
    expect(await people()).toBe(peopleBefore);
    // The e-mail is held only while the package is built.
    expect(await tablesHolding(t, exportId)).toEqual({ audit_log: 1, data_exports: 1 });
    const row = (await t.app
      .get<Database>(DATABASE)
      .execute(sql`SELECT subject_mail FROM data_exports WHERE id = ${exportId}`)) as unknown as {
      rows: { subject_mail: string | null }[];
    };
    expect(row.rows[0].subject_mail).toBeNull();
    // The request's history records who asked, without the e-mail.
    const soloId = await requestId(`${tag} Soloco`);
    const history = await asAdmin().get(`/api/audit?recordType=form&recordId=${soloId}`);
    const asked = (history.body.data as { action: string }[]).find(
      (entry) => entry.action === 'subject access export',
    );
    expect(asked).toMatchObject({ userName: 'Ciara Byrne' });
    expect(JSON.stringify(asked)).not.toContain(mail);
  });
});
