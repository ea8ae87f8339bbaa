import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { IS_PUBLIC } from '../http/decorators';
import { startedAuthentication } from './early-authentication';
import { SessionAuthentication } from './session-authentication';
import type { AuthUser } from './session-authentication';
import { extractToken } from './token-extractor';

/**
 * Global guard: every route needs a valid token whose session is live (ADR 0003) unless it is
 * marked @Public(). The check is the users context's own, through the SessionAuthentication port,
 * called directly: Passport's strategy machinery around it cost time on every request (ADR 0088). The
 * check was usually started as the request arrived (`startAuthentication`, ADR 0089).
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionAuthentication,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const started = startedAuthentication(request);
    const token = started ? null : extractToken(request);
    const user = started
      ? await started
      : token
        ? await this.sessions.authenticate(token)
        : undefined;
    if (!user) throw new UnauthorizedException();
    request.user = user;
    return true;
  }
}
