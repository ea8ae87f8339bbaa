import { Injectable } from '@nestjs/common';
import type { ErrorCode, SessionEndCode, UserView } from '@registra/domain';

/** The signed-in user of a request: the account as the API shows it and the session it uses. */
export interface AuthUser extends UserView {
  sessionId: string;
}

/** What checks a token: the users context, which owns accounts and sessions (ADR 0003). */
export interface SessionAuthenticator {
  /** The user of a well-signed token whose session is live; undefined otherwise. */
  authenticate(token: string): Promise<AuthUser | undefined>;
  /**
   * Why a token `authenticate` refused opens no session, for the 401 to say: its session expired,
   * was ended from elsewhere, or its account was deactivated; UNAUTHORIZED for a token that was
   * never one of ours.
   */
  refusal(token: string): Promise<SessionEndCode | typeof ErrorCode.UNAUTHORIZED>;
}

/**
 * The port through which the platform's guard, the early session check and the queue board check
 * a token without importing the users context: that context registers its authenticator when its
 * module starts (before the server listens).
 */
@Injectable()
export class SessionAuthentication implements SessionAuthenticator {
  private authenticator?: SessionAuthenticator;

  register(authenticator: SessionAuthenticator): void {
    this.authenticator = authenticator;
  }

  authenticate(token: string): Promise<AuthUser | undefined> {
    return this.registered().authenticate(token);
  }

  refusal(token: string): Promise<SessionEndCode | typeof ErrorCode.UNAUTHORIZED> {
    return this.registered().refusal(token);
  }

  private registered(): SessionAuthenticator {
    if (!this.authenticator) throw new Error('No session authenticator is registered');
    return this.authenticator;
  }
}
