import { applyDecorators, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { ThrottlerLimitDetail } from '@nestjs/throttler';
import { AUTH_ATTEMPTS_PER_ADDRESS_PER_MINUTE } from '@registra/domain';
import type { Response } from 'express';
import { ApiFails } from '../platform/http/openapi';

export const AUTH_THROTTLE = {
  name: 'auth',
  ttl: 60_000,
  limit: AUTH_ATTEMPTS_PER_ADDRESS_PER_MINUTE,
} as const;

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

  /** The plain Retry-After header as well as the throttler's named one (Retry-After-auth). */
  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    context
      .switchToHttp()
      .getResponse<Response>()
      .setHeader('Retry-After', String(detail.timeToBlockExpire));
    return super.throwThrottlingException(context, detail);
  }
}

/** A route counted with sign-in and sign-up by AuthThrottlerGuard, and its 429 documented. */
export const AuthThrottled = (): MethodDecorator =>
  applyDecorators(UseGuards(AuthThrottlerGuard), ApiFails(429));
