import { Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { MailMetrics } from './mail-metrics';
import { MailTemplates } from './mail-templates';
import { isPermanentSendError, MailTransport, sendErrorReason } from './mail-transport';
import type { SmtpAcceptance } from './mail-transport';
import { MailRepository } from './mail.repository';

export type DeliveryOutcome = 'delivered' | 'skipped';

/** The outbox's own destination when no SMTP_URL is set. */
export const OUTBOX_DETAIL = 'outbox';

class LinkNoLongerKept extends Error {
  constructor() {
    super('Its one-time link is no longer kept: ask for a new invitation or reset link');
  }
}

/** One attempt at one outbox row: what a `send` job does. */
@Injectable()
export class MailDeliveryService {
  private readonly logger = new Logger(MailDeliveryService.name);

  constructor(
    private readonly repository: MailRepository,
    private readonly templates: MailTemplates,
    private readonly transport: MailTransport,
    private readonly metrics: MailMetrics,
  ) {}

  /**
   * Sends the row once: a row another attempt already took, delivered or finished is skipped, so
   * a job that runs twice (stalled, re-enqueued by the sweeper) never sends twice. Throws to have
   * BullMQ retry; throws UnrecoverableError when no retry can help or none is left.
   */
  async deliver(mailId: string, lastAttempt: boolean): Promise<DeliveryOutcome> {
    const row = await this.repository.claim(mailId, new Date());
    if (!row) return 'skipped';
    const attempt = row.attempts;

    if (!this.transport.enabled) {
      await this.repository.markDelivered(row.id, `outbox-${row.id}`, {
        event: 'delivered',
        attempt,
        detail: OUTBOX_DETAIL,
        at: new Date(),
      });
      this.metrics.attempted('delivered');
      return 'delivered';
    }

    let accepted: SmtpAcceptance;
    try {
      const definition = this.templates.definition(row.template);
      // A one-time link is kept only until its mail is sent or failed: a retry after that (an
      // operator's, from the queue board) would send the stored copy's words instead of a link.
      if (definition?.params.some((param) => param.secret) && !row.secretParams) {
        throw new LinkNoLongerKept();
      }
      const rendered = this.templates.render(row.template, { ...row.params, ...row.secretParams });
      accepted = await this.transport.send(row.to, { ...rendered, subject: row.subject });
    } catch (error) {
      const reason = sendErrorReason(error);
      const permanent =
        isPermanentSendError(error) ||
        error instanceof LinkNoLongerKept ||
        !this.templates.definition(row.template);
      if (permanent || lastAttempt) {
        await this.repository.markFailed(row.id, reason, {
          event: 'failed',
          attempt,
          detail: reason,
          at: new Date(),
        });
        this.metrics.attempted('failed');
        this.logger.warn(`Mail ${row.id} failed after attempt ${attempt}: ${reason}`);
        throw new UnrecoverableError(reason);
      }
      await this.repository.markRetrying(row.id, reason, {
        event: 'other',
        attempt,
        detail: `attempt ${attempt} failed, retrying: ${reason}`,
        at: new Date(),
      });
      this.metrics.attempted('retried');
      throw error instanceof Error ? error : new Error(reason);
    }

    await this.repository.markDelivered(row.id, accepted.messageId, {
      event: 'delivered',
      attempt,
      detail: accepted.response,
      at: new Date(),
    });
    this.metrics.attempted('delivered');
    return 'delivered';
  }
}
