import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { JobsOptions } from 'bullmq';
import { withRequestId } from '../platform/logging/request-context';
import { QueueProducer } from '../platform/queue/queue-producer';
import { MAIL_SETTINGS } from './mail.settings';
import type { MailSettings } from './mail.settings';

export const MAIL_QUEUE = 'mail';
export const SEND_JOB = 'send';
export const DIGEST_JOB = 'digest';

export interface SendJobData {
  mailId: string;
}

export interface DigestJobData {
  date: string;
  userId: string;
  email: string;
  firstName: string;
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * BullMQ forbids ":" in custom job ids (it separates key parts), hence `mail-<row id>` and
 * `digest-<date>-<user id>`: the same row or day always gets the same job, so enqueueing twice
 * is harmless.
 */
export const sendJobId = (mailId: string) => `mail-${mailId}`;
export const digestJobId = (date: string, userId: string) => `digest-${date}-${userId}`;

/**
 * The producer side of the mail queue. It never waits for Redis: while Redis is down an enqueue
 * is skipped or fails at once, and the outbox row stays `queued` for the sweeper.
 */
@Injectable()
export class MailQueue extends QueueProducer {
  private readonly logger = new Logger(MailQueue.name);

  constructor(
    @InjectQueue(MAIL_QUEUE) queue: Queue,
    @Inject(MAIL_SETTINGS) private readonly settings: MailSettings,
  ) {
    super(queue);
  }

  /**
   * Adds the send job of an outbox row; false when Redis is away. With `replaceFinished`, a job
   * of that id left completed or failed is removed first: the row being queued again means it
   * must be tried again, and the worker's claim on the row still prevents a second send.
   */
  async enqueueSend(mailId: string, replaceFinished = false): Promise<boolean> {
    if (!this.ready) return false;
    const jobId = sendJobId(mailId);
    try {
      await this.bounded(async () => {
        if (replaceFinished) await this.removeFinished(jobId);
        await this.queue.add(
          SEND_JOB,
          withRequestId({ mailId } satisfies SendJobData),
          this.sendOptions(jobId),
        );
      });
      return true;
    } catch (error) {
      this.logger.warn(`Mail ${mailId} left for the sweeper: ${(error as Error).message}`);
      return false;
    }
  }

  /**
   * One digest job per user and day. A second instance adding the same ids finds the jobs (kept
   * for days once completed) and adds nothing. Throws when Redis is away, so the caller retries.
   */
  async enqueueDigests(jobs: DigestJobData[]): Promise<void> {
    if (!this.ready) throw new Error('Redis is not available');
    await this.bounded(() =>
      this.queue.addBulk(
        jobs.map((data) => ({
          name: DIGEST_JOB,
          data,
          opts: {
            ...this.retryOptions(),
            jobId: digestJobId(data.date, data.userId),
            removeOnComplete: { age: this.settings.digestKeepDays * DAY_SECONDS },
            removeOnFail: { age: this.settings.digestKeepDays * DAY_SECONDS },
          },
        })),
      ),
    );
  }

  private sendOptions(jobId: string): JobsOptions {
    return {
      ...this.retryOptions(),
      jobId,
      // Kept a while for the dashboard; the outbox row is the lasting record.
      removeOnComplete: { age: DAY_SECONDS, count: 1000 },
      removeOnFail: { age: 7 * DAY_SECONDS },
    };
  }

  private retryOptions(): JobsOptions {
    return {
      attempts: this.settings.attempts,
      backoff: { type: 'exponential', delay: this.settings.backoffMs },
    };
  }

  /** Redis answering slowly must not hold an HTTP request: give up after a short while. */
  private async bounded<T>(run: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Redis did not answer within ${this.settings.enqueueTimeoutMs} ms`)),
        this.settings.enqueueTimeoutMs,
      );
    });
    try {
      return await Promise.race([run(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
