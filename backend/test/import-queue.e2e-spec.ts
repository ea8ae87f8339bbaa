import { and, eq } from 'drizzle-orm';
import { imports } from '../src/import/import.schema';
import { ImportQueue } from '../src/import/import.queue';
import { ImportService } from '../src/import/import.service';
import { DATABASE } from '../src/platform/database/database';
import type { Database } from '../src/platform/database/database';
import { freePort } from './support/free-port';
import {
  checkedOrganizationsFile,
  importRecordsOf,
  liveOrganizationsWithCro,
} from './support/imports';
import { sleep, waitUntil } from './support/mail';
import { TestRedis } from './support/redis-server';
import { createStaff, startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

/** Rows of each file: two full batches of 500 and a last one of 200. */
const ROWS = 1_200;

/**
 * A stop signal that lets `batches` batches begin, then says "stopping": the job ends at that
 * safe point as a worker's would on SIGTERM (ADR 0145).
 */
const stopAfter = (batches: number): AbortSignal => {
  let asked = 0;
  return {
    get aborted() {
      asked += 1;
      return asked > batches;
    },
  } as AbortSignal;
};

/**
 * No import is ever stuck (ADR 0145), against the app's own worker on a private Redis (a
 * redis-server child of this test, killed and started again; the machine's Redis is not
 * touched): a run or an undo asked for while the queue is away is accepted, says it waits for
 * the queue, and starts by itself when the queue is back; the worker's sweep resumes a run whose
 * job is gone, and fails one lost again and again, saying what it wrote.
 */
describe('an import while the queue is away, and an import whose job is lost', () => {
  let redis: TestRedis;
  let t: TestApp;
  let auth: string;

  beforeAll(async () => {
    redis = new TestRedis(await freePort());
    await redis.start();
    t = await startTestApp({ REDIS_URL: redis.url });
    auth = (await createStaff(t, { firstName: 'Fionn', lastName: 'Queue' })).auth;
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  const db = () => t.app.get<Database>(DATABASE);
  const status = async (id: string) => {
    const res = await t.http.get(`/api/import/${id}`).set('Authorization', auth);
    expect(res.status).toBe(200);
    return res.body.data;
  };

  /** Uploads and checks (the queue up) a file of ROWS new organizations. */
  const checkedFile = (prefix: string) =>
    checkedOrganizationsFile(t, auth, {
      prefix,
      name: 'Queue Test',
      rows: ROWS,
      checkWithinMs: 30_000,
    });

  /** Redis killed, and the app seen to know it (its producers' connection not ready). */
  async function queueAway(): Promise<void> {
    await redis.stop();
    await waitUntil('the app sees the queue away', () => !t.app.get(ImportQueue).ready);
  }
  async function queueBack(): Promise<void> {
    await redis.start();
  }
  const runAsked = async (id: string) => {
    const asked = Date.now();
    const res = await t.http.post(`/api/import/${id}/run`).set('Authorization', auth);
    // Accepted at once, not after a connection's timeout.
    expect(Date.now() - asked).toBeLessThan(5_000);
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('a run asked for while the queue is away answers "waiting for the queue", and starts when the queue is back', async () => {
    const id = await checkedFile('QA');
    await queueAway();
    expect(await runAsked(id)).toMatchObject({
      status: 'running',
      waitingForQueue: true,
      resumes: 0,
      progress: 0,
    });
    // The worker's sweep comes by every second and cannot queue it: it waits, nothing written.
    await sleep(2_500);
    expect(await status(id)).toMatchObject({
      status: 'running',
      waitingForQueue: true,
      created: 0,
    });
    const history = await t.http.get('/api/import').set('Authorization', auth);
    expect(history.body.data.find((entry: { _id: string }) => entry._id === id)).toMatchObject({
      status: 'running',
      waitingForQueue: true,
    });
    expect(await liveOrganizationsWithCro(t, 'QA')).toBe(0);

    await queueBack();
    await waitUntil('the run ends', async () => (await status(id)).status !== 'running', 60_000);
    expect(await status(id)).toMatchObject({
      status: 'done',
      rows: ROWS,
      created: ROWS,
      skipped: 0,
      failed: 0,
      waitingForQueue: false,
      resumes: 0,
    });
    expect(await liveOrganizationsWithCro(t, 'QA')).toBe(ROWS);
  });

  it('an undo asked for while the queue is away waits for it too, then takes everything back', async () => {
    const [done] = await db()
      .select({ id: imports.id })
      .from(imports)
      .where(and(eq(imports.fileName, 'QA.csv'), eq(imports.status, 'done')));
    await queueAway();
    const undo = await t.http.post(`/api/import/${done.id}/undo`).set('Authorization', auth);
    expect(undo.status).toBe(200);
    expect(undo.body.data).toMatchObject({ status: 'undoing', waitingForQueue: true });
    await sleep(1_500);
    expect(await status(done.id)).toMatchObject({
      status: 'undoing',
      waitingForQueue: true,
      undo: { recordsDone: 0 },
    });
    await queueBack();
    await waitUntil(
      'the undo ends',
      async () => (await status(done.id)).status !== 'undoing',
      60_000,
    );
    expect(await status(done.id)).toMatchObject({
      status: 'undone',
      waitingForQueue: false,
      undo: { records: ROWS, recordsDone: ROWS, deleted: ROWS },
    });
    expect(await liveOrganizationsWithCro(t, 'QA')).toBe(0);
  });

  it('a run handed back at a safe point whose job is then gone is resumed by the sweep after its last batch, every row once', async () => {
    const id = await checkedFile('LJ');
    // No job in the queue (asked for while it was away); the run goes as a worker's would until
    // it is told to stop after two batches: it lets go between two, nothing half written.
    await queueAway();
    await runAsked(id);
    const imports_ = t.app.get(ImportService);
    expect(await imports_.execute(id, stopAfter(2))).toBe('handed back');
    expect(await status(id)).toMatchObject({
      status: 'running',
      created: 1_000,
      waitingForQueue: false,
      resumes: 0,
    });
    expect(await liveOrganizationsWithCro(t, 'LJ')).toBe(1_000);
    expect(await importRecordsOf(t, id)).toBe(1_000);
    // Its job lost with the queue's data, a minute ago: the sweep, once the queue is back, finds
    // the import running without a job and queues it again.
    await db()
      .update(imports)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(imports.id, id));
    await queueBack();
    await waitUntil('the run ends', async () => (await status(id)).status !== 'running', 60_000);
    expect(await status(id)).toMatchObject({
      status: 'done',
      created: ROWS,
      skipped: 0,
      failed: 0,
      resumes: 1,
    });
    expect(await liveOrganizationsWithCro(t, 'LJ')).toBe(ROWS);
    expect(await importRecordsOf(t, id)).toBe(ROWS);
  });

  it('one run taken by two workers at once (a lock given up for lost) still writes every row once', async () => {
    const id = await checkedFile('TW');
    await queueAway();
    await runAsked(id);
    const service = t.app.get(ImportService);
    // Each batch writes its progress only from the rows it started at: the later of two writing
    // the same batch rolls back and leaves the import to the other, without failing it.
    expect(await Promise.all([service.execute(id), service.execute(id)])).toEqual([
      'finished',
      'finished',
    ]);
    expect(await status(id)).toMatchObject({
      status: 'done',
      created: ROWS,
      skipped: 0,
      failed: 0,
      failure: null,
    });
    expect(await liveOrganizationsWithCro(t, 'TW')).toBe(ROWS);
    expect(await importRecordsOf(t, id)).toBe(ROWS);
    await queueBack();
  });

  it('a run whose job is lost a third time in a row with no batch done is failed, saying what it wrote, and can be undone', async () => {
    const id = await checkedFile('LF');
    await queueAway();
    await runAsked(id);
    expect(await t.app.get(ImportService).execute(id, stopAfter(1))).toBe('handed back');
    // Lost twice already since its last batch; the third loss fails it instead of a fourth try.
    await db()
      .update(imports)
      .set({ lostJobs: 2, resumes: 2, updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(imports.id, id));
    await queueBack();
    await waitUntil(
      'the sweep fails it',
      async () => (await status(id)).status !== 'running',
      30_000,
    );
    const failed = await status(id);
    expect(failed).toMatchObject({
      status: 'failed',
      created: 500,
      waitingForQueue: false,
      failure:
        'The run stopped after 500 of 1200 rows (500 created, 0 updated, 0 skipped, 0 failed): ' +
        'its job was lost 3 times in a row with no batch done (a worker stopped or the queue ' +
        'lost it). What it wrote can be undone.',
    });
    expect(failed.undoableUntil).not.toBeNull();
    expect(await liveOrganizationsWithCro(t, 'LF')).toBe(500);

    const undo = await t.http.post(`/api/import/${id}/undo`).set('Authorization', auth);
    expect(undo.status).toBe(200);
    await waitUntil('the undo ends', async () => (await status(id)).status !== 'undoing', 30_000);
    expect(await status(id)).toMatchObject({ status: 'undone', undo: { deleted: 500 } });
    expect(await liveOrganizationsWithCro(t, 'LF')).toBe(0);
  });
});
