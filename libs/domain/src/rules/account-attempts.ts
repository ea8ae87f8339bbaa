/**
 * Guessing one account's password (or code) from many addresses at once (ASVS 2.2.1): failed
 * checks are counted per account, from every address together, in an hour that starts with the
 * first failure. The first ones go unhindered; from ACCOUNT_FAILURES_BEFORE_DELAY on, each further
 * attempt waits a delay that doubles up to ACCOUNT_DELAY_MAX_SECONDS, and past
 * ACCOUNT_FAILURES_PER_HOUR every attempt waits for the hour to end. An attempt refused by either
 * is answered 429 without being checked, so it tells nothing. This sits beside the per-account
 * and per-address lock (sign-in-lock.ts), which it does not replace.
 */
import {
  ACCOUNT_DELAY_FIRST_SECONDS,
  ACCOUNT_DELAY_MAX_SECONDS,
  ACCOUNT_FAILURES_BEFORE_DELAY,
  ACCOUNT_FAILURES_PER_HOUR,
} from '../limits';

export interface AccountAttemptRule {
  /** Past the hour's allowance: refused, without checking, until the hour ends. */
  overHourlyLimit: boolean;
  /** Allowed only when no delay is running for the account (refused without checking else). */
  waitsForDelay: boolean;
  /** Seconds the account's next attempt must wait after this one (0: none). */
  nextDelaySeconds: number;
}

/**
 * What applies to an account's attempt number `attempt` of its hour: the failures counted so far
 * plus one for itself (the server counts an attempt before checking it, so that simultaneous
 * attempts cannot all slip through, and takes it back when it was right).
 */
export function accountAttemptRule(attempt: number): AccountAttemptRule {
  const beyondFree = attempt - ACCOUNT_FAILURES_BEFORE_DELAY;
  return {
    overHourlyLimit: attempt > ACCOUNT_FAILURES_PER_HOUR,
    waitsForDelay: beyondFree > 0,
    nextDelaySeconds:
      beyondFree < 0
        ? 0
        : Math.min(ACCOUNT_DELAY_FIRST_SECONDS * 2 ** beyondFree, ACCOUNT_DELAY_MAX_SECONDS),
  };
}
