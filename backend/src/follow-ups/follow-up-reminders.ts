import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import {
  FIRM_TIME_ZONE,
  followUpDefinition,
  stepCounterText,
  stepLabel,
  SYSTEM_ACTOR_NAME,
  todayInDublin,
} from '@registra/domain';
import { Queue, UnrecoverableError } from 'bullmq';
import type { Job } from 'bullmq';
import Redis from 'ioredis';
import { FOLLOW_UP_DEADLINE_TEMPLATE } from '../mail/mail-template-catalogue';
import { MailService } from '../mail/mail.service';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { withRequestId } from '../platform/logging/request-context';
import { ScheduledRuns } from '../platform/metrics/scheduled-runs';
import { QueueBoard } from '../platform/queue/queue-board';
import { QUEUE_REDIS, QUEUE_SETTINGS } from '../platform/queue/queue-settings';
import type { QueueSettings } from '../platform/queue/queue-settings';
import { QueueWorker } from '../platform/queue/queue-worker';
import { AnnualReturnStarter } from './annual-return-starter';
import { FollowUpsRepository } from './follow-ups.repository';

export const FOLLOW_UP_QUEUE = 'follow-ups';
export const DEADLINE_REMINDERS_JOB = 'deadline-reminders';
export const ANNUAL_RETURN_STARTS_JOB = 'annual-return-starts';
/** One annual-return start per day, whoever enqueues it. */
export const annualReturnStartsJobId = (date: string) => `annual-return-starts-${date}`;
/** One job per day, whoever enqueues it (BullMQ forbids ':' in custom ids). */
export const deadlineRemindersJobId = (date: string) => `deadline-reminders-${date}`;
/** One mail per follow-up and deadline, whatever re-runs the job. */
export const deadlineReminderKey = (followUpId: string, deadline: string) =>
  `follow-up-deadline-${followUpId}-${deadline}`;

const BATCH = 200;
const DAY_SECONDS = 24 * 60 * 60;
const ENQUEUE_TIMEOUT_MS = 2000;

/**
 * "Each follow-up whose deadline passes sends one reminder e-mail to its assignee, exactly once"
 * (ADR 0083). At 07:00 in Dublin every instance's cron adds the day's job under the same id, so
 * BullMQ holds it once; the job marks each follow-up it mails (`deadline_reminded_for`) in the
 * transaction that writes the outbox row, with a dedupe key besides, so neither a second
 * instance, a retry nor a restart mails twice. A deadline moved later and passed again is mailed
 * again: it is another deadline.
 */
@Injectable()
export class FollowUpReminders extends QueueWorker implements OnModuleInit {
  constructor(
    @InjectQueue(FOLLOW_UP_QUEUE) private readonly queue: Queue,
    @Inject(QUEUE_REDIS) private readonly redis: Redis,
    @Inject(QUEUE_SETTINGS) settings: QueueSettings,
    private readonly board: QueueBoard,
    private readonly repository: FollowUpsRepository,
    private readonly mail: MailService,
    private readonly unitOfWork: UnitOfWork,
    private readonly annualReturns: AnnualReturnStarter,
    private readonly scheduledRuns: ScheduledRuns,
  ) {
    super(FOLLOW_UP_QUEUE, settings, { concurrency: 1 });
  }

  onModuleInit(): void {
    this.board.addQueue(this.queue);
    for (const job of [DEADLINE_REMINDERS_JOB, ANNUAL_RETURN_STARTS_JOB]) {
      this.scheduledRuns.declare(job);
    }
  }

  protected redisAnswers(): boolean {
    return this.redis.status === 'ready';
  }

  @Cron('0 7 * * *', { name: 'follow-up-deadline-reminders', timeZone: FIRM_TIME_ZONE })
  async scheduled(): Promise<void> {
    try {
      await this.enqueue(todayInDublin());
    } catch (error) {
      // Redis away at 07:00: tomorrow's job mails every deadline still unmailed, this one included.
      this.logger.warn(`Deadline reminders not enqueued: ${(error as Error).message}`);
    }
  }

  /**
   * At 06:30 in Dublin, before the digest: the annual returns whose ARD entered the window start,
   * so the digest and the reminders already see them (ADR 0106).
   */
  @Cron('30 6 * * *', { name: 'annual-return-starts', timeZone: FIRM_TIME_ZONE })
  async scheduledAnnualReturns(): Promise<void> {
    try {
      await this.enqueue(todayInDublin(), ANNUAL_RETURN_STARTS_JOB);
    } catch (error) {
      // Redis away: tomorrow's run starts every ARD still in the window, this day's included.
      this.logger.warn(`Annual-return starts not enqueued: ${(error as Error).message}`);
    }
  }

  /** Adds the day's job; a second call (another instance, a restart) finds it and adds nothing. */
  async enqueue(date: string, job: string = DEADLINE_REMINDERS_JOB): Promise<void> {
    if (this.redis.status !== 'ready') throw new Error('Redis is not available');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.queue.add(job, withRequestId({ date }), {
          jobId:
            job === ANNUAL_RETURN_STARTS_JOB
              ? annualReturnStartsJobId(date)
              : deadlineRemindersJobId(date),
          attempts: 5,
          backoff: { type: 'exponential', delay: 60_000 },
          removeOnComplete: { age: 7 * DAY_SECONDS },
          removeOnFail: { age: 30 * DAY_SECONDS },
        }),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('Redis did not answer')), ENQUEUE_TIMEOUT_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async process(job: Job): Promise<string> {
    if (job.name === ANNUAL_RETURN_STARTS_JOB) {
      const { started } = await this.annualReturns.startDue((job.data as { date: string }).date);
      // The metrics' "not run in 26 hours" alert reads this (docs/operations.md).
      await this.scheduledRuns.succeeded(ANNUAL_RETURN_STARTS_JOB);
      return `${started} annual returns started`;
    }
    if (job.name !== DEADLINE_REMINDERS_JOB) {
      throw new UnrecoverableError(`Unknown follow-up job "${job.name}"`);
    }
    const { sent } = await this.sendDeadlineReminders((job.data as { date: string }).date);
    await this.scheduledRuns.succeeded(DEADLINE_REMINDERS_JOB);
    return `${sent} reminders`;
  }

  /**
   * Mails every assignee whose follow-up's deadline is before `date` and not mailed yet, batch by
   * batch, each batch one transaction with its outbox rows. Two runs at once lock different rows.
   */
  async sendDeadlineReminders(date: string): Promise<{ sent: number }> {
    let sent = 0;
    for (;;) {
      const count = await this.unitOfWork.runAs({ id: null, name: SYSTEM_ACTOR_NAME }, () =>
        this.unitOfWork.transaction(async () => {
          const due = await this.repository.pendingDeadlineReminders(date, BATCH);
          for (const item of due) {
            await this.mail.queueToUser(item, {
              templateId: FOLLOW_UP_DEADLINE_TEMPLATE,
              params: {
                organizationName: item.organizationName,
                followUpName: followUpDefinition(item.name).displayName,
                step: `${stepCounterText(item.name, item.stepIndex)}: ${stepLabel(item.name, item.stepIndex)}`,
                deadline: item.deadline,
              },
              dedupeKey: deadlineReminderKey(item.id, item.deadline),
            });
            await this.repository.markReminded(item.id, item.deadline);
          }
          return due.length;
        }),
      );
      sent += count;
      if (count < BATCH) return { sent };
    }
  }
}
