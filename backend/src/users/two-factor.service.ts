import { HttpStatus, Injectable } from '@nestjs/common';
import { ErrorCode, TOTP_ENROLMENT_VALID_MINUTES } from '@registra/domain';
import type { FirmSettingsView } from '@registra/domain';
import { AuditService } from '../platform/audit/audit.service';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { AppException, notFound, validationError } from '../platform/errors/app-exception';
import { SettingsService } from '../settings/settings.service';
import { deadLink, refused } from './account-refusals';
import { Credentials } from './credentials';
import { LinkTokens } from './link-tokens';
import { NO_ORIGIN, SessionTokens } from './session-tokens';
import type { RequestOrigin, SignedIn } from './session-tokens';
import { newRecoveryCodes, newTotpEnrolment, recoveryCodeHash, totpTimeStep } from './two-factor';
import type { TotpEnrolment } from './two-factor';
import { fullNameOf, toUserView } from './user.view';
import type { AuthUser, UserView } from './user.view';
import { UsersRepository } from './users.repository';
import type { UserRow } from './users.schema';

/** A session started by confirming a required enrolment, with its recovery codes (shown once). */
export interface EnrolledAndSignedIn extends SignedIn {
  recoveryCodes: string[];
}

const wrongCode = (): AppException =>
  new AppException(
    HttpStatus.BAD_REQUEST,
    ErrorCode.INVALID_CREDENTIALS,
    'The code is wrong or was used already',
    [{ field: 'code', message: 'code is wrong or was used already' }],
  );

