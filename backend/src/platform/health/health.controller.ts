import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck } from '@nestjs/terminus';
import type { Response } from 'express';
import { Public } from '../http/decorators';
import { HealthAnswer, HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** 200 while the database answers (503 when it does not); see HealthService. */
  @Public()
  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'Database and Redis status, and the role of the instance (public)' })
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthAnswer> {
    const answer = await this.health.check();
    if (!answer.ok) response.status(HttpStatus.SERVICE_UNAVAILABLE);
    return answer;
  }
}
