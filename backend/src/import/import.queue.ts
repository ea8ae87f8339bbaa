import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { withRequestId } from '../platform/logging/request-context';
import { QueueBoard } from '../platform/queue/queue-board';
import { QUEUE_REDIS } from '../platform/queue/queue-settings';

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
export class ImportQueue implements OnModuleInit {
  private readonly logger = new Logger(ImportQueue.name);

  constructor(
    @InjectQueue(IMPORT_QUEUE) private readonly queue: Queue,
    @Inject(QUEUE_REDIS) private readonly redis: Redis,
    private readonly board: QueueBoard,
  ) {}

  onModuleInit(): void {
    this.board.addQueue(this.queue);
  }

  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  async enqueue(importId: string, name: ImportJobName = RUN_JOB): Promise<boolean> {
    if (!this.ready) {
      this.logger.warn(
        `Import ${importId} (${name}) not queued: Redis is away; it starts with the server`,
      );
      return false;
    }
    const jobId = JOB_IDS[name](importId);
    const existing = await this.queue.getJob(jobId);
    const state = existing ? await existing.getState() : undefined;
    // A finished job of this id (a run that stopped, an earlier check) must not hide the new one.
    if (state === 'completed' || state === 'failed') await existing?.remove();
    await this.queue.add(name, withRequestId({ importId } satisfies RunJobData), {
      jobId,
      removeOnComplete: { age: DAY_SECONDS },
      removeOnFail: { age: 7 * DAY_SECONDS },
    });
    return true;
  }
}
