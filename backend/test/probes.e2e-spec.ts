import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorker } from '../src/app.factory';
import { Shutdown } from '../src/platform/health/shutdown';
import { freePort } from './support/free-port';
import { waitUntil } from './support/mail';
import { startTestApp, testConfig } from './support/test-app';
import type { TestApp } from './support/test-app';

const TOKEN = `metrics-${randomUUID()}`;

/** A worker instance (REGISTRA_ROLE=worker) on the run's database and `redisUrl`. */
async function startWorker(redisUrl?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'registra-probes-'));
  const config = testConfig(dataDir, {
    REGISTRA_ROLE: 'worker',
    METRICS_TOKEN: TOKEN,
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  const worker = await createWorker(config, 0, '127.0.0.1');
  const base = worker.healthUrl.replace(/\/api\/health$/, '');
  return {
    ...worker,
    get: (path: string, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { headers }),
    async close() {
      await worker.context.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An address where no Redis answers. */
const noRedis = async () => `redis://127.0.0.1:${await freePort()}`;

describe('/api/health/live and /api/health/ready (ADR 0136)', () => {
  describe('an instance serving HTTP and running the work (all)', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('is live and, once its workers are connected, ready: every check up', async () => {
      const live = await t.http.get('/api/health/live');
      expect(live.status).toBe(200);
      expect(live.body).toEqual({ ok: true, role: 'all' });
      await waitUntil('the instance is ready', async () => {
        return (await t.http.get('/api/health/ready')).status === 200;
      });
      const ready = await t.http.get('/api/health/ready');
      expect(ready.body).toEqual({
        ok: true,
        role: 'all',
        draining: false,
        checks: { database: 'up', migrations: 'up', redis: 'up', workers: 'up' },
      });
      // The older answer is as it was.
      expect((await t.http.get('/api/health')).body).toMatchObject({ ok: true, status: 'ok' });
    });

    it('once it is stopping: not ready (503, draining), still live', async () => {
      t.app.get(Shutdown).begin();
      const ready = await t.http.get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ ok: false, draining: true });
      expect((await t.http.get('/api/health/live')).status).toBe(200);
    });
  });

  describe('an API instance without Redis', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await startTestApp({ REGISTRA_ROLE: 'api', REDIS_URL: await noRedis() });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('stays ready (it serves every screen, ADR 0005) and says Redis is down', async () => {
      const ready = await t.http.get('/api/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({
        ok: true,
        role: 'api',
        draining: false,
        checks: { database: 'up', migrations: 'up', redis: 'down', workers: 'none' },
      });
    });
  });

  describe('a worker instance', () => {
    let worker: Awaited<ReturnType<typeof startWorker>>;

    beforeAll(async () => {
      worker = await startWorker();
    });
    afterAll(async () => {
      await worker?.close();
    });

    it('answers the probes from its own server: live, and ready once its queues are connected', async () => {
      const live = await worker.get('/api/health/live');
      expect([live.status, await live.json()]).toEqual([200, { ok: true, role: 'worker' }]);
      await waitUntil(
        'the worker is ready',
        async () => (await worker.get('/api/health/ready')).status === 200,
      );
      expect(await (await worker.get('/api/health/ready')).json()).toEqual({
        ok: true,
        role: 'worker',
        draining: false,
        checks: { database: 'up', migrations: 'up', redis: 'up', workers: 'up' },
      });
      expect((await worker.get('/api/health')).status).toBe(200);
      expect((await worker.get('/api/organization')).status).toBe(404);
    });

    it('answers its metrics with the token only, those of its work and none of HTTP', async () => {
      const refused = await worker.get('/api/metrics', { Authorization: 'Bearer wrong' });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
      expect((await worker.get('/api/metrics')).status).toBe(401);
      const res = await worker.get('/api/metrics', { Authorization: `Bearer ${TOKEN}` });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = await res.text();
      expect(text).toContain('registra_instance_info{role="worker"} 1');
      expect(text).toContain('registra_queue_jobs{queue="mail",state="waiting"}');
      expect(text).toContain('registra_mail_total{result="failed"} 0');
      expect(text).toContain(
        'registra_queue_jobs_finished_total{queue="import",result="completed"}',
      );
      expect(text).not.toContain('http_request_duration_seconds');
    });
  });

  describe('a worker instance without Redis', () => {
    let worker: Awaited<ReturnType<typeof startWorker>>;

    beforeAll(async () => {
      worker = await startWorker(await noRedis());
    });
    afterAll(async () => {
      await worker?.close();
    });

    it('is live but not ready: it can take no job', async () => {
      expect((await worker.get('/api/health/live')).status).toBe(200);
      const ready = await worker.get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({
        ok: false,
        role: 'worker',
        checks: { database: 'up', migrations: 'up', redis: 'down', workers: 'down' },
      });
    });
  });
});
