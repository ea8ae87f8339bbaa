import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { SESSION_IDLE_HOURS } from '@registra/domain';
import { createSecretKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { AuditService } from '../platform/audit/audit.service';
import { APP_CONFIG } from '../platform/config/app-config';
import type { AppConfig } from '../platform/config/app-config';
import type { UserView } from './user.view';
import { UsersRepository } from './users.repository';
import type { SessionOrigin } from './users.repository';

/** Tokens last 12 hours, and a session not refreshed for as long ends (its idle lifetime). */
export const SESSION_TTL_MS = SESSION_IDLE_HOURS * 60 * 60 * 1000;

/** Where a request comes from, for the sessions it starts and the attempts it counts. */
export type RequestOrigin = SessionOrigin;
export const NO_ORIGIN: RequestOrigin = { userAgent: null, address: null };

export interface TokenPayload {
  sub: string;
  sid: string;
}

export interface SignedIn {
  token: string;
  user: UserView;
  /** Signed in with a recovery code: how many of the account's codes are left unused. */
  recoveryCodesLeft?: number;
}

/** The account signing in, as the history names it. */
export interface SigningIn {
  id: string;
  name: string;
}

/**
 * Sessions started and their tokens signed and verified (HS256; a token names its session, which
 * the check reads on every request: ADR 0003). Shared by sign-in, sign-up and the enrolment a
 * required two-factor sign-in holds the session back for.
 */
@Injectable()
export class SessionTokens {
  /**
   * The secret as a key object made once: given a string, jsonwebtoken builds one on every
   * verification (trying it as a public key first), a measurable part of each request.
   */
  private readonly verifyKey: KeyObject;

  constructor(
    private readonly repository: UsersRepository,
    private readonly jwt: JwtService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.verifyKey = createSecretKey(Buffer.from(config.jwtSecret, 'utf8'));
  }

  /** A new session of the account, and its token. */
  async start(userId: string, user: UserView, origin: RequestOrigin): Promise<SignedIn> {
    const sid = await this.repository.createSession(
      userId,
      new Date(Date.now() + SESSION_TTL_MS),
      origin,
    );
    return { token: await this.sign({ sub: userId, sid }), user };
  }

  /**
   * A sign-in: the account's last login, a "sign-in" in its history (by the account, the scope's
   * actor), then its session.
   */
  async signIn(
    account: SigningIn,
    user: UserView,
    origin: RequestOrigin,
    at: Date,
  ): Promise<SignedIn> {
    await this.repository.touchLastLogin(account.id, at);
    await this.audit.record({
      action: 'sign-in',
      recordType: 'user',
      recordId: account.id,
      recordLabel: account.name,
    });
    return this.start(account.id, user, origin);
  }

  sign(payload: TokenPayload): Promise<string> {
    return this.jwt.signAsync(payload);
  }

  /** What a well-signed (HS256), unexpired token says; undefined for anything else. */
  verify(token: string): TokenPayload | undefined {
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
    return { sub: payload.sub, sid: payload.sid };
  }

  /**
   * What a token signed by us says, expired or not, with its expiry: to tell why a refused token
   * opens no session. Undefined for a token we did not sign.
   */
  verifyIgnoringExpiry(token: string): (TokenPayload & { exp?: number }) | undefined {
    let payload: Partial<TokenPayload> & { exp?: number };
    try {
      payload = this.jwt.verify<Partial<TokenPayload> & { exp?: number }>(token, {
        secret: this.verifyKey as unknown as Buffer,
        algorithms: ['HS256'],
        ignoreExpiration: true,
      });
    } catch {
      return undefined;
    }
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
    return { sub: payload.sub, sid: payload.sid, exp: payload.exp };
  }
}
