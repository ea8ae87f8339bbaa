import { instanceEnv } from './instance-process';
import { TEST_SIGNUP_CODE } from '../support/test-app';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { loadConfig } from '../../src/platform/config/app-config';
import { queueSettings } from '../../src/platform/queue/queue-settings';
import { freePort } from '../support/free-port';

type Supervisor = typeof import('../../../scripts/server-supervisor.mjs', {
  with: { 'resolution-mode': 'import' },
});

const ROOT = join(__dirname, '..', '..', '..');
/** `npm start` is scripts/start.mjs: the build (done by the global setup), then this. */
const SUPERVISOR = join(ROOT, 'scripts', 'server-supervisor.mjs');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  output: string[],
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms: ${what}\n${output.join('')}`);
    }
    await sleep(100);
  }
}

/** Whether `pid` runs: not gone, and not a zombie waiting for init to reap it (Linux). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // "pid (name) S ...": the state follows the name's closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Resolves once every process holding the child's output pipes has ended (its own children too). */
function closed(child: ChildProcess): Promise<void> {
  if (child.stdout?.readableEnded && child.stderr?.readableEnded) return Promise.resolve();
  return new Promise((resolve) => child.once('close', () => resolve()));
}

describe('the supervisor: restart delays', () => {
  let supervisor: Supervisor;
  beforeAll(async () => {
    supervisor = await import(SUPERVISOR);
  });

  it.each([
    // restart, delay (ms): 1 s doubling, capped at 30 s
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [4, 8_000],
    [5, 16_000],
    [6, 30_000],
    [7, 30_000],
    [100, 30_000],
  ])('restart %i waits %i ms', (attempt, delay) => {
    expect(supervisor.restartDelay(attempt)).toBe(delay);
  });

  it.each([
    // previous restart, ms the server stayed up, next restart
    [0, 500, 1],
    [1, 3_000, 2],
    [5, 59_999, 6],
    [5, 60_000, 1],
    [9, 3_600_000, 1],
  ])('after restart %i and %i ms up, the next is restart %i', (previous, upMs, next) => {
    expect(supervisor.nextAttempt(previous, upMs)).toBe(next);
  });

  it.each([
    [134, null, 'exited with code 134'],
    [1, null, 'exited with code 1'],
    [null, 'SIGKILL', 'was killed by SIGKILL'],
  ] as const)('an exit with code %p, signal %p is told as "%s"', (code, signal, told) => {
    expect(supervisor.describeExit(code, signal)).toBe(told);
  });
});

/**
 * `npm start`'s supervisor over the built server on the embedded database (no DATABASE_URL), as a
 * firm runs it on one machine: a server killed outright (kill -9, as the kernel's out-of-memory
 * killer does) is started again by itself, and every write it answered is still there.
 */
describe('npm start supervises the server on the embedded database', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let url: string;
  const children: ChildProcess[] = [];
  /** Process groups started (a shell, its supervisor and server), ended together at the end. */
  const groups: number[] = [];
  const output: string[] = [];

  /** The server processes the supervisors started, in order, from their "Server started" lines. */
  const serverPids = () =>
    [...output.join('').matchAll(/\[supervisor\] Server started \(pid (\d+)\)/g)].map((match) =>
      Number(match[1]),
    );
  const supervisorLines = () =>
    output
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('[supervisor]'));

  const track = (child: ChildProcess) => {
    children.push(child);
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    return child;
  };

  /** The supervisor, as scripts/start.mjs runs it once the product is built. */
  const startSupervisor = (extraEnv: Record<string, string> = {}) =>
    track(
      spawn(process.execPath, [SUPERVISOR], {
        cwd: ROOT,
        env: { ...env, ...extraEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );

  /**
   * Whether the embedded database was closed: PGlite removes its postmaster.pid when it closes, and
   * a server killed outright leaves it (the next one takes it over).
   */
  const databaseClosed = () => !existsSync(join(dataDir, 'pgdata', 'postmaster.pid'));

  const healthy = async () => {
    try {
      return (await fetch(`${url}/api/health`)).status === 200;
    } catch {
      return false;
    }
  };

  /** Whether the server answers /api/health; a supervisor that has ended fails the wait at once. */
  const up = async (supervisor: ChildProcess) => {
    if (supervisor.exitCode !== null || supervisor.signalCode !== null) {
      throw new Error(`npm start ended:\n${output.join('')}`);
    }
    return healthy();
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'registra-supervised-'));
    url = `http://127.0.0.1:${await freePort()}`;
    env = instanceEnv(dataDir, {
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      LOG_LEVEL: 'warn',
      PORT: url.split(':')[2],
      REDIS_KEY_PREFIX: `test:${randomUUID()}:`,
    });
  });

  afterAll(async () => {
    // Whatever a failed test left running: the supervisors, then any server they left.
    for (const group of groups) {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // Already ended, all of it.
      }
    }
    for (const child of children) child.kill('SIGKILL');
    await Promise.all(children.map(exited));
    for (const pid of serverPids()) {
      if (running(pid)) process.kill(pid, 'SIGKILL');
    }
    await waitUntil('every server ended', () => !serverPids().some(running), 10_000, output);
    // The run's keys in the machine's Redis: its queues (named after the data folder) and counts.
    const config = loadConfig(env);
    const redis = new Redis(config.redisUrl);
    try {
      for (const prefix of [`${queueSettings(config).prefix}:`, config.redisKeyPrefix]) {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      }
    } finally {
      redis.disconnect();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a server that never comes up (a bad setting) is not restarted: npm start ends with its code', async () => {
    const supervisor = startSupervisor({ PORT: 'not-a-port' });
    expect(await exited(supervisor)).toEqual({ code: 1, signal: null });
    expect(output.join('')).toContain('Registra cannot start: PORT');
    expect(supervisorLines()).toEqual([
      expect.stringMatching(/^\[supervisor\] Server started \(pid \d+\)\.$/),
      expect.stringMatching(
        /^\[supervisor\] The server \(pid \d+\) exited with code 1 before it was up; not restarted\.$/,
      ),
    ]);
    output.length = 0;
  });

  let supervisor: ChildProcess;

  it('a server killed with SIGKILL during writes comes back by itself; no answered write is lost', async () => {
    supervisor = startSupervisor();
    await waitUntil('the server answers /api/health', () => up(supervisor), 45_000, output);

    const signup = await fetch(`${url}/api/user/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Aoife',
        lastName: 'Byrne',
        email: 'aoife@firm.test',
        password: 'correct horse battery staple',
        secretCode: TEST_SIGNUP_CODE,
      }),
    });
    expect(signup.status).toBe(200);
    const auth = `JWT ${((await signup.json()) as { token: string }).token}`;

    // Two writers creating organizations without pause; a write counts once it is answered 200.
    const answered: { id: string; name: string; server: number }[] = [];
    let writing = true;
    let next = 0;
    const writer = async () => {
      while (writing) {
        const name = `Supervised ${next++}`;
        const server = serverPids().length;
        try {
          const res = await fetch(`${url}/api/organization`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: auth },
            body: JSON.stringify({ name }),
          });
          const body = (await res.json()) as { data: { _id: string } };
          if (res.status === 200) answered.push({ id: body.data._id, name, server });
        } catch {
          // No answer: the server is down. Either way the write is not counted.
          await sleep(50);
        }
      }
    };
    const writers = [writer(), writer()];
    try {
      // Twice in a row, while the writes go on: the second restart waits twice as long.
      for (const [attempt, delay] of [
        [1, 1],
        [2, 2],
      ]) {
        const servers = serverPids();
        const victim = servers[servers.length - 1];
        await waitUntil(
          'writes answered by this server',
          () => answered.some((write) => write.server === servers.length),
          15_000,
          output,
        );
        await sleep(500);
        process.kill(victim, 'SIGKILL');
        await waitUntil('the server is gone', () => !running(victim), 10_000, output);
        expect(databaseClosed()).toBe(false);
        await waitUntil(
          'the supervisor starts the server again and it answers',
          async () => serverPids().length === servers.length + 1 && (await up(supervisor)),
          45_000,
          output,
        );
        // One line: the process, how it ended, the restart's number and its delay.
        expect(supervisorLines()).toContainEqual(
          expect.stringMatching(
            new RegExp(
              `^\\[supervisor\\] The server \\(pid ${victim}\\) was killed by SIGKILL after \\d+ s up; ` +
                `restart ${attempt} in ${delay} s\\.$`,
            ),
          ),
        );
      }
      await waitUntil(
        'writes answered by the third server',
        () => answered.some((write) => write.server === 3),
        15_000,
        output,
      );
    } finally {
      // Also when a step fails: no writer outlives the test.
      writing = false;
      await Promise.all(writers);
    }

    // Writes were answered by each of the three servers, and every one of them is there.
    expect(new Set(answered.map((write) => write.server))).toEqual(new Set([1, 2, 3]));
    const missing: string[] = [];
    for (const write of answered) {
      const res = await fetch(`${url}/api/organization/${write.id}`, {
        headers: { Authorization: auth },
      });
      const body = (await res.json()) as { data?: { name: string } };
      if (res.status !== 200 || body.data?.name !== write.name) missing.push(write.name);
    }
    expect(missing).toEqual([]);
    expect(supervisor.exitCode).toBeNull();
  }, 120_000);

  it('SIGTERM to npm start stops the server and does not restart it', async () => {
    const server = serverPids()[serverPids().length - 1];
    expect(running(server)).toBe(true);
    const linesBefore = supervisorLines().length;
    supervisor.kill('SIGTERM');
    expect(await exited(supervisor)).toEqual({ code: 0, signal: null });
    await waitUntil('the server ended', () => !running(server), 10_000, output);
    expect(await healthy()).toBe(false);
    expect(databaseClosed()).toBe(true);
    expect(supervisorLines().slice(linesBefore)).toEqual([]);
  }, 30_000);

  it('SIGTERM to npm, which ends the shell npm runs the script in, stops the server too', async () => {
    const before = serverPids().length;
    // What `npm start` runs: a shell, then node; npm passes its stop signal to the shell alone.
    // Its own process group, so that the clean-up can end all three whatever happens.
    const shell = track(
      spawn('sh', ['-c', `"${process.execPath}" "${SUPERVISOR}"`], {
        cwd: ROOT,
        env: { ...env, npm_lifecycle_event: 'start' },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      }),
    );
    groups.push(shell.pid as number);
    await waitUntil(
      'the server answers /api/health again, on the same data folder',
      async () => serverPids().length === before + 1 && (await up(shell)),
      45_000,
      output,
    );
    const server = serverPids()[before];
    const linesBefore = supervisorLines().length;
    const allEnded = closed(shell);
    shell.kill('SIGTERM');
    // The shell, the supervisor and the server have all ended: nothing holds their output.
    await allEnded;
    expect(running(server)).toBe(false);
    expect(await healthy()).toBe(false);
    expect(databaseClosed()).toBe(true);
    expect(supervisorLines().slice(linesBefore)).toEqual([]);
  }, 60_000);

  it('a supervisor killed outright takes its server with it: none is left on the data folder', async () => {
    const before = serverPids().length;
    const killed = startSupervisor();
    await waitUntil(
      'the server answers /api/health again, on the same data folder',
      async () => serverPids().length === before + 1 && (await up(killed)),
      45_000,
      output,
    );
    const server = serverPids()[before];
    killed.kill('SIGKILL');
    await exited(killed);
    await waitUntil(
      'the server ends when its supervisor is gone',
      () => !running(server),
      15_000,
      output,
    );
    expect(await healthy()).toBe(false);
    // It shut down as on SIGTERM, closing the database, rather than dying.
    expect(databaseClosed()).toBe(true);
  }, 60_000);
});
