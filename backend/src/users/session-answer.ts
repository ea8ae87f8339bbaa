import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Ok } from '../platform/http/envelope';
import type { RequestOrigin, SignedIn } from './session-tokens';
import type { UserView } from './user.view';

// What the users context's controllers share: a session's answer, and where a request comes from.

/**
 * A session's answer (SESSION_ANSWER): the user, and the token beside it; after a sign-in with a
 * recovery code, how many codes are left.
 */
export type SessionAnswer = Ok<UserView> & { token: string; recoveryCodesLeft?: number };

export const sessionAnswer = ({ token, user, recoveryCodesLeft }: SignedIn): SessionAnswer => ({
  ok: true,
  token,
  data: user,
  ...(recoveryCodesLeft === undefined ? {} : { recoveryCodesLeft }),
});

/**
 * A handler's parameter: where its request comes from. The session list shows it, the account's
 * limits count by it.
 */
export const Origin = createParamDecorator(
  (_data: unknown, context: ExecutionContext): RequestOrigin => {
    const request = context.switchToHttp().getRequest<Request>();
    return {
      userAgent: request.get('user-agent')?.slice(0, 500) ?? null,
      address: request.ip ?? null,
    };
  },
);
