import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Logger, Module } from '@nestjs/common';
import type { Queue } from 'bullmq';
import Redis from 'ioredis';
import { MailModule } from '../mail/mail.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { QUEUE_REDIS, QUEUE_SETTINGS } from '../platform/queue/queue-settings';
import type { QueueSettings } from '../platform/queue/queue-settings';
import { throttledErrorLog } from '../platform/queue/queue-worker';
import { SettingsModule } from '../settings/settings.module';
import { UsersModule } from '../users/users.module';
import { AnnualReturnStarter } from './annual-return-starter';
import { FollowUpReminders, FOLLOW_UP_QUEUE } from './follow-up-reminders';
import { FollowUpsController } from './follow-ups.controller';
import { FollowUpsRepository } from './follow-ups.repository';
import { FollowUpsService } from './follow-ups.service';

/**
 * Follow-ups: the catalogue's processes on organizations, their list, the daily
 * digest's deadlines and the once-only reminder when a deadline passes.
 */
@Module({
  imports: [
    BullModule.registerQueueAsync({
      name: FOLLOW_UP_QUEUE,
      inject: [QUEUE_REDIS, QUEUE_SETTINGS],
      useFactory: (redis: Redis, settings: QueueSettings) => ({
        connection: redis,
        prefix: settings.prefix,
      }),
      extraProviders: [
        {
          provide: 'FOLLOW_UP_QUEUE_ERROR_LOG',
          inject: [getQueueToken(FOLLOW_UP_QUEUE)],
          useFactory: (queue: Queue) =>
            queue.on(
              'error',
              throttledErrorLog(new Logger('FollowUpQueue'), 'Follow-up queue error'),
            ),
        },
      ],
    }),
    OrganizationsModule,
    UsersModule,
    MailModule,
    SettingsModule,
  ],
  controllers: [FollowUpsController],
  providers: [FollowUpsRepository, FollowUpsService, FollowUpReminders, AnnualReturnStarter],
  exports: [FollowUpsService, AnnualReturnStarter],
})
export class FollowUpsModule {}
