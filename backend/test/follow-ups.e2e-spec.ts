import { sql } from 'drizzle-orm';
import {
  addDays,
  FOLLOW_UP_DUE_SOON_DAYS,
  formatDate,
  lastStepIndex,
  todayInDublin,
} from '@registra/domain';
import { FollowUpReminders, deadlineReminderKey } from '../src/follow-ups/follow-up-reminders';
import { MailDigestService } from '../src/mail/mail-digest.service';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { auditActionsOf } from './support/audit';
import { outboxRowsTo, sleep } from './support/mail';
import { startSmtpReceiver } from './support/smtp-receiver';
import type { SmtpReceiver } from './support/smtp-receiver';
import { onlyPage } from './support/http';
import { createAdmin, createUser, startTestApp } from './support/test-app';
import type { SignedIn, TestApp } from './support/test-app';

type FollowUp = {
  _id: string;
  name: string;
  organization_id: string;
  organization_name: string;
  step_index: number;
  max_step_index: number;
  completed: boolean;
  start_date: string | null;
  ARD: string | null;
  deadline: string | null;
  comments: string;
  user_id: string | null;
  user_name: string | null;
  archived_at: string | null;
  history: Array<Record<string, unknown>>;
  updatedAt: string;
};

describe('Follow-ups (/api/followUp)', () => {
  let t: TestApp;
  let mary: SignedIn;
  let sean: SignedIn;
  let auth: string;
  const tag = `fu${Date.now().toString(36)}`;
  let sequence = 0;

  const organization = async (name = `${tag} ${sequence++} Ltd`) => {
    const res = await t.http.post('/api/organization').set('Authorization', auth).send({ name });
    expect(res.status).toBe(200);
    return res.body.data as { _id: string; name: string };
  };
  const create = (body: Record<string, unknown>) =>
    t.http.post('/api/followUp').set('Authorization', auth).send(body);
  const created = async (organizationId: string, name = 'AR_TRADING') => {
    const res = await create({ name, organization_id: organizationId, user: { _id: 'ignored' } });
    expect(res.status).toBe(200);
    return res.body.data as FollowUp;
  };
  const put = (id: string, body: Record<string, unknown>) =>
    t.http.put(`/api/followUp/${id}`).set('Authorization', auth).send(body);
  const updated = async (id: string, body: Record<string, unknown>) => {
    const res = await put(id, body);
    expect(res.status).toBe(200);
    return res.body.data as FollowUp;
  };
  const search = (body: Record<string, unknown>) =>
    t.http.post('/api/followUp/search').set('Authorization', auth).send(body);
  /** Merges `mergeId` into `keepId` (the organizations' merge). */
  const merge = async (keepId: string, mergeId: string) => {
    const res = await t.http
      .post('/api/organization/merge')
      .set('Authorization', auth)
      .send({ keepId, mergeId });
    expect(res.status).toBe(200);
  };
  /** Brings a deleted record back, as an admin does from the Activity page. */
  const restore = async (recordType: string, recordId: string) => {
    const admin = await createAdmin(t);
    const res = await t.http
      .post('/api/audit/restore')
      .set('Authorization', admin.auth)
      .send({ recordType, recordId });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp();
    mary = await createUser(t, { firstName: 'Mary', lastName: 'Byrne' });
    sean = await createUser(t, { firstName: 'Sean', lastName: 'Walsh' });
    auth = mary.auth;
  });
  afterAll(() => t.close());

  describe('POST /api/followUp', () => {
    it('starts a process of the catalogue at step 0, recording the signed-in user', async () => {
      const o = await organization();
      const f = await created(o._id);
      expect(f).toMatchObject({
        name: 'AR_TRADING',
        organization_id: o._id,
        organization_name: o.name,
        step_index: 0,
        max_step_index: lastStepIndex('AR_TRADING'),
        completed: false,
        start_date: null,
        ARD: null,
        deadline: null,
        comments: '',
        user_id: null,
        archived_at: null,
      });
      expect(f.history).toEqual([
        expect.objectContaining({
          action: 'created',
          from_first_name: 'Mary',
          from_last_name: 'Byrne',
          current_step_index: 0,
        }),
      ]);
      expect(await auditActionsOf(t, f._id)).toEqual(['create']);
    });

    it.each([
      [{ name: 'NOT_A_TYPE' }, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'AR_TRADING', organization_id: 'nope' }, 'organization_id'],
      [{ name: 'AR_TRADING', extra: 1 }, 'extra'],
    ])('refuses %j with 400 naming %s', async (body, field) => {
      const o = await organization();
      const res = await create({ organization_id: o._id, ...body });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    });

    it('answers 404 for an organization that does not exist', async () => {
      const res = await create({
        name: 'AR_TRADING',
        organization_id: '00000000-0000-4000-8000-000000000000',
      });
      expect(res.status).toBe(404);
    });

    it('refuses a second active follow-up of the same type: 409 "X already exists!"', async () => {
      const o = await organization();
      await created(o._id, 'VAT_REGISTRATION');
      const res = await create({ name: 'VAT_REGISTRATION', organization_id: o._id });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        ok: false,
        code: 'FOLLOW_UP_ALREADY_EXISTS',
        message: 'VAT Registration already exists!',
      });
      // Another type is fine, and so is the same type on another organization.
      await created(o._id, 'PPS');
      await created((await organization())._id, 'VAT_REGISTRATION');
    });

    it('two requests at once make one follow-up: the database decides', async () => {
      const o = await organization();
      const answers = await Promise.all([
        create({ name: 'PAYSLIPS', organization_id: o._id }),
        create({ name: 'PAYSLIPS', organization_id: o._id }),
      ]);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    });
  });

  describe('PUT /api/followUp/{id}', () => {
    it('moves to any step, forward and back; completed exactly at the last step', async () => {
      const f = await created((await organization())._id);
      const last = f.max_step_index;
      const forward = await updated(f._id, { step_index: 3 });
      expect(forward).toMatchObject({ step_index: 3, completed: false });
      const done = await updated(f._id, { step_index: last });
      expect(done.completed).toBe(true);
      const back = await updated(f._id, { step_index: 1 });
      expect(back.completed).toBe(false);
      expect(back.history.slice(1)).toEqual([
        expect.objectContaining({ action: 'updated', last_step_index: 0, current_step_index: 3 }),
        expect.objectContaining({
          action: 'updated',
          last_step_index: 3,
          current_step_index: last,
        }),
        expect.objectContaining({
          action: 'updated',
          last_step_index: last,
          current_step_index: 1,
        }),
      ]);
      expect(back.history[1]).toMatchObject({ from_first_name: 'Mary', from_last_name: 'Byrne' });
      expect(await auditActionsOf(t, f._id)).toEqual(['create', 'update', 'update', 'update']);
    });

    it.each([[-1], ['last + 1'], [1.5], ['2']])('refuses step_index %p with 400', async (value) => {
      const f = await created((await organization())._id);
      const step = value === 'last + 1' ? f.max_step_index + 1 : value;
      const res = await put(f._id, { step_index: step });
      expect(res.status).toBe(400);
      expect((await search({ organization_id: f.organization_id })).body.data[0].step_index).toBe(
        0,
      );
    });

    it('takes exactly one change at a time', async () => {
      const f = await created((await organization())._id);
      expect((await put(f._id, {})).status).toBe(400);
      const two = await put(f._id, { step_index: 1, comments: 'both' });
      expect(two.status).toBe(400);
      expect(two.body.message).toContain('exactly one');
      expect((await put(f._id, { user_name: 'Sean Walsh' })).status).toBe(400);
    });

    it('ARD sets the deadline 56 days later, on the server', async () => {
      const f = await created((await organization())._id, 'AR_TRADING');
      const withArd = await updated(f._id, { ARD: '2026-03-01', deadline: '2030-01-01' });
      expect(withArd).toMatchObject({ ARD: '2026-03-01', deadline: '2026-04-26' });
      expect(withArd.history.at(-1)).toMatchObject({ action: 'updated', field: 'ARD' });
    });

    it.each([['1999-12-31'], ['2100-01-01'], ['2026-02-30'], ['01/03/2026'], ['']])(
      'refuses the ARD %p with 400 and keeps the old one',
      async (ard) => {
        const f = await created((await organization())._id, 'FIRST_AR');
        await updated(f._id, { ARD: '2026-01-10' });
        const res = await put(f._id, { ARD: ard });
        expect(res.status).toBe(400);
        const [kept] = (await search({ organization_id: f.organization_id })).body.data;
        expect(kept).toMatchObject({ ARD: '2026-01-10', deadline: '2026-03-07' });
      },
    );

    it('refuses an ARD on a type without one', async () => {
      const f = await created((await organization())._id, 'VAT_REGISTRATION');
      const res = await put(f._id, { ARD: '2026-03-01' });
      expect(res.status).toBe(400);
      expect(res.body.details[0]).toMatchObject({ field: 'ARD' });
    });

    it.each([
      ['INCORPORATION', '2026-05-01', '2026-05-11'],
      ['COMPTE_BANCAIRE', '2026-05-01', '2026-05-16'],
      ['STRIKE_OFF', '2026-05-01', '2026-06-26'],
      ['VAT_REGISTRATION', '2026-05-01', '2026-05-01'],
    ])(
      '%s started %s has its deadline on %s (10, 15, 56, 0 days)',
      async (type, start, deadline) => {
        const f = await created((await organization())._id, type);
        expect(await updated(f._id, { start_date: start })).toMatchObject({
          start_date: start,
          deadline,
        });
      },
    );

    it('keeps comments', async () => {
      const f = await created((await organization())._id);
      expect((await updated(f._id, { comments: 'Waiting for the signed B1' })).comments).toBe(
        'Waiting for the signed B1',
      );
    });

    it('archives and unarchives; unarchive is refused while an active one of the name exists', async () => {
      const o = await organization();
      const first = await created(o._id, 'CHANGE_OF_DIRECTOR');
      const archived = await updated(first._id, { archived_at: new Date().toISOString() });
      expect(archived.archived_at).not.toBeNull();
      expect(archived.history.at(-1)).toMatchObject({ action: 'archived' });
      // Archived ones do not count: a new one of the type may start, and the lists split them.
      const second = await created(o._id, 'CHANGE_OF_DIRECTOR');
      const active = await search({ organization_id: o._id, archived_at: null });
      expect(active.body.data.map((f: FollowUp) => f._id)).toEqual([second._id]);
      const old = await search({ organization_id: o._id, archived_at: true });
      expect(old.body.data.map((f: FollowUp) => f._id)).toEqual([first._id]);

      const refused = await put(first._id, { archived_at: null });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'FOLLOW_UP_ALREADY_EXISTS',
        message: 'Cannot unarchive: an active follow-up with the same name already exists.',
      });
      await updated(second._id, { archived_at: '2026-11-01' });
      const back = await updated(first._id, { archived_at: null });
      expect(back.archived_at).toBeNull();
      expect(back.history.at(-1)).toMatchObject({ action: 'unarchived' });
    });

    it('assigns, changes and removes the assignee, naming both users in the history', async () => {
      const f = await created((await organization())._id);
      const assigned = await updated(f._id, { user_id: mary.user._id, user_name: 'whatever' });
      expect(assigned).toMatchObject({ user_id: mary.user._id, user_name: 'Mary Byrne' });
      const changed = await updated(f._id, { user_id: sean.user._id, user_name: 'Sean Walsh' });
      const removed = await updated(f._id, { user_id: null, user_name: null });
      expect(removed).toMatchObject({ user_id: null, user_name: null });
      expect(removed.history.slice(1)).toEqual([
        expect.objectContaining({
          action: 'assigned',
          assigned_to_user_name: 'Mary Byrne',
          last_assigned_to_user_name: null,
        }),
        expect.objectContaining({
          action: 'changed',
          assigned_to_user_name: 'Sean Walsh',
          last_assigned_to_user_name: 'Mary Byrne',
        }),
        expect.objectContaining({
          action: 'removed',
          assigned_to_user_name: null,
          last_assigned_to_user_name: 'Sean Walsh',
        }),
      ]);
      expect(changed.user_id).toBe(sean.user._id);
      const unknown = await put(f._id, {
        user_id: '00000000-0000-4000-8000-000000000000',
        user_name: 'Nobody',
      });
      expect(unknown.status).toBe(400);
    });

    it('answers 409 VERSION_CONFLICT for a stale updatedAt', async () => {
      const f = await created((await organization())._id);
      await updated(f._id, { comments: 'first' });
      const res = await put(f._id, { comments: 'second', updatedAt: f.updatedAt });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('VERSION_CONFLICT');
    });
  });

  describe('DELETE /api/followUp/{id}', () => {
    it('deletes; it leaves every list and the history keeps it', async () => {
      const f = await created((await organization())._id);
      const res = await t.http.delete(`/api/followUp/${f._id}`).set('Authorization', auth);
      expect(res.status).toBe(200);
      expect((await t.http.get(`/api/followUp/${f._id}`).set('Authorization', auth)).status).toBe(
        404,
      );
      expect((await search({ organization_id: f.organization_id })).body.data).toEqual([]);
      expect(await auditActionsOf(t, f._id)).toEqual(['create', 'delete']);
      expect(
        (await t.http.delete(`/api/followUp/${f._id}`).set('Authorization', auth)).status,
      ).toBe(404);
    });
  });

  describe('POST /api/followUp/search (the /followUp list)', () => {
    const listTag = `${tag}list`;
    let ids: Record<string, string>;

    beforeAll(async () => {
      const a = await organization(`${listTag} Alpha Ltd`);
      const b = await organization(`${listTag} Beta Ltd`);
      const aAr = await created(a._id, 'AR_TRADING');
      await updated(aAr._id, { ARD: '2026-01-01' }); // deadline 2026-02-26
      await updated(aAr._id, { user_id: sean.user._id });
      const aVat = await created(a._id, 'VAT_REGISTRATION');
      await updated(aVat._id, { start_date: '2026-06-01' }); // deadline 2026-06-01
      await updated(aVat._id, { step_index: aVat.max_step_index });
      const bAr = await created(b._id, 'AR_TRADING');
      await updated(bAr._id, { start_date: '2026-03-01' }); // deadline 2026-04-26
      ids = { aAr: aAr._id, aVat: aVat._id, bAr: bAr._id };
    });

    const listed = async (body: Record<string, unknown>) => {
      const res = await search({ organization_name: listTag, ...body });
      expect(res.status).toBe(200);
      return res.body as {
        data: FollowUp[];
        totalItems: number;
        totalPages: number;
        summary: Record<string, number>;
      };
    };
    const names = (answer: { data: FollowUp[] }) => answer.data.map((f) => f._id);

    it('lists active follow-ups with their organization, newest first, with the summary', async () => {
      const answer = await listed({});
      expect(names(answer)).toEqual([ids.bAr, ids.aVat, ids.aAr]);
      expect(answer).toMatchObject({ totalItems: 3, totalPages: 1 });
      expect(answer.data[2].organization_name).toBe(`${listTag} Alpha Ltd`);
      expect(answer.summary).toMatchObject({ total: 3, inProgress: 2, completed: 1 });
    });

    it.each([
      [{ name: 'AR_TRADING' }, ['bAr', 'aAr']],
      [{ inProgress: true, completed: false }, ['bAr', 'aAr']],
      [{ inProgress: false, completed: true }, ['aVat']],
      [{ inProgress: false, completed: false }, []],
      [{ startDate: '2026-04-01' }, ['aVat']],
      [{ deadline: '2026-04-26' }, ['bAr', 'aAr']],
      [{ startDate: '', deadline: '' }, ['bAr', 'aVat', 'aAr']],
      [{ sortField: 'deadline', sortOrder: 'asc' }, ['aAr', 'bAr', 'aVat']],
      [{ sortField: 'deadline', sortOrder: 'desc' }, ['aVat', 'bAr', 'aAr']],
      [{ sortField: 'organization_name', sortOrder: 'desc', name: 'AR_TRADING' }, ['bAr', 'aAr']],
      [{ sortField: 'organization_name', sortOrder: 'asc', name: 'AR_TRADING' }, ['aAr', 'bAr']],
    ])('filters and sorts: %j', async (body, expected) => {
      expect(names(await listed(body))).toEqual(expected.map((key) => ids[key]));
    });

    // An organization's name is searched organizations first, then their follow-ups (one
    // statement); an organization's id walks the list's own indexes. Both answer alike.
    it.each([
      [{}],
      [{ sortField: 'deadline', sortOrder: 'asc' }],
      [{ sortField: 'deadline', sortOrder: 'desc', limit: 1, page: 2 }],
      [{ sortField: 'name', sortOrder: 'asc', inProgress: false, completed: true }],
      [{ sortField: 'organization_name', sortOrder: 'desc', inProgress: true, completed: false }],
      [{ sortField: 'ARD', sortOrder: 'asc', name: 'AR_TRADING' }],
      [{ assignedToSean: true }],
      [{ page: 9 }],
    ])('by organization name as by organization id: %j', async (given) => {
      const { assignedToSean, ...body } = given as Record<string, unknown>;
      if (assignedToSean) body.assigned_to = sean.user._id;
      const alpha = (await listed({})).data.find((f) => f._id === ids.aAr)!.organization_id;
      const byName = await search({ organization_name: `${listTag} alpha`, ...body });
      const byId = await search({ organization_id: alpha, ...body });
      expect(byName.status).toBe(200);
      expect(byName.body).toEqual(byId.body);
    });

    it('filters by the assigned user', async () => {
      expect(names(await listed({ assigned_to: sean.user._id }))).toEqual([ids.aAr]);
    });

    it('pages', async () => {
      const first = await listed({ limit: 2, page: 1, sortField: 'deadline', sortOrder: 'asc' });
      const second = await listed({ limit: 2, page: 2, sortField: 'deadline', sortOrder: 'asc' });
      expect(first.totalPages).toBe(2);
      expect([...names(first), ...names(second)]).toEqual([ids.aAr, ids.bAr, ids.aVat]);
    });

    it('lists each follow-up exactly as GET shows it: views written by PostgreSQL (ADR 0090)', async () => {
      // A timestamp written by PostgreSQL itself carries microseconds: both views cut them alike.
      const db = t.app.get<Database>(DATABASE);
      await db.execute(
        sql`UPDATE follow_ups SET created_at = created_at + interval '321 microseconds' WHERE id = ${ids.aAr}`,
      );
      const got = async (id: string) =>
        (await t.http.get(`/api/followUp/${id}`).set('Authorization', auth)).body.data as FollowUp;
      const shown = await Promise.all([ids.bAr, ids.aVat, ids.aAr].map(got));
      expect(shown[2]).toMatchObject({ ARD: '2026-01-01', user_id: sean.user._id });
      expect(shown[2].history.length).toBeGreaterThan(1);
      expect(shown[2]).not.toHaveProperty('deadline_reminded_for');
      const newest = await search({ organization_name: listTag });
      expect(newest.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(newest.body).toEqual({
        ...onlyPage(shown),
        summary: { total: 3, inProgress: 2, completed: 1, late: expect.any(Number), dueSoon: 0 },
      });
      const byOrganization = await listed({ sortField: 'organization_name', sortOrder: 'asc' });
      expect(byOrganization.data).toEqual(
        [shown[1], shown[2], shown[0]].sort((a, b) =>
          a.organization_name === b.organization_name
            ? a._id.localeCompare(b._id)
            : a.organization_name.localeCompare(b.organization_name),
        ),
      );
      const past = await listed({ page: 4, limit: 1 });
      expect(past).toMatchObject({ data: [], totalItems: 3, totalPages: 3 });
      // An archived follow-up: its archived_at, written by PostgreSQL, as GET shows it.
      await updated(ids.aVat, { archived_at: '2026-11-20' });
      const archived = await listed({ archived_at: true });
      expect(archived.data).toEqual([await got(ids.aVat)]);
      expect(archived.data[0].archived_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      await updated(ids.aVat, { archived_at: null });
    });

    it.each([
      [{ startDate: '2026-13-01' }],
      [{ deadline: '1999-12-31' }],
      [{ deadline: '2100-01-01' }],
      [{ deadline: '01/01/2026' }],
      [{ sortField: 'password' }],
      [{ name: 'NOPE' }],
      [{ assigned_to: 'someone' }],
      [{ inProgress: 'yes' }],
    ])('refuses %j with 400', async (body) => {
      const res = await search(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    });
  });

  describe('POST /api/organization/search with follow-up filters', () => {
    const orgTag = `${tag}orgs`;
    let early: { _id: string };
    let late: { _id: string };
    let none: { _id: string };

    beforeAll(async () => {
      early = await organization(`${orgTag} Early Ltd`);
      late = await organization(`${orgTag} Late Ltd`);
      none = await organization(`${orgTag} None Ltd`);
      const e = await created(early._id, 'STRIKE_OFF');
      await updated(e._id, { ARD: '2026-01-01' });
      await created(early._id, 'PPS');
      const l = await created(late._id, 'STRIKE_OFF');
      await updated(l._id, { ARD: '2026-05-01' });
      await updated(l._id, { comments: 'Waiting for Revenue' });
    });

    const orgSearch = async (body: Record<string, unknown>) => {
      const res = await t.http
        .post('/api/organization/search')
        .set('Authorization', auth)
        .send({ search: orgTag, ...body });
      expect(res.status).toBe(200);
      return res.body.data as Array<{ _id: string; followUps?: Array<Record<string, unknown>> }>;
    };

    it('followUp keeps organizations with an active follow-up of the type', async () => {
      const found = await orgSearch({
        followUp: 'STRIKE_OFF',
        sortField: 'name',
        sortOrder: 'asc',
      });
      expect(found.map((o) => o._id)).toEqual([early._id, late._id]);
      expect(found[0].followUps).toBeUndefined();
      expect((await orgSearch({ followUp: 'PPS' })).map((o) => o._id)).toEqual([early._id]);
    });

    it('deadline orders the organizations with follow-ups by their earliest deadline', async () => {
      const oldest = await orgSearch({ deadline: 'asc', followUp: 'STRIKE_OFF' });
      expect(oldest.map((o) => o._id)).toEqual([early._id, late._id]);
      const recent = await orgSearch({ deadline: 'desc', followUp: 'STRIKE_OFF' });
      expect(recent.map((o) => o._id)).toEqual([late._id, early._id]);
      expect((await orgSearch({ deadline: 'asc' })).map((o) => o._id)).not.toContain(none._id);
    });

    it('followUps embeds the active follow-ups (of the type when given)', async () => {
      const [withAll] = await orgSearch({ deadline: 'asc', followUps: true });
      expect(withAll._id).toBe(early._id);
      expect(withAll.followUps).toEqual([
        expect.objectContaining({
          followUpName: 'STRIKE_OFF',
          stepIndex: 0,
          ARD: '2026-01-01',
          deadline: addDays('2026-01-01', 56),
        }),
        expect.objectContaining({ followUpName: 'PPS', deadline: null }),
      ]);
      const [, lateOne] = await orgSearch({
        deadline: 'asc',
        followUp: 'STRIKE_OFF',
        followUps: true,
      });
      expect(lateOne.followUps).toEqual([
        expect.objectContaining({ followUpName: 'STRIKE_OFF', comments: 'Waiting for Revenue' }),
      ]);
    });

    it.each([[{ followUp: 'NOPE' }], [{ deadline: 'up' }], [{ followUps: 'yes' }]])(
      'refuses %j with 400',
      async (body) => {
        const res = await t.http
          .post('/api/organization/search')
          .set('Authorization', auth)
          .send(body);
        expect(res.status).toBe(400);
      },
    );
  });

  describe("the whole list's summary, from maintained counts (ADR 0093)", () => {
    /** The summary as the filtered path counts it: every active follow-up, read row by row. */
    const countedDirectly = async () => {
      const today = todayInDublin();
      const soon = addDays(today, FOLLOW_UP_DUE_SOON_DAYS);
      const result = (await t.app.get<Database>(DATABASE).execute(sql`
        SELECT count(*)::int AS "total",
          count(*) FILTER (WHERE NOT completed)::int AS "inProgress",
          count(*) FILTER (WHERE completed)::int AS "completed",
          count(*) FILTER (WHERE NOT completed AND deadline < ${today})::int AS "late",
          count(*) FILTER (WHERE NOT completed AND deadline >= ${today} AND deadline <= ${soon})::int AS "dueSoon"
        FROM follow_ups f
        WHERE f.deleted_at IS NULL AND f.archived_at IS NULL
          AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = f.organization_id AND o.deleted_at IS NULL)`)) as unknown as {
        rows: Record<string, number>[];
      };
      return result.rows[0];
    };
    const summary = async (body: Record<string, unknown> = {}) => {
      const res = await search({ limit: 1, ...body });
      expect(res.status).toBe(200);
      return res.body.summary as Record<string, number>;
    };
    /** The dashboard card's total (organizations with an active follow-up), counted directly. */
    const followedDirectly = async (type?: string) => {
      const result = (await t.app.get<Database>(DATABASE).execute(sql`
        SELECT count(DISTINCT f.organization_id)::int AS "total"
        FROM follow_ups f JOIN organizations o ON o.id = f.organization_id
        WHERE f.deleted_at IS NULL AND f.archived_at IS NULL AND o.deleted_at IS NULL
          AND (${type ?? null}::text IS NULL OR f.name = ${type ?? null})`)) as unknown as {
        rows: { total: number }[];
      };
      return result.rows[0].total;
    };
    const cardTotal = async (type?: string) => {
      const res = await t.http
        .post('/api/organization/search')
        .set('Authorization', auth)
        .send({ deadline: 'asc', followUps: true, limit: 1, ...(type ? { followUp: type } : {}) });
      expect(res.status).toBe(200);
      return res.body.totalItems as number;
    };
    const expectExact = async () => {
      expect(await summary()).toEqual(await countedDirectly());
      for (const type of [undefined, 'AR_TRADING', 'VAT_REGISTRATION'])
        expect(await cardTotal(type)).toBe(await followedDirectly(type));
    };

    it('stays exact through creates, deadlines, steps, archives, deletes and organizations deleted, restored and merged (with the dashboard card)', async () => {
      const before = await summary();
      const cardBefore = await cardTotal();
      await expectExact();
      const today = todayInDublin();
      const a = await organization();
      const b = await organization();
      const late = await created(a._id, 'AR_TRADING');
      await updated(late._id, { ARD: addDays(today, -70) }); // deadline 14 days ago: late
      const soon = await created(a._id, 'VAT_REGISTRATION');
      await updated(soon._id, { start_date: today }); // due today: due soon
      const open = await created(b._id, 'AR_TRADING'); // no deadline
      await expectExact();
      expect(await cardTotal()).toBe(cardBefore + 2);
      expect(await summary()).toEqual({
        total: before.total + 3,
        inProgress: before.inProgress + 3,
        completed: before.completed,
        late: before.late + 1,
        dueSoon: before.dueSoon + 1,
      });
      // Completed, then back one step; the deadline moved.
      await updated(soon._id, { step_index: soon.max_step_index });
      await expectExact();
      await updated(soon._id, { step_index: 0 });
      await updated(late._id, { ARD: addDays(today, -50) }); // deadline in 6 days: due soon
      await expectExact();
      // Archived and unarchived; deleted.
      await updated(open._id, { archived_at: today });
      await expectExact();
      await updated(open._id, { archived_at: null });
      const gone = await created(b._id, 'VAT_REGISTRATION');
      expect(
        (await t.http.delete(`/api/followUp/${gone._id}`).set('Authorization', auth)).status,
      ).toBe(200);
      await expectExact();
      // The organization deleted: its follow-ups leave the summary; restored: they are back.
      expect(
        (await t.http.delete(`/api/organization/${a._id}`).set('Authorization', auth)).status,
      ).toBe(200);
      await expectExact();
      expect((await summary()).total).toBe(before.total + 1);
      await restore('organization', a._id);
      await expectExact();
      expect((await summary()).total).toBe(before.total + 3);
      // Merged: a type both run is archived once, the rest move.
      await merge(b._id, a._id);
      await expectExact();
      expect((await summary()).total).toBe(before.total + 2);
      // A filter counts row by row, and agrees.
      expect(await summary({ organization_id: b._id })).toMatchObject({ total: 2 });
    });
  });

  describe("the copy of the organization's search text, found with the type (ADR 0151)", () => {
    const copyTag = `${tag}copy`;
    const copyOf = async (id: string) => {
      const result = (await t.app
        .get<Database>(DATABASE)
        .execute(
          sql`SELECT organization_search_text AS copy FROM follow_ups WHERE id = ${id}`,
        )) as unknown as { rows: { copy: string }[] };
      return result.rows[0].copy;
    };
    const searchTextOfOrganization = async (id: string) => {
      const result = (await t.app
        .get<Database>(DATABASE)
        .execute(sql`SELECT search_text FROM organizations WHERE id = ${id}`)) as unknown as {
        rows: { search_text: string }[];
      };
      return result.rows[0].search_text;
    };
    const found = async (organizationName: string, name = 'AR_TRADING') => {
      const res = await search({ name, organization_name: organizationName });
      expect(res.status).toBe(200);
      return (res.body.data as FollowUp[]).map((f) => f._id);
    };
    const rename = async (id: string, name: string) => {
      const current = await t.http.get(`/api/organization/${id}`).set('Authorization', auth);
      const res = await t.http
        .put(`/api/organization/${id}`)
        .set('Authorization', auth)
        .send({ name, updatedAt: current.body.data.updatedAt });
      expect(res.status).toBe(200);
    };

    it('follows a rename: found by the new name, not the old, with no change in its history', async () => {
      const o = await organization(`${copyTag} Sapphire Ltd`);
      const f = await created(o._id);
      expect(await copyOf(f._id)).toBe(await searchTextOfOrganization(o._id));
      expect(await found(`${copyTag} sapphire`)).toEqual([f._id]);
      expect(await found(`${copyTag} sapphire`, 'VAT_REGISTRATION')).toEqual([]);

      await rename(o._id, `${copyTag} Topaz Ltd`);
      expect(await copyOf(f._id)).toBe(await searchTextOfOrganization(o._id));
      expect(await found(`${copyTag} sapphire`)).toEqual([]);
      expect(await found(`${copyTag} topaz`)).toEqual([f._id]);
      // The copy is the database's: not a change of the follow-up, nor a field of its view.
      expect(await auditActionsOf(t, f._id)).toEqual(['create']);
      const shown = await t.http.get(`/api/followUp/${f._id}`).set('Authorization', auth);
      expect(shown.body.data.updatedAt).toBe(f.updatedAt);
      expect(Object.keys(shown.body.data).join()).not.toMatch(/search/i);
    });

    it('a deleted follow-up restored after a rename takes the new name', async () => {
      const o = await organization(`${copyTag} Amber Ltd`);
      const f = await created(o._id, 'VAT_REGISTRATION');
      expect(
        (await t.http.delete(`/api/followUp/${f._id}`).set('Authorization', auth)).status,
      ).toBe(200);
      await rename(o._id, `${copyTag} Jade Ltd`);
      await restore('followUp', f._id);
      expect(await found(`${copyTag} jade`, 'VAT_REGISTRATION')).toEqual([f._id]);
      expect(await found(`${copyTag} amber`, 'VAT_REGISTRATION')).toEqual([]);
    });

    it("moves with a merge: the merged organization's follow-ups take the kept one's name", async () => {
      const keep = await organization(`${copyTag} Garnet Ltd`);
      const merged = await organization(`${copyTag} Opal Ltd`);
      const moved = await created(merged._id, 'VAT_REGISTRATION');
      await merge(keep._id, merged._id);
      expect(await copyOf(moved._id)).toBe(await searchTextOfOrganization(keep._id));
      expect(await found(`${copyTag} garnet`, 'VAT_REGISTRATION')).toEqual([moved._id]);
      expect(await found(`${copyTag} opal`, 'VAT_REGISTRATION')).toEqual([]);
    });
  });

  describe('merging organizations', () => {
    it("moves the merged one's follow-ups; a type both run stays active once", async () => {
      const keep = await organization();
      const other = await organization();
      const keptAr = await created(keep._id, 'AR_TRADING');
      const otherAr = await created(other._id, 'AR_TRADING');
      const otherVat = await created(other._id, 'VAT_REGISTRATION');
      await merge(keep._id, other._id);
      const active = await search({ organization_id: keep._id });
      expect(active.body.data.map((f: FollowUp) => f._id).sort()).toEqual(
        [keptAr._id, otherVat._id].sort(),
      );
      const archived = await search({ organization_id: keep._id, archived_at: true });
      expect(archived.body.data.map((f: FollowUp) => f._id)).toEqual([otherAr._id]);
    });
  });
});

describe('Follow-up deadlines: the daily digest and the once-only reminder', () => {
  let smtp: SmtpReceiver;
  let first: TestApp;
  let second: TestApp;
  let owner: SignedIn;
  let other: SignedIn;
  const date = todayInDublin();
  const run = Date.now();

  const received = (user: SignedIn) =>
    smtp.messages.filter((message) => message.envelopeTo.includes(user.user.email));

  async function followUp(
    assignee: SignedIn | null,
    type: string,
    startDate: string,
  ): Promise<string> {
    const o = await first.http
      .post('/api/organization')
      .set('Authorization', owner.auth)
      .send({ name: `Deadline ${type} ${run}` });
    const f = await first.http
      .post('/api/followUp')
      .set('Authorization', owner.auth)
      .send({ name: type, organization_id: o.body.data._id });
    const id = f.body.data._id as string;
    await first.http
      .put(`/api/followUp/${id}`)
      .set('Authorization', owner.auth)
      .send({ start_date: startDate });
    if (assignee) {
      await first.http
        .put(`/api/followUp/${id}`)
        .set('Authorization', owner.auth)
        .send({ user_id: assignee.user._id });
    }
    return id;
  }

  let passed: string;
  let soon: string;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    first = await startTestApp({ SMTP_URL: smtp.url });
    second = await startTestApp({ SMTP_URL: smtp.url });
    owner = await createUser(first, { firstName: 'Orla', email: `orla.${run}@firm.test` });
    other = await createUser(first, { firstName: 'Niall', email: `niall.${run}@firm.test` });
    // Incorporation: 10 days. Started 12 days ago its deadline passed 2 days ago; started 5 days
    // ago it falls due in 5 days; a PPS (0 days) started in 20 days is beyond the window.
    passed = await followUp(owner, 'INCORPORATION', addDays(date, -12));
    soon = await followUp(owner, 'COMPTE_BANCAIRE', addDays(date, -10));
    await followUp(owner, 'PPS', addDays(date, 20));
    // Unassigned: nobody to remind.
    await followUp(null, 'INCORPORATION', addDays(date, -30));
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await smtp?.close();
  });

  it('the digest lists the follow-ups late or due within 7 days', async () => {
    const entries = await first.app
      .get(MailDigestService)
      .buildDigest({ date, userId: owner.user._id, email: owner.user.email, firstName: 'Orla' });
    expect(entries).toBe('queued');
    await smtp.waitFor(() => received(owner).some((m) => m.subject.includes('reminders')), 30_000);
    const digest = received(owner).find((m) => m.subject.includes('reminders'))!;
    expect(digest.text).toContain(
      `Deadline INCORPORATION ${run}\n- Incorporation: Start of the process: ${formatDate(addDays(date, -2))} (LATE)\n`,
    );
    expect(digest.text).toContain(
      `Deadline COMPTE_BANCAIRE ${run}\n- Bank Account: Start of the process: ${formatDate(addDays(date, 5))}\n`,
    );
    expect(digest.text).not.toContain(`Deadline PPS ${run}`);
    expect(soon).toBeDefined();
  });

  it('two instances enqueue the day: the passed deadline is mailed once, to its assignee', async () => {
    await Promise.all([
      first.app.get(FollowUpReminders).enqueue(date),
      second.app.get(FollowUpReminders).enqueue(date),
    ]);
    await smtp.waitFor(() => received(owner).some((m) => m.subject.includes('deadline')), 30_000);
    // Both run the sweep by hand as well (a restart, a retried job): nothing more is mailed.
    await Promise.all([
      first.app.get(FollowUpReminders).sendDeadlineReminders(date),
      second.app.get(FollowUpReminders).sendDeadlineReminders(date),
    ]);
    await first.app.get(FollowUpReminders).enqueue(date);
    await sleep(2_000);
    const reminders = received(owner).filter((m) => m.subject.includes('deadline'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0].subject).toBe(
      `Registra: deadline passed for Incorporation of Deadline INCORPORATION ${run} (${formatDate(addDays(date, -2))})`,
    );
    expect(reminders[0].text).toContain('Hello Orla,');
    expect(received(other)).toHaveLength(0);
    const rows = (await outboxRowsTo(first, owner.user.email)).filter(
      (row) => row.template === 'follow-up-deadline',
    );
    expect(rows).toEqual([
      expect.objectContaining({ dedupeKey: deadlineReminderKey(passed, addDays(date, -2)) }),
    ]);
  });

  it('a deadline moved and passed again is a new reminder', async () => {
    await first.http
      .put(`/api/followUp/${passed}`)
      .set('Authorization', owner.auth)
      .send({ start_date: addDays(date, -11) });
    const { sent } = await second.app.get(FollowUpReminders).sendDeadlineReminders(date);
    expect(sent).toBeGreaterThanOrEqual(1);
    const rows = (await outboxRowsTo(first, owner.user.email)).filter(
      (row) => row.template === 'follow-up-deadline',
    );
    expect(rows.map((row) => row.dedupeKey).sort()).toEqual(
      [
        deadlineReminderKey(passed, addDays(date, -2)),
        deadlineReminderKey(passed, addDays(date, -1)),
      ].sort(),
    );
  });
});
