import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ErrorCode, SIGNUP_CODE_FAILURES_PER_HOUR } from '@registra/domain';
import type { SessionEndCode, UserSessionView } from '@registra/domain';
import { randomUUID, createHash } from 'node:crypto';
import { sameSecret } from '../platform/auth/same-secret';
import { APP_CONFIG } from '../platform/config/app-config';
import type { AppConfig } from '../platform/config/app-config';
import { isUniqueViolation } from '../platform/database/pg-errors';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { AppException, notFound } from '../platform/errors/app-exception';
import { RateCounter } from '../platform/redis/rate-counter';
import { SettingsService } from '../settings/settings.service';
import { AccountAttempts } from './account-attempts';
import type { AccountAttempt } from './account-attempts';
import { accountDisabled, deadLink, emailTaken } from './account-refusals';
import { Credentials } from './credentials';
import { SigninDto } from './dto/signin.dto';
import { SignupDto } from './dto/signup.dto';
import { LinkTokens } from './link-tokens';
import { NO_ORIGIN, SESSION_TTL_MS, SessionTokens } from './session-tokens';
import type { RequestOrigin, SignedIn, TokenPayload } from './session-tokens';
import { TwoFactorService } from './two-factor.service';
import { fullNameOf, toSessionView, toUserView } from './user.view';
import type { AuthUser } from './user.view';
import { UsersRepository } from './users.repository';
import type { UserRow } from './users.schema';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Getting in and staying in: sign-up (with an invitation or the firm's code), sign-in within the
 * account's limits, the sessions of a signed-in user, and the check of a token on every request
 * (registered with the platform's SessionAuthentication port).
 */
@Injectable()
export class SignInService {
  constructor(
    private readonly repository: UsersRepository,
    private readonly credentials: Credentials,
    private readonly sessionTokens: SessionTokens,
    private readonly linkTokens: LinkTokens,
    private readonly twoFactor: TwoFactorService,
    private readonly attempts: AccountAttempts,
    private readonly unitOfWork: UnitOfWork,
    private readonly counter: RateCounter,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A new staff account: with an invitation's token (the invited account becomes active), or with
   * the firm's sign-up code while that is open. An address whose account was deactivated cannot
   * sign up again until an administrator reactivates it.
   */
  async signup(dto: SignupDto, origin: RequestOrigin = NO_ORIGIN): Promise<SignedIn> {
    const result = await this.createAccount(dto, origin);
    // The account is committed; while the firm requires two-factor, its first session waits for
    // the enrolment (401 TOTP_ENROLMENT_REQUIRED with the token).
    if (result instanceof AppException) throw result;
    return result;
  }

  private async createAccount(
    dto: SignupDto,
    origin: RequestOrigin,
  ): Promise<SignedIn | AppException> {
    // Before the code or the invitation is looked at: a refused password changes nothing.
    this.credentials.checkNewPassword('password', dto.password, dto);
    if (dto.invite !== undefined) return this.acceptInvitation(dto, dto.invite, origin);
    if (!this.config.signupWithCode) {
      throw new AppException(
        HttpStatus.FORBIDDEN,
        ErrorCode.INVALID_SECRET_CODE,
        'Sign-up with the code is closed: ask an administrator for an invitation',
      );
    }
    await this.checkSignupCode(dto.secretCode ?? '');
    const existing = await this.repository.findLiveByEmail(dto.email);
    if (existing?.status === 'DISABLED') throw accountDisabled();
    if (existing) throw emailTaken();
    const passwordHash = await this.credentials.hash(dto.password);
    return this.unitOfWork.transaction(async () => {
      // The new user is the author of their own sign-up in the history.
      const id = randomUUID();
      await this.unitOfWork.setActor({ id, name: fullNameOf(dto) });
      // Signing up signs the new user in: that is their first login.
      const now = new Date();
      let user;
      try {
        user = await this.repository.createWithRole({
          id,
          firstName: dto.firstName,
          lastName: dto.lastName,
          email: dto.email,
          passwordHash,
          lastLoginAt: now,
        });
      } catch (error) {
        // Two sign-ups with one address at the same moment: the unique index decides.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      return this.firstSession(user, origin);
    });
  }

  /** A new account's first session, or the enrolment the firm requires before it. */
  private async firstSession(
    user: UserRow,
    origin: RequestOrigin,
  ): Promise<SignedIn | AppException> {
    if (await this.settings.twoFactorRequired()) return this.twoFactor.enrolmentRequired(user);
    return this.sessionTokens.start(user.id, toUserView(user), origin);
  }

  /** Sign-up through an invitation's link: once, before it expires, with the invited e-mail. */
  private async acceptInvitation(
    dto: SignupDto,
    invite: string,
    origin: RequestOrigin,
  ): Promise<SignedIn | AppException> {
    const passwordHash = await this.credentials.hash(dto.password);
    return this.unitOfWork.transaction(async () => {
      const now = new Date();
      const invited = await this.linkTokens.consume(invite, 'invite', now);
      if (!invited || invited.status !== 'INVITED') throw deadLink();
      if (invited.email.toLowerCase() !== dto.email.toLowerCase()) {
        throw new AppException(
          HttpStatus.BAD_REQUEST,
          ErrorCode.VALIDATION_ERROR,
          'The invitation was sent to another e-mail address',
          [{ field: 'email', message: 'email must be the address the invitation was sent to' }],
        );
      }
      await this.unitOfWork.setActor({ id: invited.id, name: fullNameOf(dto) });
      const user = await this.repository.acceptInvitation(
        invited.id,
        { firstName: dto.firstName, lastName: dto.lastName, passwordHash },
        now,
      );
      return this.firstSession(user, origin);
    });
  }

  /**
   * Wrong sign-up codes are counted per code, from every address together: past
   * SIGNUP_CODE_FAILURES_PER_HOUR in an hour, sign-up with the code answers 429 until the hour
   * ends, so a code cannot be guessed from many addresses at once.
   */
  private async checkSignupCode(given: string): Promise<void> {
    const key = `signup-code-failures:${createHash('sha256').update(this.config.signupSecretCode).digest('hex').slice(0, 16)}`;
    if ((await this.counter.count(key)) >= SIGNUP_CODE_FAILURES_PER_HOUR) {
      throw new AppException(
        HttpStatus.TOO_MANY_REQUESTS,
        ErrorCode.TOO_MANY_REQUESTS,
        'Too many wrong sign-up codes: try again later or ask an administrator for an invitation',
        undefined,
        { 'Retry-After': String(60 * 60) },
      );
    }
    if (sameSecret(given, this.config.signupSecretCode)) return;
    await this.counter.hit(key, HOUR_MS);
    throw new AppException(
      HttpStatus.FORBIDDEN,
      ErrorCode.INVALID_SECRET_CODE,
      'The secret code is not valid',
    );
  }

  /**
   * Checks the password (and the code of a two-factor account) within the account's limits
   * (AccountAttempts): per account and address, 5 failures in 15 minutes lock that pair for 15
   * minutes, so a stranger elsewhere cannot lock a colleague out; per account from every address,
   * failures past the first of the hour are slowed and at most 100 an hour are checked. An unknown
   * e-mail is counted like a known one. Each failure is recorded in the history; that bookkeeping
   * commits on its own, since the request itself fails.
   */
  async signin(dto: SigninDto, origin: RequestOrigin = NO_ORIGIN): Promise<SignedIn> {
    const emailKey = dto.email.trim().toLowerCase();
    const attempt = await this.attempts.begin({ email: emailKey, address: origin.address });
    try {
      return await this.checkedSignin(dto, emailKey, attempt, origin);
    } finally {
      await attempt.settle();
    }
  }

  private async checkedSignin(
    dto: SigninDto,
    emailKey: string,
    attempt: AccountAttempt,
    origin: RequestOrigin,
  ): Promise<SignedIn> {
    const now = new Date();
    const user = await this.repository.findLiveByEmail(dto.email);
    // Checked whether or not the e-mail has an account: a wrong e-mail takes as long.
    const passwordRight = await this.credentials.passwordRight(user, dto.password);
    if (!user || !passwordRight) {
      await attempt.failed({ userId: user?.id ?? null, label: emailKey });
      throw new AppException(
        HttpStatus.UNAUTHORIZED,
        ErrorCode.INVALID_CREDENTIALS,
        'Wrong e-mail or password',
      );
    }
    // Told only to whoever knows the password: a deactivated account says so.
    if (user.status === 'DISABLED') throw accountDisabled();
    if (!user.totpEnabled && (await this.settings.twoFactorRequired())) {
      throw await this.twoFactor.enrolmentRequired(user);
    }
    let secondFactor: 'app' | 'recovery code' | null = null;
    if (user.totpEnabled) {
      if (!dto.totp) {
        throw new AppException(
          HttpStatus.UNAUTHORIZED,
          ErrorCode.TOTP_REQUIRED,
          'Enter the code of your authenticator app (or a recovery code)',
        );
      }
      secondFactor = await this.credentials.secondFactor(user.id, dto.totp);
      if (!secondFactor) {
        await attempt.failed({ userId: user.id, label: emailKey });
        // Its own code: TOTP_REQUIRED already told this caller the password was right, and the
        // sign-in screen must say "wrong code", not "wrong password".
        throw new AppException(
          HttpStatus.UNAUTHORIZED,
          ErrorCode.TOTP_INVALID,
          'The code is wrong or was used already',
        );
      }
    }
    const signedIn = await this.unitOfWork.transaction(async () => {
      const account = { id: user.id, name: fullNameOf(user) };
      await this.unitOfWork.setActor(account);
      const view = toUserView({ ...user, lastLoginAt: now });
      return this.sessionTokens.signIn(account, view, origin, now);
    });
    await attempt.succeeded();
    // A recovery code used up: the sign-in screen says how many are left (and warns when few).
    return secondFactor === 'recovery code'
      ? { ...signedIn, recoveryCodesLeft: await this.repository.recoveryCodesLeft(user.id) }
      : signedIn;
  }

  /**
   * A fresh token for the same session, whose life is extended by another 12 hours, never past
   * its absolute lifetime (SESSION_MAX_DAYS after the sign-in).
   */
  async refresh(user: AuthUser): Promise<SignedIn> {
    const now = new Date();
    await this.repository.extendSession(
      user.sessionId,
      new Date(now.getTime() + SESSION_TTL_MS),
      this.config.sessionMaxDays * DAY_MS,
      now,
    );
    const { sessionId, ...view } = user;
    return { token: await this.sessionTokens.sign({ sub: user._id, sid: sessionId }), user: view };
  }

  async logout(user: AuthUser): Promise<void> {
    await this.repository.revokeSession(user.sessionId, new Date());
  }

  /** The signed-in user's live sessions, the current one marked. */
  async sessions(user: AuthUser): Promise<UserSessionView[]> {
    const rows = await this.repository.activeSessions(user._id, new Date());
    return rows.map((row) => toSessionView(row, user.sessionId));
  }

  /** Signs out one session of the signed-in user (the current one too). */
  async endSession(user: AuthUser, sessionId: string): Promise<void> {
    if (!(await this.repository.revokeOwnSession(user._id, sessionId, new Date())))
      throw notFound('Session');
  }

  /** "Sign out everywhere": every session of the user but this one. */
  async endOtherSessions(user: AuthUser): Promise<number> {
    return this.repository.revokeSessionsExcept(user._id, user.sessionId, new Date());
  }

  /**
   * The signed-in user a token stands for, checked on every request: well signed (HS256) and not
   * expired, and its session neither revoked nor expired (ADR 0003). Undefined for anything else.
   */
  async authenticate(token: string): Promise<AuthUser | undefined> {
    const payload = this.sessionTokens.verify(token);
    return payload ? this.resolveSession(payload) : undefined;
  }

  /**
   * Why a token `authenticate` refused opens no session (the guard's 401 says it): its account
   * deactivated, its session ended from elsewhere (a sign-out of other sessions, a password
   * change or reset, two-factor sign-in required), or expired (idle, past its absolute lifetime,
   * the token's own expiry, or pruned since). A token not signed by us is UNAUTHORIZED.
   */
  async refusal(token: string): Promise<SessionEndCode | typeof ErrorCode.UNAUTHORIZED> {
    const payload = this.sessionTokens.verifyIgnoringExpiry(token);
    if (!payload) return ErrorCode.UNAUTHORIZED;
    const now = new Date();
    const session = await this.repository.findSessionEnding(payload.sid, payload.sub);
    // Signed by us but gone: housekeeping prunes only expired sessions.
    if (!session) return ErrorCode.SESSION_EXPIRED;
    if (session.accountDeletedAt || session.accountStatus !== 'ACTIVE') {
      return ErrorCode.SESSION_ACCOUNT_DISABLED;
    }
    if (session.revokedAt) return ErrorCode.SESSION_SIGNED_OUT;
    const tokenExpired = typeof payload.exp === 'number' && payload.exp * 1000 <= now.getTime();
    const sessionExpired =
      session.expiresAt <= now ||
      session.createdAt.getTime() <= now.getTime() - this.config.sessionMaxDays * DAY_MS;
    return tokenExpired || sessionExpired ? ErrorCode.SESSION_EXPIRED : ErrorCode.UNAUTHORIZED;
  }

  /** The token's session must still be active. */
  private async resolveSession(payload: TokenPayload): Promise<AuthUser | undefined> {
    const row = await this.repository.findActiveSessionUser(
      payload.sid,
      payload.sub,
      new Date(),
      this.config.sessionMaxDays * DAY_MS,
    );
    return row ? { ...toUserView(row), sessionId: payload.sid } : undefined;
  }
}
