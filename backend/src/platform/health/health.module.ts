import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthServer } from './health-server';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { Shutdown } from './shutdown';

@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController],
  providers: [HealthService, HealthServer, Shutdown],
  exports: [HealthService, HealthServer, Shutdown],
})
export class HealthModule {}
