import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { auditActionsOf } from './support/audit';
import { outboxRowsTo, sleep } from './support/mail';
import { startSmtpReceiver } from './support/smtp-receiver';
import type { SmtpReceiver } from './support/smtp-receiver';
import { uploadFile } from './support/files';
import { createUser, startTestApp } from './support/test-app';
import type { SignedIn, TestApp } from './support/test-app';

type Task = {
  _id: string;
  title: string;
  description: string;
  status: string;
  users: { userId: string; userName: string }[];
  organizationId: string | null;
  organizationName: string | null;
  peopleId: string | null;
  peopleName: string | null;
  attachedFiles: unknown[];
  updatedAt: string;
};
/** Every stored object under the app's local storage directory. */
function storedObjects(t: TestApp): string[] {
  const root = join(t.config.dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((dir) =>
    readdirSync(join(root, dir)).map((name) => join(dir, name)),
  );
}

describe('Tasks (/api/task)', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  let niamh: SignedIn;
  let conor: SignedIn;
  let auth: string;
  const tag = `tk${Date.now().toString(36)}`;

  const create = (body: object) => t.http.post('/api/task').set('Authorization', auth).send(body);
  const created = async (title = `${tag} task`) => {
    const res = await create({ title });
    expect(res.status).toBe(200);
    return res.body.data as Task;
  };
  const put = (id: string, body: object) =>
    t.http.put(`/api/task/${id}`).set('Authorization', auth).send(body);
  const whole = (task: Task, changes: Record<string, unknown> = {}) => ({
    ...task,
    users: [{ userId: niamh.user._id, userName: 'x' }],
    ...changes,
  });
  const search = (body: Record<string, unknown>) =>
    t.http.post('/api/task/search').set('Authorization', auth).send(body);

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://registra.firm.test' });
    niamh = await createUser(t, {
      firstName: 'Niamh',
      lastName: 'Ryan',
      email: `niamh.${tag}@firm.test`,
    });
    conor = await createUser(t, {
      firstName: 'Conor',
      lastName: 'Daly',
      email: `conor.${tag}@firm.test`,
    });
    auth = niamh.auth;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  describe('POST /api/task', () => {
    it('creates from the title alone, trimmed, TO DO, and answers data with _id', async () => {
      const res = await create({ title: `  ${tag} Call the bank  ` });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        title: `${tag} Call the bank`,
        description: '',
        status: 'TO DO',
        users: [],
        organizationId: null,
        peopleId: null,
        attachedFiles: [],
      });
      expect(await auditActionsOf(t, res.body.data._id)).toEqual(['create']);
    });

    it.each([
      [{}],
      [{ title: '' }],
      [{ title: '   ' }],
      [{ title: 7 }],
      [{ title: 'x', other: 1 }],
    ])('refuses %j with 400', async (body) => {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    });

    it("says 'Title is required' for an empty title", async () => {
      const res = await create({ title: ' ' });
      expect(res.body.details).toContainEqual({ field: 'title', message: 'Title is required' });
    });
  });

  describe('GET and PUT /api/task/{id}', () => {
    it('saves the whole task: users, organization and person with their own names, status', async () => {
      const task = await created();
      const organization = await t.http
        .post('/api/organization')
        .set('Authorization', auth)
        .send({ name: `${tag} Harbour Ltd` });
      const person = await t.http
        .post('/api/people')
        .set('Authorization', auth)
        .send({ firstName: 'Eimear', lastName: tag });
      const res = await put(
        task._id,
        whole(task, {
          description: 'Ask for the statements',
          status: 'IN PROGRESS',
          users: [
            { userId: niamh.user._id, userName: 'wrong' },
            { userId: conor.user._id, userName: 'Conor Daly' },
          ],
          organizationId: organization.body.data._id,
          organizationName: 'whatever the client says',
          peopleId: person.body.data._id,
        }),
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        description: 'Ask for the statements',
        status: 'IN PROGRESS',
        users: [
          { userId: niamh.user._id, userName: 'Niamh Ryan' },
          { userId: conor.user._id, userName: 'Conor Daly' },
        ],
        organizationName: `${tag} Harbour Ltd`,
        peopleName: `Eimear ${tag}`,
      });
      const got = await t.http.get(`/api/task/${task._id}`).set('Authorization', auth);
      expect(got.body.data).toEqual(res.body.data);
      // Organization and person are optional: cleared with null or ''.
      const cleared = await put(
        task._id,
        whole(res.body.data, { organizationId: '', peopleId: null }),
      );
      expect(cleared.body.data).toMatchObject({
        organizationId: null,
        organizationName: null,
        peopleId: null,
        peopleName: null,
      });
    });

    it.each(['TO DO', 'IN PROGRESS', 'DONE', 'TO DO'])('moves freely to %s', async (status) => {
      const task = await created();
      const res = await put(task._id, whole(task, { status }));
      expect(res.body.data.status).toBe(status);
    });

    it.each([
      ['no users', { users: [] }, 'users'],
      ['users missing', { users: undefined }, 'users'],
      ['an empty title', { title: ' ' }, 'title'],
      ['an unknown status', { status: 'LATER' }, 'status'],
      ['a malformed organization id', { organizationId: 'acme' }, 'organizationId'],
    ])('refuses %s with 400 and changes nothing', async (_label, changes, field) => {
      const task = await created();
      const res = await put(task._id, whole(task, changes));
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
      const got = await t.http.get(`/api/task/${task._id}`).set('Authorization', auth);
      expect(got.body.data).toEqual(task);
    });

    it("users required says 'Please add at least one user'", async () => {
      const task = await created();
      const res = await put(task._id, whole(task, { users: [] }));
      expect(res.body.details).toContainEqual({
        field: 'users',
        message: 'Please add at least one user',
      });
    });

    it.each([
      ['organizationId', 'No such organization'],
      ['peopleId', 'No such person'],
    ])('refuses a %s that does not exist (%s)', async (field, message) => {
      const task = await created();
      const res = await put(
        task._id,
        whole(task, { [field]: '00000000-0000-4000-8000-000000000000' }),
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    });

    it('refuses an unknown user', async () => {
      const task = await created();
      const res = await put(
        task._id,
        whole(task, { users: [{ userId: '00000000-0000-4000-8000-000000000000' }] }),
      );
      expect(res.status).toBe(400);
    });

    it('answers 409 VERSION_CONFLICT for a stale updatedAt', async () => {
      const task = await created();
      expect((await put(task._id, whole(task, { description: 'first' }))).status).toBe(200);
      const res = await put(task._id, whole(task, { description: 'second' }));
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('VERSION_CONFLICT');
    });

    it('accepts attachedFiles as a list of file URLs', async () => {
      const task = await created();
      // A file Registra stores, uploaded to another task.
      const brief = await uploadFile(t, auth, `task/${(await created())._id}`, 'brief.pdf');
      const res = await put(task._id, whole(task, { attachedFiles: [brief.url] }));
      expect(res.body.data.attachedFiles).toEqual([brief.url]);
      const got = await t.http.get(`/api/task/${task._id}`).set('Authorization', auth);
      expect(got.body.data.attachedFiles).toEqual([
        { url: brief.url, folder: '', fileName: brief._id },
      ]);
    });

    it('answers 404 for a task that does not exist and 400 for a malformed id', async () => {
      const missing = await t.http
        .get('/api/task/00000000-0000-4000-8000-000000000000')
        .set('Authorization', auth);
      expect(missing.status).toBe(404);
      expect((await t.http.get('/api/task/nope').set('Authorization', auth)).status).toBe(400);
    });
  });

  describe('POST /api/task/search', () => {
    const boardTag = `${tag}board`;
    let ids: string[];

    beforeAll(async () => {
      ids = [];
      for (const [index, status] of ['TO DO', 'TO DO', 'IN PROGRESS', 'DONE'].entries()) {
        const task = await created(`${boardTag} ${index}`);
        const users = index === 1 ? [{ userId: conor.user._id }] : [{ userId: niamh.user._id }];
        await put(task._id, { ...task, status, users, description: index === 3 ? 'zebra' : '' });
        ids.push(task._id);
        await sleep(5);
      }
    });

    const found = async (body: Record<string, unknown>) => {
      const res = await search({ search: boardTag, ...body });
      expect(res.status).toBe(200);
      return res.body as { data: Task[]; totalItems: number; totalPages: number };
    };

    it('a column: one status, the latest change first', async () => {
      const column = await found({ status: 'TO DO' });
      expect(column.data.map((task) => task._id)).toEqual([ids[1], ids[0]]);
      expect(column.totalItems).toBe(2);
    });

    it('by user (null: everyone), by text over title and description, paged', async () => {
      expect((await found({ user: conor.user._id })).data.map((task) => task._id)).toEqual([
        ids[1],
      ]);
      expect((await found({ user: null })).totalItems).toBe(4);
      const byDescription = await search({ search: 'ZEBRA' });
      expect(byDescription.body.data.map((task: Task) => task._id)).toContain(ids[3]);
      const page = await found({ limit: 3, page: 2 });
      expect(page).toMatchObject({ totalItems: 4, totalPages: 2 });
      expect(page.data.map((task) => task._id)).toEqual([ids[0]]);
      // Past the last page (the page is read beside the count, ADR 0089): no rows, the total.
      expect(await found({ limit: 3, page: 3 })).toMatchObject({
        data: [],
        totalItems: 4,
        totalPages: 2,
      });
    });

    it('the dashboard: page 1, 7 latest', async () => {
      const res = await search({ page: 1, limit: 7, sortOrder: 'desc', sortField: 'updatedAt' });
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(7);
    });

    it("the unfiltered list's total (a maintained count, ADR 0081) follows creation and deletion", async () => {
      const dashboard = { page: 1, limit: 7, sortOrder: 'desc', sortField: 'updatedAt' };
      const before = (await search(dashboard)).body.totalItems as number;
      expect(before).toBeGreaterThanOrEqual(4);
      const extra = await created(`${tag} counted`);
      expect((await search(dashboard)).body.totalItems).toBe(before + 1);
      const removed = await t.http.delete(`/api/task/${extra._id}`).set('Authorization', auth);
      expect(removed.status).toBe(200);
      const after = await search(dashboard);
      expect(after.body.totalItems).toBe(before);
      expect(after.body.data.map((task: Task) => task._id)).not.toContain(extra._id);
    });

    it.each([
      [{ status: 'LATER' }],
      [{ user: 'niamh' }],
      [{ sortField: 'password' }],
      [{ limit: 0 }],
    ])('refuses %j with 400', async (body) => {
      expect((await search(body)).status).toBe(400);
    });
  });

  describe('PUT /api/task/send/{id}', () => {
    it("no recipients: 400 'Please add at least one user'", async () => {
      const task = await created();
      for (const body of [{}, { recipients: [] }]) {
        const res = await t.http
          .put(`/api/task/send/${task._id}`)
          .set('Authorization', auth)
          .send(body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Please add at least one user');
      }
    });

    it("no recipient with an address: 400 'No valid email recipients'", async () => {
      const task = await created();
      const res = await t.http
        .put(`/api/task/send/${task._id}`)
        .set('Authorization', auth)
        .send({ recipients: ['00000000-0000-4000-8000-000000000000'] });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('No valid email recipients');
    });

    it("queues the task-notification to each recipient with the task's link; it reaches them", async () => {
      const task = await created(`${tag} Send the B10`);
      const signed = await uploadFile(t, auth, `task/${task._id}`, 'b10-signed.pdf');
      const res = await t.http
        .put(`/api/task/send/${task._id}`)
        .set('Authorization', auth)
        .send({
          title: `${tag} Send the B10`,
          description: 'Signed copy attached',
          organizationName: 'Harbour Ltd',
          peopleName: 'Eimear Byrne',
          attachedFiles: [signed.url],
          recipients: [niamh.user._id, conor.user._id, niamh.user._id],
        });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ queued: 2 });
      const rows = await outboxRowsTo(t, conor.user.email);
      expect(rows).toEqual([
        expect.objectContaining({
          template: 'task-notification',
          tag: 'task',
          requestedByName: 'Niamh Ryan',
        }),
      ]);
      await smtp.waitFor(
        () => smtp.messages.filter((m) => m.subject.includes(`${tag} Send the B10`)).length >= 2,
        30_000,
      );
      const mail = smtp.messages.find((m) => m.envelopeTo.includes(conor.user.email))!;
      expect(mail.text).toContain(`https://registra.firm.test/task/${task._id}`);
      expect(mail.text).toContain('Signed copy attached');
      expect(mail.text).toContain('Niamh Ryan sent you a task.');
      expect(mail.text).toContain(`https://registra.firm.test${signed.url}`);
    });

    it.each([
      ['a javascript: address', 'javascript:alert(1)'],
      ["another site's file", 'https://files.example.com/brief.pdf'],
      [
        "an entry for another site's file",
        { url: 'https://evil.example/x.pdf', folder: '', fileName: 'x.pdf' },
      ],
    ])(
      'refuses to mail %s in attachedFiles (400 naming the field), queueing nothing',
      async (_label, entry) => {
        const task = await created();
        const res = await t.http
          .put(`/api/task/send/${task._id}`)
          .set('Authorization', auth)
          .send({ attachedFiles: [entry], recipients: [conor.user._id] });
        expect(res.status).toBe(400);
        expect(res.body.details[0].field).toBe('attachedFiles');
        const rows = await outboxRowsTo(t, conor.user.email);
        expect(
          rows.filter((row) => (row.params as { title?: string }).title === task.title),
        ).toEqual([]);
      },
    );

    it('answers 404 for a task that does not exist', async () => {
      const res = await t.http
        .put('/api/task/send/00000000-0000-4000-8000-000000000000')
        .set('Authorization', auth)
        .send({ recipients: [niamh.user._id] });
      expect(res.status).toBe(404);
    });
  });

  describe('attachments and delete', () => {
    it('uploads into task/{id}, lists the file on the task, and deleting the task removes its bytes', async () => {
      const task = await created();
      const before = storedObjects(t).length;
      const upload = await t.http
        .post('/api/file')
        .set('Authorization', auth)
        .field('folder', `task/${task._id}`)
        .attach('file', Buffer.from('minutes of the call'), {
          filename: 'minutes.txt',
          contentType: 'text/plain',
        });
      expect(upload.status).toBe(200);
      expect(storedObjects(t)).toHaveLength(before + 1);
      const got = await t.http.get(`/api/task/${task._id}`).set('Authorization', auth);
      expect(got.body.data.attachedFiles).toEqual([
        expect.objectContaining({
          url: upload.body.url,
          folder: `task/${task._id}`,
          fileName: 'minutes.txt',
        }),
      ]);
      // Staff only: without a session the file is refused.
      expect((await t.http.get(upload.body.url)).status).toBe(401);
      expect((await t.http.get(upload.body.url).set('Authorization', auth)).status).toBe(200);

      const deleted = await t.http.delete(`/api/task/${task._id}`).set('Authorization', auth);
      expect(deleted.status).toBe(200);
      expect(storedObjects(t)).toHaveLength(before);
      expect((await t.http.get(upload.body.url).set('Authorization', auth)).status).toBe(404);
      expect((await t.http.get(`/api/task/${task._id}`).set('Authorization', auth)).status).toBe(
        404,
      );
      expect(await auditActionsOf(t, task._id)).toEqual(
        expect.arrayContaining(['create', 'delete']),
      );
    });

    it('refuses an upload to a task that does not exist', async () => {
      const res = await t.http
        .post('/api/file')
        .set('Authorization', auth)
        .field('folder', 'task/00000000-0000-4000-8000-000000000000')
        .attach('file', Buffer.from('x'), { filename: 'x.txt', contentType: 'text/plain' });
      expect(res.status).toBe(400);
    });
  });

  describe('merging', () => {
    it("moves the merged-away organization's and person's tasks to the kept ones", async () => {
      const keep = await t.http
        .post('/api/organization')
        .set('Authorization', auth)
        .send({ name: `${tag} Keep Ltd` });
      const other = await t.http
        .post('/api/organization')
        .set('Authorization', auth)
        .send({ name: `${tag} Keep Limited` });
      const task = await created();
      await put(task._id, whole(task, { organizationId: other.body.data._id }));
      const merged = await t.http
        .post('/api/organization/merge')
        .set('Authorization', auth)
        .send({ keepId: keep.body.data._id, mergeId: other.body.data._id });
      expect(merged.status).toBe(200);
      const got = await t.http.get(`/api/task/${task._id}`).set('Authorization', auth);
      expect(got.body.data).toMatchObject({
        organizationId: keep.body.data._id,
        organizationName: `${tag} Keep Ltd`,
      });
    });
  });
});
