import { Inject, Injectable, Logger } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CounterConfiguration, GaugeConfiguration } from 'prom-client';
import { APP_CONFIG, servesHttp } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { DATABASE_HANDLE } from '../database/database.module';
import type { DatabaseHandle } from '../database/database';

/** A gauge read at scrape time gives up after this long: a slow database must not hold a scrape. */
export const COLLECT_TIMEOUT_MS = 2000;
/** One warning per gauge per this long while its source does not answer. */
const WARN_INTERVAL_MS = 60_000;

/**
 * Request durations in seconds: fine below a tenth of a second (most API calls), 1 s for the p95
 * alert, up to the long exports and uploads.
 */
export const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type GaugeShape<T extends string> = Pick<GaugeConfiguration<T>, 'name' | 'help' | 'labelNames'>;

/**
 * The process's metrics in Prometheus' text format (GET /api/metrics, ADR 0135): one registry per
 * application (tests run several in one process), Node's defaults, the HTTP metrics of an
 * instance that serves HTTP, the database pool, and what the contexts and the platform register:
 * counters they move as work happens, and gauges read from PostgreSQL or Redis when Prometheus
 * scrapes (`gauge`), each bounded in time.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  /** Undefined in a worker instance, which serves no API. */
  readonly http:
    | {
        duration: Histogram<'route' | 'method' | 'status_class'>;
        inFlight: Gauge;
      }
    | undefined;
  private readonly logger = new Logger(Metrics.name);
  private readonly lastWarning = new Map<string, number>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE_HANDLE) database: DatabaseHandle,
  ) {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'registra_instance_info',
      help: 'Always 1: what this process runs (REGISTRA_ROLE)',
      labelNames: ['role'],
      registers: [this.registry],
    }).set({ role: config.role }, 1);
    this.http = servesHttp(config.role)
      ? {
          duration: new Histogram({
            name: 'http_request_duration_seconds',
            help: 'API requests by route template, method and status class, from arrival to the last byte',
            labelNames: ['route', 'method', 'status_class'],
            buckets: HTTP_DURATION_BUCKETS,
            registers: [this.registry],
          }),
          inFlight: new Gauge({
            name: 'http_requests_in_flight',
            help: 'Requests arrived and not yet answered',
            registers: [this.registry],
          }),
        }
      : undefined;
    if (database.pool()) {
      this.gauge(
        {
          name: 'registra_db_pool_connections',
          help: 'Database connections of this process by state (in_use, idle, max)',
          labelNames: ['state'],
        },
        (gauge) => {
          const pool = database.pool()!;
          gauge.set({ state: 'in_use' }, pool.inUse);
          gauge.set({ state: 'idle' }, pool.idle);
          gauge.set({ state: 'max' }, pool.max);
        },
      );
      this.gauge(
        {
          name: 'registra_db_pool_waiting',
          help: 'Calls of this process waiting for a free database connection',
        },
        (gauge) => gauge.set(database.pool()!.waiting),
      );
    }
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Every metric in the text format; the gauges read at scrape time are read now. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  counter<T extends string>(
    config: Pick<CounterConfiguration<T>, 'name' | 'help' | 'labelNames'>,
  ): Counter<T> {
    return new Counter({ ...config, registers: [this.registry] });
  }

  /**
   * A gauge whose value `read` sets when Prometheus scrapes (a count in the database, a queue's
   * state in Redis). A source that fails or takes longer than COLLECT_TIMEOUT_MS does not fail the
   * scrape: the gauge has no sample this time (NaN for a gauge without labels), and the log says
   * why once a minute.
   */
  gauge<T extends string = string>(
    config: GaugeShape<T>,
    read: (gauge: Gauge<T>) => Promise<void> | void,
  ): Gauge<T> {
    const readSafely = (gauge: Gauge<T>) => this.readSafely(gauge, config, read);
    return new Gauge<T>({
      ...config,
      registers: [this.registry],
      // prom-client calls it with the gauge as `this`.
      async collect() {
        await readSafely(this);
      },
    });
  }

  private async readSafely<T extends string>(
    gauge: Gauge<T>,
    config: GaugeShape<T>,
    read: (gauge: Gauge<T>) => Promise<void> | void,
  ): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      gauge.reset();
      await Promise.race([
        read(gauge),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${COLLECT_TIMEOUT_MS} ms`)),
            COLLECT_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (error) {
      gauge.reset();
      if ((config.labelNames ?? []).length === 0) (gauge as Gauge).set(Number.NaN);
      const now = Date.now();
      if (now - (this.lastWarning.get(config.name) ?? 0) >= WARN_INTERVAL_MS) {
        this.lastWarning.set(config.name, now);
        this.logger.warn(`Metric ${config.name} not read: ${(error as Error).message}`);
      }
    } finally {
      clearTimeout(timer);
    }
  }
}
