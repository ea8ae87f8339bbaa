import { ErrorCode } from '@registra/domain';
import type { NextFunction, Request, Response } from 'express';
import type { AuthUser, SessionAuthenticator } from '../auth/session-authentication';
import { extractToken } from '../auth/token-extractor';
import type { ErrorBody } from '../errors/all-exceptions.filter';

/** Where Bull Board is mounted, under the API prefix. */
export const QUEUE_BOARD_ROUTE = '/admin/queues';
export const QUEUE_BOARD_PATH = `/api${QUEUE_BOARD_ROUTE}`;
/**
 * A browser cannot put `Authorization` on a page load, so the dashboard also reads the token from
 * this cookie (set by POST /api/admin/queues-session, HttpOnly, scoped to the dashboard's path).
 */
export const QUEUE_BOARD_COOKIE = 'registra_queues';

function cookieToken(request: Request): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === QUEUE_BOARD_COOKIE && value.length > 0) return decodeURIComponent(value.join('='));
  }
  return null;
}

const refuse = (response: Response, status: 401 | 403, body: ErrorBody) =>
  response.status(status).json(body);

/**
 * Bull Board is Express middleware, outside Nest's guards, so it gets the API's own check here:
 * a valid HS256 token whose session is live (ADR 0003), and the admin role.
 */
export function adminOnly(sessions: Pick<SessionAuthenticator, 'authenticate'>) {
  return async (request: Request, response: Response, next: NextFunction): Promise<void> => {
    const token = extractToken(request) ?? cookieToken(request);
    let user: AuthUser | undefined;
    if (token) {
      try {
        user = await sessions.authenticate(token);
      } catch {
        // The database failing is not the visitor's fault: no 401, and no stack trace either.
        response.status(500).json({
          ok: false,
          code: ErrorCode.INTERNAL_ERROR,
          message: 'An unexpected error occurred',
        } satisfies ErrorBody);
        return;
      }
    }
    if (!user) {
      refuse(response, 401, {
        ok: false,
        code: ErrorCode.UNAUTHORIZED,
        message: 'Authentication required',
      });
      return;
    }
    if (user.role !== 'admin') {
      refuse(response, 403, {
        ok: false,
        code: ErrorCode.FORBIDDEN,
        message: 'Only an admin can open the queue dashboard',
      });
      return;
    }
    next();
  };
}
