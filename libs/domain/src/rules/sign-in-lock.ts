/**
 * The per-account sign-in lock (protection against sign-in brute force): 5 failed sign-ins for one
 * e-mail address within 15 minutes lock it for 15 minutes. Counted per address whether or not an
 * account uses it, so the lock says nothing about which addresses exist.
 */
import {
  SIGN_IN_FAILURE_WINDOW_MINUTES,
  SIGN_IN_FAILURES_BEFORE_LOCK,
  SIGN_IN_LOCK_MINUTES,
} from '../limits';

export interface SignInFailureState {
  failures: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

const MINUTE_MS = 60_000;

/** Seconds until the lock ends (rounded up), or 0 when the address is not locked at `now`. */
export function signInLockSeconds(state: SignInFailureState | undefined, now: Date): number {
  if (!state?.lockedUntil) return 0;
  const left = state.lockedUntil.getTime() - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** The state after one more failed sign-in at `now`. */
export function afterSignInFailure(
  state: SignInFailureState | undefined,
  now: Date,
): SignInFailureState {
  const windowOpen =
    state !== undefined &&
    now.getTime() - state.windowStartedAt.getTime() < SIGN_IN_FAILURE_WINDOW_MINUTES * MINUTE_MS &&
    signInLockSeconds(state, now) === 0 &&
    state.lockedUntil === null;
  const failures = windowOpen ? state.failures + 1 : 1;
  const windowStartedAt = windowOpen ? state.windowStartedAt : now;
  const lockedUntil =
    failures >= SIGN_IN_FAILURES_BEFORE_LOCK
      ? new Date(now.getTime() + SIGN_IN_LOCK_MINUTES * MINUTE_MS)
      : null;
  return { failures, windowStartedAt, lockedUntil };
}
