import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthServer } from './health-server';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [HealthService, HealthServer],
  exports: [HealthService, HealthServer],
})
export class HealthModule {}
