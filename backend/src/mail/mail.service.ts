import { Injectable, OnModuleInit } from '@nestjs/common';
import { isEmailAddress } from '@registra/domain';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { AccountMail } from '../platform/ports/account-mail';
import { validationError } from '../platform/errors/app-exception';
import type { FieldError } from '../platform/errors/app-exception';
import { jsonPage, okJsonText } from '../platform/http/envelope';
import { ACTIVITY_DEFAULT_LIMIT } from './dto/mail.dto';
import { API_TEMPLATE_IDS } from './mail-template-catalogue';
import type { MailTemplateDefinition } from './mail-template-catalogue';
import { MailTemplates } from './mail-templates';
import { MailQueue } from './mail.queue';
import { MailRepository } from './mail.repository';
import type { MailParams } from './mail.schema';
import type { QueuedMail } from './mail.view';

/** Who asked for a mail: a snapshot kept on the row (the scheduler asks as nobody). */
export interface MailRequester {
  id: string;
  name: string;
  email?: string | null;
}

/** What another context hands to `MailService.queue`. */
export interface QueueMailRequest {
  /** 1, 2, 6, 7 (spec 01 section 7), 'task-notification' or 'daily-digest'. */
  templateId: string | number;
  to: string;
  /** The template's parameters (see mail-template-catalogue.ts); others are dropped. */
  params?: MailParams;
  /** Defaults to the template's tag. */
  tag?: string;
  requestedBy?: MailRequester | null;
  /** A mail with this key exists at most once (scheduled mails). */
  dedupeKey?: string;
}

const templateIdError = (): FieldError => ({
  field: 'templateId',
  message: `templateId must be one of ${API_TEMPLATE_IDS.join(', ')}`,
});

@Injectable()
export class MailService implements OnModuleInit {
  constructor(
    private readonly repository: MailRepository,
    private readonly templates: MailTemplates,
    private readonly mailQueue: MailQueue,
    private readonly unitOfWork: UnitOfWork,
    private readonly accountMail: AccountMail,
  ) {}

  /** Account mails (invitations, password resets) of the users context go through the outbox. */
  onModuleInit(): void {
    this.accountMail.register(async (request) => {
      await this.queue({
        templateId: request.kind,
        to: request.to,
        params: request.params,
        requestedBy: request.requestedBy,
      });
    });
  }

  /**
   * Writes the mail to the outbox, then enqueues its send job. The answer never waits for Redis
   * or the mail server: a row the queue did not take is enqueued later by the sweeper.
   */
  async queue(request: QueueMailRequest): Promise<QueuedMail> {
    const templateId = String(request.templateId);
    const definition = this.templates.definition(templateId);
    if (!definition) throw validationError([templateIdError()], 'Unknown mail template');
    const to = request.to.trim();
    if (!isEmailAddress(to)) {
      throw validationError([{ field: 'to', message: 'to must be a valid e-mail address' }]);
    }
    const params = this.checkParams(definition, request.params ?? {});
    const { subject } = this.templates.render(templateId, params);
    const { row, created } = await this.repository.insert({
      to,
      subject,
      template: templateId,
      params,
      language: definition.language,
      tag: request.tag ?? definition.tag,
      requestedById: request.requestedBy?.id ?? null,
      requestedByName: request.requestedBy?.name ?? null,
      requestedByEmail: request.requestedBy?.email ?? null,
      dedupeKey: request.dedupeKey ?? null,
    });
    // The send job names the row: it is queued once the row is committed and visible.
    if (created) await this.unitOfWork.afterCommit(() => this.mailQueue.enqueueSend(row.id));
    return { _id: row.id, status: row.status };
  }

  /** POST /organization/templates: the template with the given values, samples for the rest. */
  preview(templateId: string, params: Record<string, string> = {}) {
    const definition = this.templates.definition(templateId);
    if (!definition?.api) throw validationError([templateIdError()], 'Unknown mail template');
    const given = Object.fromEntries(
      definition.params
        .filter((param) => param.kind === 'text' && typeof params[param.name] === 'string')
        .map((param) => [param.name, params[param.name]]),
    );
    const rendered = this.templates.render(templateId, { ...definition.sample, ...given });
    return { htmlContent: rendered.html, subject: rendered.subject };
  }

  /** A page of the activity as its envelope's JSON text (views written by PostgreSQL). */
  activity(asked: { page?: number; limit?: number }): Promise<string> {
    return jsonPage(asked, ACTIVITY_DEFAULT_LIMIT, (range) => this.repository.activity(range));
  }

  /** The address's mails ((`MAIL_VIEW`)) as the answer's JSON text. */
  async mailsFor(email: string, limit: number): Promise<string> {
    const items = await this.repository.forAddress(email.trim(), limit);
    return okJsonText(`[${items.join(',')}]`);
  }

  /** Keeps the template's parameters only, and refuses a missing or mistyped one. */
  private checkParams(definition: MailTemplateDefinition, params: MailParams): MailParams {
    const kept: MailParams = {};
    const errors: FieldError[] = [];
    for (const param of definition.params) {
      const value = params[param.name];
      const field = `params.${param.name}`;
      if (value === undefined || value === null || value === '') {
        if (param.required) errors.push({ field, message: `${field} is required` });
        continue;
      }
      if (param.kind === 'list') {
        if (Array.isArray(value)) kept[param.name] = value;
        else errors.push({ field, message: `${field} must be a list` });
      } else if (typeof value === 'string' || typeof value === 'number') {
        kept[param.name] = String(value);
      } else {
        errors.push({ field, message: `${field} must be a string` });
      }
    }
    if (errors.length > 0) throw validationError(errors);
    return kept;
  }
}
