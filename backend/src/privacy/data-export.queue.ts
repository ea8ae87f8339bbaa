import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { withRequestId } from '../platform/logging/request-context';
import { QueueProducer } from '../platform/queue/queue-producer';

export const PRIVACY_QUEUE = 'privacy';
export const DATA_EXPORT_JOB = 'data-export';

export interface DataExportJobData {
  exportId: string;
}

const DAY_SECONDS = 24 * 60 * 60;

/** One job per export (`data-export-<id>`): queued twice, it runs once. */
export const dataExportJobId = (exportId: string) => `data-export-${exportId}`;

/**
 * The producer side of the privacy queue. The export's row is the lasting record: one that could
 * not be queued (Redis away) is queued again when the worker starts.
 */
@Injectable()
export class DataExportQueue extends QueueProducer {
  private readonly logger = new Logger(DataExportQueue.name);

  constructor(@InjectQueue(PRIVACY_QUEUE) queue: Queue) {
    super(queue);
  }

  async enqueue(exportId: string): Promise<boolean> {
    if (!this.ready) {
      this.logger.warn(
        `Data export ${exportId} not queued: Redis is away; it starts with the worker`,
      );
      return false;
    }
    // A finished job of this id (a worker stopped mid-way) must not hide the new one.
    await this.removeFinished(dataExportJobId(exportId));
    await this.queue.add(DATA_EXPORT_JOB, withRequestId({ exportId } satisfies DataExportJobData), {
      jobId: dataExportJobId(exportId),
      removeOnComplete: { age: DAY_SECONDS },
      removeOnFail: { age: 7 * DAY_SECONDS },
    });
    return true;
  }
}
