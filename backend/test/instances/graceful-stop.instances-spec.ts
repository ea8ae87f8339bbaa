import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { MAIL_QUEUE } from '../../src/mail/mail.queue';
import { outboxRowsTo, sleep, waitUntil } from '../support/mail';
import { createUser } from '../support/test-app';
import type { TestApp } from '../support/test-app';
import { startInstance, startInstancesBench, stopInstancesBench } from './instance-process';
import type { InstancesBench } from './instance-process';

/** The log lines an instance printed (JSON, one a line), parsed; other lines left out. */
function logLines(output: string[]): Record<string, unknown>[] {
  return output
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * Restarts that lose nothing (ADR 0136), on the built server as production runs it: SIGTERM lets an
 * API instance answer the request it is reading, refuses new connections meanwhile and exits 0; a
 * worker exits 0 too. And a request's id follows it into the job it queues, in the worker's log.
 */
describe('Stopping an instance with SIGTERM, and request ids across instances', () => {
  let bench: InstancesBench;
  let helper: TestApp;
  let env: Record<string, string>;

  beforeAll(async () => {
    // Migrates the fresh database first, and makes the accounts the tests use.
    bench = await startInstancesBench({ instances: { LOG_LEVEL: 'info' } });
    ({ helper, env } = bench);
  }, 120_000);

  afterAll(() => stopInstancesBench(bench, [MAIL_QUEUE]));

  it('an API instance answers the request in flight when SIGTERM comes, takes no new one, and exits 0', async () => {
    const api = await startInstance('api', env, 90_000);
    const body = JSON.stringify({ email: `nobody.${Date.now()}@firm.test`, password: 'x' });
    const { port } = new URL(api.url);
    // A sign-in whose body arrives slowly: half of it, then the signal, then the rest.
    const slow = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/user/signin',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      slow.on('response', (response: IncomingMessage) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      slow.on('error', reject);
    });
    slow.write(body.slice(0, 10));
    await sleep(300);
    const stopped = api.stop('SIGTERM');
    await waitUntil('the instance says it drains', () =>
      api.output.join('').includes('no new requests; answering the 1 in flight'),
    );
    // No new connection is taken meanwhile (an idle keep-alive one may still carry a request,
    // answered with "Connection: close": a proxy that sent it there cannot replay a POST).
    const connecting = new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', reject);
    });
    await expect(connecting).rejects.toThrow(/ECONNREFUSED/);
    expect(api.running).toBe(true);
    slow.end(body.slice(10));
    const answer = await answered;
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text)).toMatchObject({ ok: false, code: 'INVALID_CREDENTIALS' });
    expect(await stopped).toEqual({ code: 0, signal: null });
  });

  it('a worker stops on SIGTERM and exits 0', async () => {
    const worker = await startInstance('worker', env, 90_000);
    expect(await worker.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(worker.output.join('')).toContain('finishing the jobs in hand');
  });

  it("a request's id is on its log lines, and on those of the job it queued, in the worker", async () => {
    const user = await createUser(helper);
    // One after the other, with room: a loaded machine starts a process slowly.
    const api = await startInstance('api', env, 90_000);
    const worker = await startInstance('worker', env, 90_000);
    const requestId = `trace-${randomUUID()}`;
    const res = await fetch(`${api.url}/api/user/password/forgot`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId },
      body: JSON.stringify({ email: user.user.email }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    // Without SMTP_URL the outbox is where mails go: delivered there by the worker.
    await waitUntil('the reset mail is delivered', async () => {
      const rows = await outboxRowsTo(helper, user.user.email);
      return rows.some((row) => row.status === 'delivered');
    });
    await waitUntil('the worker logs the job', () =>
      logLines(worker.output).some((line) => line.requestId === requestId),
    );
    const apiLines = logLines(api.output).filter((line) => line.requestId === requestId);
    expect(apiLines.length).toBeGreaterThan(0);
    for (const line of apiLines) {
      expect(line).toMatchObject({ route: '/api/user/password/forgot' });
      // Never the address the request was about, nor the visitor's.
      expect(JSON.stringify(line)).not.toContain(user.user.email);
      expect(line.req).not.toHaveProperty('remoteAddress');
    }
    const jobLine = logLines(worker.output).find((line) => line.requestId === requestId);
    expect(jobLine).toMatchObject({
      job: { queue: 'mail', name: 'send' },
      msg: expect.stringMatching(/^Job mail\/send mail-[\w-]+ done in \d+ ms$/),
    });
  });
});
