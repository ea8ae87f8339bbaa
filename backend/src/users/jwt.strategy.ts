import { createSecretKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-jwt';
import { APP_CONFIG } from '../platform/config/app-config';
import type { AppConfig } from '../platform/config/app-config';
import { extractToken } from '../platform/auth/token-extractor';
import type { AuthUser } from './user.view';
import { UsersService } from './users.service';
import type { TokenPayload } from './users.service';

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: UsersService,
  ) {
    super({
      jwtFromRequest: extractToken,
      // A key object made once: given the secret as a string, jsonwebtoken builds one on every
      // call (trying it as a public key first), a measurable part of each request.
      // (passport-jwt types the key as a string or Buffer; it hands it to jsonwebtoken as is.)
      secretOrKey: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')) as unknown as Buffer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  /** A well-signed token is not enough: its session must not be revoked (logout) or expired. */
  async validate(payload: Partial<TokenPayload>): Promise<AuthUser | false> {
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return false;
    return (await this.users.resolveSession(payload as TokenPayload)) ?? false;
  }
}
