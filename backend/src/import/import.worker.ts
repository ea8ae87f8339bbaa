import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { Job } from 'bullmq';
import { QUEUE_SETTINGS } from '../platform/queue/queue-settings';
import type { QueueSettings } from '../platform/queue/queue-settings';
import { QueueWorker } from '../platform/queue/queue-worker';
import { CHECK_JOB, IMPORT_QUEUE, ImportQueue, RUN_JOB, UNDO_JOB } from './import.queue';
import type { RunJobData } from './import.queue';
import { ImportService } from './import.service';

/**
 * Runs the import jobs (checks, runs and undos), one at a time (an import writes thousands of rows
 * per second; two at once would only share the same two cores). At start it queues again the
 * checks, runs and undos a stopped server left `checking`, `running` or `undoing`: a check starts
 * over, a run or an undo resumes after its last committed batch. An API instance
 * (REGISTRA_ROLE=api) neither takes nor resumes a job: the worker instances do.
 */
@Injectable()
export class ImportWorker extends QueueWorker {
  constructor(
    @Inject(QUEUE_SETTINGS) queueSettings: QueueSettings,
    private readonly imports: ImportService,
    private readonly queue: ImportQueue,
  ) {
    // A long run renews its lock; a server that stops leaves the job to be taken again.
    super(IMPORT_QUEUE, queueSettings, { concurrency: 1, lockDuration: 60_000 });
  }

  protected override afterStart(): void {
    void this.imports.resumeInterrupted().catch((error: Error) => {
      this.logger.warn(`Interrupted imports not resumed: ${error.message}`);
    });
  }

  protected redisAnswers(): boolean {
    return this.queue.ready;
  }

  async process(job: Job): Promise<void> {
    const { importId } = job.data as RunJobData;
    if (job.name === CHECK_JOB) await this.imports.executeCheck(importId);
    else if (job.name === RUN_JOB) await this.imports.execute(importId);
    else if (job.name === UNDO_JOB) await this.imports.executeUndo(importId);
    else throw new UnrecoverableError(`Unknown import job "${job.name}"`);
  }
}
