import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { RateCounter } from './rate-counter';
import { REDIS } from './redis.token';

export { REDIS };

/**
 * One shared Redis connection. Redis being down must never stop the API: the client retries in the
 * background, commands fail fast instead of queueing, and errors are logged once per outage.
 */
export function createRedis(url: string, logger = new Logger('Redis')): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 500, 5000),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) logger.warn(`Redis unavailable: ${error.message}`);
    down = true;
  });
  redis.on('ready', () => {
    if (down) logger.log('Redis connection restored');
    down = false;
  });
  return redis;
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createRedis(config.redisUrl),
    },
    RateCounter,
  ],
  exports: [REDIS, RateCounter],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
