import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Queue } from 'bullmq';
import { createApp, createWorker } from '../src/app.factory';
import { FOLLOW_UP_QUEUE } from '../src/follow-ups/follow-up-reminders';
import { IMPORT_QUEUE } from '../src/import/import.queue';
import { MAIL_QUEUE } from '../src/mail/mail.queue';
import type { AppConfig } from '../src/platform/config/app-config';
import { cronJobsRun } from '../src/platform/queue/queue.module';
import { sleep, waitUntil } from './support/mail';
import { startTestApp, testConfig } from './support/test-app';

const QUEUES = [MAIL_QUEUE, IMPORT_QUEUE, FOLLOW_UP_QUEUE];

const ONE_EACH = { [MAIL_QUEUE]: 1, [IMPORT_QUEUE]: 1, [FOLLOW_UP_QUEUE]: 1 };

/** How many BullMQ workers take each queue's jobs, whichever process runs them. */
async function workersPerQueue(app: INestApplicationContext): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of QUEUES) {
    counts[name] = (await app.get<Queue>(getQueueToken(name)).getWorkers()).length;
  }
  return counts;
}

/** Whether @nestjs/schedule is part of the application (a failed `app.get` would end the process). */
const isEqual = (a: Record<string, number>, b: Record<string, number>) =>
  JSON.stringify(a) === JSON.stringify(b);

const hasScheduler = (app: INestApplicationContext) =>
  [...app.get(ModulesContainer).values()].some((module) => module.providers.has(SchedulerRegistry));

/** REGISTRA_ROLE (ADR 0109): what each role starts, in one process at a time. */
describe('REGISTRA_ROLE', () => {
  it.each([
    // NODE_ENV, REGISTRA_ROLE, the cron triggers fire
    ['production', 'all', true],
    ['production', 'worker', true],
    ['production', 'api', false],
    ['development', 'all', true],
    ['development', 'api', false],
    ['test', 'all', false],
    ['test', 'worker', false],
  ] as const)('NODE_ENV=%s, REGISTRA_ROLE=%s: cron triggers %j', (nodeEnv, role, fire) => {
    expect(cronJobsRun({ nodeEnv, role })).toBe(fire);
  });

  it('api: serves HTTP, answers its role, enqueues, and runs no worker and no scheduler', async () => {
    const t = await startTestApp({ REGISTRA_ROLE: 'api' });
    try {
      const health = await t.http.get('/api/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ ok: true, status: 'ok', role: 'api' });
      // Long enough for a worker, were one started, to have connected and named itself.
      await sleep(1_000);
      expect(await workersPerQueue(t.app)).toEqual({
        [MAIL_QUEUE]: 0,
        [IMPORT_QUEUE]: 0,
        [FOLLOW_UP_QUEUE]: 0,
      });
      expect(hasScheduler(t.app)).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('all (the default): serves HTTP and runs a worker on every queue', async () => {
    const t = await startTestApp();
    try {
      expect((await t.http.get('/api/health')).body.role).toBe('all');
      // A worker names its Redis connection once connected: a moment after the start.
      await waitUntil('a worker on every queue', async () =>
        isEqual(await workersPerQueue(t.app), ONE_EACH),
      );
      expect(hasScheduler(t.app)).toBe(true);
    } finally {
      await t.close();
    }
  });

  describe('worker', () => {
    let dataDir: string;
    let config: AppConfig;
    let worker: Awaited<ReturnType<typeof createWorker>>;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'registra-worker-'));
      config = testConfig(dataDir, { REGISTRA_ROLE: 'worker' });
      worker = await createWorker(config, 0, '127.0.0.1');
    });
    afterAll(async () => {
      await worker?.context.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('runs a worker on every queue and the scheduler', async () => {
      await waitUntil('a worker on every queue', async () =>
        isEqual(await workersPerQueue(worker.context), ONE_EACH),
      );
      expect(hasScheduler(worker.context)).toBe(true);
    });

    it('answers GET and HEAD /api/health with its role, like the API', async () => {
      const res = await fetch(worker.healthUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toEqual({
        ok: true,
        status: 'ok',
        role: 'worker',
        details: {
          database: { status: 'up', driver: 'pg' },
          redis: { status: 'up' },
        },
      });
      const head = await fetch(worker.healthUrl, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      expect((await fetch(`${worker.healthUrl}?probe=1`)).status).toBe(200);
    });

    it.each([
      ['POST', '/api/health'],
      ['GET', '/api/user/signin_token'],
      ['POST', '/api/user/signin'],
      ['GET', '/api/docs'],
      ['GET', '/'],
    ])('refuses %s %s with 404: it serves no API and no web client', async (method, path) => {
      const res = await fetch(new URL(path, worker.healthUrl), { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        ok: false,
        code: 'NOT_FOUND',
        message:
          'A worker instance answers only GET /api/health, /api/health/live, /api/health/ready, /api/metrics',
      });
    });

    it('cannot be started as an HTTP server', async () => {
      await expect(createApp(config)).rejects.toThrow(
        'REGISTRA_ROLE=worker serves no API: a worker instance starts with createWorker',
      );
    });
  });
});
