import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import {
  HealthCheckResult,
  HealthCheckService,
  HealthIndicatorResult,
  HealthIndicatorService,
} from '@nestjs/terminus';
import Redis from 'ioredis';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig, ProcessRole } from '../config/app-config';
import { DATABASE_HANDLE } from '../database/database.module';
import type { DatabaseHandle } from '../database/database';
import { REDIS } from '../redis/redis.module';

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
  ) {}

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
