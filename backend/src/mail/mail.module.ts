import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../platform/config/app-config';
import type { AppConfig } from '../platform/config/app-config';
import { HousekeepingTasks } from '../platform/ports/housekeeping-tasks';
import { OrganizationsModule } from '../organizations/organizations.module';
import { QUEUE_SETTINGS } from '../platform/queue/queue-settings';
import type { QueueSettings } from '../platform/queue/queue-settings';
import { registerContextQueue } from '../platform/queue/context-queue';
import { UsersModule } from '../users/users.module';
import { MailDeliveryService } from './mail-delivery.service';
import { MailDigestService } from './mail-digest.service';
import { MailMetrics } from './mail-metrics';
import { MailSweeper } from './mail-sweeper';
import { MailTemplates } from './mail-templates';
import { MailTransport } from './mail-transport';
import { MailActivityController, MailController } from './mail.controller';
import { MAIL_QUEUE, MailQueue } from './mail.queue';
import { MailRepository } from './mail.repository';
import { MailService } from './mail.service';
import { MailBookRepository } from './mail-book.repository';
import { MAIL_SETTINGS, mailSettings } from './mail.settings';
import { MailWorker } from './mail.worker';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Mail (ADR 0006): the outbox, the `mail` queue and its worker, the sweeper, the
 * templates, the daily digest and the e-mail history. Other contexts call `MailService.queue`.
 */
@Module({
  imports: [
    registerContextQueue(MAIL_QUEUE, 'MailQueue', 'Mail'),
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
    MailBookRepository,
    MailQueue,
    MailService,
    MailMetrics,
    MailDeliveryService,
    MailDigestService,
    MailWorker,
    MailSweeper,
  ],
  exports: [MailService, MailDigestService],
})
export class MailModule implements OnModuleInit {
  constructor(
    private readonly repository: MailRepository,
    private readonly housekeeping: HousekeepingTasks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Delivered mails older than MAIL_RETENTION_DAYS go in the daily housekeeping (ADR 0082). */
  onModuleInit(): void {
    this.housekeeping.register({
      name: 'deliveredMails',
      prune: (now) =>
        this.repository.deleteDeliveredMails(
          new Date(now.getTime() - this.config.mailRetentionDays * DAY_MS),
        ),
    });
  }
}
