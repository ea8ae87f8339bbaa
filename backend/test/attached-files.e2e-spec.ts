import { randomUUID } from 'node:crypto';
import { MailService } from '../src/mail/mail.service';
import { AppException } from '../src/platform/errors/app-exception';
import { uploadFile } from './support/files';
import { requestsAs } from './support/http';
import { outboxRowsTo } from './support/mail';
import { createUser, startTestApp } from './support/test-app';
import type { SignedIn, TestApp } from './support/test-app';

type Entry = string | { url: string; folder: string; fileName: string };

/**
 * `attachedFiles` of people, organizations, tasks and task mails take `/api/file/{id}` only for a
 * file Registra stores and has not deleted: an invented or deleted id answers 400 naming the field
 * and changes nothing.
 */
describe('attachedFiles name only files Registra stores', () => {
  let t: TestApp;
  let staff: SignedIn;
  let colleague: SignedIn;
  const tag = `af${Date.now().toString(36)}`;
  /** A stored file, and one uploaded then deleted. */
  let kept: string;
  let deleted: string;
  let person: Record<string, unknown> & { _id: string };
  let organization: Record<string, unknown> & { _id: string };
  let task: Record<string, unknown> & { _id: string; title: string };

  const as = (who: SignedIn) => requestsAs(t, who);

  beforeAll(async () => {
    t = await startTestApp({ APP_URL: 'https://registra.firm.test' });
    staff = await createUser(t, { firstName: 'Fionn', lastName: 'Files' });
    colleague = await createUser(t, { firstName: 'Deirdre', lastName: `Colleague${tag}` });
    const owner = (await as(staff).post('/api/people', { firstName: 'Owner', lastName: tag })).body
      .data;
    kept = (await uploadFile(t, staff.auth, `people/${owner._id}`, 'kept.pdf')).url;
    const gone = await uploadFile(t, staff.auth, `people/${owner._id}`, 'gone.pdf');
    const removed = await as(staff).delete(`/api/file/${gone._id}`);
    expect(removed.body).toEqual({ ok: true });
    deleted = gone.url;

    // Each record as GET answers it: what a refused write must leave.
    const personId = (await as(staff).post('/api/people', { firstName: 'Aoife', lastName: tag }))
      .body.data._id;
    person = (await as(staff).get(`/api/people/${personId}`)).body.data;
    const organizationId = (
      await as(staff).post('/api/organization', { name: `${tag} Harbour Ltd` })
    ).body.data._id;
    organization = (await as(staff).get(`/api/organization/${organizationId}`)).body.data;
    const created = (await as(staff).post('/api/task', { title: `${tag} Send the B1` })).body.data;
    await as(staff).put(`/api/task/${created._id}`, {
      ...created,
      users: [{ userId: colleague.user._id }],
    });
    task = (await as(staff).get(`/api/task/${created._id}`)).body.data;
  });
  afterAll(() => t.close());

  /** Each write that takes attachedFiles, and how to see that it changed nothing. */
  const writes: Array<
    [string, (files: Entry[]) => ReturnType<ReturnType<typeof as>['put']>, () => Promise<void>]
  > = [
    [
      'a new person (POST /api/people)',
      (files) =>
        as(staff).post('/api/people', {
          firstName: 'Refused',
          lastName: `${tag}new`,
          attachedFiles: files,
        }),
      async () => {
        const found = await as(staff).post('/api/people/search', { search: `${tag}new` });
        expect(found.body.data).toEqual([]);
      },
    ],
    [
      'a person (PUT /api/people/{id})',
      (files) => as(staff).put(`/api/people/${person._id}`, { attachedFiles: files }),
      async () =>
        expect((await as(staff).get(`/api/people/${person._id}`)).body.data).toEqual(person),
    ],
    [
      'an organization (PUT /api/organization/{id})',
      (files) => as(staff).put(`/api/organization/${organization._id}`, { attachedFiles: files }),
      async () =>
        expect((await as(staff).get(`/api/organization/${organization._id}`)).body.data).toEqual(
          organization,
        ),
    ],
    [
      'a task (PUT /api/task/{id})',
      (files) => as(staff).put(`/api/task/${task._id}`, { ...task, attachedFiles: files }),
      async () => expect((await as(staff).get(`/api/task/${task._id}`)).body.data).toEqual(task),
    ],
    [
      'a task mail (PUT /api/task/send/{id})',
      (files) =>
        as(staff).put(`/api/task/send/${task._id}`, {
          attachedFiles: files,
          recipients: [colleague.user._id],
        }),
      async () =>
        expect(
          (await outboxRowsTo(t, colleague.user.email)).filter(
            (row) => (row.params as { title?: string }).title === task.title,
          ),
        ).toEqual([]),
    ],
  ];

  /** Entries naming no stored file: each is refused in the second place, after a stored one. */
  const missing: Array<[string, () => Entry]> = [
    ['the id of no file', () => `/api/file/${randomUUID()}`],
    ['a deleted file', () => deleted],
    ['an id that is no file id', () => '/api/file/passport-scan'],
    [
      'an entry object naming no file',
      () => ({ url: `/api/file/${randomUUID()}`, folder: '', fileName: 'x.pdf' }),
    ],
  ];

  describe.each(writes)('%s', (_write, write, unchanged) => {
    it.each(missing)(
      'refuses %s: 400 naming attachedFiles, nothing changed',
      async (_label, entry) => {
        const res = await write([kept, entry()]);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: 'An attached file does not exist',
          details: [
            {
              field: 'attachedFiles',
              message:
                'attachedFiles[1] names no file stored by Registra: it does not exist or was deleted',
            },
          ],
        });
        await unchanged();
      },
    );
  });

  it('takes files Registra stores, and keeps an entry the record already holds', async () => {
    const saved = await as(staff).put(`/api/people/${person._id}`, { attachedFiles: [kept] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.attachedFiles).toEqual([kept]);
    const organizationSaved = await as(staff).put(`/api/organization/${organization._id}`, {
      attachedFiles: [kept],
    });
    expect(organizationSaved.body.data.attachedFiles).toEqual([kept]);
    const taskSaved = await as(staff).put(`/api/task/${task._id}`, {
      ...task,
      attachedFiles: [kept],
    });
    expect(taskSaved.body.data.attachedFiles).toEqual([kept]);
    const mailed = await as(staff).put(`/api/task/send/${task._id}`, {
      attachedFiles: [kept],
      recipients: [colleague.user._id],
    });
    expect(mailed.body.data).toEqual({ queued: 1 });
  });

  it('MailService.queue (the task mail of any context) refuses a file address of no stored file', async () => {
    const mail = (url: string) =>
      t.app.get(MailService).queue({
        templateId: 'task-notification',
        to: colleague.user.email,
        params: {
          title: `${tag} From another context`,
          sentBy: 'Fionn Files',
          attachedFiles: [
            { fileName: 'kept.pdf', url: `${t.config.appUrl}${kept}` },
            { fileName: 'x.pdf', url },
          ],
        },
      });
    for (const url of [
      `${t.config.appUrl}/api/file/${randomUUID()}`,
      `${t.config.appUrl}${deleted}`,
    ]) {
      const refused = await mail(url).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppException);
      expect((refused as AppException).getResponse()).toMatchObject({
        details: [
          {
            field: 'params.attachedFiles',
            message:
              'params.attachedFiles[1] names no file stored by Registra: it does not exist or was deleted',
          },
        ],
      });
    }
    expect((await mail(`${t.config.appUrl}${kept}`)).status).toBe('queued');
  });
});
