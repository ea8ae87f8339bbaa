import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { SERVER_NODE_FLAGS } from '../../scripts/server-process';
import { freePort } from '../support/free-port';
import { startTestApp, TEST_JWT_SECRET, TEST_SIGNUP_CODE } from '../support/test-app';
import type { TestApp } from '../support/test-app';
import { BUILT_MAIN } from './built-server';

/** One process of the built server, as the image's CMD runs it in production. */
export interface Instance {
  role: string;
  /** http://127.0.0.1:<port> */
  url: string;
  /** What the process printed: shown when it fails to start. */
  output: string[];
  /** Whether the process is still running. */
  readonly running: boolean;
  /** Stops it at once, as a crash or an OOM kill would (no shutdown hook runs). */
  kill(): Promise<void>;
  /** Sends `signal` (SIGTERM: an orchestrator's stop) and resolves with how the process ended. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const live = new Set<ChildProcess>();
// Should the test process itself end early, its servers end with it.
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts the built server with `env` and resolves once its /api/health answers 200 with its role;
 * fails with the process's output when it exits first or does not answer in time. `port`: the
 * port of an instance it replaces (a proxy's upstream), else a free one.
 */
export async function startInstance(
  role: 'all' | 'api' | 'worker',
  env: Record<string, string>,
  timeoutMs = 45_000,
  port?: number,
): Promise<Instance> {
  port ??= await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, BUILT_MAIN], {
    env: { ...env, REGISTRA_ROLE: role, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const instance: Instance = {
    role,
    url: `http://127.0.0.1:${port}`,
    output,
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop(signal = 'SIGTERM') {
      child.kill(signal);
      await exited(child);
      return { code: child.exitCode, signal: child.signalCode };
    },
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!instance.running) {
      throw new Error(`The ${role} instance exited at start:\n${output.join('')}`);
    }
    try {
      const response = await fetch(`${instance.url}/api/health`);
      const body = (await response.json()) as { role?: string };
      if (response.status === 200 && body.role === role) return instance;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await instance.kill();
      throw new Error(
        `The ${role} instance did not answer within ${timeoutMs} ms:\n${output.join('')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Kills every instance still running, whatever the tests did: nothing outlives the run. */
export async function killAllInstances(): Promise<void> {
  await Promise.all(
    [...live].map((child) => {
      child.kill('SIGKILL');
      return exited(child);
    }),
  );
}

/**
 * The environment of a built server in these tests: the run's PATH and TMPDIR, the test secrets,
 * the files folder, `env` on top (the database, Redis prefix and log level each test chooses).
 */
export function instanceEnv(
  dataDir: string,
  env: Record<string, string | undefined>,
): Record<string, string> {
  const chosen = Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]);
  return {
    PATH: process.env.PATH ?? '',
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    SIGNUP_SECRET_CODE: TEST_SIGNUP_CODE,
    DATA_DIR: dataDir,
    ...Object.fromEntries(chosen),
  };
}

/** What an instances test runs its built servers on, and beside. */
export interface InstancesBench {
  /** The files folder the instances share (a shared volume in docker-compose.yml). */
  dataDir: string;
  /** The instances' environment: the run's database and a Redis prefix of the test's own. */
  env: Record<string, string>;
  /** An `api` instance in the test's process, on the same database and Redis prefix. */
  helper: TestApp;
}

/**
 * A files folder and a Redis prefix of the test's own, the instances' environment on them
 * (`instances` on top), and the helper app in the test's process (`helper` on top), which
 * migrates the fresh database before any instance starts. `helperSharesFiles`: the helper takes
 * uploads into the files folder the instances read.
 */
export async function startInstancesBench(settings: {
  instances: Record<string, string | undefined>;
  helper?: Record<string, string | undefined>;
  helperSharesFiles?: boolean;
}): Promise<InstancesBench> {
  const dataDir = mkdtempSync(join(tmpdir(), 'registra-instances-'));
  const redisKeyPrefix = `test:${randomUUID()}:`;
  const env = instanceEnv(dataDir, {
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    ...settings.instances,
  });
  try {
    const helper = await startTestApp({
      REGISTRA_ROLE: 'api',
      REDIS_KEY_PREFIX: redisKeyPrefix,
      ...(settings.helperSharesFiles ? { DATA_DIR: dataDir } : {}),
      ...settings.helper,
    });
    return { dataDir, env, helper };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Ends an instances test: every instance, the jobs left in `queues` (the prefix is the test's
 * own, but Redis outlives it), the helper and the files folder. Safe when the start failed.
 */
export async function stopInstancesBench(
  bench: InstancesBench | undefined,
  queues: string[],
): Promise<void> {
  await killAllInstances();
  if (!bench) return;
  for (const name of queues) {
    await bench.helper.app.get<Queue>(getQueueToken(name)).obliterate({ force: true });
  }
  await bench.helper.close();
  rmSync(bench.dataDir, { recursive: true, force: true });
}
