import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays, addYears, dublinDate } from '@registra/domain';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { uploadFile } from './support/files';
import { readBytes, requestsAs } from './support/http';
import { outboxRowsTo, paymentReminder, waitUntil } from './support/mail';
import { pdfText } from './support/pdf-text';
import { zipEntries } from './support/zip-entries';
import { startTestAppOnOwnDatabase } from './support/own-database';
import { tablesHolding } from './support/tables-holding';
import { createAdmin, createStaff } from './support/test-app';
import type { TestApp } from './support/test-app';

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
    expect(JSON.stringify(history.body)).not.toContain('555');
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
  const exportOf = async (personId: string) => {
    const started = await asAdmin().post(`/api/people/${personId}/data-export`, {});
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

    const review = await asAdmin().get('/api/retention-review');
    expect(review.status).toBe(200);
    const listed = review.body.data.people as { _id: string; erasableFrom: string }[];
    expect(listed.find((person) => person._id === gone._id)).toMatchObject({
      lastEndedOn: addYears(today, -6),
      erasableFrom: addYears(today, -1),
    });
    expect(listed.map((person) => person._id)).not.toContain(stillHeld._id);
    expect((await requestsAs(t, staff).get('/api/retention-review')).status).toBe(403);

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

  it("a prospect's request unchanged for 12 months is listed and erased, its people's values with it", async () => {
    const prospectName = `Prospectus${tag}`;
    const prospectMail = `p.${tag}@example.fr`;
    const entry = {
      personType: 'naturalPerson',
      phone: '+33 1 55 00 00 00',
      birth: '1990-01-01',
      nationality: 'French',
      street: '3 rue des Lilas',
      city: 'Lyon',
      state: 'Rhône',
      country: 'France',
      zip: '69001',
    };
    const submit = (name: string, lastName: string, mail: string) =>
      t.http.post('/api/form').send({
        organizationName1: name,
        organizationName2: `${name} Two`,
        organizationName3: `${name} Three`,
        description: 'Conseil',
        IDPAL: true,
        secretaryCompany: false,
        anonymeShareholder: false,
        peoples: [
          {
            ...entry,
            roles: ['director', 'shareholder'],
            beneficiaryPercentage: 100,
            firstName: 'Léa',
            lastName,
            mail,
          },
          {
            ...entry,
            roles: ['secretary'],
            beneficiaryPercentage: 0,
            firstName: 'Marc',
            lastName: `${lastName} Second`,
            mail: `second.${mail}`,
          },
        ],
      });
    expect((await submit(`${tag} Oldco`, prospectName, prospectMail)).status).toBe(200);
    expect((await submit(`${tag} Freshco`, `Freshface${tag}`, `f.${tag}@example.fr`)).status).toBe(
      200,
    );
    // The first one's last change, 12 months and a day ago.
    const db = t.app.get<Database>(DATABASE);
    await db.execute(
      sql`UPDATE forms SET updated_at = now() - interval '12 months 1 day'
           WHERE organization_name1 = ${`${tag} Oldco`}`,
    );

    const review = await asAdmin().get('/api/retention-review');
    const prospects = review.body.data.prospects as { _id: string; organizationName1: string }[];
    const old = prospects.find((request) => request.organizationName1 === `${tag} Oldco`);
    expect(old).toBeDefined();
    expect(prospects.map((request) => request.organizationName1)).not.toContain(`${tag} Freshco`);

    const bulk = await asAdmin().post('/api/retention-review/erase', { prospects: [old!._id] });
    expect(bulk.body.data).toEqual({ erased: [old!._id], held: [] });
    expect(await tablesHolding(t, prospectName, { anyCase: true })).toEqual({});
    expect(await tablesHolding(t, prospectMail, { anyCase: true })).toEqual({});
    expect((await asAdmin().get(`/api/form/${old!._id}`)).status).toBe(404);
    const history = await asAdmin().get(`/api/audit?recordType=form&recordId=${old!._id}`);
    expect(history.body.data.map((entry: { action: string }) => entry.action)).toContain('delete');
    // The fresh request keeps everything.
    expect(await tablesHolding(t, `${tag} Freshco`, { anyCase: true })).toHaveProperty('forms', 1);
  });

  it('a person never a client is erased at once', async () => {
    const person = await personNamed(`Nevera${tag}`);
    expect((await erase(person._id)).status).toBe(200);
    expect(await tablesHolding(t, `Nevera${tag}`, { anyCase: true })).toEqual({});
  });
});
