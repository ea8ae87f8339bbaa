import { addDays, todayInDublin } from '@registra/domain';
import { AnnualReturnStarter } from '../src/follow-ups/annual-return-starter';
import { deadlineReminderKey, FollowUpReminders } from '../src/follow-ups/follow-up-reminders';
import { MailDigestService } from '../src/mail/mail-digest.service';
import { digestJobId } from '../src/mail/mail.queue';
import { requestsAs } from './support/http';
import { mailQueueOf, outboxRowsTo } from './support/mail';
import { organizationWith } from './support/records';
import { createAdmin, createUser, startTestApp } from './support/test-app';
import type { SignedIn, TestApp } from './support/test-app';

type Task = {
  _id: string;
  title: string;
  users: { userId: string; userName: string }[];
  updatedAt: string;
};
type FollowUp = {
  _id: string;
  user_id: string | null;
  user_name: string | null;
  history: Array<Record<string, unknown>>;
};

/**
 * A colleague who left: once an administrator deactivates the account, nothing mails it (a task's
 * mail, a follow-up's deadline reminder, the morning digest), nobody can assign work to it and the
 * pickers leave it out, while the records it worked on still name it.
 */
describe('Leavers: a deactivated account is no recipient and no assignee', () => {
  let t: TestApp;
  let admin: SignedIn;
  let staff: SignedIn;
  let leaver: SignedIn;
  let colleague: SignedIn;
  const tag = `lv${Date.now().toString(36)}`;
  const today = todayInDublin();
  // The annual-return job runs on a day of 2091, where no other test's company has its ARD.
  const day = '2091-06-01';

  const as = (who: SignedIn) => requestsAs(t, who);
  const assigned = (...who: SignedIn[]) =>
    who.map((user) => ({
      userId: user.user._id,
      userName: `${user.user.firstName} ${user.user.lastName}`,
    }));
  const newTask = async (title: string, users: SignedIn[]) => {
    const task = (await as(staff).post('/api/task', { title })).body.data as Task;
    if (users.length === 0) return task;
    const res = await as(staff).put(`/api/task/${task._id}`, {
      ...task,
      users: assigned(...users),
    });
    expect(res.status).toBe(200);
    return res.body.data as Task;
  };
  const organization = (name: string, fields: object) =>
    organizationWith(t, staff, `${tag} ${name}`, fields);
  /** An INCORPORATION (10 days) started 12 days ago: its deadline passed 2 days ago. */
  const lateFollowUp = async (assignee: SignedIn) => {
    const o = await organization(`Late ${assignee.user.firstName} Ltd`, {});
    const f = await as(staff).post('/api/followUp', {
      name: 'INCORPORATION',
      organization_id: o._id,
    });
    const id = f.body.data._id as string;
    expect(
      (await as(staff).put(`/api/followUp/${id}`, { start_date: addDays(today, -12) })).status,
    ).toBe(200);
    expect(
      (await as(staff).put(`/api/followUp/${id}`, { user_id: assignee.user._id })).status,
    ).toBe(200);
    return id;
  };
  const followUpsOf = async (organizationId: string): Promise<FollowUp[]> =>
    (await as(staff).post('/api/followUp/search', { organization_id: organizationId })).body.data;
  const mailsTo = async (who: SignedIn, template: string) =>
    (await outboxRowsTo(t, who.user.email)).filter((row) => row.template === template);

  let sharedTask: Task;
  let leaversFollowUp: string;

  beforeAll(async () => {
    t = await startTestApp({ APP_URL: 'https://registra.firm.test' });
    admin = await createAdmin(t);
    staff = await createUser(t, { firstName: 'Sorcha', lastName: 'Staff' });
    leaver = await createUser(t, { firstName: 'Liam', lastName: `Leaver${tag}` });
    colleague = await createUser(t, { firstName: 'Cait', lastName: `Colleague${tag}` });
    expect((await as(admin).put('/api/settings', { annualReturnLeadDays: 60 })).status).toBe(200);

    // Work given to the leaver while the account was active.
    sharedTask = await newTask(`${tag} Shared task`, [leaver, colleague]);
    leaversFollowUp = await lateFollowUp(leaver);
    // Something for the morning digest of each.
    const due = { nextArReminder: addDays(today, 3) };
    await organization('Leaver Due Ltd', { ...due, users: assigned(leaver) });
    await organization('Colleague Due Ltd', { ...due, users: assigned(colleague) });

    const deactivated = await as(admin).put(`/api/user/${leaver.user._id}`, { active: false });
    expect(deactivated.body.data).toMatchObject({ active: false, status: 'DISABLED' });
  });
  afterAll(async () => {
    await mailQueueOf(t)?.obliterate({ force: true });
    await t?.close();
  });

  describe('the task mail (PUT /api/task/send/{id})', () => {
    const send = (task: Task, recipients: string[]) =>
      t.http
        .put(`/api/task/send/${task._id}`)
        .set('Authorization', staff.auth)
        .send({ title: task.title, recipients });
    const taskMailsTo = async (who: SignedIn, task: Task) =>
      (await mailsTo(who, 'task-notification')).filter(
        (row) => (row.params as { title?: string }).title === task.title,
      );

    it("mails the task's active users, never the leaver it still names", async () => {
      const res = await send(sharedTask, [leaver.user._id, colleague.user._id]);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ queued: 1 });
      expect(await taskMailsTo(colleague, sharedTask)).toHaveLength(1);
      expect(await taskMailsTo(leaver, sharedTask)).toEqual([]);
    });

    it("to the leaver alone: 400 'No valid email recipients', nothing queued", async () => {
      const res = await send(sharedTask, [leaver.user._id]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('No valid email recipients');
      expect(await taskMailsTo(leaver, sharedTask)).toEqual([]);
    });
  });

  describe('assignments', () => {
    it('a task assigned to the leaver before still names them, and saves with them unchanged', async () => {
      const got = await as(staff).get(`/api/task/${sharedTask._id}`);
      expect(got.body.data.users).toEqual(assigned(leaver, colleague));
      const saved = await as(staff).put(`/api/task/${sharedTask._id}`, {
        ...got.body.data,
        description: 'Handed over',
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data.users).toEqual(assigned(leaver, colleague));
    });

    it('assigning the leaver to a task answers 400 naming users, and changes nothing', async () => {
      for (const users of [[leaver], [colleague, leaver]]) {
        const task = await newTask(`${tag} New task`, []);
        const res = await as(staff).put(`/api/task/${task._id}`, {
          ...task,
          users: assigned(...users),
        });
        expect(res.status).toBe(400);
        expect(res.body.details).toEqual([
          {
            field: 'users',
            message: `Liam Leaver${tag}'s account is deactivated: choose an active user`,
          },
        ]);
        expect((await as(staff).get(`/api/task/${task._id}`)).body.data).toEqual(task);
      }
    });

    it('assigning the leaver to a follow-up answers 400 naming user_id, and changes nothing', async () => {
      const o = await organization('Assign Ltd', {});
      const created = await as(staff).post('/api/followUp', {
        name: 'PPS',
        organization_id: o._id,
      });
      const id = created.body.data._id as string;
      const res = await as(staff).put(`/api/followUp/${id}`, { user_id: leaver.user._id });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        {
          field: 'user_id',
          message: `Liam Leaver${tag}'s account is deactivated: choose an active user`,
        },
      ]);
      const after = await as(staff).get(`/api/followUp/${id}`);
      expect(after.body.data).toEqual(created.body.data);
      // An active colleague is assigned as ever.
      const ok = await as(staff).put(`/api/followUp/${id}`, { user_id: colleague.user._id });
      expect(ok.body.data.user_id).toBe(colleague.user._id);
    });

    it('the pickers (POST /api/user/search) leave the leaver out', async () => {
      const search = (term: string) => as(staff).post('/api/user/search', { search: term });
      expect((await search(`Leaver${tag}`)).body.data).toEqual([]);
      expect(
        (await search(`Colleague${tag}`)).body.data.map((user: { _id: string }) => user._id),
      ).toEqual([colleague.user._id]);
    });
  });

  describe('scheduled mails', () => {
    it("a follow-up's passed deadline reminds its active assignee, never the leaver", async () => {
      const colleaguesFollowUp = await lateFollowUp(colleague);
      await t.app.get(FollowUpReminders).sendDeadlineReminders(today);
      expect((await mailsTo(colleague, 'follow-up-deadline')).map((row) => row.dedupeKey)).toEqual([
        deadlineReminderKey(colleaguesFollowUp, addDays(today, -2)),
      ]);
      // The leaver's follow-up (assigned before the deactivation) waits for a new assignee.
      expect(await mailsTo(leaver, 'follow-up-deadline')).toEqual([]);
      const waiting = await as(staff).get(`/api/followUp/${leaversFollowUp}`);
      expect(waiting.body.data).toMatchObject({
        user_id: leaver.user._id,
        user_name: `Liam Leaver${tag}`,
      });
    });

    it('the morning digest enqueues no job for the leaver, and a job enqueued before mails nothing', async () => {
      const digest = t.app.get(MailDigestService);
      await digest.runDailyDigest(today);
      const queue = mailQueueOf(t);
      expect(await queue.getJob(digestJobId(today, colleague.user._id))).toBeDefined();
      expect(await queue.getJob(digestJobId(today, leaver.user._id))).toBeUndefined();
      // A job of the leaver's enqueued at 07:00, run after the deactivation.
      expect(
        await digest.buildDigest({
          date: today,
          userId: leaver.user._id,
          email: leaver.user.email,
          firstName: 'Liam',
        }),
      ).toBe('no recipient');
      expect(await mailsTo(leaver, 'daily-digest')).toEqual([]);
      // The same job of an active colleague does mail.
      expect(
        await digest.buildDigest({
          date: today,
          userId: colleague.user._id,
          email: colleague.user.email,
          firstName: 'Cait',
        }),
      ).toBe('queued');
    });
  });

  describe('the annual-return job', () => {
    it('starts the work of a company whose first user left unassigned, and its preview names nobody', async () => {
      const leaversAr = await organization('AR Leaver Ltd', {
        status: true,
        nextArReminder: addDays(day, 20),
        users: assigned(leaver, colleague),
      });
      const colleaguesAr = await organization('AR Colleague Ltd', {
        status: true,
        nextArReminder: addDays(day, 21),
        users: assigned(colleague),
      });
      const previewed = await organization('AR Preview Ltd', {
        status: true,
        nextArReminder: addDays(day, 75),
        users: assigned(leaver),
      });
      const starter = t.app.get(AnnualReturnStarter);
      const preview = (await starter.upcoming(day)).find(
        (item) => item.organizationId === previewed._id,
      );
      expect(preview).toMatchObject({ organizationId: previewed._id, assignedTo: null });

      await starter.startDue(day);
      const [started] = await followUpsOf(leaversAr._id);
      expect(started).toMatchObject({ user_id: null, user_name: null });
      expect(started.history.map((entry) => entry.action)).toEqual(['created']);
      const [control] = await followUpsOf(colleaguesAr._id);
      expect(control).toMatchObject({ user_id: colleague.user._id });
    });
  });
});
