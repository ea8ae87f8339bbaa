import {
  IMPORT_LOST_JOBS_MAX,
  IMPORT_SWEEP_FAST_MS,
  IMPORT_SWEEP_GRACE_MS,
  IMPORT_SWEEP_MS,
  sweepAction,
} from './import-sweep';
import type { SweepAction } from './import-sweep';

describe('the import sweep (ADR 0145)', () => {
  it('sweeps every 10 s (1 s in tests), leaves alone an import that moved within 10 s, and fails one lost 3 times in a row', () => {
    expect(IMPORT_SWEEP_MS).toBe(10_000);
    expect(IMPORT_SWEEP_FAST_MS).toBe(1_000);
    expect(IMPORT_SWEEP_GRACE_MS).toBe(10_000);
    expect(IMPORT_LOST_JOBS_MAX).toBe(3);
  });

  // job state, waiting for the queue, lost jobs so far, ms since the import last moved → action
  const cases: Array<[Parameters<typeof sweepAction>[0], boolean, number, number, SweepAction]> = [
    // Its job is in the queue's hands: nothing to do, whatever else (a stalled active job is
    // BullMQ's to move back once its lock expires).
    ['waiting', false, 0, 60_000, 'leave'],
    ['active', false, 2, 60_000, 'leave'],
    ['delayed', false, 0, 60_000, 'leave'],
    ['prioritized', false, 0, 60_000, 'leave'],
    ['waiting-children', false, 0, 60_000, 'leave'],
    ['waiting', true, 0, 0, 'leave'],
    // Asked for while the queue was away: queued as soon as it answers, no grace, not a loss.
    ['unknown', true, 0, 0, 'queue'],
    ['unknown', true, 2, 500, 'queue'],
    ['completed', true, 0, 0, 'queue'],
    // Moved less than 10 000 ms ago: its own request or worker is queueing or writing it.
    ['unknown', false, 0, 0, 'leave'],
    ['failed', false, 0, 9_999, 'leave'],
    // Gone, failed (stalled more than allowable) or finished while the import is not: resumed …
    ['unknown', false, 0, 10_000, 'resume'],
    ['failed', false, 0, 10_000, 'resume'],
    ['completed', false, 1, 60_000, 'resume'],
    // … unless that makes the third loss in a row with no batch done: failed, saying what it wrote.
    ['failed', false, 2, 10_000, 'fail'],
    ['unknown', false, 2, 60_000, 'fail'],
    ['completed', false, 3, 60_000, 'fail'],
  ];
  it.each(cases)(
    'job %s, waiting for the queue %s, lost %i times, moved %i ms ago → %s',
    (state, waitingForQueue, lostJobs, movedMsAgo, action) => {
      expect(sweepAction(state, { waitingForQueue, lostJobs, movedMsAgo })).toBe(action);
    },
  );
});
