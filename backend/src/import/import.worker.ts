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
import { IMPORT_QUEUE, ImportQueue, RUN_JOB } from './import.queue';
import type { RunJobData } from './import.queue';
import { ImportService } from './import.service';

/**
 * Runs the import jobs, one at a time (an import writes thousands of rows per second; two at once
 * would only share the same two cores). At start it queues again the runs a stopped server left
 * `running`: each resumes after its last committed batch.
 */
@Injectable()
export class ImportWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ImportWorker.name);
  private worker: Worker | undefined;

  constructor(
    @Inject(QUEUE_SETTINGS) private readonly queueSettings: QueueSettings,
    private readonly imports: ImportService,
    private readonly queue: ImportQueue,
  ) {}

  onApplicationBootstrap(): void {
    // An API instance (REGISTRA_ROLE=api) takes no job: the worker instances run and resume them.
    if (!this.queueSettings.background) return;
    this.worker = startWorker(
      IMPORT_QUEUE,
      (job) => this.process(job),
      this.queueSettings,
      // A long run renews its lock; a server that stops leaves the job to be taken again.
      { concurrency: 1, lockDuration: 60_000 },
      this.logger,
    );
    void this.imports.resumeInterrupted().catch((error: Error) => {
      this.logger.warn(`Interrupted imports not resumed: ${error.message}`);
    });
  }

  async process(job: Job): Promise<void> {
    if (job.name !== RUN_JOB) throw new UnrecoverableError(`Unknown import job "${job.name}"`);
    await this.imports.execute((job.data as RunJobData).importId);
  }

  async onApplicationShutdown(): Promise<void> {
    await closeWorker(this.worker, this.queue.ready, this.logger);
  }
}
