import { BullModule, getQueueToken } from '@nestjs/bullmq';
import type { DynamicModule } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import Redis from 'ioredis';
import { QUEUE_REDIS, QUEUE_SETTINGS } from './queue-settings';
import type { QueueSettings } from './queue-settings';
import { throttledErrorLog } from './queue-worker';

/**
 * A context's BullMQ queue (the producer side) on the shared fail-fast connection (shared, so
 * BullMQ does not close it) and the settings' prefix. Its errors are logged as soon as the queue
 * exists, throttled: an `error` event with no listener would reach BullMQ's console.error
 * fallback instead of the log, by `loggerName` as "`what` queue error: ...".
 */
export function registerContextQueue(
  name: string,
  loggerName: string,
  what: string,
): DynamicModule {
  return BullModule.registerQueueAsync({
    name,
    inject: [QUEUE_REDIS, QUEUE_SETTINGS],
    useFactory: (redis: Redis, settings: QueueSettings) => ({
      connection: redis,
      prefix: settings.prefix,
    }),
    extraProviders: [
      {
        provide: `${name}-queue-error-log`,
        inject: [getQueueToken(name)],
        useFactory: (queue: Queue) =>
          queue.on('error', throttledErrorLog(new Logger(loggerName), `${what} queue error`)),
      },
    ],
  });
}
