import { Writable } from 'node:stream';
import pino from 'pino';
import { storage, Store } from 'nestjs-pino/storage';
import { currentRequestId, runInJobContext, withRequestId } from './request-context';
import { requestLogBindings } from './logging.module';

/** A pino logger whose lines are kept, parsed. */
function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ base: undefined }, sink), lines };
}

/** What a request's log context holds, as pino-http and logging.module.ts bind it. */
const inRequest = <T>(logger: pino.Logger, requestId: string, run: () => T): T =>
  storage.run(new Store(logger.child({ req: { id: requestId }, requestId })), run);

const job = (data: object) => ({ data, id: 'mail-42', name: 'send', queueName: 'mail' });

describe('the request id, from a request into the jobs it queues', () => {
  it('is bound to every line of a request, with its route once routed', () => {
    const request = { id: 'req-1', headers: {} } as unknown as Parameters<
      typeof requestLogBindings
    >[0];
    expect(requestLogBindings(request)).toEqual({ requestId: 'req-1' });
    Object.assign(request, { route: { path: '/api/organization/:id' } });
    expect(requestLogBindings(request)).toEqual({
      requestId: 'req-1',
      route: '/api/organization/:id',
    });
  });

  it('goes into the data of a job queued during the request, and nowhere else', () => {
    const { logger } = recordingLogger();
    expect(inRequest(logger, 'req-1', () => withRequestId({ mailId: 'm1' }))).toEqual({
      mailId: 'm1',
      requestId: 'req-1',
    });
    // A cron or the sweeper: no request, nothing added.
    expect(currentRequestId()).toBeUndefined();
    expect(withRequestId({ mailId: 'm1' })).toEqual({ mailId: 'm1' });
  });

  it("is on every line of the job, with the job's queue, id and name, and carried on to what it queues", async () => {
    const { logger, lines } = recordingLogger();
    const queuedData = inRequest(logger, 'req-7', () => withRequestId({ userId: 'u1' }));
    const next = await runInJobContext(logger, job(queuedData), async () => {
      storage.getStore()?.logger.info('building the digest');
      await new Promise((resolve) => setTimeout(resolve, 5));
      storage.getStore()?.logger.warn('still the same job after a wait');
      return withRequestId({ mailId: 'm2' });
    });
    expect(lines.map(({ msg, requestId, job }) => ({ msg, requestId, job }))).toEqual([
      {
        msg: 'building the digest',
        requestId: 'req-7',
        job: { queue: 'mail', id: 'mail-42', name: 'send' },
      },
      {
        msg: 'still the same job after a wait',
        requestId: 'req-7',
        job: { queue: 'mail', id: 'mail-42', name: 'send' },
      },
    ]);
    expect(next).toEqual({ mailId: 'm2', requestId: 'req-7' });
  });

  it('a job nobody asked for (a cron) logs with its job and no request id', async () => {
    const { logger, lines } = recordingLogger();
    await runInJobContext(logger, job({ date: '2026-12-01' }), async () => {
      storage.getStore()?.logger.info('reminders');
    });
    expect(lines[0]).toMatchObject({ msg: 'reminders', job: { id: 'mail-42' } });
    expect(lines[0]).not.toHaveProperty('requestId');
  });
});
