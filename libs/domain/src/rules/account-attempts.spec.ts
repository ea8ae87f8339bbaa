import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_DELAY_FIRST_SECONDS,
  ACCOUNT_DELAY_MAX_SECONDS,
  ACCOUNT_FAILURE_WINDOW_MINUTES,
  ACCOUNT_FAILURES_BEFORE_DELAY,
  ACCOUNT_FAILURES_PER_HOUR,
} from '../limits';
import { accountAttemptRule } from './account-attempts';

describe('failed checks per account from every address: at most 100 an hour, slowed from the 10th', () => {
  it('quotes the numbers', () => {
    expect([
      ACCOUNT_FAILURES_PER_HOUR,
      ACCOUNT_FAILURE_WINDOW_MINUTES,
      ACCOUNT_FAILURES_BEFORE_DELAY,
      ACCOUNT_DELAY_FIRST_SECONDS,
      ACCOUNT_DELAY_MAX_SECONDS,
    ]).toEqual([100, 60, 10, 1, 30]);
  });

  it.each([
    // attempt of the hour → over the hourly limit, waits for a delay, delay before the next
    [1, false, false, 0],
    [9, false, false, 0],
    [10, false, false, 1],
    [11, false, true, 2],
    [12, false, true, 4],
    [13, false, true, 8],
    [14, false, true, 16],
    [15, false, true, 30],
    [16, false, true, 30],
    [100, false, true, 30],
    [101, true, true, 30],
    [250, true, true, 30],
  ])('attempt %i: over the hour %s, waits %s, next waits %i s', (attempt, over, waits, delay) => {
    expect(accountAttemptRule(attempt)).toEqual({
      overHourlyLimit: over,
      waitsForDelay: waits,
      nextDelaySeconds: delay,
    });
  });

  /** Seconds into the hour of every check an attacker gets by trying the moment it is allowed. */
  const fastestChecks = (): number[] => {
    const at: number[] = [];
    let now = 0;
    let nextAllowed = 0;
    for (let attempt = 1; now < ACCOUNT_FAILURE_WINDOW_MINUTES * 60; attempt++) {
      const rule = accountAttemptRule(attempt);
      if (rule.overHourlyLimit) break;
      if (rule.waitsForDelay) now = Math.max(now, nextAllowed);
      if (now >= ACCOUNT_FAILURE_WINDOW_MINUTES * 60) break;
      at.push(now);
      if (rule.nextDelaySeconds > 0) nextAllowed = now + rule.nextDelaySeconds;
    }
    return at;
  };

  it('an attacker trying as fast as allowed gets 10 checks at once, then ever slower, 100 in the hour at most', () => {
    const at = fastestChecks();
    expect(at.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(at.slice(10, 16)).toEqual([1, 3, 7, 15, 31, 61]);
    expect(at).toHaveLength(ACCOUNT_FAILURES_PER_HOUR);
    // The 100th comes 43 minutes into the hour, not in seconds.
    expect(at[99]).toBe(61 + 30 * 84);
  });
});
