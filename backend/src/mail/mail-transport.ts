import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { createTransport } from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { APP_CONFIG } from '../platform/config/app-config';
import type { AppConfig } from '../platform/config/app-config';
import type { RenderedMail } from './mail-templates';

export interface SmtpAcceptance {
  messageId: string;
  /** The server's answer, e.g. "250 OK: queued as 12345". */
  response: string;
}

/** Sender when SMTP_URL names none (`?from=` or an e-mail user name). */
const DEFAULT_FROM = 'Registra <no-reply@localhost>';

/**
 * SMTP_URL may carry the sender as `?from=Name%20<office@firm.ie>`, so one setting describes the
 * mail server completely; otherwise an account name that is an address is the sender.
 */
export function smtpSettings(smtpUrl: string): { url: string; from: string } {
  const url = new URL(smtpUrl);
  const from = url.searchParams.get('from');
  url.searchParams.delete('from');
  const user = decodeURIComponent(url.username);
  return { url: url.toString(), from: from || (user.includes('@') ? user : DEFAULT_FROM) };
}

/**
 * nodemailer to SMTP_URL. Without SMTP_URL there is no transport: the outbox itself is where
 * mails go (api-conventions.md), and the delivery service records them so.
 */
@Injectable()
export class MailTransport implements OnApplicationShutdown {
  private readonly transporter: Transporter | undefined;
  private readonly from: string = DEFAULT_FROM;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (!config.smtpUrl) return;
    const settings = smtpSettings(config.smtpUrl);
    this.from = settings.from;
    this.transporter = createTransport({
      url: settings.url,
      // nodemailer waits minutes by default; an attempt should fail soon and retry later.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  get enabled(): boolean {
    return this.transporter !== undefined;
  }

  /** Resolves when the server accepted the message (SMTP 250); rejects otherwise. */
  async send(to: string, mail: RenderedMail): Promise<SmtpAcceptance> {
    if (!this.transporter) throw new Error('No SMTP_URL: mails stay in the outbox');
    const info = (await this.transporter.sendMail({
      from: this.from,
      to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
    })) as { messageId: string; response: string };
    return { messageId: info.messageId, response: info.response };
  }

  onApplicationShutdown(): void {
    this.transporter?.close();
  }
}

/**
 * A refusal that retrying cannot fix: an SMTP 5xx answer (unknown mailbox, policy) or an address
 * nodemailer cannot use. Timeouts, refused connections and 4xx answers are worth another try.
 */
export function isPermanentSendError(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  // A refused recipient is EENVELOPE too, with the server's code deciding (451 is "later").
  if (typeof responseCode === 'number') return responseCode >= 500 && responseCode < 600;
  return code === 'EENVELOPE';
}

export function sendErrorReason(error: unknown): string {
  const { response, message } = (error ?? {}) as { response?: unknown; message?: unknown };
  const reason = typeof response === 'string' && response ? response : String(message ?? error);
  return reason.slice(0, 1000);
}
