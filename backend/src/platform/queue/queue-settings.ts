import { createHash } from 'node:crypto';
import type { RedisOptions } from 'bullmq';
import { runsBackgroundWork } from '../config/app-config';
import type { AppConfig } from '../config/app-config';

export const QUEUE_SETTINGS = Symbol('QUEUE_SETTINGS');
/** The producers' Redis connection: commands fail fast while Redis is down (never queue). */
export const QUEUE_REDIS = Symbol('QUEUE_REDIS');

export interface QueueSettings {
  /**
   * BullMQ key prefix, one per database: jobs name outbox rows, so a worker must never take the
   * jobs of a deployment (or a test run) whose database it cannot read.
   */
  prefix: string;
  /**
   * Workers wait for Redis instead of failing: BullMQ requires `maxRetriesPerRequest: null` for
   * their blocking connection, and an offline queue keeps a job's completion across a reconnect.
   */
  workerConnection: RedisOptions;
  /** Tests use short timings; nothing else differs between environments. */
  fast: boolean;
  /**
   * Whether this process runs the background work: the queues' workers, the cron triggers and the
   * sweeps (REGISTRA_ROLE `all` or `worker`, ADR 0109). An `api` process only enqueues.
   */
  background: boolean;
}

/** Host, port and database name: the credentials or options in the URL may change, the data not. */
function databaseIdentity(config: AppConfig): string {
  if (!config.databaseUrl) return `pglite:${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `postgres:${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

export function queueSettings(config: AppConfig): QueueSettings {
  const hash = createHash('sha256').update(databaseIdentity(config)).digest('hex').slice(0, 12);
  return {
    prefix: `registra-${hash}`,
    workerConnection: {
      url: config.redisUrl,
      maxRetriesPerRequest: null,
      connectTimeout: 2000,
      // Back within seconds of Redis returning, rather than BullMQ's default of up to 20 s.
      retryStrategy: (attempt: number) => Math.min(attempt * 500, 5000),
    },
    fast: config.nodeEnv === 'test',
    background: runsBackgroundWork(config.role),
  };
}
