import { describe, expect, it } from 'vitest';
import {
  SIGN_IN_FAILURE_WINDOW_MINUTES,
  SIGN_IN_FAILURES_BEFORE_LOCK,
  SIGN_IN_LOCK_MINUTES,
} from '../limits';
import { afterSignInFailure, signInLockSeconds } from './sign-in-lock';
import type { SignInFailureState } from './sign-in-lock';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 23, 9, 0) + minutes * 60_000);

describe('per-account sign-in lock: 5 failures within 15 minutes lock for 15 minutes', () => {
  it('quotes the numbers', () => {
    expect([
      SIGN_IN_FAILURES_BEFORE_LOCK,
      SIGN_IN_FAILURE_WINDOW_MINUTES,
      SIGN_IN_LOCK_MINUTES,
    ]).toEqual([5, 15, 15]);
  });

  it.each([
    // failures at these minutes → locked after the last?
    [[0, 1, 2, 3], false],
    [[0, 1, 2, 3, 4], true],
    [[0, 1, 2, 3, 14.9], true],
    [[0, 1, 2, 3, 15], false], // the window closed: counting starts again
    [[0, 16, 17, 18, 19], false],
    [[0, 16, 17, 18, 19, 20], true],
  ])('failures at minutes %j → locked %s', (minutes, locked) => {
    let state: SignInFailureState | undefined;
    for (const minute of minutes) state = afterSignInFailure(state, at(minute));
    expect(signInLockSeconds(state, at(minutes[minutes.length - 1]))).toBe(
      locked ? SIGN_IN_LOCK_MINUTES * 60 : 0,
    );
  });

  it.each([
    [0, 900],
    [14.5, 30],
    [15, 0],
    [20, 0],
  ])('%s minutes into a lock, %i seconds remain', (minutes, seconds) => {
    const state = { failures: 5, windowStartedAt: at(0), lockedUntil: at(15) };
    expect(signInLockSeconds(state, at(minutes))).toBe(seconds);
  });

  it('a failure after a lock ended starts a new count', () => {
    const locked = { failures: 5, windowStartedAt: at(0), lockedUntil: at(15) };
    expect(afterSignInFailure(locked, at(16))).toEqual({
      failures: 1,
      windowStartedAt: at(16),
      lockedUntil: null,
    });
  });

  it('no state: not locked', () => {
    expect(signInLockSeconds(undefined, at(0))).toBe(0);
  });
});
