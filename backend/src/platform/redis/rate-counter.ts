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

/** SET NX with an expiry: whether this call took the key, and the ms its holder keeps it. */
const CLAIM_SCRIPT = `
if redis.call('SET', KEYS[1], '1', 'PX', ARGV[1], 'NX') then return {1, tonumber(ARGV[1])} end
return {0, redis.call('PTTL', KEYS[1])}
`;

/** One hit taken back (never below 0, never making a key without its expiry). */
const TAKE_BACK_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0
`;

export interface Claim {
  claimed: boolean;
  /** Milliseconds until the key is free again. */
  msLeft: number;
}

export interface Hits {
  count: number;
  /** Milliseconds until the window ends. */
  msLeft: number;
}

/**
 * Counters and small states with an expiry, in Redis so that every instance of the server shares
 * them (the sign-in throttle, failed sign-ins per account and address, failed checks per account
 * and the delay between them, sign-up code guesses).
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

  /** Takes back one hit of `key` (an attempt counted before it was known to be right). */
  async takeBack(key: string): Promise<void> {
    const name = this.config.redisKeyPrefix + key;
    try {
      await this.redis.eval(TAKE_BACK_SCRIPT, 1, name);
    } catch (error) {
      this.fallingBack(error);
      const entry = this.localEntry(name, Date.now());
      if (entry && Number(entry.value) > 0) entry.value = String(Number(entry.value) - 1);
    }
  }

  /**
   * Takes `key` for `ttlMs` unless someone holds it: of simultaneous callers, exactly one gets it
   * (a delay that lets one attempt through, then makes the next wait).
   */
  async claim(key: string, ttlMs: number): Promise<Claim> {
    const name = this.config.redisKeyPrefix + key;
    const ms = Math.max(1, Math.ceil(ttlMs));
    try {
      const [claimed, msLeft] = (await this.redis.eval(CLAIM_SCRIPT, 1, name, ms)) as [
        number,
        number,
      ];
      return { claimed: Number(claimed) === 1, msLeft: Math.max(0, Number(msLeft)) };
    } catch (error) {
      this.fallingBack(error);
      const now = Date.now();
      const entry = this.localEntry(name, now);
      if (entry) return { claimed: false, msLeft: entry.expiresAt - now };
      this.local.set(name, { value: '1', expiresAt: now + ms });
      return { claimed: true, msLeft: ms };
    }
  }

  /** Milliseconds until `key` expires (0 when it does not exist). */
  async msLeft(key: string): Promise<number> {
    const name = this.config.redisKeyPrefix + key;
    try {
      return Math.max(0, await this.redis.pttl(name));
    } catch (error) {
      this.fallingBack(error);
      const now = Date.now();
      const entry = this.localEntry(name, now);
      return entry ? entry.expiresAt - now : 0;
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
