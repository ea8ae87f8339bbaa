import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { Job } from 'bullmq';
import { QUEUE_SETTINGS } from '../platform/queue/queue-settings';
import type { QueueSettings } from '../platform/queue/queue-settings';
import { QueueWorker } from '../platform/queue/queue-worker';
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
export class MailWorker extends QueueWorker {
  constructor(
    @Inject(QUEUE_SETTINGS) queueSettings: QueueSettings,
    @Inject(MAIL_SETTINGS) settings: MailSettings,
    private readonly delivery: MailDeliveryService,
    private readonly digest: MailDigestService,
    private readonly mailQueue: MailQueue,
  ) {
    super(MAIL_QUEUE, queueSettings, { concurrency: settings.concurrency });
  }

  protected redisAnswers(): boolean {
    return this.mailQueue.ready;
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
}
