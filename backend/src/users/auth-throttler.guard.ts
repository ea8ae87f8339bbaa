import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';

export const AUTH_THROTTLE = { name: 'auth', ttl: 60_000, limit: 10 } as const;

/**
 * Sign-in and sign-up share one counter per address, so alternating between them does not
 * double the attempts: more than 10 a minute answer 429.
 */
@Injectable()
export class AuthThrottlerGuard extends ThrottlerGuard {
  protected override generateKey(
    _context: ExecutionContext,
    tracker: string,
    throttlerName: string,
  ): string {
    return `auth:${throttlerName}:${tracker}`;
  }
}
