import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck } from '@nestjs/terminus';
import type { Response } from 'express';
import { PROCESS_ROLES } from '../config/app-config';
import { api } from '../http/openapi';
import { HealthService } from './health.service';
import type { HealthAnswer, LiveAnswer, ReadyAnswer } from './health.service';
import { Public } from '../auth/route-access';

/** `{ ok, status, role, details }`: whether the database and Redis answer, and the instance's role. */
const HEALTH = api.object({
  ok: api.boolean,
  status: api.enum(['ok', 'degraded', 'down']),
  role: api.enum([...PROCESS_ROLES]),
  details: api.anyObject,
});

const LIVE = api.object({
  ok: { type: 'boolean', enum: [true] },
  role: api.enum([...PROCESS_ROLES]),
});

const CHECK = api.enum(['up', 'down', 'none']);
const READY = api.object({
  ok: api.boolean,
  role: api.enum([...PROCESS_ROLES]),
  draining: api.boolean,
  checks: api.object({ database: CHECK, migrations: CHECK, redis: CHECK, workers: CHECK }),
});

/** An answer that is not ok goes out as 503, for probes and load balancers that read the status. */
function withStatus<T extends { ok: boolean }>(response: Response, answer: T): T {
  if (!answer.ok) response.status(HttpStatus.SERVICE_UNAVAILABLE);
  return answer;
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** 200 while the database answers (503 when it does not); see HealthService. */
  @Public()
  @Get()
  // The answer is the API's own envelope, not Terminus's: its description is ours.
  @HealthCheck({ swaggerDocumentation: false })
  @ApiOperation({ summary: 'Database and Redis status, and the role of the instance (public)' })
  @ApiOkResponse({ description: 'The database answers', schema: HEALTH })
  @ApiResponse({ status: 503, description: 'The database does not answer', schema: HEALTH })
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthAnswer> {
    return withStatus(response, await this.health.check());
  }

  /** The orchestrator's liveness probe: the process answers; it asks nothing of anything else. */
  @Public()
  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process answers (public; asks nothing else)' })
  @ApiOkResponse({ description: 'The process answers', schema: LIVE })
  live(): LiveAnswer {
    return this.health.live();
  }

  /** The orchestrator's readiness probe (ADR 0136); see HealthService.ready. */
  @Public()
  @Get('ready')
  @ApiOperation({
    summary:
      'Readiness: the database answers and is migrated, the instance is not shutting down; a worker also needs Redis and its queues connected (public)',
  })
  @ApiOkResponse({ description: 'Ready to take work', schema: READY })
  @ApiResponse({ status: 503, description: 'Not ready: `checks` says what is down', schema: READY })
  async ready(@Res({ passthrough: true }) response: Response): Promise<ReadyAnswer> {
    return withStatus(response, await this.health.ready());
  }
}
