import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { JobState } from 'bullmq';
import { withRequestId } from '../platform/logging/request-context';
import { QueueProducer } from '../platform/queue/queue-producer';

export const IMPORT_QUEUE = 'import';
export const CHECK_JOB = 'check';
export const RUN_JOB = 'run';
export const UNDO_JOB = 'undo';
export type ImportJobName = typeof CHECK_JOB | typeof RUN_JOB | typeof UNDO_JOB;

export interface RunJobData {
  importId: string;
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * One check job per import (`import-check-<id>`), one run job (`import-<id>`) and one undo job
 * (`import-undo-<id>`): queueing any twice, or again after a restart, adds nothing.
 */
export const checkJobId = (importId: string) => `import-check-${importId}`;
export const runJobId = (importId: string) => `import-${importId}`;
export const undoJobId = (importId: string) => `import-undo-${importId}`;
const JOB_IDS: Record<ImportJobName, (importId: string) => string> = {
  [CHECK_JOB]: checkJobId,
  [RUN_JOB]: runJobId,
  [UNDO_JOB]: undoJobId,
};

/**
 * The producer side of the import queue. The import row is the lasting record: a job that could
 * not be queued (Redis away) is queued again when the server starts (`resumeInterrupted`).
 */
@Injectable()
export class ImportQueue extends QueueProducer {
  private readonly logger = new Logger(ImportQueue.name);

  constructor(@InjectQueue(IMPORT_QUEUE) queue: Queue) {
    super(queue);
  }

  /**
   * Queues the job; false when the queue is away (or lost mid-call): the import then waits for
   * the queue, and the worker's sweep queues it once the queue answers (ADR 0145).
   */
  async enqueue(importId: string, name: ImportJobName = RUN_JOB): Promise<boolean> {
    if (!this.ready) {
      this.logger.warn(
        `Import ${importId} (${name}) not queued: Redis is away; it waits for the queue`,
      );
      return false;
    }
    const jobId = JOB_IDS[name](importId);
    try {
      // A finished job of this id (a run that stopped, an earlier check) must not hide the new one.
      await this.removeFinished(jobId);
      await this.queue.add(name, withRequestId({ importId } satisfies RunJobData), {
        jobId,
        removeOnComplete: { age: DAY_SECONDS },
        removeOnFail: { age: 7 * DAY_SECONDS },
      });
      return true;
    } catch (error) {
      this.logger.warn(
        `Import ${importId} (${name}) not queued: ${(error as Error).message}; it waits for the queue`,
      );
      return false;
    }
  }

  /**
   * Where the import's job is in the queue (`unknown`: no such job, Redis lost it or it was
   * removed), and why it failed when it did (BullMQ's "job stalled more than allowable limit").
   */
  async jobState(
    importId: string,
    name: ImportJobName,
  ): Promise<{ state: JobState | 'unknown'; failedReason?: string }> {
    const job = await this.queue.getJob(JOB_IDS[name](importId));
    if (!job) return { state: 'unknown' };
    return { state: await job.getState(), failedReason: job.failedReason || undefined };
  }
}
