import { sql } from 'drizzle-orm';
import { IMPORT_QUEUE } from '../../src/import/import.queue';
import { DATABASE } from '../../src/platform/database/database';
import type { Database } from '../../src/platform/database/database';
import {
  checkedOrganizationsFile,
  importRecordsOf,
  liveOrganizationsWithCro,
} from '../support/imports';
import { waitUntil } from '../support/mail';
import { createStaff } from '../support/test-app';
import type { TestApp } from '../support/test-app';
import { startInstance, startInstancesBench, stopInstancesBench } from './instance-process';
import type { Instance, InstancesBench } from './instance-process';

/** Rows of each file: 40 batches of 500, long enough to be stopped twice in the middle. */
const ROWS = 20_000;
/** A worker's close waits this long for its jobs in hand (closeWorker, ADR 0136). */
const WORKER_CLOSE_WINDOW_MS = 10_000;

interface ImportAnswer {
  status: string;
  rows: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  failure: string | null;
  waitingForQueue: boolean;
  resumes: number;
  undo: { records: number; recordsDone: number; deleted: number } | null;
}

/**
 * No import is ever stuck (ADR 0145), on the built server as production runs it: an API instance
 * takes the requests, worker processes do the jobs. A run whose worker is killed (SIGKILL) twice
 * finishes by itself with exact counts; a worker stopped with SIGTERM during a run or an undo
 * ends the batch in hand, hands the job back within its close window and exits 0, and the next
 * worker goes on from that batch.
 */
