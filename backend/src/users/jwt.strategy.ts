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
      secretOrKey: config.jwtSecret,
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
