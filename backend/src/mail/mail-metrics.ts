import { Injectable } from '@nestjs/common';
import type { Counter } from 'prom-client';
import { Metrics } from '../platform/metrics/metrics';
import { MailRepository } from './mail.repository';

/** What became of one delivery attempt, in `registra_mail_total`. */
export const MAIL_RESULTS = ['delivered', 'retried', 'failed'] as const;
export type MailResult = (typeof MAIL_RESULTS)[number];

/** How long the two outbox gauges share one reading within a scrape. */
const BACKLOG_READING_MS = 1000;

/**
 * The mail's metrics (docs/operations.md): the attempts this process made, by result, and the
 * outbox's unsent mails and the age of the oldest, read from the database when Prometheus scrapes
 * (one statement for both gauges).
 */
@Injectable()
export class MailMetrics {
  private readonly results: Counter<'result'>;
  private backlog: { at: number; reading: ReturnType<MailRepository['unsentBacklog']> } | undefined;

  constructor(
    metrics: Metrics,
    private readonly repository: MailRepository,
  ) {
    this.results = metrics.counter({
      name: 'registra_mail_total',
      help: 'Delivery attempts of this process by result (delivered; retried: failed with attempts left; failed: for good)',
      labelNames: ['result'],
    });
    // Every series exists from the start, so that the first failure is an increase.
    for (const result of MAIL_RESULTS) this.results.inc({ result }, 0);
    metrics.gauge(
      { name: 'registra_outbox_unsent', help: 'Mails in the outbox not yet delivered nor failed' },
      async (gauge) => gauge.set((await this.readBacklog()).count),
    );
    metrics.gauge(
      {
        name: 'registra_outbox_oldest_unsent_seconds',
        help: 'Age of the oldest mail in the outbox not yet delivered nor failed (0: none)',
      },
      async (gauge) => gauge.set((await this.readBacklog()).oldestSeconds),
    );
  }

  attempted(result: MailResult): void {
    this.results.inc({ result });
  }

  private readBacklog(): ReturnType<MailRepository['unsentBacklog']> {
    const now = Date.now();
    if (!this.backlog || now - this.backlog.at > BACKLOG_READING_MS) {
      this.backlog = { at: now, reading: this.repository.unsentBacklog() };
    }
    return this.backlog.reading;
  }
}
