import type { ThrottlerStorage } from '@nestjs/throttler';
import type { RateCounter } from './rate-counter';

/**
 * @nestjs/throttler's counters in Redis (through RateCounter): every instance of the server
 * counts the same attempts, so two instances do not each allow their own.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly counter: RateCounter) {}

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, name: string) {
    const { count, msLeft } = await this.counter.hit(`throttle:${name}:${key}`, ttl);
    const seconds = Math.max(1, Math.ceil(msLeft / 1000));
    const isBlocked = count > limit;
    return {
      totalHits: count,
      timeToExpire: seconds,
      isBlocked,
      timeToBlockExpire: isBlocked ? seconds : 0,
    };
  }
}
