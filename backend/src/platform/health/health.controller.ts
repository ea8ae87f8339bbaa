import {
  Controller,
  Get,
  HttpStatus,
  Inject,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  HealthCheck,
  HealthCheckResult,
  HealthCheckService,
  HealthIndicatorService,
} from '@nestjs/terminus';
import type { Response } from 'express';
import Redis from 'ioredis';
import { DATABASE_HANDLE } from '../database/database.module';
import type { DatabaseHandle } from '../database/database';
import { Public } from '../http/decorators';
import { REDIS } from '../redis/redis.module';
import { apiAnyObject, apiBoolean, apiEnum, ApiFails, apiObject } from '../http/openapi';

/** `{ ok, status, details }`: ok and status say whether the database and Redis answer. */
const HEALTH = apiObject({
  ok: apiBoolean,
  status: apiEnum(['ok', 'degraded', 'down']),
  details: apiAnyObject,
});

const PING_TIMEOUT_MS = 1500;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /**
   * 200 while the database answers. Redis only carries the job queues (mail waits in the outbox
   * while it is down), so Redis down is reported as `degraded`, not as the server being down.
   */
  @Public()
  @Get()
  // The answer is the API's own envelope, not Terminus's: its description is ours.
  @HealthCheck({ swaggerDocumentation: false })
  @ApiOperation({ summary: 'Database and Redis status (public)' })
  @ApiOkResponse({ description: 'The database answers', schema: HEALTH })
  @ApiFails(503)
  async check(@Res({ passthrough: true }) response: Response) {
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
    if (!databaseUp) response.status(HttpStatus.SERVICE_UNAVAILABLE);
    return {
      ok: databaseUp,
      status: databaseUp ? (redisUp ? 'ok' : 'degraded') : 'down',
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
