import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../auth/route-access';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { ApiFails } from '../http/openapi';
import { Metrics } from './metrics';
import { metricsAccess } from './metrics-access';

@ApiTags('operations')
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Public to the session guard: Prometheus has no session. The METRICS_TOKEN bearer token is its
   * credential, checked here (metrics-access.ts).
   */
  @Public()
  @Get()
  @ApiProduces('text/plain')
  @ApiOperation({
    summary:
      "This instance's metrics in Prometheus' text format (Authorization: Bearer <METRICS_TOKEN>); 404 when METRICS_TOKEN is not set",
  })
  @ApiOkResponse({
    description: "Prometheus' text exposition format 0.0.4 (docs/operations.md lists the metrics)",
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  @ApiFails(401, 404)
  async scrape(@Req() request: Request, @Res() response: Response): Promise<void> {
    const access = metricsAccess(this.config.metricsToken, request.headers.authorization);
    if (!access.granted) {
      response.status(access.status).set(access.headers).json(access.body);
      return;
    }
    const text = await this.metrics.scrape();
    // Written as it is: Express's send() would reorder the type's parameters.
    response.status(200);
    response.setHeader('Content-Type', this.metrics.contentType);
    response.setHeader('Cache-Control', 'no-store');
    response.end(text);
  }
}
