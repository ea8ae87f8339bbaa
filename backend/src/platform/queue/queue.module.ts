import {
  DynamicModule,
  Global,
  Inject,
  Logger,
  MiddlewareConsumer,
  Module,
  NestModule,
  OnApplicationShutdown,
} from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import Redis from 'ioredis';
import { SessionAuthentication } from '../auth/session-authentication';
import { runsBackgroundWork } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { createRedis } from '../redis/redis.module';
import { adminOnly, QUEUE_BOARD_ROUTE } from './admin-only.middleware';
import { QueueBoard } from './queue-board';
import { QueueBoardController } from './queue-board.controller';
import { QueueMetrics, RunningWorkers } from './queue-metrics';
import { QUEUE_REDIS, QUEUE_SETTINGS, queueSettings } from './queue-settings';

/**
 * Jobs and schedules (ADR 0002, 0006): the queue settings and the producers' Redis connection,
 * `@nestjs/schedule` (cron jobs off under NODE_ENV=test, where tests trigger jobs themselves) and
 * Bull Board at /api/admin/queues for admins. Contexts register their own queues.
 *
 * The scheduler is imported only by a process that runs the background work (REGISTRA_ROLE all or
 * worker, ADR 0109): without it the `@Cron` methods (digest, reminders, housekeeping) are plain
 * methods that nothing calls, so an API instance fires none of them.
 */
/** Whether the cron triggers fire in this process: never under tests, never in an API instance. */
export const cronJobsRun = (config: Pick<AppConfig, 'nodeEnv' | 'role'>): boolean =>
  config.nodeEnv !== 'test' && runsBackgroundWork(config.role);

@Global()
@Module({})
export class QueueModule implements NestModule, OnApplicationShutdown {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: QueueModule,
      imports: runsBackgroundWork(config.role)
        ? [ScheduleModule.forRoot({ cronJobs: cronJobsRun(config) })]
        : [],
      controllers: [QueueBoardController],
      providers: [
        { provide: QUEUE_SETTINGS, useValue: queueSettings(config) },
        {
          provide: QUEUE_REDIS,
          useFactory: () => createRedis(config.redisUrl, new Logger('QueueRedis')),
        },
        { provide: QueueBoard, useValue: new QueueBoard() },
        QueueMetrics,
        RunningWorkers,
      ],
      exports: [QUEUE_SETTINGS, QUEUE_REDIS, QueueBoard, RunningWorkers],
    };
  }

  constructor(
    @Inject(QUEUE_REDIS) private readonly redis: Redis,
    private readonly board: QueueBoard,
    private readonly sessions: SessionAuthentication,
  ) {}

  /** Bull Board is Express middleware: the admin check runs in front of it (no Nest guard does). */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(adminOnly(this.sessions), this.board.router).forRoutes(QUEUE_BOARD_ROUTE);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