describe('No import is ever stuck: its worker killed twice, or stopped with SIGTERM', () => {
  let bench: InstancesBench;
  let helper: TestApp;
  let env: Record<string, string>;
  let auth: string;
  const workers: Instance[] = [];

  beforeAll(async () => {
    // The API side, in the test's process: it migrates the fresh database, takes the uploads
    // into the files folder the workers read, and queues the jobs; it runs none (role api).
    bench = await startInstancesBench({
      instances: { LOG_LEVEL: 'info' },
      helperSharesFiles: true,
    });
    ({ helper, env } = bench);
    auth = (await createStaff(helper, { firstName: 'Ciara', lastName: 'Kill' })).auth;
  }, 120_000);

  afterAll(() => stopInstancesBench(bench, [IMPORT_QUEUE]));

  const db = () => helper.app.get<Database>(DATABASE);
  const worker = async () => {
    const started = await startInstance('worker', env, 90_000);
    workers.push(started);
    return started;
  };
  const status = async (id: string): Promise<ImportAnswer> => {
    const res = await helper.http.get(`/api/import/${id}`).set('Authorization', auth);
    expect(res.status).toBe(200);
    return res.body.data as ImportAnswer;
  };
  /** Rows read and records gone through so far, from the import's row. */
  const progress = async (id: string) => {
    const result = (await db().execute(
      sql`SELECT rows_done AS "rowsDone", undo_done AS "undoDone", created FROM imports WHERE id = ${id}`,
    )) as unknown as { rows: Array<{ rowsDone: number; undoDone: number; created: number }> };
    return result.rows[0];
  };

  /** Uploads and checks a file of ROWS new organizations; the check is a job of the worker. */
  const checkedFile = (prefix: string) =>
    checkedOrganizationsFile(helper, auth, {
      prefix,
      name: 'Holdings',
      rows: ROWS,
      checkWithinMs: 90_000,
    });

  async function startRun(id: string): Promise<void> {
    const run = await helper.http.post(`/api/import/${id}/run`).set('Authorization', auth);
    expect(run.status).toBe(200);
    expect(run.body.data).toMatchObject({ status: 'running', waitingForQueue: false });
  }

  /** Waits for the run (or the undo) to have gone `past` rows (records), then some more. */
  const pastRows = (id: string, past: number) =>
    waitUntil(
      `the run passes row ${past}`,
      async () => (await progress(id)).rowsDone >= past,
      120_000,
      50,
    );
  const pastRecords = (id: string, past: number) =>
    waitUntil(
      `the undo passes record ${past}`,
      async () => (await progress(id)).undoDone >= past,
      120_000,
      50,
    );

  /** SIGTERM to a worker with a job going on: how long it took to exit, and how. */
  async function stopTimed(instance: Instance) {
    const started = Date.now();
    const ended = await instance.stop('SIGTERM');
    return { ...ended, ms: Date.now() - started };
  }

  let killedTwice: string;

  it('a run whose worker is killed twice (SIGKILL) finishes by itself, every row once', async () => {
    const first = await worker();
    killedTwice = await checkedFile('KT');
    await startRun(killedTwice);

    await pastRows(killedTwice, 1_000);
    await first.kill();
    const afterFirst = (await progress(killedTwice)).rowsDone;
    expect(afterFirst).toBeLessThan(ROWS);

    // The second worker takes the job back once its lock expires (BullMQ moves it to wait) and
    // resumes after the last committed batch.
    const second = await worker();
    await pastRows(killedTwice, afterFirst + 1_000);
    await second.kill();
    const afterSecond = (await progress(killedTwice)).rowsDone;
    expect(afterSecond).toBeLessThan(ROWS);

    // The second loss makes BullMQ fail the job ("stalled more than allowable limit"): the third
    // worker's sweep finds the import running without a job and queues it again.
    const third = await worker();
    await waitUntil(
      'the run ends by itself',
      async () => ['done', 'failed'].includes((await status(killedTwice)).status),
      180_000,
      250,
    );
    const done = await status(killedTwice);
    expect(done).toMatchObject({
      status: 'done',
      rows: ROWS,
      created: ROWS,
      updated: 0,
      skipped: 0,
      failed: 0,
      failure: null,
      waitingForQueue: false,
      resumes: 1,
    });
    expect((await progress(killedTwice)).rowsDone).toBe(ROWS);
    // Every row once: no record twice, none missing, each recorded for undo once.
    expect(await liveOrganizationsWithCro(helper, 'KT')).toBe(ROWS);
    expect(await importRecordsOf(helper, killedTwice)).toBe(ROWS);
    expect(third.output.join('')).toContain('stalled more than allowable limit');
    expect(third.output.join('')).toMatch(
      /its run job had failed \(job stalled more than allowable limit\); queued again, it resumes/,
    );
    await third.stop('SIGTERM');
  }, 420_000);

  it('SIGTERM during a run: the batch in hand ends, the job is handed back within the window, the next worker goes on', async () => {
    const first = await worker();
    const id = await checkedFile('ST');
    await startRun(id);
    await pastRows(id, 1_000);
    const stopped = await stopTimed(first);
    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect(stopped.ms).toBeLessThan(WORKER_CLOSE_WINDOW_MS);
    const output = first.output.join('');
    expect(output).not.toContain('did not close within');
    expect(output).toContain(`Import ${id} handed back at a safe point`);
    // A safe point: whole batches, each with its records and progress, nothing half written.
    const at = await progress(id);
    expect(at.rowsDone % 500).toBe(0);
    expect(at.rowsDone).toBeLessThan(ROWS);
    expect(at.created).toBe(at.rowsDone);
    expect(await liveOrganizationsWithCro(helper, 'ST')).toBe(at.rowsDone);
    expect(await importRecordsOf(helper, id)).toBe(at.rowsDone);
    expect((await status(id)).status).toBe('running');
    console.log(`SIGTERM during a run: exited in ${stopped.ms} ms after row ${at.rowsDone}`);

    const next = await worker();
    await waitUntil(
      'the run ends',
      async () => (await status(id)).status !== 'running',
      180_000,
      250,
    );
    expect(await status(id)).toMatchObject({
      status: 'done',
      created: ROWS,
      failed: 0,
      resumes: 0,
    });
    expect(await liveOrganizationsWithCro(helper, 'ST')).toBe(ROWS);
    await next.stop('SIGTERM');
  }, 420_000);

  it('SIGTERM during an undo: the batch in hand ends, the job is handed back within the window, the next worker finishes it', async () => {
    const first = await worker();
    const undo = await helper.http
      .post(`/api/import/${killedTwice}/undo`)
      .set('Authorization', auth);
    expect(undo.status).toBe(200);
    expect(undo.body.data).toMatchObject({ status: 'undoing', waitingForQueue: false });
    await pastRecords(killedTwice, 1_000);
    const stopped = await stopTimed(first);
    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect(stopped.ms).toBeLessThan(WORKER_CLOSE_WINDOW_MS);
    expect(first.output.join('')).not.toContain('did not close within');
    const at = await status(killedTwice);
    expect(at.status).toBe('undoing');
    const done = at.undo?.recordsDone ?? -1;
    expect(done % 500).toBe(0);
    expect(done).toBeLessThan(ROWS);
    expect(at.undo?.deleted).toBe(done);
    expect(await liveOrganizationsWithCro(helper, 'KT')).toBe(ROWS - done);
    console.log(`SIGTERM during an undo: exited in ${stopped.ms} ms after record ${done}`);

    const next = await worker();
    await waitUntil(
      'the undo ends',
      async () => (await status(killedTwice)).status !== 'undoing',
      180_000,
      250,
    );
    expect(await status(killedTwice)).toMatchObject({
      status: 'undone',
      undo: { records: ROWS, recordsDone: ROWS, deleted: ROWS },
    });
    expect(await liveOrganizationsWithCro(helper, 'KT')).toBe(0);
    await next.stop('SIGTERM');
  }, 420_000);
});
