import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { afterSignInFailure, ErrorCode, signInLockSeconds } from '@registra/domain';
import * as argon2 from 'argon2';
import { createHash, createSecretKey, randomUUID, timingSafeEqual } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { AuditService } from '../platform/audit/audit.service';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { APP_CONFIG } from '../platform/config/app-config';
import type { AppConfig } from '../platform/config/app-config';
import { isUniqueViolation } from '../platform/database/pg-errors';
import { AppException, notFound } from '../platform/errors/app-exception';
import { SigninDto } from './dto/signin.dto';
import { SignupDto } from './dto/signup.dto';
import { USER_SEARCH_DEFAULT_LIMIT } from './dto/search-users.dto';
import { toUserView } from './user.view';
import type { AuthUser, UserView } from './user.view';
import { UsersRepository } from './users.repository';

/** Tokens and sessions last 12 hours. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface TokenPayload {
  sub: string;
  sid: string;
}

export interface SignedIn {
  token: string;
  user: UserView;
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
  ) {
    this.verifyKey = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
  }

  async signup(dto: SignupDto): Promise<SignedIn> {
    if (!sameSecret(dto.secretCode, this.config.signupSecretCode)) {
      throw new AppException(
        HttpStatus.FORBIDDEN,
        ErrorCode.INVALID_SECRET_CODE,
        'The secret code is not valid',
      );
    }
    if (await this.repository.findLiveByEmail(dto.email)) throw this.emailTaken();
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
      return this.startSession(user.id, toUserView(user));
    });
  }

  /**
   * Checks the password; a wrong one is counted against the address (5 in 15 minutes lock it for
   * 15 minutes, whether or not an account uses it) and recorded in the history. The refusal's
   * bookkeeping commits on its own, since the request itself fails.
   */
  async signin(dto: SigninDto): Promise<SignedIn> {
    const emailKey = dto.email.trim().toLowerCase();
    const now = new Date();
    const lockSeconds = signInLockSeconds(await this.repository.signInFailures(emailKey), now);
    if (lockSeconds > 0) throw this.locked(lockSeconds);
    const user = await this.repository.findLiveByEmail(dto.email);
    const valid = user
      ? await argon2.verify(user.passwordHash, dto.password)
      : await argon2.verify(await this.dummyHash, dto.password).then(() => false);
    if (!user || !valid) {
      await this.unitOfWork.transaction(async () => {
        const state = afterSignInFailure(await this.repository.signInFailures(emailKey), now);
        await this.repository.saveSignInFailures(emailKey, state);
        await this.audit.record({
          action: 'failed sign-in',
          recordType: 'user',
          recordId: user?.id ?? null,
          recordLabel: emailKey,
          actor: null,
        });
      });
      throw new AppException(
        HttpStatus.UNAUTHORIZED,
        ErrorCode.INVALID_CREDENTIALS,
        'Wrong e-mail or password',
      );
    }
    return this.unitOfWork.transaction(async () => {
      const actor = { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() };
      await this.unitOfWork.setActor(actor);
      await this.repository.clearSignInFailures(emailKey);
      await this.repository.touchLastLogin(user.id, now);
      await this.audit.record({
        action: 'sign-in',
        recordType: 'user',
        recordId: user.id,
        recordLabel: actor.name,
      });
      return this.startSession(user.id, toUserView({ ...user, lastLoginAt: now }));
    });
  }

  /** A fresh token for the same session, whose life is extended by another 12 hours. */
  async refresh(user: AuthUser): Promise<SignedIn> {
    await this.repository.extendSession(user.sessionId, new Date(Date.now() + SESSION_TTL_MS));
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

  async delete(actor: AuthUser, id: string): Promise<void> {
    if (actor.role !== 'admin') {
      throw new AppException(
        HttpStatus.FORBIDDEN,
        ErrorCode.FORBIDDEN,
        'Only an admin can delete a user',
      );
    }
    if (!(await this.repository.softDelete(id, new Date()))) throw notFound('User');
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

  /** The token's session must still be active. */
  async resolveSession(payload: TokenPayload): Promise<AuthUser | undefined> {
    const row = await this.repository.findActiveSessionUser(payload.sid, payload.sub, new Date());
    return row ? { ...toUserView(row), sessionId: payload.sid } : undefined;
  }

  private async startSession(userId: string, user: UserView): Promise<SignedIn> {
    const sid = await this.repository.createSession(userId, new Date(Date.now() + SESSION_TTL_MS));
    return { token: await this.sign({ sub: userId, sid }), user };
  }

  private sign(payload: TokenPayload): Promise<string> {
    return this.jwt.signAsync(payload);
  }

  private locked(seconds: number): AppException {
    const minutes = Math.ceil(seconds / 60);
    return new AppException(
      HttpStatus.TOO_MANY_REQUESTS,
      ErrorCode.ACCOUNT_LOCKED,
      `Too many failed sign-ins for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      { 'Retry-After': String(seconds) },
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
