import { Global, Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { Metrics } from './metrics';
import { ScheduledRuns } from './scheduled-runs';

/**
 * The process's metrics (ADR 0135): the registry every context and the platform add to, GET
 * /api/metrics behind METRICS_TOKEN (a worker answers it from its health server), and the record
 * of the scheduled jobs' last successes.
 */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [Metrics, ScheduledRuns],
  exports: [Metrics, ScheduledRuns],
})
export class MetricsModule {}