/**
 * Two-factor sign-in (TOTP): a user's enrolment, its change of app and its end, an
 * administrator's reset of a lost phone, and the enrolment the firm may require of everyone
 * (ADR 0113), which a sign-in answers with a one-time token instead of a session.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    private readonly repository: UsersRepository,
    private readonly credentials: Credentials,
    private readonly linkTokens: LinkTokens,
    private readonly sessionTokens: SessionTokens,
    private readonly settings: SettingsService,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditService,
  ) {}

  /**
   * Starts an enrolment: a new secret, its otpauth:// URL and QR code. Sign-in asks for codes
   * only once a first code confirms it. The password is asked, and from an account already
   * enrolled a current code too (whoever holds a session alone cannot put their own app on the
   * account); the enrolled app keeps working until the new one's first code.
   */
  async startTotp(
    user: AuthUser,
    password: string,
    code: string | undefined,
    origin: RequestOrigin = NO_ORIGIN,
  ): Promise<TotpEnrolment> {
    if (user.totpEnabled && !code?.trim()) {
      throw validationError(
        [
          {
            field: 'code',
            message: 'code is required: a code of the app in use (or a recovery code)',
          },
        ],
        'Two-factor sign-in is on: enrolling another app needs a code of the app in use',
      );
    }
    const replacing = user.totpEnabled;
    return this.credentials.withPassword(
      user,
      password,
      origin,
      replacing ? 'two-factor app change' : 'two-factor enrolment',
      async () => {
        const enrolment = await newTotpEnrolment(user.email);
        if (replacing) await this.repository.savePendingReplacement(user._id, enrolment.secret);
        else await this.repository.savePendingTotp(user._id, enrolment.secret);
        return enrolment;
      },
      replacing ? code : undefined,
    );
  }

  /**
   * The first code of the app confirms the enrolment (or makes another app the account's, the
   * previous one's codes stopping); the ten new recovery codes are shown once.
   */
  async confirmTotp(user: AuthUser, code: string): Promise<string[]> {
    const totp = await this.repository.findTotp(user._id);
    const codes = newRecoveryCodes();
    if (totp?.confirmedAt && totp.pendingSecret) {
      const step = totpTimeStep(totp.pendingSecret, code.replace(/\s/g, ''));
      if (step === undefined) throw wrongCode();
      const now = new Date();
      const hashes = codes.map(recoveryCodeHash);
      if (
        !(await this.repository.confirmReplacement(user._id, totp.pendingSecret, step, hashes, now))
      ) {
        throw refused('No enrolment is waiting for a code: start one first');
      }
      await this.recordTwoFactorChange(user, 'totp_app', ['the previous app', 'another app']);
      return codes;
    }
    const step = await this.pendingEnrolmentStep(user._id, code);
    // The account's history records the change of totpEnabled.
    await this.repository.confirmTotp(user._id, step, codes.map(recoveryCodeHash), new Date());
    return codes;
  }

  /** The time step of a first code for the enrolment waiting for one (400 when none waits). */
  private async pendingEnrolmentStep(userId: string, code: string): Promise<number> {
    const totp = await this.repository.findTotp(userId);
    if (!totp || totp.confirmedAt) {
      throw refused('No enrolment is waiting for a code: start one first');
    }
    const step = totpTimeStep(totp.secret, code.replace(/\s/g, ''));
    if (step === undefined) throw wrongCode();
    return step;
  }

  /**
   * Turns two-factor sign-in off: the password and a current code (or a recovery code) are asked,
   * within the account's limits (a wrong one counts like a failed sign-in).
   */
  async disableTotp(
    user: AuthUser,
    password: string,
    code: string,
    origin: RequestOrigin = NO_ORIGIN,
  ): Promise<UserView> {
    if (!user.totpEnabled) throw notFound('Two-factor enrolment');
    if (await this.settings.twoFactorRequired()) {
      throw new AppException(
        HttpStatus.FORBIDDEN,
        ErrorCode.FORBIDDEN,
        'The firm requires two-factor sign-in: it cannot be turned off',
      );
    }
    return this.credentials.withPassword(
      user,
      password,
      origin,
      'turning two-factor off',
      () => this.removeTotp(user._id),
      code,
    );
  }

  /**
   * Ten new recovery codes in place of the earlier ones, used or not (a sign-in with one warned
   * that few are left): the password and a current code (or a recovery code) are asked, within
   * the account's limits. The new codes are shown once.
   */
  async renewRecoveryCodes(
    user: AuthUser,
    password: string,
    code: string,
    origin: RequestOrigin = NO_ORIGIN,
  ): Promise<string[]> {
    if (!user.totpEnabled) throw notFound('Two-factor enrolment');
    return this.credentials.withPassword(
      user,
      password,
      origin,
      'making new recovery codes',
      async () => {
        const codes = newRecoveryCodes();
        await this.repository.replaceRecoveryCodes(user._id, codes.map(recoveryCodeHash));
        await this.recordTwoFactorChange(user, 'recoveryCodes', [
          'the earlier ones',
          'ten new ones',
        ]);
        return codes;
      },
      code,
    );
  }

  /** An administrator resets a user's enrolment (a lost phone): sign-in asks for the password only. */
  async resetTotp(id: string): Promise<UserView> {
    const view = await this.removeTotp(id);
    // While the firm requires it, the account works on only once it has enrolled again.
    if (await this.settings.twoFactorRequired()) {
      await this.repository.revokeSessionsExcept(id, null, new Date());
    }
    return view;
  }

  /**
   * A change to the account's two-factor secrets in its history: no column of the account
   * changes, so no trigger records it.
   */
  private async recordTwoFactorChange(
    user: AuthUser,
    field: string,
    change: [string, string],
  ): Promise<void> {
    await this.audit.record({
      action: 'update',
      recordType: 'user',
      recordId: user._id,
      recordLabel: fullNameOf(user),
      changes: { [field]: change },
    });
  }

  private async removeTotp(id: string): Promise<UserView> {
    const row = await this.repository.removeTotp(id, new Date());
    if (!row) throw notFound('User');
    return toUserView(row);
  }

  // --- two-factor sign-in required by the firm (ADR 0113)

  /**
   * The answer to a right password of an account without two-factor while the firm requires it:
   * 401 TOTP_ENROLMENT_REQUIRED with a one-time token that can only enrol (valid 15 minutes, only
   * its SHA-256 stored). No session exists until a first code confirms the enrolment.
   */
  async enrolmentRequired(user: UserRow): Promise<AppException> {
    const token = await this.linkTokens.issue(
      user.id,
      'totp-enrolment',
      TOTP_ENROLMENT_VALID_MINUTES * 60_000,
    );
    return new AppException(
      HttpStatus.UNAUTHORIZED,
      ErrorCode.TOTP_ENROLMENT_REQUIRED,
      'The firm requires two-factor sign-in: set up an authenticator app to continue',
      undefined,
      undefined,
      { enrolmentToken: token, validMinutes: TOTP_ENROLMENT_VALID_MINUTES },
    );
  }

  /** The account an enrolment token stands for, while it is live and the account active. */
  private async enrollingUser(enrolmentToken: string): Promise<UserRow> {
    const user = await this.linkTokens.peek(enrolmentToken, 'totp-enrolment');
    if (!user || user.status !== 'ACTIVE' || user.totpEnabled) throw deadLink();
    return user;
  }

  /** POST /user/totp/enrolment: the secret and QR code for the token's account. */
  async startRequiredTotp(enrolmentToken: string): Promise<TotpEnrolment> {
    const user = await this.enrollingUser(enrolmentToken);
    const enrolment = await newTotpEnrolment(user.email);
    await this.repository.savePendingTotp(user.id, enrolment.secret);
    return enrolment;
  }

  /**
   * POST /user/totp/enrolment/confirm: the first code turns two-factor on, uses the token, and
   * starts the session the sign-in held back (a sign-in in the history), with the recovery codes.
   * A wrong code changes nothing: the token stays usable until it expires.
   */
  async confirmRequiredTotp(
    enrolmentToken: string,
    code: string,
    origin: RequestOrigin = NO_ORIGIN,
  ): Promise<EnrolledAndSignedIn> {
    const user = await this.enrollingUser(enrolmentToken);
    const step = await this.pendingEnrolmentStep(user.id, code);
    const now = new Date();
    const used = await this.linkTokens.consume(enrolmentToken, 'totp-enrolment', now);
    if (!used || used.id !== user.id) throw deadLink();
    const account = { id: user.id, name: fullNameOf(user) };
    await this.unitOfWork.setActor(account);
    const codes = newRecoveryCodes();
    await this.repository.confirmTotp(user.id, step, codes.map(recoveryCodeHash), now);
    const view = toUserView({ ...user, totpEnabled: true, lastLoginAt: now });
    return {
      ...(await this.sessionTokens.signIn(account, view, origin, now)),
      recoveryCodes: codes,
    };
  }

  /**
   * An administrator requires two-factor sign-in of everyone (or stops). Turning it on ends the
   * sessions of every account without it but the administrator's own, so each of them enrols at
   * the next sign-in instead of working on for up to 30 days.
   */
  async setTwoFactorRequired(admin: AuthUser, required: boolean): Promise<FirmSettingsView> {
    const settings = await this.settings.setTwoFactorRequired(required);
    if (required) await this.repository.revokeSessionsWithoutTotp(admin.sessionId, new Date());
    return settings;
  }
}
