import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { DATABASE } from '../../src/platform/database/database';
import type { Database } from '../../src/platform/database/database';
import { freePort } from '../support/free-port';
import { sleep, waitUntil } from '../support/mail';
import { createUser } from '../support/test-app';
import type { TestApp } from '../support/test-app';
import { startInstance, startInstancesBench, stopInstancesBench } from './instance-process';
import type { Instance, InstancesBench } from './instance-process';

/** Debian's nginx (`.ci/run` installs it); without it the proxy's restart is not tested here. */
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
const withNginx = NGINX ? describe : describe.skip;

/** Staff at work during the restart: each keeps one request in flight at a time. */
const STAFF_AT_WORK = 6;

/**
 * The compose file's proxy (deploy/nginx.conf) with its upstream on this machine's instances
 * instead of Docker's DNS, listening on `port`, its files in `dir`. Every other line, the retry
 * rule and the keep-alive connections among them, is the deployed one.
 */
function proxyConfig(dir: string, port: number, upstreams: number[]): string {
  const deployed = readFileSync(join(__dirname, '../../../deploy/nginx.conf'), 'utf8');
  const replaced: [RegExp, string][] = [
    [/^\s*resolver .*;\n/m, ''],
    [
      /^(\s*)server api:3000 resolve([^;]*);/m,
      upstreams.map((p) => `$1server 127.0.0.1:${p}$2;`).join('\n'),
    ],
    [/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`],
    [
      /^http \{\n/m,
      `http {\n    access_log off;\n` +
        ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
          .map((kind) => `    ${kind}_temp_path ${dir}/${kind};\n`)
          .join(''),
    ],
  ];
  let config = `daemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\n${deployed}`;
  for (const [pattern, replacement] of replaced) {
    // The test must fail when the deployed file changes shape, not test another proxy.
    expect(config).toMatch(pattern);
    config = config.replace(pattern, replacement);
  }
  return config;
}

/** Starts nginx on `config` in the foreground; resolves once it answers through to an instance. */
async function startProxy(dir: string, config: string, url: string): Promise<ChildProcess> {
  writeFileSync(join(dir, 'nginx.conf'), config);
  const proxy = spawn(
    NGINX!,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    { stdio: 'ignore' },
  );
  // Should the test process end early, the proxy ends with it.
  process.once('exit', () => proxy.kill('SIGKILL'));
  await waitUntil('the proxy answers', async () => {
    try {
      return (await fetch(`${url}/api/health/live`)).status === 200;
    } catch {
      return false;
    }
  });
  return proxy;
}

interface Outcome {
  /** What a person would see fail: a network error or an answer of 500 or more. */
  failures: string[];
  requests: number;
  /** The titles of the tasks created, each answered 200. */
  created: string[];
}

/**
 * One member of staff through the proxy until `working()` is false: a board column (POST
 * /api/task/search), a new task (POST /api/task), then that task (GET), over and over.
 */
async function staffAtWork(
  url: string,
  auth: string,
  name: string,
  working: () => boolean,
  outcome: Outcome,
): Promise<void> {
  const send = async (method: string, path: string, body?: unknown) => {
    outcome.requests += 1;
    try {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { Authorization: auth, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status >= 500) {
        outcome.failures.push(`${method} ${path}: ${response.status} ${text.slice(0, 80)}`);
        return undefined;
      }
      expect(response.status).toBe(200);
      return JSON.parse(text) as { data: { _id: string } };
    } catch (error) {
      outcome.failures.push(`${method} ${path}: ${(error as Error).message}`);
      return undefined;
    }
  };
  for (let n = 0; working(); n++) {
    await send('POST', '/api/task/search', { status: 'TO DO', page: 1, limit: 7 });
    const title = `${name} task ${n}`;
    const created = await send('POST', '/api/task', { title });
    if (!created) continue;
    outcome.created.push(title);
    await send('GET', `/api/task/${created.data._id}`);
  }
}

/**
 * A rolling restart behind the compose file's proxy (ADR 0136): two API instances under steady
 * traffic of reads and writes from several members of staff; each instance in turn is stopped with
 * SIGTERM, exits 0 and is started again on its port. Nobody sees a request fail, and each task
 * asked for is created once.
 */
withNginx('A rolling restart of the API instances behind the proxy', () => {
  let bench: InstancesBench;
  let helper: TestApp;
  let proxy: ChildProcess | undefined;
  let proxyDir: string | undefined;

  beforeAll(async () => {
    bench = await startInstancesBench({
      instances: { LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback' },
    });
    ({ helper } = bench);
  }, 120_000);

  afterAll(async () => {
    proxy?.kill('SIGTERM');
    await stopInstancesBench(bench, []);
    if (proxyDir) rmSync(proxyDir, { recursive: true, force: true });
  });

  it('under traffic, each API instance stopped and started in turn: no request fails, every write once', async () => {
    const { env } = bench;
    const instances: Instance[] = await Promise.all([
      startInstance('api', env, 90_000),
      startInstance('api', env, 90_000),
    ]);
    const ports = instances.map((instance) => Number(new URL(instance.url).port));
    proxyDir = mkdtempSync(join(tmpdir(), 'registra-proxy-'));
    const dir = proxyDir;
    // nginx's workers run as another user when the test runs as root.
    chmodSync(dir, 0o777);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    proxy = await startProxy(dir, proxyConfig(dir, port, ports), url);

    const staff = await Promise.all(
      Array.from({ length: STAFF_AT_WORK }, () => createUser(helper)),
    );
    const outcome: Outcome = { failures: [], requests: 0, created: [] };
    let working = true;
    const run = Date.now();
    const work = Promise.all(
      staff.map((member, i) =>
        staffAtWork(url, member.auth, `Restart ${run} staff ${i}`, () => working, outcome),
      ),
    );

    const exits: unknown[] = [];
    for (const [i, instance] of instances.entries()) {
      await sleep(1500);
      const before = outcome.requests;
      exits.push(await instance.stop('SIGTERM'));
      // The other instance answered meanwhile; this one comes back on its port.
      instances[i] = await startInstance('api', env, 90_000, ports[i]);
      expect(outcome.requests).toBeGreaterThan(before);
    }
    await sleep(1500);
    working = false;
    await work;

    expect(exits).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    // The first failures and the proxy's own account of them, read at once when this fails.
    const proxyLog = readFileSync(join(dir, 'error.log'), 'utf8')
      .split('\n')
      // A refused connection is tried again on the other instance: not a failure.
      .filter((line) => line && !line.includes('Connection refused'))
      .slice(-10);
    expect({ failed: outcome.failures.length, first: outcome.failures.slice(0, 3) }).toEqual({
      failed: 0,
      first: [],
      ...(outcome.failures.length ? { proxyLog } : {}),
    });
    expect(outcome.requests).toBeGreaterThan(100);
    // Every task asked for was created once: none lost, none written twice by a retry.
    const titles = (await helper.app
      .get<Database>(DATABASE)
      .execute(
        sql`SELECT title FROM tasks WHERE title LIKE ${`Restart ${run} staff %`}`,
      )) as unknown as { rows: { title: string }[] };
    expect(titles.rows.map((row) => row.title).sort()).toEqual([...outcome.created].sort());
  }, 180_000);
});
