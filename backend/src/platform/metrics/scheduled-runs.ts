import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap } from '@nestjs/common';
import Redis from 'ioredis';
import { QUEUE_REDIS, QUEUE_SETTINGS } from '../queue/queue-settings';
import type { QueueSettings } from '../queue/queue-settings';
import { Metrics } from './metrics';

/**
 * When each scheduled job (the morning digest, the deadline reminders, the annual-return starts,
 * the housekeeping) last succeeded, kept in Redis beside the queues (one hash per database, like
 * the queues' prefix) so that every instance reports the same time and a restart forgets nothing
 * (ADR 0135). A job that never succeeded counts from the first start of a process that runs the
 * schedules: the "not run in 26 hours" alert then fires 26 hours after an install whose job never
 * runs, not at once.
 */
@Injectable()
export class ScheduledRuns implements OnApplicationBootstrap {
  private readonly logger = new Logger(ScheduledRuns.name);
  private readonly jobs = new Set<string>();
  private readonly key: string;

  constructor(
    @Inject(QUEUE_REDIS) private readonly redis: Redis,
    @Inject(QUEUE_SETTINGS) private readonly settings: QueueSettings,
    metrics: Metrics,
  ) {
    this.key = `${settings.prefix}:scheduled-runs`;
    metrics.gauge(
      {
        name: 'registra_scheduled_job_last_success_timestamp_seconds',
        help: 'When each scheduled job last succeeded, in Unix seconds (the first start of a worker when it never did)',
        labelNames: ['job'],
      },
      async (gauge) => {
        const times = await this.redis.hgetall(this.key);
        for (const job of this.jobs) {
          const at = Number(times[job]);
          if (Number.isFinite(at)) gauge.set({ job }, at);
        }
      },
    );
  }

  /** A context names its scheduled job when its module starts. */
  declare(job: string): void {
    this.jobs.add(job);
  }

  /** Where the schedules run, a job never seen yet starts counting now. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.settings.background || this.jobs.size === 0) return;
    // The producers' connection does not queue commands: wait until it is up.
    if (this.redis.status !== 'ready') {
      this.redis.once('ready', () => void this.registerJobs());
      return;
    }
    await this.registerJobs();
  }

  private async registerJobs(): Promise<void> {
    const now = String(Math.floor(Date.now() / 1000));
    try {
      await Promise.all([...this.jobs].map((job) => this.redis.hsetnx(this.key, job, now)));
    } catch (error) {
      this.logger.warn(`Scheduled jobs not registered in Redis: ${(error as Error).message}`);
    }
  }

  /**
   * Records that `job` succeeded now. Never throws: Redis away at that moment costs the record
   * (the alert may then fire), never the job's own work.
   */
  async succeeded(job: string, at = new Date()): Promise<void> {
    try {
      await this.redis.hset(this.key, job, String(Math.floor(at.getTime() / 1000)));
    } catch (error) {
      this.logger.warn(`Success of ${job} not recorded: ${(error as Error).message}`);
    }
  }

  /** When `job` last succeeded, or undefined. */
  async lastSuccess(job: string): Promise<Date | undefined> {
    const at = Number(await this.redis.hget(this.key, job));
    return at > 0 ? new Date(at * 1000) : undefined;
  }
}
