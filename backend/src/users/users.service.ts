import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ErrorCode } from '@registra/domain';
import * as argon2 from 'argon2';
import { createHash, timingSafeEqual } from 'node:crypto';
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

  constructor(
    private readonly repository: UsersRepository,
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
    let user;
    try {
      user = await this.repository.createWithRole({
        firstName: dto.firstName,
        lastName: dto.lastName,
        email: dto.email,
        passwordHash,
      });
    } catch (error) {
      // Two sign-ups with one address at the same moment: the unique index decides.
      if (isUniqueViolation(error)) throw this.emailTaken();
      throw error;
    }
    // Signing up signs the new user in: that is their first login.
    const now = new Date();
    await this.repository.touchLastLogin(user.id, now);
    return this.startSession(user.id, toUserView({ ...user, lastLoginAt: now }));
  }

  async signin(dto: SigninDto): Promise<SignedIn> {
    const user = await this.repository.findLiveByEmail(dto.email);
    const valid = user
      ? await argon2.verify(user.passwordHash, dto.password)
      : await argon2.verify(await this.dummyHash, dto.password).then(() => false);
    if (!user || !valid) {
      throw new AppException(
        HttpStatus.UNAUTHORIZED,
        ErrorCode.INVALID_CREDENTIALS,
        'Wrong e-mail or password',
      );
    }
    const now = new Date();
    await this.repository.touchLastLogin(user.id, now);
    return this.startSession(user.id, toUserView({ ...user, lastLoginAt: now }));
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

  /** Used by the JWT strategy on every request: the token's session must still be active. */
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

  private emailTaken(): AppException {
    return new AppException(
      HttpStatus.CONFLICT,
      ErrorCode.EMAIL_TAKEN,
      'An account already uses this e-mail',
    );
  }
}
