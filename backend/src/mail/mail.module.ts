import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Logger, Module } from '@nestjs/common';
import type { Queue } from 'bullmq';
import Redis from 'ioredis';
import { OrganizationsModule } from '../organizations/organizations.module';
import { QUEUE_REDIS, QUEUE_SETTINGS } from '../platform/queue/queue-settings';
import type { QueueSettings } from '../platform/queue/queue-settings';
import { throttledErrorLog } from '../platform/queue/queue-worker';
import { UsersModule } from '../users/users.module';
import { MailDeliveryService } from './mail-delivery.service';
import { MailDigestService } from './mail-digest.service';
import { MailSweeper } from './mail-sweeper';
import { MailTemplates } from './mail-templates';
import { MailTransport } from './mail-transport';
import { MailActivityController, MailController } from './mail.controller';
import { MAIL_QUEUE, MailQueue } from './mail.queue';
import { MailRepository } from './mail.repository';
import { MailService } from './mail.service';
import { MAIL_SETTINGS, mailSettings } from './mail.settings';
import { MailWorker } from './mail.worker';

/**
 * Mail (ADR 0006): the outbox, the `mail` queue and its worker, the sweeper, the
 * templates, the daily digest and the e-mail history. Other contexts call `MailService.queue`.
 */
@Module({
  imports: [
    BullModule.registerQueueAsync({
      name: MAIL_QUEUE,
      inject: [QUEUE_REDIS, QUEUE_SETTINGS],
      // The producer's own fail-fast connection (shared, so BullMQ does not close it).
      useFactory: (redis: Redis, settings: QueueSettings) => ({
        connection: redis,
        prefix: settings.prefix,
      }),
      // Listens as soon as the queue exists: an `error` event with no listener would reach
      // BullMQ's console.error fallback instead of the log.
      extraProviders: [
        {
          provide: 'MAIL_QUEUE_ERROR_LOG',
          inject: [getQueueToken(MAIL_QUEUE)],
          useFactory: (queue: Queue) =>
            queue.on('error', throttledErrorLog(new Logger('MailQueue'), 'Mail queue error')),
        },
      ],
    }),
    UsersModule,
    OrganizationsModule,
  ],
  controllers: [MailController, MailActivityController],
  providers: [
    {
      provide: MAIL_SETTINGS,
      inject: [QUEUE_SETTINGS],
      useFactory: (settings: QueueSettings) => mailSettings(settings),
    },
    MailTemplates,
    MailTransport,
    MailRepository,
    MailQueue,
    MailService,
    MailDeliveryService,
    MailDigestService,
    MailWorker,
    MailSweeper,
  ],
  exports: [MailService, MailDigestService],
})
export class MailModule {}
