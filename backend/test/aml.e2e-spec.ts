import { deflateSync } from 'node:zlib';
import { addDays, addMonths, todayInDublin } from '@registra/domain';
import { sql } from 'drizzle-orm';
import { MailDigestService } from '../src/mail/mail-digest.service';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { auditRowsOf } from './support/audit';
import { readBytes } from './support/http';
import { outboxRowsTo } from './support/mail';
import { createUser, startTestApp } from './support/test-app';
import type { SignedIn, TestApp } from './support/test-app';
import { pdfText } from './support/pdf-text';

type Answers = Record<string, boolean | null>;

const QUESTIONS = Array.from({ length: 13 }, (_, i) => `appendix2_q${i + 1}`);
const every = (value: boolean | null): Answers =>
  Object.fromEntries(QUESTIONS.map((q) => [q, value]));

describe('AML (organization aml, the AML file, the beneficial-owner register)', () => {
  let t: TestApp;
  let ciara: SignedIn;
  let auth: string;
  const tag = `aml${Date.now().toString(36)}`;
  let sequence = 0;
  const today = todayInDublin();

  const organization = async (name = `${tag} ${sequence++} Ltd`) => {
    const res = await t.http.post('/api/organization').set('Authorization', auth).send({ name });
    expect(res.status).toBe(200);
    return res.body.data as { _id: string; name: string; updatedAt: string };
  };
  const saveAml = (id: string, aml: unknown) =>
    t.http.put(`/api/organization/${id}`).set('Authorization', auth).send({ aml });
  const amlOf = async (id: string) =>
    (await t.http.get(`/api/organization/${id}`).set('Authorization', auth)).body.data
      .aml as Record<string, unknown>;

  beforeAll(async () => {
    t = await startTestApp();
    ciara = await createUser(t, { firstName: 'Ciara', lastName: 'Byrne' });
    auth = ciara.auth;
  });

  afterAll(async () => {
    await t.close();
  });

  describe('not assessed until appendix 2 is saved once', () => {
    it('has no score and no level, also after another appendix is saved; then the level', async () => {
      const { _id } = await organization();
      const fresh = await t.http.get(`/api/organization/${_id}`).set('Authorization', auth);
      expect(fresh.body.data.aml.appendix2_risk_level ?? null).toBeNull();
      const other = await saveAml(_id, { appendix4: { trading_name: 'Emerald' } });
      expect(other.status).toBe(200);
      expect(other.body.data.aml).not.toHaveProperty('appendix2_risk_level');
      expect(other.body.data.aml).not.toHaveProperty('appendix2_total_score');
      const found = await t.http
        .post('/api/organization/search')
        .set('Authorization', auth)
        .send({ search: other.body.data.name, amlRiskLevel: 'none' });
      expect(found.body.data.map((row: { _id: string }) => row._id)).toEqual([_id]);
      const assessed = await saveAml(_id, { appendix2_q1: true });
      expect(assessed.body.data.aml).toMatchObject({
        appendix2_total_score: 6,
        appendix2_risk_level: 'low',
      });
    });
  });

  describe('appendix 2 score and level (APPENDIX2_POINTS), computed on the server', () => {
    it.each([
      ['all yes', every(true), 30, 'high'],
      ['all no', every(false), 23, 'high'],
      [
        'all no but q6 unanswered: exactly 22',
        { ...every(false), appendix2_q6: null },
        22,
        'medium',
      ],
      [
        'exactly 18',
        { ...every(false), appendix2_q2: true, appendix2_q3: true, appendix2_q6: null },
        18,
        'medium',
      ],
      [
        '17',
        {
          ...every(false),
          appendix2_q2: true,
          appendix2_q3: true,
          appendix2_q6: null,
          appendix2_q13: null,
        },
        17,
        'low',
      ],
      ['q6 answered yes, nothing else', { appendix2_q6: true }, 1, 'low'],
      ['q6 answered no, nothing else', { appendix2_q6: false }, 1, 'low'],
      ['unanswered', every(null), 0, 'low'],
    ])(
      '%s: the total and level of the table; the score the client sends is ignored',
      async (_, answers, total, level) => {
        const { _id } = await organization();
        const res = await saveAml(_id, {
          ...answers,
          appendix2_total_score: 999,
          appendix2_risk_level: 'low',
        });
        expect(res.status).toBe(200);
        expect(res.body.data.aml).toMatchObject({
          appendix2_total_score: total,
          appendix2_risk_level: level,
        });
        expect(await amlOf(_id)).toMatchObject({
          appendix2_total_score: total,
          appendix2_risk_level: level,
        });
      },
    );

    it('recomputes on every save from what is stored, and merges partial saves', async () => {
      const { _id } = await organization();
      await saveAml(_id, every(true));
      const partial = await saveAml(_id, {
        appendix2_q1: false,
        appendix4: { trading_name: 'Emerald' },
      });
      // 30 - 6 + 1
      expect(partial.body.data.aml).toMatchObject({
        appendix2_total_score: 25,
        appendix2_risk_level: 'high',
        appendix2_q2: true,
        appendix4: { trading_name: 'Emerald' },
      });
      const other = await saveAml(_id, { appendix4: { registered_number: '123456' } });
      expect(other.body.data.aml.appendix4).toEqual({
        trading_name: 'Emerald',
        registered_number: '123456',
      });
      expect(other.body.data.aml.appendix2_total_score).toBe(25);
    });
  });

  describe('field by field validation', () => {
    it.each([
      [{ appendix2_q1: 'yes' }, 'aml.appendix2_q1'],
      [{ appendix3_expected_business: ['Baking'] }, 'aml.appendix3_expected_business'],
      [{ appendix4: { structure_type: 'Cooperative' } }, 'aml.appendix4.structure_type'],
      [{ appendix4: { risk_assessment: 'extreme' } }, 'aml.appendix4.risk_assessment'],
      [{ appendix6: { date_of_birth: '31/01/1980' } }, 'aml.appendix6.date_of_birth'],
      [{ signature: 'Ciara' }, 'aml.signature'],
      [{ unknown_question: true }, 'aml.unknown_question'],
      ['everything', 'aml'],
    ])('%j → 400 naming %s, nothing saved', async (aml, field) => {
      const { _id } = await organization();
      await saveAml(_id, { appendix2_q1: true });
      const res = await saveAml(_id, aml);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details.map((detail: { field: string }) => detail.field)).toContain(field);
      expect(await amlOf(_id)).toMatchObject({ appendix2_q1: true, appendix2_total_score: 6 });
    });

    it('keeps every field of the four appendices with its type', async () => {
      const { _id } = await organization();
      const aml = {
        ...every(true),
        kyc_obtained: true,
        kyc_obtained_date: '2026-11-02',
        appendix2_signature: 'C. Byrne',
        appendix3_source_of_introduction: ['Societe France Irlande'],
        appendix3_expected_business: ['Accounting', 'Company Formation'],
        signature: { user_id: ciara.user._id, user_name: 'Ciara Byrne' },
        appendix4: {
          structure_type: 'DAC',
          client_meeting_details: 'Met in Cork',
          risk_assessment: 'enhanced',
        },
        appendix6: {
          name_of_client: 'Jean Dupont',
          date_of_birth: '1980-01-31',
          overall_risk_assessment: 'simplified',
        },
      };
      const res = await saveAml(_id, aml);
      expect(res.status).toBe(200);
      expect(await amlOf(_id)).toMatchObject(aml);
    });
  });

  describe('periodic review', () => {
    it.each([
      ['high', every(true), 12],
      ['medium', { ...every(false), appendix2_q6: null }, 24],
      ['low', every(null), 36],
    ])(
      '%s risk: reviewer and date recorded, next review in %i months',
      async (level, answers, months) => {
        const { _id } = await organization();
        await saveAml(_id, answers);
        const aml = await amlOf(_id);
        expect(aml).toMatchObject({
          appendix2_risk_level: level,
          appendix2_reviewed_by: { user_id: ciara.user._id, user_name: 'Ciara Byrne' },
          appendix2_next_review: addMonths(today, months),
        });
        expect(Date.now() - Date.parse(aml.appendix2_reviewed_at as string)).toBeLessThan(60_000);
      },
    );

    it('an appendix 4 save alone is not a review', async () => {
      const { _id } = await organization();
      await saveAml(_id, { appendix4: { trading_name: 'x' } });
      expect(await amlOf(_id)).not.toHaveProperty('appendix2_reviewed_at');
    });

    it('the organization list filters by stored risk level and review due', async () => {
      const high = await organization(`${tag} filter high Ltd`);
      const low = await organization(`${tag} filter low Ltd`);
      const never = await organization(`${tag} filter never Ltd`);
      await saveAml(high._id, every(true));
      await saveAml(low._id, every(null));
      const search = async (body: Record<string, unknown>) => {
        const res = await t.http
          .post('/api/organization/search')
          .set('Authorization', auth)
          .send({ search: `${tag} filter`, ...body });
        expect(res.status).toBe(200);
        return (res.body.data as Array<{ _id: string }>).map((row) => row._id).sort();
      };
      expect(await search({ amlRiskLevel: 'high' })).toEqual([high._id]);
      expect(await search({ amlRiskLevel: 'low' })).toEqual([low._id]);
      expect(await search({ amlRiskLevel: 'none' })).toEqual([never._id]);
      expect(await search({ amlReviewDue: 0 })).toEqual([]);
      expect(await search({ amlReviewDue: 12 })).toEqual([high._id]);
      expect(await search({ amlReviewDue: 36 })).toEqual([high._id, low._id].sort());
      for (const body of [
        { amlRiskLevel: 'extreme' },
        { amlReviewDue: 37 },
        { amlReviewDue: -1 },
      ]) {
        const res = await t.http
          .post('/api/organization/search')
          .set('Authorization', auth)
          .send(body);
        expect(res.status).toBe(400);
      }
    });

    it("the daily digest lists each assigned user's overdue reviews", async () => {
      const owner = await createUser(t, { firstName: 'Orla', email: `orla.${tag}@firm.test` });
      const overdue = await organization(`${tag} overdue review Ltd`);
      await t.http
        .put(`/api/organization/${overdue._id}`)
        .set('Authorization', auth)
        .send({ users: [{ userId: owner.user._id, userName: 'Orla' }], aml: every(true) });
      // A year and a day later, the review is overdue.
      const date = addMonths(today, 12);
      const digestDate = addDays(date, 1);
      await t.app.get(MailDigestService).buildDigest({
        date: digestDate,
        userId: owner.user._id,
        email: owner.user.email,
        firstName: 'Orla',
      });
      const [mail] = await outboxRowsTo(t, owner.user.email);
      expect(mail.params.organizations).toContainEqual({
        name: `${tag} overdue review Ltd`,
        items: [{ label: 'AML review', date, late: true }],
      });
    });
  });

  it('every AML save is in the change history with old and new values', async () => {
    const { _id } = await organization();
    await saveAml(_id, { appendix2_q1: true });
    await saveAml(_id, { appendix2_q1: false });
    const rows = await auditRowsOf(t, _id);
    const amlChanges = rows.filter(
      (row) =>
        row.action === 'update' && JSON.stringify(row.changes ?? '').includes('appendix2_q1'),
    );
    expect(amlChanges).toHaveLength(2);
    expect(JSON.stringify(amlChanges[1].changes)).toContain('"appendix2_q1":true');
    expect(JSON.stringify(amlChanges[1].changes)).toContain('"appendix2_q1":false');
  });

  describe('GET /api/organization/{id}/aml.pdf', () => {
    it('streams a PDF whose text names the organization, the score and the risk level', async () => {
      const { _id, name } = await organization(`${tag} Printable Trading Ltd`);
      await t.http
        .put(`/api/organization/${_id}`)
        .set('Authorization', auth)
        .send({ cro: '654321', aml: { ...every(true), appendix4: { trading_name: 'Printable' } } });
      const res = await t.http
        .get(`/api/organization/${_id}/aml.pdf`)
        .set('Authorization', auth)
        .buffer(true)
        .parse(readBytes);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('.pdf');
      const body = res.body as Buffer;
      expect(body.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(body);
      expect(text).toContain(name);
      expect(text).toContain('654321');
      expect(text).toContain('HIGH');
      expect(text).toContain('Total score: 30');
      expect(text).toContain('Ciara Byrne');
      expect(text).toContain('Appendix 6');
    });

    it("reads a content stream whose compressed data ends with a carriage return's byte", () => {
      // One stream in 256 ends with 0x0D: the reader once took it for the line's end and lost
      // the page's text (the name above, now and then).
      let shown = 0;
      let data = deflateSync('');
      while (data[data.length - 1] !== 0x0d) {
        shown += 1;
        data = deflateSync(`BT <${Buffer.from(`Page ${shown}`).toString('hex')}> Tj ET`);
      }
      const pdf = Buffer.concat([
        Buffer.from('%PDF-1.3\n1 0 obj\n<< /Length 0 >>\nstream\n', 'latin1'),
        data,
        Buffer.from('\nendstream\nendobj\n', 'latin1'),
      ]);
      expect(pdfText(pdf)).toBe(`Page ${shown}`);
    });

    it('needs a signed-in user and a live organization', async () => {
      const { _id } = await organization();
      expect((await t.http.get(`/api/organization/${_id}/aml.pdf`)).status).toBe(401);
      const missing = await t.http
        .get('/api/organization/00000000-0000-4000-8000-000000000000/aml.pdf')
        .set('Authorization', auth);
      expect(missing.status).toBe(404);
      expect(missing.headers['content-type']).toContain('application/json');
    });
  });

  describe('the AML as it stood on a past day (from the change history)', () => {
    it('answers the state at the end of a day, and prints the AML file as of that day', async () => {
      const { _id, name } = await organization(`${tag} Inspected Ltd`);
      // Ten days ago, before this history began: written without the audit trigger.
      const db = t.app.get<Database>(DATABASE);
      await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.execute(sql`
          UPDATE organizations SET created_at = now() - interval '10 days',
            aml = ${JSON.stringify({ appendix2_q1: true, appendix2_total_score: 6, appendix2_risk_level: 'low' })}::jsonb
          WHERE id = ${_id}`);
      });
      await saveAml(_id, every(true));
      const asOf = (at: string) =>
        t.http.get(`/api/organization/${_id}/aml?at=${at}`).set('Authorization', auth);

      const yesterday = await asOf(addDays(today, -1));
      expect(yesterday.status).toBe(200);
      expect(yesterday.body.data).toMatchObject({
        at: addDays(today, -1),
        aml: { appendix2_q1: true, appendix2_total_score: 6, appendix2_risk_level: 'low' },
      });
      expect(yesterday.body.data.aml).not.toHaveProperty('appendix2_q2');
      expect((await asOf(today)).body.data.aml).toMatchObject({ appendix2_total_score: 30 });
      // Before the organization existed there was no AML.
      expect((await asOf(addDays(today, -20))).body.data.aml).toEqual({});
      for (const at of [addDays(today, 1), '23/11/2026', '']) {
        expect((await asOf(at)).status).toBe(400);
      }

      const pdf = await t.http
        .get(`/api/organization/${_id}/aml.pdf?at=${addDays(today, -1)}`)
        .set('Authorization', auth)
        .buffer(true)
        .parse(readBytes);
      expect(pdf.status).toBe(200);
      const text = pdfText(pdf.body as Buffer);
      expect(text).toContain(name);
      expect(text).toContain('As it stood on');
      expect(text).toContain('Total score: 6');
    });
  });

  describe('GET /api/organization/{id}/beneficial-owners', () => {
    const person = async (firstName: string) => {
      const res = await t.http
        .post('/api/people')
        .set('Authorization', auth)
        .send({
          firstName,
          lastName: `${tag}`,
          birth: '1980-01-31',
          // Stored lower-case: the register's CSV shows names.
          nationality: 'irish',
          country: 'united kingdom',
          pps: '1234567T',
          addressCity1: 'Dublin',
        });
      return res.body.data._id as string;
    };
    const link = (
      peopleId: string,
      organizationId: string,
      roles: string[],
      beneficiaryPercentage: number,
    ) =>
      t.http
        .post('/api/linkpeopleorganization')
        .set('Authorization', auth)
        .send({ peopleId, organizationId, roles, beneficiaryPercentage });

    it('lists shareholders over 25 % (exactly 25 % excluded) and says when shares sum to 100 %', async () => {
      const o = await organization();
      await link(await person('Aoife'), o._id, ['shareholder', 'director'], 50.5);
      await link(await person('Brian'), o._id, ['shareholder'], 25);
      await link(await person('Cormac'), o._id, ['shareholder'], 24.5);
      await link(await person('Deirdre'), o._id, ['director'], 0);
      const res = await t.http
        .get(`/api/organization/${o._id}/beneficial-owners`)
        .set('Authorization', auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        organizationId: o._id,
        thresholdPercent: 25,
        shareholders: 3,
        shareholdingTotal: 100,
        shareholdingComplete: true,
      });
      expect(res.body.data.owners).toEqual([
        expect.objectContaining({
          firstName: 'Aoife',
          lastName: tag,
          birth: '1980-01-31',
          nationality: 'irish',
          country: 'united kingdom',
          pps: '1234567T',
          address: 'Dublin',
          beneficiaryPercentage: 50.5,
        }),
      ]);

      const csv = await t.http
        .get(`/api/organization/${o._id}/beneficial-owners?format=csv`)
        .set('Authorization', auth);
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'First name,Last name,Date of birth,Nationality,Country of residence,Address,PPS,E-mail,Beneficial ownership (%)',
      );
      expect(lines.slice(1)).toEqual([
        `Aoife,${tag},31/01/1980,Irish,United Kingdom,Dublin,1234567T,,50.50`,
      ]);
    });

    it('flags shares that do not sum to 100 %', async () => {
      const o = await organization();
      await link(await person('Eoin'), o._id, ['shareholder'], 60);
      await link(await person('Fiona'), o._id, ['shareholder'], 30);
      const res = await t.http
        .get(`/api/organization/${o._id}/beneficial-owners`)
        .set('Authorization', auth);
      expect(res.body.data).toMatchObject({ shareholdingTotal: 90, shareholdingComplete: false });
      expect(res.body.data.owners.map((owner: { firstName: string }) => owner.firstName)).toEqual([
        'Eoin',
        'Fiona',
      ]);
    });

    it('refuses an unknown format, a missing organization and an anonymous caller', async () => {
      const o = await organization();
      expect(
        (
          await t.http
            .get(`/api/organization/${o._id}/beneficial-owners?format=xml`)
            .set('Authorization', auth)
        ).status,
      ).toBe(400);
      expect(
        (
          await t.http
            .get('/api/organization/00000000-0000-4000-8000-000000000000/beneficial-owners')
            .set('Authorization', auth)
        ).status,
      ).toBe(404);
      expect((await t.http.get(`/api/organization/${o._id}/beneficial-owners`)).status).toBe(401);
    });
  });

  it('an organization is never hard-deleted with its AML: a deleted one keeps its row', async () => {
    const { _id } = await organization();
    await saveAml(_id, every(true));
    await t.http.delete(`/api/organization/${_id}`).set('Authorization', auth);
    const db = t.app.get<Database>(DATABASE);
    const result = (await db.execute(
      sql`SELECT aml->>'appendix2_risk_level' AS level, deleted_at FROM organizations WHERE id = ${_id}`,
    )) as unknown as { rows: Array<{ level: string; deleted_at: Date | null }> };
    const [row] = result.rows;
    expect(row.level).toBe('high');
    expect(row.deleted_at).not.toBeNull();
  });
});
