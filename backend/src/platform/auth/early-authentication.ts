import type { NextFunction, Request, Response } from 'express';
import type { AuthUser, SessionAuthenticator } from './session-authentication';
import { extractToken } from './token-extractor';

/** What the early check calls: the session port's check (session-authentication.ts). */
export type TokenAuthenticator = Pick<SessionAuthenticator, 'authenticate'>;

const STARTED = Symbol('registra.authentication');
type WithStartedAuthentication = Request & { [STARTED]?: Promise<AuthUser | undefined> };

/**
 * Starts the session check of an API call carrying a token as soon as the call arrives, so that
 * its round trip to PostgreSQL overlaps the security headers, the body's parsing and the routing
 * instead of following them (ADR 0089). The global guard awaits it: the check is the
 * same one, made for this very call, so a revoked session is still refused at once (ADR 0003).
 */
export function startAuthentication(users: TokenAuthenticator, apiPrefix: string) {
  const apiPath = `/${apiPrefix}/`;
  return (request: Request, _response: Response, next: NextFunction): void => {
    const token = request.path.startsWith(apiPath) ? extractToken(request) : null;
    if (token) {
      const pending = users.authenticate(token);
      // A public route, an unknown path or a refused body never awaits it: its failure (the
      // database down) must not surface as an unhandled rejection. The guard awaits `pending`
      // itself and answers that failure as before.
      pending.catch(() => undefined);
      (request as WithStartedAuthentication)[STARTED] = pending;
      // pg-pool hands out an idle connection, and so writes the lookup, only on its next tick, and
      // the rest of the pipeline (headers, body, routing) runs without yielding until the guard
      // awaits: going on in a tick queued after the pool's puts the lookup on the wire first.
      process.nextTick(next);
      return;
    }
    next();
  };
}

/** The session check started for this call's token on arrival, if one was. */
export function startedAuthentication(request: Request): Promise<AuthUser | undefined> | undefined {
  return (request as WithStartedAuthentication)[STARTED];
}
