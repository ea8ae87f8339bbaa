import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FollowUpReminders } from '../src/follow-ups/follow-up-reminders';
import { HousekeepingService } from '../src/platform/housekeeping/housekeeping.service';
import { RetentionJob } from '../src/privacy/retention-job';
import { freePort } from './support/free-port';
import { organizationWithMail, outboxRows, paymentReminder, waitUntil } from './support/mail';
import { startSmtpReceiver } from './support/smtp-receiver';
import type { SmtpReceiver } from './support/smtp-receiver';
import { createStaff, startTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

const TOKEN = `metrics-${randomUUID()}`;

/** Debian's Prometheus (`.ci/run` installs it for promtool): where it is, it scrapes the app. */
const PROMETHEUS = ['/usr/bin/prometheus'].find((path) => existsSync(path));

/** One sample of the text format: `name{label="value",...} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * A small reader of Prometheus' text exposition format 0.0.4: every line is a comment (`# HELP`,
 * `# TYPE`) or a sample; a line that is neither fails the test.
 */
function parseMetrics(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1], type[2]);
      continue;
    }
    if (/^# HELP \S+ /.test(line)) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`Not a line of the text format: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (sample[2] ?? '').matchAll(
      /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g,
    )) {
      labels[key] = value.replace(/\\"/g, '"').replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
    }
    // Prometheus reads NaN in any case (prom-client writes "Nan").
    const nan = /^nan$/i.test(sample[3]);
    const value = nan ? Number.NaN : Number(sample[3]);
    if (!nan && !Number.isFinite(value) && !/^[+-]Inf$/.test(sample[3])) {
      throw new Error(`Not a sample value: ${line}`);
    }
    samples.push({ name: sample[1], labels, value });
  }
  return { samples, types };
}

