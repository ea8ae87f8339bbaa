import type { JobState } from 'bullmq';

/**
 * What the worker's sweep does with an import that is `checking`, `running` or `undoing`, from
 * where its job is in the queue (ADR 0145). No import is ever stuck: its job is in the queue, or
 * the sweep queues it, or it is failed saying what was written.
 */
export type SweepAction =
  /** Its job is queued or being worked on: nothing to do (BullMQ itself moves a stalled job back). */
  | 'leave'
  /** Asked for while the queue was away: queued now that the queue answers. */
  | 'queue'
  /** Its job is gone, failed or finished while the import is not: queued again, it resumes. */
  | 'resume'
  /** Lost again and again without a batch done: failed, with what it wrote, instead of a loop. */
  | 'fail';

/** The sweep's pass, on the worker role (and `all`): often enough for "within a minute". */
export const IMPORT_SWEEP_MS = 10_000;
/** In tests (QueueSettings.fast). */
export const IMPORT_SWEEP_FAST_MS = 1_000;
/**
 * An import that moved (a batch committed, a request set it going) less than this ago is left
 * alone: its own request or worker is queueing or writing it right now.
 */
export const IMPORT_SWEEP_GRACE_MS = 10_000;
/**
 * A job found lost this many times in a row with no batch committed in between is failed rather
 * than resumed once more (a file that kills the worker each time must not loop for ever).
 */
export const IMPORT_LOST_JOBS_MAX = 3;

/** The states of a job still in the queue's hands. */
const IN_THE_QUEUE: ReadonlySet<JobState | 'unknown'> = new Set([
  'waiting',
  'active',
  'delayed',
  'prioritized',
  'waiting-children',
]);

export function sweepAction(
  jobState: JobState | 'unknown',
  current: { waitingForQueue: boolean; lostJobs: number; movedMsAgo: number },
): SweepAction {
  if (IN_THE_QUEUE.has(jobState)) return 'leave';
  if (current.waitingForQueue) return 'queue';
  if (current.movedMsAgo < IMPORT_SWEEP_GRACE_MS) return 'leave';
  return current.lostJobs + 1 >= IMPORT_LOST_JOBS_MAX ? 'fail' : 'resume';
}
