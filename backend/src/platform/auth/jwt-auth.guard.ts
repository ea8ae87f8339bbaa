import {
  CanActivate,
  ExecutionContext,
  HttpStatus,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ERROR_CODE_MESSAGES, ErrorCode } from '@registra/domain';
import type { Request } from 'express';
import { AppException } from '../errors/app-exception';
import { IS_PUBLIC } from '../http/decorators';
import { startedAuthentication } from './early-authentication';
import { SessionAuthentication } from './session-authentication';
import type { AuthUser } from './session-authentication';
import { extractToken } from './token-extractor';

/**
 * Global guard: every route needs a valid token whose session is live (ADR 0003) unless it is
 * marked @Public(); a refused token's 401 says why its session ended. The check is the users context's own, through the SessionAuthentication port,
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
    if (!user) throw await this.refused(token ?? extractToken(request));
    request.user = user;
    return true;
  }

  /**
   * The 401 of a refused call. A token that was a session says why it no longer is (expired,
   * signed out from elsewhere, account deactivated), so the client can tell the sign-in screen;
   * asked only once the check has failed, so an accepted call pays nothing for it.
   */
  private async refused(token: string | null): Promise<Error> {
    const code = token ? await this.sessions.refusal(token) : ErrorCode.UNAUTHORIZED;
    if (code === ErrorCode.UNAUTHORIZED) return new UnauthorizedException();
    return new AppException(HttpStatus.UNAUTHORIZED, code, ERROR_CODE_MESSAGES[code]);
  }
}
