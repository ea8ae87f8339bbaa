import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import {
  HealthCheckResult,
  HealthCheckService,
  HealthIndicatorResult,
  HealthIndicatorService,
} from '@nestjs/terminus';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Redis from 'ioredis';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig, ProcessRole } from '../config/app-config';
import { DATABASE_HANDLE } from '../database/database.module';
import { MIGRATIONS_FOLDER } from '../database/database';
import type { DatabaseHandle } from '../database/database';
import { RunningWorkers } from '../queue/queue-metrics';
import { REDIS } from '../redis/redis.module';
import { Shutdown } from './shutdown';

const PING_TIMEOUT_MS = 1500;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);
}

/** The answer of /api/health, whichever server (the API, or a worker's own) gives it. */
export interface HealthAnswer {
  ok: boolean;
  status: 'ok' | 'degraded' | 'down';
  /** What this process runs (REGISTRA_ROLE): an orchestrator's probe tells the instances apart. */
  role: ProcessRole;
  details: HealthIndicatorResult;
}

/** The answer of /api/health/live: the process answers, nothing else is asked. */
export interface LiveAnswer {
  ok: true;
  role: ProcessRole;
}

export type CheckState = 'up' | 'down' | 'none';

/**
 * The answer of /api/health/ready (ADR 0136): whether this instance should be sent work now.
 * Every instance needs the database answering, its migrations applied and not to be shutting
 * down; a worker also needs Redis and its queues' workers connected. An API instance reports Redis
 * without depending on it: without Redis it still serves every screen (ADR 0005).
 */
export interface ReadyAnswer {
  ok: boolean;
  role: ProcessRole;
  draining: boolean;
  checks: {
    database: CheckState;
    migrations: CheckState;
    redis: CheckState;
    /** `none`: the process runs no worker (an API instance). */
    workers: CheckState;
  };
}

/** How many migrations this build ships: the database must have applied at least these. */
function shippedMigrations(): number {
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

const settled = async (check: Promise<unknown>): Promise<CheckState> => {
  try {
    await withTimeout(check, PING_TIMEOUT_MS);
    return 'up';
  } catch {
    return 'down';
  }
};

/**
 * 200 while the database answers. Redis only carries the job queues (mail waits in the outbox
 * while it is down), so Redis down is reported as `degraded`, not as the server being down.
 */
@Injectable()
export class HealthService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly shutdown: Shutdown,
    private readonly workers: RunningWorkers,
  ) {}

  private readonly migrationsShipped = shippedMigrations();

  live(): LiveAnswer {
    return { ok: true, role: this.config.role };
  }

  async ready(): Promise<ReadyAnswer> {
    const worker = this.config.role === 'worker';
    const [database, migrations, redis, workers] = await Promise.all([
      settled(this.database.ping()),
      settled(
        this.database.appliedMigrations().then((applied) => {
          if (applied < this.migrationsShipped) throw new Error('migrations pending');
        }),
      ),
      settled(this.redis.ping()),
      this.workers.count === 0
        ? Promise.resolve<CheckState>('none')
        : settled(
            this.workers.disconnected().then((names) => {
              if (names.length > 0) throw new Error(`not connected: ${names.join(', ')}`);
            }),
          ),
    ]);
    const draining = this.shutdown.draining;
    const needed = [database, migrations, ...(worker ? [redis, workers] : [])];
    return {
      ok: !draining && needed.every((state) => state === 'up'),
      role: this.config.role,
      draining,
      checks: { database, migrations, redis, workers },
    };
  }

  async check(): Promise<HealthAnswer> {
    let result: HealthCheckResult;
    try {
      result = await this.health.check([() => this.pingDatabase(), () => this.pingRedis()]);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      result = error.getResponse() as HealthCheckResult;
    }
    const details = result.details;
    const databaseUp = details.database?.status === 'up';
    const redisUp = details.redis?.status === 'up';
    return {
      ok: databaseUp,
      status: databaseUp ? (redisUp ? 'ok' : 'degraded') : 'down',
      role: this.config.role,
      details,
    };
  }

  private async pingDatabase() {
    const indicator = this.indicators.check('database');
    try {
      await withTimeout(this.database.ping(), PING_TIMEOUT_MS);
      return indicator.up({ driver: this.database.driver });
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }

  private async pingRedis() {
    const indicator = this.indicators.check('redis');
    try {
      await withTimeout(this.redis.ping(), PING_TIMEOUT_MS);
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    }
  }
}
