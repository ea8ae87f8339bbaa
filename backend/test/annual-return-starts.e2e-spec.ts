import { addDays, addMonths, todayInDublin } from '@registra/domain';
import { AnnualReturnStarter } from '../src/follow-ups/annual-return-starter';
import { ANNUAL_RETURN_STARTS_JOB, FollowUpReminders } from '../src/follow-ups/follow-up-reminders';
import { requestsAs } from './support/http';
import { createAdmin, createUser, startTestApp } from './support/test-app';
import type { SignedIn, TestApp } from './support/test-app';

type FollowUp = {
  _id: string;
  name: string;
  ARD: string | null;
  deadline: string | null;
  user_id: string | null;
  user_name: string | null;
  history: Array<Record<string, unknown>>;
};

describe('Annual-return work started by itself', () => {
  let t: TestApp;
  let admin: SignedIn;
  let mary: SignedIn;
  const tag = `ars${Date.now().toString(36)}`;
  const today = todayInDublin();
  // The job's runs below happen on a day of 2090, where no other test's company has its ARD.
  const day = '2090-03-01';

  const as = (who: SignedIn) => requestsAs(t, who);
  const organization = async (name: string, fields: object) => {
    const created = await as(mary).post('/api/organization', { name: `${tag} ${name}` });
    const updated = await as(mary).put(`/api/organization/${created.body.data._id}`, {
      users: [{ userId: mary.user._id, userName: 'Mary Byrne' }],
      ...fields,
    });
    expect(updated.status).toBe(200);
    return updated.body.data as { _id: string; name: string; annualReturnAutoStart: boolean };
  };
  const followUpsOf = async (organizationId: string): Promise<FollowUp[]> =>
    (
      await as(mary).post('/api/followUp/search', {
        organization_id: organizationId,
        archived_at: false,
      })
    ).body.data;
  const setLeadDays = (who: SignedIn, annualReturnLeadDays: unknown) =>
    as(who).put('/api/settings', { annualReturnLeadDays });

  beforeAll(async () => {
    t = await startTestApp();
    admin = await createAdmin(t);
    mary = await createUser(t, { firstName: 'Mary', lastName: 'Byrne' });
    expect((await setLeadDays(admin, 60)).status).toBe(200);
  });
  afterAll(async () => {
    await setLeadDays(admin, 60);
    await t.close();
  });

  it('the firm setting: 60 days by default, administrators change it within 1 to 365', async () => {
    expect((await as(mary).get('/api/settings')).body.data.annualReturnLeadDays).toBe(60);
    expect((await setLeadDays(mary, 30)).status).toBe(403);
    for (const bad of [0, 366, 2.5, '30', null]) {
      expect((await setLeadDays(admin, bad)).status).toBe(400);
    }
    expect((await as(mary).get('/api/settings')).body.data.annualReturnLeadDays).toBe(60);
  });

  it('an organization starts by itself unless staff turn it off', async () => {
    const on = await organization('Default Ltd', {});
    expect(on.annualReturnAutoStart).toBe(true);
    const off = await as(mary).put(`/api/organization/${on._id}`, { annualReturnAutoStart: false });
    expect(off.body.data.annualReturnAutoStart).toBe(false);
    expect(
      (await as(mary).put(`/api/organization/${on._id}`, { annualReturnAutoStart: 'yes' })).status,
    ).toBe(400);
  });

  it('two runs the same day (two instances at once, then again) start one follow-up per company and ARD', async () => {
    const trading = await organization('Trading Ltd', {
      status: true,
      nextArReminder: addDays(day, 20),
    });
    const firstYear = await organization('First Year Ltd', {
      // First annual return 6 months after incorporation, not done yet.
      incorporationDate: addMonths(addDays(day, 10), -6),
    });
    const turnedOff = await organization('Off Ltd', {
      status: true,
      nextArReminder: addDays(day, 20),
      annualReturnAutoStart: false,
    });
    const later = await organization('Later Ltd', {
      status: true,
      nextArReminder: addDays(day, 61),
    });

    const starter = t.app.get(AnnualReturnStarter);
    const [one, two] = await Promise.all([starter.startDue(day), starter.startDue(day)]);
    expect(one.started + two.started).toBeGreaterThanOrEqual(2);
    await starter.startDue(day);
    const reminders = t.app.get(FollowUpReminders);
    expect(
      await reminders.process({ name: ANNUAL_RETURN_STARTS_JOB, data: { date: day } } as never),
    ).toBe('0 annual returns started');

    const started = await followUpsOf(trading._id);
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({
      name: 'AR_TRADING',
      ARD: addDays(day, 20),
      deadline: addDays(day, 20 + 56),
      user_id: mary.user._id,
      user_name: 'Mary Byrne',
    });
    expect(started[0].history).toEqual([
      expect.objectContaining({ action: 'created', automatic: true, from_first_name: 'System' }),
      expect.objectContaining({ action: 'assigned', assigned_to_user_name: 'Mary Byrne' }),
    ]);
    expect((await followUpsOf(firstYear._id)).map((f) => [f.name, f.ARD])).toEqual([
      ['FIRST_AR', addDays(day, 10)],
    ]);
    expect(await followUpsOf(turnedOff._id)).toEqual([]);
    expect(await followUpsOf(later._id)).toEqual([]);

    // A day later the 61-day one enters the window; the started ones stay single.
    await starter.startDue(addDays(day, 1));
    expect(await followUpsOf(later._id)).toHaveLength(1);
    expect(await followUpsOf(trading._id)).toHaveLength(1);
  });

  it('archived by staff, the same ARD is not started again; a new ARD is', async () => {
    const company = await organization('Archive Ltd', {
      status: true,
      nextArReminder: addDays(day, 30),
    });
    const starter = t.app.get(AnnualReturnStarter);
    await starter.startDue(day);
    const [first] = await followUpsOf(company._id);
    await as(mary).put(`/api/followUp/${first._id}`, { archived_at: new Date().toISOString() });
    await starter.startDue(day);
    expect(await followUpsOf(company._id)).toEqual([]);
    await as(mary).put(`/api/organization/${company._id}`, {
      nextArReminder: addDays(day, 40),
    });
    await starter.startDue(day);
    expect((await followUpsOf(company._id)).map((f) => f.ARD)).toEqual([addDays(day, 40)]);
  });

  it('a process started by hand is left alone', async () => {
    const company = await organization('Manual Ltd', {
      status: true,
      nextArReminder: addDays(day, 15),
    });
    await as(mary).post('/api/followUp', { name: 'AR_TRADING', organization_id: company._id });
    await t.app.get(AnnualReturnStarter).startDue(day);
    const list = await followUpsOf(company._id);
    expect(list).toHaveLength(1);
    expect(list[0].history[0]).not.toHaveProperty('automatic');
  });

  it.each([
    // lead days, ARD after the run's day, started
    [10, 10, true],
    [10, 11, false],
    [60, 60, true],
    [60, 0, true],
  ])('with %i lead days, an ARD %i days ahead starts: %s', async (lead, ahead, starts) => {
    await setLeadDays(admin, lead);
    const company = await organization(`Window ${lead} ${ahead} Ltd`, {
      status: true,
      nextArReminder: addDays(day, ahead),
    });
    await t.app.get(AnnualReturnStarter).startDue(day);
    expect(await followUpsOf(company._id)).toHaveLength(starts ? 1 : 0);
    await setLeadDays(admin, 60);
  });

  it('administrators see what the job will start in the next 30 days', async () => {
    await setLeadDays(admin, 60);
    const soon = await organization('Soon Ltd', {
      status: true,
      nextArReminder: addDays(today, 75),
    });
    const tooFar = await organization('Far Ltd', {
      status: true,
      nextArReminder: addDays(today, 95),
    });
    const off = await organization('Preview Off Ltd', {
      status: true,
      nextArReminder: addDays(today, 70),
      annualReturnAutoStart: false,
    });
    expect((await as(mary).get('/api/calendar/annual-return-starts')).status).toBe(403);
    const res = await as(admin).get('/api/calendar/annual-return-starts');
    expect(res.status).toBe(200);
    const mine = (res.body.data as Array<{ organizationId: string }>).filter((item) =>
      [soon._id, tooFar._id, off._id].includes(item.organizationId),
    );
    expect(mine).toEqual([
      {
        organizationId: soon._id,
        organizationName: soon.name,
        ard: addDays(today, 75),
        startsOn: addDays(today, 15),
        followUpName: 'AR_TRADING',
        assignedTo: { userId: mary.user._id, userName: 'Mary Byrne' },
      },
    ]);
  });
});
