import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@registra/domain';
import * as argon2 from 'argon2';
import { APP_CONFIG } from '../platform/config/app-config';
import type { AppConfig } from '../platform/config/app-config';
import { AppException, validationError } from '../platform/errors/app-exception';
import { AccountAttempts } from './account-attempts';
import { passwordProblem } from './password-policy';
import type { PasswordOwner } from './password-policy';
import type { RequestOrigin } from './session-tokens';
import { recoveryCodeHash, totpTimeStep } from './two-factor';
import { fullNameOf } from './user.view';
import type { AuthUser } from './user.view';
import { UsersRepository } from './users.repository';
import type { UserRow } from './users.schema';

/**
 * What proves who is asking, for every use case that asks for it: a password checked against its
 * argon2id hash, a code of the authenticator app or a recovery code, a password asked again of a
 * signed-in user (within the account's limits), and a new password judged for its owner.
 */
@Injectable()
export class Credentials {
  // Verified when the e-mail is unknown, so a wrong e-mail costs the same time as a wrong password.
  private readonly dummyHash = argon2.hash('registra-timing-equaliser', { type: argon2.argon2id });

  constructor(
    private readonly repository: UsersRepository,
    private readonly attempts: AccountAttempts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  /** Whether `password` is the account's; no account (or no password yet) takes as long, and is wrong. */
  async passwordRight(user: UserRow | undefined, password: string): Promise<boolean> {
    if (user?.passwordHash) return argon2.verify(user.passwordHash, password);
    await argon2.verify(await this.dummyHash, password);
    return false;
  }

  /** A 6-digit code of the authenticator app not used before, or an unused recovery code. */
  async secondFactorRight(userId: string, given: string): Promise<boolean> {
    return (await this.secondFactor(userId, given)) !== null;
  }

  /**
   * Which second factor `given` is, once taken: a code of the app, or a recovery code (used up
   * now); null when it is neither.
   */
  async secondFactor(userId: string, given: string): Promise<'app' | 'recovery code' | null> {
    const code = given.replace(/\s/g, '');
    const totp = await this.repository.findTotp(userId);
    if (!totp?.confirmedAt) return null;
    if (/^\d{6}$/.test(code)) {
      const step = totpTimeStep(totp.secret, code);
      return step !== undefined && (await this.repository.acceptTimeStep(userId, step))
        ? 'app'
        : null;
    }
    return (await this.repository.useRecoveryCode(userId, recoveryCodeHash(code), new Date()))
      ? 'recovery code'
      : null;
  }

  /**
   * Runs `work` once the signed-in user's password (and, when `code` is given, a current code of
   * their app or a recovery code) is right, within the account's limits: a wrong one counts like
   * a failed sign-in (the same counters), and an attempt the limits hold back is answered 429
   * before anything is checked. The routes using it run without a request transaction, so that
   * the failure's history row stays.
   */
  async withPassword<T>(
    user: AuthUser,
    password: string,
    origin: RequestOrigin,
    during: string,
    work: (row: UserRow) => Promise<T>,
    code?: string,
  ): Promise<T> {
    const attempt = await this.attempts.begin({
      email: user.email.trim().toLowerCase(),
      address: origin.address,
    });
    try {
      const row = await this.repository.findLiveById(user._id);
      const passwordRight = await this.passwordRight(row, password);
      // The code is tried only after the right password, so a guess uses no code up.
      const codeRight =
        passwordRight && row && code !== undefined
          ? await this.secondFactorRight(row.id, code)
          : passwordRight;
      if (!row || !passwordRight || !codeRight) {
        await attempt.failed({ userId: user._id, label: fullNameOf(user), during });
        throw new AppException(
          HttpStatus.BAD_REQUEST,
          ErrorCode.INVALID_CREDENTIALS,
          code === undefined
            ? 'The current password is wrong'
            : 'The password or the code is wrong (or the code was used already)',
        );
      }
      const result = await work(row);
      await attempt.succeeded();
      return result;
    } finally {
      await attempt.settle();
    }
  }

  /** 400 naming `field` when a new password is refused for its owner (password-policy.ts). */
  checkNewPassword(field: string, password: string, owner: PasswordOwner): void {
    const problem = passwordProblem(password, {
      email: owner.email,
      firstName: owner.firstName,
      lastName: owner.lastName,
      firmName: this.config.firmName,
    });
    if (problem) {
      throw validationError([{ field, message: `${field} ${problem}` }], `${field} ${problem}`);
    }
  }
}
