import { HttpStatus, Injectable } from '@nestjs/common';
import {
  accountAttemptRule,
  ACCOUNT_FAILURE_WINDOW_MINUTES,
  afterSignInFailure,
  ErrorCode,
  SIGN_IN_FAILURE_WINDOW_MINUTES,
  SIGN_IN_LOCK_MINUTES,
  signInLockSeconds,
} from '@registra/domain';
import type { SignInFailureState } from '@registra/domain';
import { createHash } from 'node:crypto';
import { AuditService } from '../platform/audit/audit.service';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { AppException } from '../platform/errors/app-exception';
import { RateCounter } from '../platform/redis/rate-counter';

/** A failed-sign-in state outlives its window and its lock, then Redis forgets it. */
const SIGN_IN_FAILURES_TTL_MS = (SIGN_IN_FAILURE_WINDOW_MINUTES + SIGN_IN_LOCK_MINUTES) * 60_000;
const ACCOUNT_WINDOW_MS = ACCOUNT_FAILURE_WINDOW_MINUTES * 60_000;

const hashed = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The failed checks of one account (e-mail) from one client address: the 5-in-15-minutes lock. */
const pairFailuresKey = (emailKey: string, address: string | null): string =>
  `sign-in-failures:${hashed(`${emailKey}\n${address ?? 'unknown'}`)}`;
/** The failed checks of one account from every address, in its hour. */
export const accountFailuresKey = (emailKey: string): string =>
  `account-failures:${hashed(emailKey)}`;
/** Held while the account's next attempt must wait. */
const accountDelayKey = (emailKey: string): string => `account-delay:${hashed(emailKey)}`;

/** The account an attempt is about: its e-mail in lower case, and where the attempt comes from. */
export interface AttemptSubject {
  email: string;
  address: string | null;
}

/** What the history says of a failed check. */
export interface FailedCheck {
  userId: string | null;
  /** The e-mail tried (sign-in) or the account's name. */
  label: string;
  /**
   * The signed-in step that failed (a password change, turning two-factor off…); unset for a
   * sign-in, whose failure names no author.
   */
  during?: string;
}

const minutesText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

const refused = (message: string, seconds: number): AppException =>
  new AppException(HttpStatus.TOO_MANY_REQUESTS, ErrorCode.ACCOUNT_LOCKED, message, undefined, {
    'Retry-After': String(Math.max(1, seconds)),
  });

/**
 * One password or code check of an account, begun by {@link AccountAttempts.begin}: it was counted
 * as a failure before the check, and is taken back unless {@link failed} says it was one.
 */
export class AccountAttempt {
  private settled = false;

  constructor(
    private readonly attempts: AccountAttempts,
    readonly subject: AttemptSubject,
  ) {}

  /** A wrong password or code: counted for the account and for the address, and in the history. */
  async failed(check: FailedCheck): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await this.attempts.recordFailure(this.subject, check);
  }

  /** Right: the attempt is taken back and the address's failures for the account forgotten. */
  async succeeded(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await this.attempts.takeBack(this.subject, true);
  }

  /** Neither (the request stopped before or after the check, for another reason): taken back. */
  async settle(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await this.attempts.takeBack(this.subject, false);
  }
}

/**
 * The limits on guessing an account's password or codes, shared by sign-in, the password change
 * and the two-factor routes (ADR 0103, docs/security.md "Brute force"), counted in Redis so every
 * instance shares them (in memory while Redis is down):
 * - per account and address, 5 failures in 15 minutes lock that pair for 15 minutes;
 * - per account from every address, the domain's accountAttemptRule: past the first failures of
 *   the hour each attempt waits a doubling delay, and past 100 in the hour every attempt waits
 *   for the hour's end. A refused attempt is answered 429 with Retry-After before any check.
 */
@Injectable()
export class AccountAttempts {
  constructor(
    private readonly counter: RateCounter,
    private readonly audit: AuditService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** Counts the attempt in, or answers 429 ACCOUNT_LOCKED when a limit holds. */
  async begin(subject: AttemptSubject): Promise<AccountAttempt> {
    const lockSeconds = signInLockSeconds(
      await this.readPairFailures(pairFailuresKey(subject.email, subject.address)),
      new Date(),
    );
    if (lockSeconds > 0) {
      throw refused(
        `Too many failed sign-ins for this account. Try again in ${minutesText(lockSeconds)}.`,
        lockSeconds,
      );
    }
    // Counted before the check, atomically, so that simultaneous attempts each see the others.
    const failuresKey = accountFailuresKey(subject.email);
    const hits = await this.counter.hit(failuresKey, ACCOUNT_WINDOW_MS);
    const rule = accountAttemptRule(hits.count);
    if (rule.overHourlyLimit) {
      await this.counter.takeBack(failuresKey);
      const seconds = Math.ceil(hits.msLeft / 1000);
      throw refused(
        `Too many failed sign-ins for this account this hour. Try again in ${minutesText(seconds)}.`,
        seconds,
      );
    }
    if (rule.nextDelaySeconds > 0) {
      // Of the attempts that find no delay running, one goes through and starts the next delay.
      const delay = await this.counter.claim(
        accountDelayKey(subject.email),
        rule.nextDelaySeconds * 1000,
      );
      if (!delay.claimed && rule.waitsForDelay) {
        await this.counter.takeBack(failuresKey);
        const seconds = Math.ceil(delay.msLeft / 1000);
        throw refused(
          `Too many failed sign-ins for this account. Wait ${seconds} second${seconds === 1 ? '' : 's'} before trying again.`,
          seconds,
        );
      }
    }
    return new AccountAttempt(this, subject);
  }

  /** @internal (AccountAttempt) */
  async recordFailure(subject: AttemptSubject, check: FailedCheck): Promise<void> {
    const key = pairFailuresKey(subject.email, subject.address);
    const state = afterSignInFailure(await this.readPairFailures(key), new Date());
    await this.counter.write(key, JSON.stringify(state), SIGN_IN_FAILURES_TTL_MS);
    // On its own transaction: the request itself fails, its history row must stay.
    await this.unitOfWork.transaction(async () => {
      await this.audit.record({
        action: 'failed sign-in',
        recordType: 'user',
        recordId: check.userId,
        recordLabel: check.label,
        ...(check.during ? { data: { during: check.during } } : { actor: null }),
      });
    });
  }

  /** @internal (AccountAttempt) */
  async takeBack(subject: AttemptSubject, right: boolean): Promise<void> {
    await this.counter.takeBack(accountFailuresKey(subject.email));
    if (right) await this.counter.remove(pairFailuresKey(subject.email, subject.address));
  }

  private async readPairFailures(key: string): Promise<SignInFailureState | undefined> {
    const stored = await this.counter.read(key);
    if (!stored) return undefined;
    const state = JSON.parse(stored) as {
      failures: number;
      windowStartedAt: string;
      lockedUntil: string | null;
    };
    return {
      failures: state.failures,
      windowStartedAt: new Date(state.windowStartedAt),
      lockedUntil: state.lockedUntil ? new Date(state.lockedUntil) : null,
    };
  }
}
