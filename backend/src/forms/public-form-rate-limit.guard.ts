import {
  CanActivate,
  ExecutionContext,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
} from '@nestjs/common';
import { ErrorCode, PUBLIC_FORM_MESSAGES } from '@registra/domain';
import type { Request } from 'express';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../platform/config/app-config';
import type { AppConfig } from '../platform/config/app-config';
import { AppException } from '../platform/errors/app-exception';
import { REDIS } from '../platform/redis/redis.module';

const WINDOW_SECONDS = 60 * 60;

/**
 * The public form takes at most PUBLIC_FORM_POSTS_PER_HOUR posts per address and clock hour
 * (ADR 0084). The counter lives in Redis so that every instance shares it; while Redis is down
 * each instance counts on its own, so the form keeps working and stays contained.
 */
@Injectable()
export class PublicFormRateLimitGuard implements CanActivate {
  private readonly logger = new Logger(PublicFormRateLimitGuard.name);
  private readonly local = new Map<string, number>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const now = Date.now();
    const window = Math.floor(now / 1000 / WINDOW_SECONDS);
    const key = `public-form:${window}:${request.ip ?? 'unknown'}`;
    const count = await this.count(key, window);
    if (count <= this.config.publicFormPostsPerHour) return true;
    const retryAfter = (window + 1) * WINDOW_SECONDS - Math.floor(now / 1000);
    throw new AppException(
      HttpStatus.TOO_MANY_REQUESTS,
      ErrorCode.TOO_MANY_REQUESTS,
      PUBLIC_FORM_MESSAGES.tooManyRequests,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }

  private async count(key: string, window: number): Promise<number> {
    try {
      const replies = await this.redis.multi().incr(key).expire(key, WINDOW_SECONDS).exec();
      const [error, count] = replies?.[0] ?? [new Error('no reply'), 0];
      if (error) throw error;
      return Number(count);
    } catch (error) {
      this.logger.warn(`Counting public form posts without Redis: ${(error as Error).message}`);
      for (const stored of this.local.keys()) {
        if (!stored.startsWith(`public-form:${window}:`)) this.local.delete(stored);
      }
      const count = (this.local.get(key) ?? 0) + 1;
      this.local.set(key, count);
      return count;
    }
  }
}
