import {
  CanActivate,
  ExecutionContext,
  HttpStatus,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { ERROR_CODE_MESSAGES, ErrorCode } from '@registra/domain';
import type { Request } from 'express';
import { AppException, forbidden } from '../errors/app-exception';
import { startedAuthentication } from './early-authentication';
import { ADMIN_TASK, declaredRoutes, ROUTE_ACCESS } from './route-access';
import type { RouteAccess } from './route-access';
import { SessionAuthentication } from './session-authentication';
import type { AuthUser } from './session-authentication';
import { extractToken } from './token-extractor';

/**
 * Global guard: every route needs a valid token whose session is live (ADR 0003) unless it is
 * declared @Public(), and an administrator's when it is declared @AdminOnly() (route-access.ts,
 * ADR 0125); a refused token's 401 says why its session ended. The check is the users context's own, through the SessionAuthentication port, called
 * directly: Passport's strategy machinery around it cost time on every request (ADR 0088). The
 * check was usually started as the request arrived (`startAuthentication`, ADR 0089).
 */
@Injectable()
export class JwtAuthGuard implements CanActivate, OnApplicationBootstrap {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionAuthentication,
    private readonly modules: ModulesContainer,
  ) {}

  /** A route that says nothing of who may call it is a mistake: the app does not start. */
  onApplicationBootstrap(): void {
    const undeclared = declaredRoutes(this.modules, this.reflector)
      .filter(({ access }) => access === undefined)
      .map(({ method, path }) => `${method} ${path}`);
    if (undeclared.length > 0) {
      throw new Error(
        `Routes that declare no access (@Public(), @Staff() or @AdminOnly()): ${undeclared.join(', ')}`,
      );
    }
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const handler = context.getHandler();
    // Declared on every route (checked at start): otherwise a signed-in member of staff.
    const access = this.reflector.getAllAndOverride<RouteAccess | undefined>(ROUTE_ACCESS, [
      handler,
      context.getClass(),
    ]);
    if (access === 'public') return true;
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const started = startedAuthentication(request);
    const token = started ? null : extractToken(request);
    const user = started
      ? await started
      : token
        ? await this.sessions.authenticate(token)
        : undefined;
    if (!user) throw await this.refused(token ?? extractToken(request));
    if (access === 'admin' && user.role !== 'admin') {
      throw forbidden(
        `Only an administrator can ${this.reflector.get<string>(ADMIN_TASK, handler)}`,
      );
    }
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
