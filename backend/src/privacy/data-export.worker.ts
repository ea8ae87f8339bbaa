import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { Job } from 'bullmq';
import { QUEUE_SETTINGS } from '../platform/queue/queue-settings';
import type { QueueSettings } from '../platform/queue/queue-settings';
import { QueueWorker } from '../platform/queue/queue-worker';
import { DATA_EXPORT_JOB, DataExportQueue, PRIVACY_QUEUE } from './data-export.queue';
import type { DataExportJobData } from './data-export.queue';
import { DataExportService } from './data-export.service';

/**
 * Builds the subject-access packages, one at a time. At start it queues again the exports a
 * stopped server left running. An API instance (REGISTRA_ROLE=api) takes no job.
 */
@Injectable()
export class DataExportWorker extends QueueWorker {
  constructor(
    @Inject(QUEUE_SETTINGS) queueSettings: QueueSettings,
    private readonly exports: DataExportService,
    private readonly queue: DataExportQueue,
  ) {
    super(PRIVACY_QUEUE, queueSettings, { concurrency: 1, lockDuration: 60_000 });
  }

  protected override afterStart(): void {
    void this.exports.resumeInterrupted().catch((error: Error) => {
      this.logger.warn(`Interrupted data exports not resumed: ${error.message}`);
    });
  }

  protected redisAnswers(): boolean {
    return this.queue.ready;
  }

  async process(job: Job): Promise<void> {
    if (job.name !== DATA_EXPORT_JOB) throw new UnrecoverableError(`Unknown job "${job.name}"`);
    await this.exports.build((job.data as DataExportJobData).exportId);
  }
}
