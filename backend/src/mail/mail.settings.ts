import type { QueueSettings } from '../platform/queue/queue-settings';

export const MAIL_SETTINGS = Symbol('MAIL_SETTINGS');

export interface MailSettings {
  /** Delivery attempts per job before the row is `failed`. */
  attempts: number;
  /** First retry delay; each next one doubles (exponential backoff). */
  backoffMs: number;
  concurrency: number;
  /** How often the sweeper looks for rows the queue does not hold. */
  sweepIntervalMs: number;
  /** A row queued this long without moving is (re-)enqueued by the sweeper. */
  sweepAfterMs: number;
  /** A row a worker took (`sent`) this long ago without an outcome is released. */
  abandonedAfterMs: number;
  sweepBatch: number;
  enqueueTimeoutMs: number;
  /** Completed digest jobs are kept this long, so a second instance's enqueue is a no-op. */
  digestKeepDays: number;
  /** When the 07:00 digest could not be enqueued (Redis down), it is tried again this often. */
  digestRetryMs: number;
}

/**
 * Production: 5 attempts 30 s apart, doubling (30 s, 1, 2, 4 min: a mail server restarting or
 * briefly unreachable does not fail a reminder). Tests: the same machinery at a faster pace.
 */
export function mailSettings(queue: QueueSettings): MailSettings {
  return queue.fast
    ? {
        attempts: 5,
        backoffMs: 200,
        concurrency: 5,
        sweepIntervalMs: 500,
        sweepAfterMs: 1_000,
        abandonedAfterMs: 60_000,
        sweepBatch: 500,
        enqueueTimeoutMs: 2_000,
        digestKeepDays: 3,
        digestRetryMs: 1_000,
      }
    : {
        attempts: 5,
        backoffMs: 30_000,
        concurrency: 5,
        sweepIntervalMs: 15_000,
        sweepAfterMs: 10_000,
        abandonedAfterMs: 10 * 60_000,
        sweepBatch: 500,
        enqueueTimeoutMs: 2_000,
        digestKeepDays: 3,
        digestRetryMs: 60_000,
      };
}
