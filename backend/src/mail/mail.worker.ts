import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { Job, Worker } from 'bullmq';
import { QUEUE_SETTINGS } from '../platform/queue/queue-settings';
import type { QueueSettings } from '../platform/queue/queue-settings';
import { closeWorker, startWorker } from '../platform/queue/queue-worker';
import { MailDeliveryService } from './mail-delivery.service';
import { MailDigestService } from './mail-digest.service';
import { DIGEST_JOB, MAIL_QUEUE, MailQueue, SEND_JOB } from './mail.queue';
import type { DigestJobData, SendJobData } from './mail.queue';
import { MAIL_SETTINGS } from './mail.settings';
import type { MailSettings } from './mail.settings';

/**
 * Runs the mail queue's jobs. A plain BullMQ Worker rather than `@Processor`: that decorator gives
 * the worker the queue's connection, and the two need opposite settings (the producer fails fast
 * while Redis is down, the worker waits for it with `maxRetriesPerRequest: null`).
 */
@Injectable()
export class MailWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MailWorker.name);
  private worker: Worker | undefined;

  constructor(
    @Inject(QUEUE_SETTINGS) private readonly queueSettings: QueueSettings,
    @Inject(MAIL_SETTINGS) private readonly settings: MailSettings,
    private readonly delivery: MailDeliveryService,
    private readonly digest: MailDigestService,
    private readonly mailQueue: MailQueue,
  ) {}

  onApplicationBootstrap(): void {
    this.worker = startWorker(
      MAIL_QUEUE,
      (job) => this.process(job),
      this.queueSettings,
      { concurrency: this.settings.concurrency },
      this.logger,
    );
  }

  async process(job: Job): Promise<string> {
    switch (job.name) {
      case SEND_JOB: {
        const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        return this.delivery.deliver((job.data as SendJobData).mailId, lastAttempt);
      }
      case DIGEST_JOB:
        return this.digest.buildDigest(job.data as DigestJobData);
      default:
        throw new UnrecoverableError(`Unknown mail job "${job.name}"`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await closeWorker(this.worker, this.mailQueue.ready, this.logger);
  }
}