describe('GET /api/metrics (ADR 0135)', () => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  let staff: Awaited<ReturnType<typeof createStaff>>;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp({ SMTP_URL: smtp.url, METRICS_TOKEN: TOKEN });
    staff = await createStaff(t);
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const scrape = async () => {
    const res = await t.http.get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    return parseMetrics(res.text);
  };

  /** The one sample of `name` whose labels include `labels` (0 when there is none). */
  const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) => {
    const found = samples.filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    );
    if (found.length > 1) throw new Error(`${found.length} samples of ${name} match`);
    return found[0]?.value ?? 0;
  };

  it.each([
    ['no Authorization', undefined],
    ['a wrong token', 'Bearer not-the-token'],
    ['the token without "Bearer"', TOKEN],
    ["a member of staff's session", 'JWT'],
  ])('answers 401 with %s', async (_label, authorization) => {
    let request = t.http.get('/api/metrics');
    if (authorization === 'JWT') request = request.set('Authorization', staff.auth);
    else if (authorization) request = request.set('Authorization', authorization);
    const res = await request;
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(res.text).not.toContain('registra_');
  });

  it('carries every named metric with its labels, in the text format', async () => {
    // One request of each class first, so that the histogram has samples.
    await t.http.get('/api/health/live');
    const { samples, types } = await scrape();
    expect(
      Object.fromEntries(
        [
          'http_request_duration_seconds',
          'http_requests_in_flight',
          'registra_queue_jobs',
          'registra_queue_oldest_waiting_seconds',
          'registra_queue_jobs_finished_total',
          'registra_outbox_unsent',
          'registra_outbox_oldest_unsent_seconds',
          'registra_mail_total',
          'registra_scheduled_job_last_success_timestamp_seconds',
          'registra_import_jobs_running',
          'registra_db_pool_connections',
          'registra_db_pool_waiting',
          'registra_instance_info',
          'process_cpu_seconds_total',
          'nodejs_eventloop_lag_seconds',
        ].map((name) => [name, types.get(name)]),
      ),
    ).toEqual({
      http_request_duration_seconds: 'histogram',
      http_requests_in_flight: 'gauge',
      registra_queue_jobs: 'gauge',
      registra_queue_oldest_waiting_seconds: 'gauge',
      registra_queue_jobs_finished_total: 'counter',
      registra_outbox_unsent: 'gauge',
      registra_outbox_oldest_unsent_seconds: 'gauge',
      registra_mail_total: 'counter',
      registra_scheduled_job_last_success_timestamp_seconds: 'gauge',
      registra_import_jobs_running: 'gauge',
      registra_db_pool_connections: 'gauge',
      registra_db_pool_waiting: 'gauge',
      registra_instance_info: 'gauge',
      process_cpu_seconds_total: 'counter',
      nodejs_eventloop_lag_seconds: 'gauge',
    });

    const labelsOf = (name: string) =>
      samples.filter((sample) => sample.name === name).map((sample) => sample.labels);
    expect(labelsOf('http_request_duration_seconds_count')).toContainEqual({
      route: '/api/health/live',
      method: 'GET',
      status_class: '2xx',
    });
    for (const queue of ['mail', 'follow-ups', 'import']) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        expect(labelsOf('registra_queue_jobs')).toContainEqual({ queue, state });
      }
      expect(labelsOf('registra_queue_oldest_waiting_seconds')).toContainEqual({ queue });
      for (const result of ['completed', 'retried', 'failed']) {
        expect(labelsOf('registra_queue_jobs_finished_total')).toContainEqual({ queue, result });
      }
    }
    expect(labelsOf('registra_mail_total')).toEqual([
      { result: 'delivered' },
      { result: 'retried' },
      { result: 'failed' },
    ]);
    expect(labelsOf('registra_outbox_unsent')).toEqual([{}]);
    expect(labelsOf('registra_outbox_oldest_unsent_seconds')).toEqual([{}]);
    // Each scheduled job has a time from the first start of a process that runs the schedules.
    expect(
      labelsOf('registra_scheduled_job_last_success_timestamp_seconds')
        .map((labels) => labels.job)
        .sort(),
    ).toEqual([
      'annual-return-starts',
      'deadline-reminders',
      'digest',
      'housekeeping',
      'retention',
    ]);
    expect(labelsOf('registra_import_jobs_running')).toEqual([
      { phase: 'check' },
      { phase: 'run' },
      { phase: 'undo' },
    ]);
    expect(labelsOf('registra_instance_info')).toEqual([{ role: 'all' }]);
    expect(valueOf(samples, 'registra_db_pool_connections', { state: 'max' })).toBe(10);
  });

  (PROMETHEUS ? it : it.skip)(
    'is scraped by a real Prometheus with the token, and refused to one without it',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'registra-prometheus-'));
      const tokenFile = join(dir, 'metrics-token');
      writeFileSync(tokenFile, TOKEN);
      const target = new URL(t.url).host;
      // The deployed scrape (deploy/prometheus/prometheus.yml) on this test's app instead of
      // Docker's DNS: the metrics path and the bearer token read from a file.
      const job = (name: string, authorization: string[]) => [
        `  - job_name: ${name}`,
        '    metrics_path: /api/metrics',
        ...authorization,
        '    static_configs:',
        `      - targets: ['${target}']`,
      ];
      writeFileSync(
        join(dir, 'prometheus.yml'),
        [
          'global:',
          '  scrape_interval: 1s',
          'scrape_configs:',
          ...job('registra', ['    authorization:', `      credentials_file: ${tokenFile}`]),
          ...job('registra-without-token', []),
        ].join('\n'),
      );
      const port = await freePort();
      const prometheus = spawn(
        PROMETHEUS!,
        [
          `--config.file=${join(dir, 'prometheus.yml')}`,
          `--storage.tsdb.path=${join(dir, 'data')}`,
          `--web.listen-address=127.0.0.1:${port}`,
        ],
        { stdio: 'ignore' },
      );
      /** Prometheus' answer to an instant query: each series' labels and value. */
      const query = async (expression: string) => {
        const response = await fetch(
          `http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(expression)}`,
        );
        const body = (await response.json()) as {
          data: { result: { metric: Record<string, string>; value: [number, string] }[] };
        };
        return body.data.result;
      };
      const up = async (name: string) => {
        try {
          return (await query(`up{job="${name}"}`))[0]?.value[1];
        } catch {
          return undefined; // Not answering yet.
        }
      };
      try {
        await waitUntil(
          'Prometheus scraped both jobs',
          async () => Boolean((await up('registra')) && (await up('registra-without-token'))),
          30_000,
          250,
        );
        expect(await up('registra')).toBe('1');
        expect(await up('registra-without-token')).toBe('0');
        // What dashboards and alerts read, as Prometheus stored it.
        for (const [name, labels] of [
          ['registra_outbox_unsent', {}],
          ['registra_queue_jobs', { queue: 'mail', state: 'waiting' }],
          ['registra_instance_info', { role: 'all' }],
          ['http_requests_in_flight', {}],
        ] as const) {
          const series = await query(name);
          const stored = series.some(
            ({ metric }) =>
              metric.job === 'registra' &&
              Object.entries(labels).every(([key, value]) => metric[key] === value),
          );
          expect([name, labels, stored]).toEqual([name, labels, true]);
        }
      } finally {
        prometheus.kill('SIGTERM');
        await once(prometheus, 'exit');
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it('times each request under its route template, never its address', async () => {
    const route = '/api/organization/:id';
    const missing = randomUUID();
    const before = valueOf((await scrape()).samples, 'http_request_duration_seconds_count', {
      route,
      method: 'GET',
      status_class: '4xx',
    });
    const res = await t.http.get(`/api/organization/${missing}`).set('Authorization', staff.auth);
    expect(res.status).toBe(404);
    const res2 = await t.http.get(`/api/organization/${missing}`);
    expect(res2.status).toBe(401);
    const { samples } = await scrape();
    expect(
      valueOf(samples, 'http_request_duration_seconds_count', {
        route,
        method: 'GET',
        status_class: '4xx',
      }),
    ).toBe(before + 2);
    // Neither the id nor anything of the address is a label.
    const text = JSON.stringify(samples);
    expect(text).not.toContain(missing);
    expect(text).not.toContain(staff.user.email);
    // An address no route answers is grouped, whatever it is.
    await t.http.get(`/api/nowhere/${missing}`).set('Authorization', staff.auth);
    const after = (await scrape()).samples;
    expect(
      valueOf(after, 'http_request_duration_seconds_count', {
        route: 'unmatched',
        method: 'GET',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(after)).not.toContain(missing);
  });

  it('a mail that keeps failing: retried then failed totals grow, the outbox gauges show it meanwhile', async () => {
    const to = `refused.${Date.now()}@client.test`;
    await organizationWithMail(t, staff.auth, to);
    const before = (await scrape()).samples;
    const retriedBefore = valueOf(before, 'registra_mail_total', { result: 'retried' });
    const failedBefore = valueOf(before, 'registra_mail_total', { result: 'failed' });
    const jobsFailedBefore = valueOf(before, 'registra_queue_jobs_finished_total', {
      queue: 'mail',
      result: 'failed',
    });
    // "Try later" at every attempt: the mail waits in the outbox between attempts, then fails.
    smtp.policy = (address) =>
      address === to ? { code: 451, message: 'Greylisted, try later' } : null;
    try {
      const sent = await t.http
        .post('/api/organization/send')
        .set('Authorization', staff.auth)
        .send(paymentReminder(to));
      expect(sent.status).toBe(200);
      const id = sent.body.data._id as string;
      const [row] = await outboxRows(t, [id]);

      // While it waits for its next attempt it is unsent, and the oldest unsent is at least as old.
      let seen = false;
      await waitUntil(
        'the mail is seen waiting in the outbox between attempts',
        async () => {
          const { samples } = await scrape();
          const [now] = await outboxRows(t, [id]);
          if (now.status === 'failed')
            throw new Error('the mail failed before it was seen waiting');
          const age = (Date.now() - row.createdAt.getTime()) / 1000;
          seen =
            now.status === 'queued' &&
            now.attempts >= 1 &&
            valueOf(samples, 'registra_mail_total', { result: 'retried' }) > retriedBefore &&
            valueOf(samples, 'registra_outbox_unsent') >= 1 &&
            valueOf(samples, 'registra_outbox_oldest_unsent_seconds') >= age - 0.5;
          return seen;
        },
        10_000,
        50,
      );
      expect(seen).toBe(true);

      await waitUntil('the mail has failed for good', async () => {
        const [now] = await outboxRows(t, [id]);
        return now.status === 'failed';
      });
      await waitUntil('the failure is counted', async () => {
        const { samples } = await scrape();
        return valueOf(samples, 'registra_mail_total', { result: 'failed' }) > failedBefore;
      });
      const after = (await scrape()).samples;
      expect(valueOf(after, 'registra_mail_total', { result: 'failed' })).toBe(failedBefore + 1);
      expect(valueOf(after, 'registra_mail_total', { result: 'retried' })).toBe(retriedBefore + 4);
      expect(
        valueOf(after, 'registra_queue_jobs_finished_total', { queue: 'mail', result: 'failed' }),
      ).toBe(jobsFailedBefore + 1);
    } finally {
      smtp.policy = () => null;
    }
  });

  it.each([
    ['deadline-reminders', (t: TestApp) => t.app.get(FollowUpReminders).enqueue('2001-02-03')],
    [
      'annual-return-starts',
      (t: TestApp) => t.app.get(FollowUpReminders).enqueue('2001-02-03', 'annual-return-starts'),
    ],
    [
      'housekeeping',
      async (t: TestApp) => void (await t.app.get(HousekeepingService).runOnce('2001-02-03')),
    ],
    ['retention', async (t: TestApp) => void (await t.app.get(RetentionJob).runOnce('2001-02-03'))],
  ])('a %s run that succeeds sets its time', async (job, run) => {
    const started = Math.floor(Date.now() / 1000);
    await run(t);
    await waitUntil(`${job} is recorded`, async () => {
      const { samples } = await scrape();
      const at = valueOf(samples, 'registra_scheduled_job_last_success_timestamp_seconds', {
        job,
      });
      return at >= started && at <= Date.now() / 1000 + 1;
    });
  });
});

describe('GET /api/metrics without METRICS_TOKEN', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN: undefined });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('is off: 404, whatever the token', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      let request = t.http.get('/api/metrics');
      if (authorization) request = request.set('Authorization', authorization);
      const res = await request;
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    }
  });
});
