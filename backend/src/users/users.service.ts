import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import {
  ErrorCode,
  INVITATION_VALID_HOURS,
  PASSWORD_RESET_VALID_HOURS,
  SESSION_IDLE_HOURS,
  SIGNUP_CODE_FAILURES_PER_HOUR,
  TOTP_ENROLMENT_VALID_MINUTES,
} from '@registra/domain';
import type {
  FirmSettingsView,
  SessionEndCode,
  UserRole,
  UserSessionView,
  UserStatus,
} from '@registra/domain';
import * as argon2 from 'argon2';
import { createHash, createSecretKey, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { AuditService } from '../platform/audit/audit.service';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { APP_CONFIG } from '../platform/config/app-config';
import type { AppConfig } from '../platform/config/app-config';
import { isUniqueViolation } from '../platform/database/pg-errors';
import { AppException, notFound, validationError } from '../platform/errors/app-exception';
import { page } from '../platform/http/envelope';
import type { Page } from '../platform/http/envelope';
import { AccountDeactivation } from '../platform/ports/account-deactivation';
import { AccountMail } from '../platform/ports/account-mail';
import { RateCounter } from '../platform/redis/rate-counter';
import { SettingsService } from '../settings/settings.service';
import { AccountAttempts } from './account-attempts';
import type { AccountAttempt } from './account-attempts';
import { SigninDto } from './dto/signin.dto';
import { SignupDto } from './dto/signup.dto';
import { USER_SEARCH_DEFAULT_LIMIT } from './dto/search-users.dto';
import { USER_LIST_DEFAULT_LIMIT } from './dto/users.dto';
import type {
  ChangePasswordDto,
  InviteUserDto,
  ListUsersDto,
  ResetPasswordDto,
  UpdateUserDto,
} from './dto/users.dto';
import { passwordProblem } from './password-policy';
import type { PasswordOwner } from './password-policy';
import { newRecoveryCodes, newTotpEnrolment, recoveryCodeHash, totpTimeStep } from './two-factor';
import type { TotpEnrolment } from './two-factor';
import { toSessionView, toUserView } from './user.view';
import type { AuthUser, UserView } from './user.view';
import { UsersRepository } from './users.repository';
import type { SessionOrigin } from './users.repository';
import type { UserRow, UserTokenPurpose } from './users.schema';

/** Tokens last 12 hours, and a session not refreshed for as long ends (its idle lifetime). */
export const SESSION_TTL_MS = SESSION_IDLE_HOURS * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Where a request comes from, for the sessions it starts. */
export type RequestOrigin = SessionOrigin;
const NO_ORIGIN: RequestOrigin = { userAgent: null, address: null };

/** A one-time link's token: 32 random bytes; only its SHA-256 is stored. */
const newLinkToken = (): string => randomBytes(32).toString('base64url');
const hashLinkToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** A request the account's state refuses (400, as a validation error). */
const refused = (message: string): AppException =>
  new AppException(HttpStatus.BAD_REQUEST, ErrorCode.VALIDATION_ERROR, message);

const fullNameOf = (user: { firstName: string; lastName: string }): string =>
  `${user.firstName} ${user.lastName}`.trim();

export interface TokenPayload {
  sub: string;
  sid: string;
}

export interface SignedIn {
  token: string;
  user: UserView;
}

/** A session started by confirming a required enrolment, with its recovery codes (shown once). */
export interface EnrolledAndSignedIn extends SignedIn {
  recoveryCodes: string[];
}

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison time never depends on the input.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

@Injectable()
export class UsersService {
  // Verified when the e-mail is unknown, so a wrong e-mail costs the same time as a wrong password.
  private readonly dummyHash = argon2.hash('registra-timing-equaliser', { type: argon2.argon2id });

  /**
   * The secret as a key object made once: given a string, jsonwebtoken builds one on every
   * verification (trying it as a public key first), a measurable part of each request.
   */
  private readonly verifyKey: KeyObject;

  constructor(
    private readonly repository: UsersRepository,
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly unitOfWork: UnitOfWork,
    private readonly audit: AuditService,
    private readonly accountMail: AccountMail,
    private readonly counter: RateCounter,
    private readonly settings: SettingsService,
    private readonly deactivation: AccountDeactivation,
    private readonly attempts: AccountAttempts,
  ) {
    this.verifyKey = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
  }

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
    this.checkNewPassword('password', dto.password, dto);
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
    if (existing?.status === 'DISABLED') throw this.disabled();
    if (existing) throw this.emailTaken();
    const passwordHash = await argon2.hash(dto.password, { type: argon2.argon2id });
    return this.unitOfWork.transaction(async () => {
      // The new user is the author of their own sign-up in the history.
      const id = randomUUID();
      await this.unitOfWork.setActor({ id, name: `${dto.firstName} ${dto.lastName}`.trim() });
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
        if (isUniqueViolation(error)) throw this.emailTaken();
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
    if (await this.settings.twoFactorRequired()) return this.enrolmentRequired(user);
    return this.startSession(user.id, toUserView(user), origin);
  }

  /** Sign-up through an invitation's link: once, before it expires, with the invited e-mail. */
  private async acceptInvitation(
    dto: SignupDto,
    invite: string,
    origin: RequestOrigin,
  ): Promise<SignedIn | AppException> {
    const passwordHash = await argon2.hash(dto.password, { type: argon2.argon2id });
    return this.unitOfWork.transaction(async () => {
      const now = new Date();
      const invited = await this.repository.consumeToken(hashLinkToken(invite), 'invite', now);
      if (!invited || invited.status !== 'INVITED') throw this.invalidToken();
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

  /** Whom an invitation's link invites (the sign-up page fills in the e-mail and names). */
  async invitation(invite: string): Promise<UserView> {
    const user = await this.repository.peekToken(hashLinkToken(invite), 'invite', new Date());
    if (!user || user.status !== 'INVITED') throw this.invalidToken();
    return toUserView(user);
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
    const valid = user?.passwordHash
      ? await argon2.verify(user.passwordHash, dto.password)
      : await argon2.verify(await this.dummyHash, dto.password).then(() => false);
    if (!user?.passwordHash || !valid) {
      await attempt.failed({ userId: user?.id ?? null, label: emailKey });
      throw new AppException(
        HttpStatus.UNAUTHORIZED,
        ErrorCode.INVALID_CREDENTIALS,
        'Wrong e-mail or password',
      );
    }
    // Told only to whoever knows the password: a deactivated account says so.
    if (user.status === 'DISABLED') throw this.disabled();
    if (!user.totpEnabled && (await this.settings.twoFactorRequired())) {
      throw await this.enrolmentRequired(user);
    }
    if (user.totpEnabled) {
      if (!dto.totp) {
        throw new AppException(
          HttpStatus.UNAUTHORIZED,
          ErrorCode.TOTP_REQUIRED,
          'Enter the code of your authenticator app (or a recovery code)',
        );
      }
      if (!(await this.checkSecondFactor(user.id, dto.totp))) {
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
      const actor = { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() };
      await this.unitOfWork.setActor(actor);
      await this.recordSignIn(actor, now);
      return this.startSession(user.id, toUserView({ ...user, lastLoginAt: now }), origin);
    });
    await attempt.succeeded();
    return signedIn;
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
    return { token: await this.sign({ sub: user._id, sid: sessionId }), user: view };
  }

  async logout(user: AuthUser): Promise<void> {
    await this.repository.revokeSession(user.sessionId, new Date());
  }

  async search(search: string | undefined, limit: number | undefined): Promise<UserView[]> {
    const rows = await this.repository.search(
      search?.trim() || undefined,
      limit ?? USER_SEARCH_DEFAULT_LIMIT,
    );
    return rows.map(toUserView);
  }

  /** A live user, or undefined (assignments name users by id). */
  async findLive(id: string): Promise<UserView | undefined> {
    const row = await this.repository.findLiveById(id);
    return row ? toUserView(row) : undefined;
  }

  /** The live administrators (they hear of each new company-creation request). */
  async findLiveAdmins(): Promise<UserView[]> {
    return (await this.repository.findLiveAdmins()).map(toUserView);
  }

  /** Every account, deactivated ones included (administrators' Users page). */
  async list(actor: AuthUser, dto: ListUsersDto): Promise<Page<UserView>> {
    this.requireAdmin(actor, 'list the accounts');
    const pageNumber = dto.page ?? 1;
    const limit = dto.limit ?? USER_LIST_DEFAULT_LIMIT;
    const { rows, total } = await this.repository.listSorted(
      { status: dto.status },
      { field: dto.sortField ?? 'name', order: dto.sortOrder ?? 'asc' },
      (pageNumber - 1) * limit,
      limit,
    );
    return page(rows.map(toUserView), total, pageNumber, limit);
  }

  /**
   * An administrator invites a colleague: the account exists at once (INVITED, no password) and
   * its one-time sign-up link, valid 7 days, goes out through the outbox.
   */
  async invite(actor: AuthUser, dto: InviteUserDto): Promise<UserView> {
    this.requireAdmin(actor, 'invite a user');
    const existing = await this.repository.findLiveByEmail(dto.email);
    if (existing?.status === 'DISABLED') throw this.disabled();
    if (existing) throw this.emailTaken();
    let user: UserRow;
    try {
      user = await this.repository.createWithRole({
        firstName: dto.firstName,
        lastName: dto.lastName,
        email: dto.email,
        passwordHash: null,
        role: dto.role,
        status: 'INVITED',
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw this.emailTaken();
      throw error;
    }
    await this.sendInvitation(actor, user);
    return toUserView(user);
  }

  /** A new invitation link for an account still INVITED (the earlier link stops working). */
  async resendInvitation(actor: AuthUser, id: string): Promise<UserView> {
    const user = await this.accountFor(actor, 'invite a user', id);
    if (user.status !== 'INVITED') {
      throw refused('This account is not waiting for an invitation');
    }
    await this.sendInvitation(actor, user);
    return toUserView(user);
  }

  /** A new one-time link token: only its SHA-256 is stored, the token itself goes to the user. */
  private async issueLinkToken(
    userId: string,
    purpose: UserTokenPurpose,
    validMs: number,
  ): Promise<string> {
    const token = newLinkToken();
    await this.repository.createToken(
      userId,
      purpose,
      hashLinkToken(token),
      new Date(Date.now() + validMs),
    );
    return token;
  }

  /** The live account an administrator acts on (403 for anyone else, 404 when there is none). */
  private async accountFor(actor: AuthUser, doing: string, id: string): Promise<UserRow> {
    this.requireAdmin(actor, doing);
    const user = await this.repository.findLiveById(id);
    if (!user) throw notFound('User');
    return user;
  }

  private async sendInvitation(actor: AuthUser, user: UserRow): Promise<void> {
    const token = await this.issueLinkToken(user.id, 'invite', INVITATION_VALID_HOURS * HOUR_MS);
    await this.accountMail.send({
      kind: 'user-invitation',
      to: user.email,
      params: {
        firstName: user.firstName,
        invitedBy: fullNameOf(actor),
        link: `${this.config.appUrl}/signup?invite=${token}`,
        validDays: String(INVITATION_VALID_HOURS / 24),
      },
      requestedBy: { id: actor._id, name: fullNameOf(actor), email: actor.email },
    });
  }

  /**
   * An administrator changes a role or deactivates / reactivates an account. The last active
   * administrator can be neither demoted nor deactivated (409 LAST_ADMIN); a deactivated
   * account's sessions and links end at once.
   */
  async update(actor: AuthUser, id: string, dto: UpdateUserDto): Promise<UserView> {
    this.requireAdmin(actor, 'change an account');
    const row = await this.repository.changeAccount(
      id,
      (user, otherActiveAdmins) => {
        const role: UserRole = dto.role ?? user.role;
        let status: UserStatus = user.status;
        if (dto.active === false) status = 'DISABLED';
        if (dto.active === true && user.status === 'DISABLED')
          status = user.passwordHash ? 'ACTIVE' : 'INVITED';
        const wasActiveAdmin = user.role === 'admin' && user.status === 'ACTIVE';
        const staysActiveAdmin = role === 'admin' && status === 'ACTIVE';
        if (wasActiveAdmin && !staysActiveAdmin && otherActiveAdmins === 0) {
          throw new AppException(
            HttpStatus.CONFLICT,
            ErrorCode.LAST_ADMIN,
            'This is the last active administrator: make another user administrator first',
          );
        }
        return { role, status };
      },
      new Date(),
    );
    if (!row) throw notFound('User');
    // What other contexts opened to the account without a session (its calendar feeds) ends
    // too, in the request's transaction.
    if (row.status === 'DISABLED') await this.deactivation.deactivated(row.id);
    return toUserView(row);
  }

  /** DELETE /user/{id}: deactivates the account (its history and records stay). */
  async delete(actor: AuthUser, id: string): Promise<UserView> {
    return this.update(actor, id, { active: false });
  }

  /**
   * The signed-in user's own password; every other session of theirs ends. A wrong current
   * password counts towards the account's limits like a failed sign-in (AccountAttempts).
   */
  async changePassword(
    user: AuthUser,
    dto: ChangePasswordDto,
    origin: RequestOrigin = NO_ORIGIN,
  ): Promise<void> {
    this.checkNewPassword('newPassword', dto.newPassword, user);
    await this.withPassword(user, dto.currentPassword, origin, 'password change', async (row) => {
      const passwordHash = await argon2.hash(dto.newPassword, { type: argon2.argon2id });
      const now = new Date();
      await this.unitOfWork.transaction(async () => {
        await this.repository.setPassword(row.id, passwordHash, now);
        await this.repository.revokeSessionsExcept(row.id, user.sessionId, now);
        await this.audit.record({
          action: 'password change',
          recordType: 'user',
          recordId: row.id,
          recordLabel: fullNameOf(row),
        });
      });
    });
  }

  /**
   * Runs `work` once the signed-in user's password (and, when `code` is given, a current code of
   * their app or a recovery code) is right, within the account's limits: a wrong one counts like
   * a failed sign-in (the same counters), and an attempt the limits hold back is answered 429
   * before anything is checked. The routes using it run without a request transaction, so that
   * the failure's history row stays.
   */
  private async withPassword<T>(
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
      const passwordRight = row?.passwordHash
        ? await argon2.verify(row.passwordHash, password)
        : false;
      // The code is tried only after the right password, so a guess uses no code up.
      const codeRight =
        passwordRight && row && code !== undefined
          ? await this.checkSecondFactor(row.id, code)
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
  private checkNewPassword(field: string, password: string, owner: PasswordOwner): void {
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

  /**
   * "Forgot password?": a one-time link valid 1 hour to an active account of that address. The
   * answer is the same whether or not the address has an account.
   */
  async forgotPassword(email: string): Promise<void> {
    const user = await this.repository.findLiveByEmail(email);
    if (!user || user.status !== 'ACTIVE') return;
    await this.sendPasswordReset(user, null);
  }

  /** An administrator sends a user a password-reset link. */
  async adminPasswordReset(actor: AuthUser, id: string): Promise<void> {
    const user = await this.accountFor(actor, "reset a user's password", id);
    if (user.status === 'DISABLED') throw this.disabled();
    if (user.status !== 'ACTIVE') {
      throw refused('This account has not accepted its invitation yet: send the invitation again');
    }
    await this.sendPasswordReset(user, actor);
  }

  private async sendPasswordReset(user: UserRow, actor: AuthUser | null): Promise<void> {
    const token = await this.issueLinkToken(
      user.id,
      'password-reset',
      PASSWORD_RESET_VALID_HOURS * HOUR_MS,
    );
    await this.accountMail.send({
      kind: 'password-reset',
      to: user.email,
      params: {
        firstName: user.firstName,
        link: `${this.config.appUrl}/reset-password?token=${token}`,
        validHours: String(PASSWORD_RESET_VALID_HOURS),
      },
      requestedBy: actor ? { id: actor._id, name: fullNameOf(actor), email: actor.email } : null,
    });
  }

  /** A reset link used once, before it expires: the new password, and every session ends. */
  async resetPassword(dto: ResetPasswordDto): Promise<void> {
    // The password is judged against the account the link is for, before the link is used.
    const linked = await this.repository.peekToken(
      hashLinkToken(dto.token),
      'password-reset',
      new Date(),
    );
    if (!linked || linked.status !== 'ACTIVE') throw this.invalidToken();
    this.checkNewPassword('newPassword', dto.newPassword, linked);
    const passwordHash = await argon2.hash(dto.newPassword, { type: argon2.argon2id });
    const now = new Date();
    const user = await this.repository.consumeToken(
      hashLinkToken(dto.token),
      'password-reset',
      now,
    );
    if (!user || user.status !== 'ACTIVE') throw this.invalidToken();
    await this.unitOfWork.setActor({ id: user.id, name: fullNameOf(user) });
    await this.repository.setPassword(user.id, passwordHash, now);
    await this.repository.revokeSessionsExcept(user.id, null, now);
    await this.audit.record({
      action: 'password reset',
      recordType: 'user',
      recordId: user.id,
      recordLabel: fullNameOf(user),
    });
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

  // --- two-factor sign-in (TOTP)

  /** A 6-digit code of the authenticator app not used before, or an unused recovery code. */
  private async checkSecondFactor(userId: string, given: string): Promise<boolean> {
    const code = given.replace(/\s/g, '');
    const totp = await this.repository.findTotp(userId);
    if (!totp?.confirmedAt) return false;
    if (/^\d{6}$/.test(code)) {
      const step = totpTimeStep(totp.secret, code);
      return step !== undefined && (await this.repository.acceptTimeStep(userId, step));
    }
    return this.repository.useRecoveryCode(userId, recoveryCodeHash(code), new Date());
  }

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
    return this.withPassword(
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
      if (step === undefined) throw this.wrongCode();
      const now = new Date();
      const hashes = codes.map(recoveryCodeHash);
      if (
        !(await this.repository.confirmReplacement(user._id, totp.pendingSecret, step, hashes, now))
      ) {
        throw refused('No enrolment is waiting for a code: start one first');
      }
      // No column of the account changes: the history is told here.
      await this.audit.record({
        action: 'update',
        recordType: 'user',
        recordId: user._id,
        recordLabel: fullNameOf(user),
        changes: { totp_app: ['the previous app', 'another app'] },
      });
      return codes;
    }
    const step = await this.pendingEnrolmentStep(user._id, code);
    // The account's history records the change of totpEnabled.
    await this.repository.confirmTotp(user._id, step, codes.map(recoveryCodeHash), new Date());
    return codes;
  }

  /** A sign-in in the account's last login and in the history, by the account itself. */
  private async recordSignIn(actor: { id: string; name: string }, at: Date): Promise<void> {
    await this.repository.touchLastLogin(actor.id, at);
    await this.audit.record({
      action: 'sign-in',
      recordType: 'user',
      recordId: actor.id,
      recordLabel: actor.name,
    });
  }

  /** The time step of a first code for the enrolment waiting for one (400 when none waits). */
  private async pendingEnrolmentStep(userId: string, code: string): Promise<number> {
    const totp = await this.repository.findTotp(userId);
    if (!totp || totp.confirmedAt) {
      throw refused('No enrolment is waiting for a code: start one first');
    }
    const step = totpTimeStep(totp.secret, code.replace(/\s/g, ''));
    if (step === undefined) throw this.wrongCode();
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
    return this.withPassword(
      user,
      password,
      origin,
      'turning two-factor off',
      () => this.removeTotp(user._id),
      code,
    );
  }

  /** An administrator resets a user's enrolment (a lost phone): sign-in asks for the password only. */
  async resetTotp(actor: AuthUser, id: string): Promise<UserView> {
    this.requireAdmin(actor, "reset a user's two-factor sign-in");
    const view = await this.removeTotp(id);
    // While the firm requires it, the account works on only once it has enrolled again.
    if (await this.settings.twoFactorRequired()) {
      await this.repository.revokeSessionsExcept(id, null, new Date());
    }
    return view;
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
  private async enrolmentRequired(user: UserRow): Promise<AppException> {
    const token = await this.issueLinkToken(
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
    const user = await this.repository.peekToken(
      hashLinkToken(enrolmentToken),
      'totp-enrolment',
      new Date(),
    );
    if (!user || user.status !== 'ACTIVE' || user.totpEnabled) throw this.invalidToken();
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
    const used = await this.repository.consumeToken(
      hashLinkToken(enrolmentToken),
      'totp-enrolment',
      now,
    );
    if (!used || used.id !== user.id) throw this.invalidToken();
    const actor = { id: user.id, name: fullNameOf(user) };
    await this.unitOfWork.setActor(actor);
    const codes = newRecoveryCodes();
    await this.repository.confirmTotp(user.id, step, codes.map(recoveryCodeHash), now);
    await this.recordSignIn(actor, now);
    const view = toUserView({ ...user, totpEnabled: true, lastLoginAt: now });
    return { ...(await this.startSession(user.id, view, origin)), recoveryCodes: codes };
  }

  /**
   * An administrator requires two-factor sign-in of everyone (or stops). Turning it on ends the
   * sessions of every account without it but the administrator's own, so each of them enrols at
   * the next sign-in instead of working on for up to 30 days.
   */
  async setTwoFactorRequired(actor: AuthUser, required: boolean): Promise<FirmSettingsView> {
    this.requireAdmin(actor, 'require two-factor sign-in');
    const settings = await this.settings.setTwoFactorRequired(required);
    if (required) await this.repository.revokeSessionsWithoutTotp(actor.sessionId, new Date());
    return settings;
  }

  private wrongCode(): AppException {
    return new AppException(
      HttpStatus.BAD_REQUEST,
      ErrorCode.INVALID_CREDENTIALS,
      'The code is wrong or was used already',
      [{ field: 'code', message: 'code is wrong or was used already' }],
    );
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

  private requireAdmin(actor: AuthUser, what: string): void {
    if (actor.role !== 'admin') {
      throw new AppException(
        HttpStatus.FORBIDDEN,
        ErrorCode.FORBIDDEN,
        `Only an administrator can ${what}`,
      );
    }
  }

  /**
   * The signed-in user a token stands for, checked on every request: well signed (HS256) and not
   * expired, and its session neither revoked nor expired (ADR 0003). Undefined for anything else.
   */
  async authenticate(token: string): Promise<AuthUser | undefined> {
    let payload: Partial<TokenPayload>;
    try {
      // (@nestjs/jwt types the secret as a string or Buffer; it hands it to jsonwebtoken as is.)
      payload = this.jwt.verify<Partial<TokenPayload>>(token, {
        secret: this.verifyKey as unknown as Buffer,
        algorithms: ['HS256'],
      });
    } catch {
      return undefined;
    }
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
    return this.resolveSession({ sub: payload.sub, sid: payload.sid });
  }

  /**
   * Why a token `authenticate` refused opens no session (the guard's 401 says it): its account
   * deactivated, its session ended from elsewhere (a sign-out of other sessions, a password
   * change or reset, two-factor sign-in required), or expired (idle, past its absolute lifetime,
   * the token's own expiry, or pruned since). A token not signed by us is UNAUTHORIZED.
   */
  async refusal(token: string): Promise<SessionEndCode | typeof ErrorCode.UNAUTHORIZED> {
    let payload: Partial<TokenPayload> & { exp?: number };
    try {
      payload = this.jwt.verify<Partial<TokenPayload> & { exp?: number }>(token, {
        secret: this.verifyKey as unknown as Buffer,
        algorithms: ['HS256'],
        ignoreExpiration: true,
      });
    } catch {
      return ErrorCode.UNAUTHORIZED;
    }
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
      return ErrorCode.UNAUTHORIZED;
    }
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
  async resolveSession(payload: TokenPayload): Promise<AuthUser | undefined> {
    const row = await this.repository.findActiveSessionUser(
      payload.sid,
      payload.sub,
      new Date(),
      this.config.sessionMaxDays * DAY_MS,
    );
    return row ? { ...toUserView(row), sessionId: payload.sid } : undefined;
  }

  private async startSession(
    userId: string,
    user: UserView,
    origin: RequestOrigin,
  ): Promise<SignedIn> {
    const sid = await this.repository.createSession(
      userId,
      new Date(Date.now() + SESSION_TTL_MS),
      origin,
    );
    return { token: await this.sign({ sub: userId, sid }), user };
  }

  private sign(payload: TokenPayload): Promise<string> {
    return this.jwt.signAsync(payload);
  }

  private disabled(): AppException {
    return new AppException(
      HttpStatus.FORBIDDEN,
      ErrorCode.ACCOUNT_DISABLED,
      'This account is deactivated: ask an administrator to reactivate it',
    );
  }

  private invalidToken(): AppException {
    return new AppException(
      HttpStatus.BAD_REQUEST,
      ErrorCode.INVALID_TOKEN,
      'This link is not valid any more (used, expired or replaced): ask for a new one',
    );
  }

  private emailTaken(): AppException {
    return new AppException(
      HttpStatus.CONFLICT,
      ErrorCode.EMAIL_TAKEN,
      'An account already uses this e-mail',
    );
  }
}
