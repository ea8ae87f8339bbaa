import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { REDIS } from './redis.token';

/** INCR, and the window's expiry set by the first hit only; answers the count and ms left. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

export interface Hits {
  count: number;
  /** Milliseconds until the window ends. */
  msLeft: number;
}

/**
 * Counters and small states with an expiry, in Redis so that every instance of the server shares
 * them (the sign-in throttle, failed sign-ins per account and address, sign-up code guesses).
 * Keys carry REDIS_KEY_PREFIX, one per deployment. While Redis is down each instance counts in
 * its own memory: the limits still hold per instance and sign-in keeps working.
 */
@Injectable()
export class RateCounter {
  private readonly logger = new Logger(RateCounter.name);
  private readonly local = new Map<string, { value: string; expiresAt: number }>();
  private warned = false;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** One more hit of `key` in a window of `windowMs` that starts with the first hit. */
  async hit(key: string, windowMs: number): Promise<Hits> {
    const name = this.config.redisKeyPrefix + key;
    try {
      const [count, msLeft] = (await this.redis.eval(HIT_SCRIPT, 1, name, windowMs)) as [
        number,
        number,
      ];
      return { count: Number(count), msLeft: Math.max(0, Number(msLeft)) };
    } catch (error) {
      this.fallingBack(error);
      const now = Date.now();
      const entry = this.localEntry(name, now);
      const count = (entry ? Number(entry.value) : 0) + 1;
      const expiresAt = entry?.expiresAt ?? now + windowMs;
      this.local.set(name, { value: String(count), expiresAt });
      return { count, msLeft: expiresAt - now };
    }
  }

  /** The hits of `key` in its current window (0 when none). */
  async count(key: string): Promise<number> {
    const value = await this.read(key);
    return value === undefined ? 0 : Number(value);
  }

  async read(key: string): Promise<string | undefined> {
    const name = this.config.redisKeyPrefix + key;
    try {
      return (await this.redis.get(name)) ?? undefined;
    } catch (error) {
      this.fallingBack(error);
      return this.localEntry(name, Date.now())?.value;
    }
  }

  async write(key: string, value: string, ttlMs: number): Promise<void> {
    const name = this.config.redisKeyPrefix + key;
    try {
      await this.redis.set(name, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
    } catch (error) {
      this.fallingBack(error);
      this.local.set(name, { value, expiresAt: Date.now() + ttlMs });
    }
  }

  async remove(key: string): Promise<void> {
    const name = this.config.redisKeyPrefix + key;
    this.local.delete(name);
    try {
      await this.redis.del(name);
    } catch (error) {
      this.fallingBack(error);
    }
  }

  private localEntry(name: string, now: number) {
    const entry = this.local.get(name);
    if (entry && entry.expiresAt <= now) {
      this.local.delete(name);
      return undefined;
    }
    return entry;
  }

  private fallingBack(error: unknown): void {
    if (!this.warned) {
      this.logger.warn(
        `Counting in memory while Redis is unavailable: ${(error as Error).message}`,
      );
      this.warned = true;
    }
    // Drop what has expired, so the memory used stays bounded by the live windows.
    if (this.local.size > 10_000) {
      const now = Date.now();
      for (const [name, entry] of this.local) if (entry.expiresAt <= now) this.local.delete(name);
    }
  }
}
