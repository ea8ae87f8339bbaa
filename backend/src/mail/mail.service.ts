import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { isEmailAddress } from '@registra/domain';
import { APP_CONFIG } from '../platform/config/app-config';
import type { AppConfig } from '../platform/config/app-config';
import {
  attachedFileUrl,
  isOwnFileUrl,
  requireStoredFiles,
} from '../platform/http/attached-files-input';
import type { AuthUser } from '../users/user.view';
import type { SendMailDto } from './dto/mail.dto';
import { MailBookRepository } from './mail-book.repository';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { AccountMail } from '../platform/ports/account-mail';
import { StoredFiles } from '../platform/ports/stored-files';
import { forbidden, validationError } from '../platform/errors/app-exception';
import type { FieldError } from '../platform/errors/app-exception';
import { jsonPage, okJsonText } from '../platform/http/envelope';
import { ACTIVITY_DEFAULT_LIMIT } from './dto/mail.dto';
import { ACCOUNT_TEMPLATES, API_TEMPLATE_IDS, REDACTED_SECRET } from './mail-template-catalogue';
import type { MailTemplateDefinition } from './mail-template-catalogue';
import { MailTemplates } from './mail-templates';
import { MailQueue } from './mail.queue';
import { MailRepository } from './mail.repository';
import type { MailParams, MailParamValue } from './mail.schema';
import { defangForeignAddresses, foreignAddresses, hostsOf } from './foreign-addresses';
import type { QueuedMail } from './mail.view';

/** Who asked for a mail: a snapshot kept on the row (the scheduler asks as nobody). */
export interface MailRequester {
  id: string;
  name: string;
  email?: string | null;
}

/** What another context hands to `MailService.queue`. */
export interface QueueMailRequest {
  /** 1, 2, 6, 7 (MAIL_TEMPLATES), 'task-notification' or 'daily-digest'. */
  templateId: string | number;
  to: string;
  /** The template's parameters (see mail-template-catalogue.ts); others are dropped. */
  params?: MailParams;
  /** Defaults to the template's tag. */
  tag?: string;
  requestedBy?: MailRequester | null;
  /** A mail with this key exists at most once (scheduled mails). */
  dedupeKey?: string;
  /** The organization the mail is about: it shows in that record's history. */
  organizationId?: string | null;
}

/** What POST /organization/send answers: the first recipient's outbox row, and every recipient. */
export interface SentMail extends QueuedMail {
  recipients: string[];
}

/** Parameters holding the mail's own links and files, each checked for where it leads. */
const LINK_PARAMS = new Set(['link', 'signupLink', 'attachedFiles']);

const templateIdError = (): FieldError => ({
  field: 'templateId',
  message: `templateId must be one of ${API_TEMPLATE_IDS.join(', ')}`,
});

/**
 * The parameters as the outbox keeps them to show the mail later (each one-time secret replaced
 * by what was sent), and the secrets apart, until the mail is sent.
 */
function splitSecrets(
  definition: MailTemplateDefinition,
  checked: MailParams,
): { params: MailParams; secretParams: MailParams | null } {
  const params = { ...checked };
  let secretParams: MailParams | null = null;
  for (const param of definition.params) {
    if (!param.secret || params[param.name] === undefined) continue;
    secretParams = { ...(secretParams ?? {}), [param.name]: params[param.name] };
    params[param.name] = REDACTED_SECRET;
  }
  return { params, secretParams };
}

@Injectable()
export class MailService implements OnModuleInit {
  constructor(
    private readonly repository: MailRepository,
    private readonly templates: MailTemplates,
    private readonly mailQueue: MailQueue,
    private readonly unitOfWork: UnitOfWork,
    private readonly accountMail: AccountMail,
    private readonly book: MailBookRepository,
    private readonly storedFiles: StoredFiles,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
   * Queues a mail to a user of the firm, who is greeted by first name (the `firstName` parameter
   * of the templates that write to staff: a reminder, the digest, an administrator's notice).
   */
  queueToUser(
    user: { email: string; firstName: string },
    request: Omit<QueueMailRequest, 'to'>,
  ): Promise<QueuedMail> {
    return this.queue({
      ...request,
      to: user.email,
      params: { ...request.params, firstName: user.firstName },
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
    const checked = this.checkParams(definition, request.params ?? {});
    this.checkLinks(checked);
    // A file the mail links to must be stored, not deleted (one query for the list).
    if (Array.isArray(checked.attachedFiles)) {
      await requireStoredFiles(
        checked.attachedFiles.map(attachedFileUrl),
        this.storedFiles,
        'params.attachedFiles',
        this.config.appUrl,
      );
    }
    this.checkForeignAddresses(definition, checked, Boolean(request.requestedBy));
    const { params, secretParams } = splitSecrets(definition, checked);
    const { subject } = this.templates.render(templateId, params);
    const { row, created } = await this.repository.insert({
      to,
      subject,
      template: templateId,
      params,
      secretParams,
      accountMail: ACCOUNT_TEMPLATES.includes(templateId),
      language: definition.language,
      tag: request.tag ?? definition.tag,
      requestedById: request.requestedBy?.id ?? null,
      requestedByName: request.requestedBy?.name ?? null,
      requestedByEmail: request.requestedBy?.email ?? null,
      dedupeKey: request.dedupeKey ?? null,
      organizationId: request.organizationId ?? null,
    });
    // The send job names the row: it is queued once the row is committed and visible.
    if (created) await this.unitOfWork.afterCommit(() => this.mailQueue.enqueueSend(row.id));
    return { _id: row.id, status: row.status };
  }

  /**
   * POST /organization/send: `emailTo` must belong to the book (the organization's mail or a
   * linked person's, or without an organization any record's); an address outside it goes only
   * under `extraRecipients`, which the form shows with a warning. Each recipient's mail is an
   * outbox row, and so a line of the history naming who sent which template to whom, about which
   * organization.
   */
  async send(dto: SendMailDto, user: AuthUser): Promise<SentMail> {
    const organizationId = dto.organizationId ?? null;
    if (organizationId && (await this.book.organizationName(organizationId)) === undefined) {
      throw validationError(
        [{ field: 'organizationId', message: 'organizationId names no organization' }],
        'No such organization',
      );
    }
    const to = dto.emailTo.trim();
    if (!(await this.book.addressInBook(to, organizationId))) {
      const whose = organizationId
        ? 'the mail of this organization or of a person linked to it'
        : 'the mail of an organization or person of the book';
      throw validationError(
        [
          {
            field: 'emailTo',
            message: `emailTo must be ${whose}; an address outside the book goes under extraRecipients`,
          },
        ],
        'The recipient is not in the book',
      );
    }
    const extra = [
      ...new Set((dto.extraRecipients ?? []).map((address) => address.trim().toLowerCase())),
    ].filter((address) => address !== to.toLowerCase());
    this.checkExtraRecipients(extra, user);
    const requestedBy = {
      id: user._id,
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
    };
    const queued: QueuedMail[] = [];
    for (const recipient of [to, ...extra]) {
      queued.push(
        await this.queue({
          templateId: dto.templateId,
          to: recipient,
          params: dto.params,
          requestedBy,
          organizationId,
        }),
      );
    }
    return { ...queued[0], recipients: [to, ...extra] };
  }

  /**
   * Addresses outside the book are an administrator's to add, or, for every member of staff,
   * addresses of the domains the firm lists (MAIL_EXTRA_RECIPIENT_DOMAINS): a mail in the firm's
   * name to anyone at all is what a phisher inside would want.
   */
  private checkExtraRecipients(extra: string[], user: AuthUser): void {
    if (extra.length === 0 || user.role === 'admin') return;
    const allowed = this.config.mailExtraRecipientDomains;
    const outside = extra.find((address) => {
      const domain = address.slice(address.lastIndexOf('@') + 1);
      return !allowed.some((own) => domain === own || domain.endsWith(`.${own}`));
    });
    if (outside === undefined) return;
    throw validationError(
      [
        {
          field: 'extraRecipients',
          message:
            allowed.length > 0
              ? `extraRecipients: ${outside} is outside the book; staff may add addresses of ${allowed.join(', ')} only, an administrator any`
              : `extraRecipients: ${outside} is outside the book; only an administrator adds such addresses`,
        },
      ],
      'An extra recipient is not allowed',
    );
  }

  /**
   * Links leave only for where the firm means (ADR 0113): `link` under APP_URL, `signupLink` under
   * the sign-up app (or APP_URL), attached files only the product's own.
   */
  private checkLinks(params: MailParams): void {
    const errors: FieldError[] = [];
    const under = (value: string, base: string | undefined) => {
      if (!base) return false;
      let url: URL;
      let root: URL;
      try {
        url = new URL(value.trim());
        root = new URL(base);
      } catch {
        return false;
      }
      const path = root.pathname.endsWith('/') ? root.pathname : `${root.pathname}/`;
      return (
        url.origin === root.origin &&
        (url.pathname === root.pathname || url.pathname.startsWith(path) || root.pathname === '/')
      );
    };
    const appUrl = this.config.appUrl;
    if (typeof params.link === 'string' && !under(params.link, appUrl)) {
      errors.push({
        field: 'params.link',
        message: `params.link must be an address under ${appUrl}`,
      });
    }
    if (
      typeof params.signupLink === 'string' &&
      !under(params.signupLink, this.config.signupAppUrl) &&
      !under(params.signupLink, appUrl)
    ) {
      errors.push({
        field: 'params.signupLink',
        message: this.config.signupAppUrl
          ? `params.signupLink must be an address of the sign-up app (${this.config.signupAppUrl})`
          : 'params.signupLink: the sign-up app is not configured (SIGNUP_APP_URL)',
      });
    }
    if (Array.isArray(params.attachedFiles)) {
      params.attachedFiles.forEach((entry, index) => {
        const url =
          typeof entry === 'string'
            ? entry
            : entry && typeof entry === 'object' && !Array.isArray(entry)
              ? entry.url
              : undefined;
        if (typeof url !== 'string' || !isOwnFileUrl(url, appUrl)) {
          errors.push({
            field: 'params.attachedFiles',
            message: `params.attachedFiles[${index}] must be a file stored by Registra`,
          });
        }
      });
    }
    if (errors.length > 0) throw validationError(errors, 'A link of the mail leads elsewhere');
  }

  /**
   * No mail carries a web or mail address the firm did not configure. A mail a member of staff
   * asks for through the API (a payment reminder, a task's mail) is refused, naming the
   * parameter; one the server writes from what others typed (the public form's names, the
   * digest's) has such addresses made inert instead, so the mail still goes.
   */
  private checkForeignAddresses(
    definition: MailTemplateDefinition,
    params: MailParams,
    askedByStaff: boolean,
  ): void {
    const ownHosts = hostsOf([this.config.appUrl, this.config.signupAppUrl]);
    const errors: FieldError[] = [];
    const inert = (value: MailParamValue): MailParamValue => {
      if (typeof value === 'string') return defangForeignAddresses(value, ownHosts);
      if (Array.isArray(value)) return value.map(inert);
      if (value && typeof value === 'object') {
        return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inert(item)]));
      }
      return value;
    };
    for (const param of definition.params) {
      // Links are checked against the firm's addresses by checkLinks, files by theirs.
      if (LINK_PARAMS.has(param.name) || param.secret) continue;
      const value = params[param.name];
      if (value === undefined) continue;
      if (definition.api && askedByStaff) {
        if (typeof value !== 'string') continue;
        const found = foreignAddresses(value, ownHosts);
        if (found.length > 0) {
          errors.push({
            field: `params.${param.name}`,
            message: `params.${param.name} must not carry an address the firm does not use (${found[0]}): a mail in the firm's name links only to the firm`,
          });
        }
      } else {
        params[param.name] = inert(value);
      }
    }
    if (errors.length > 0) {
      throw validationError(errors, 'A parameter of the mail carries an address of elsewhere');
    }
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

  /**
   * A page of the activity as its envelope's JSON text (views written by PostgreSQL). Mails
   * about a staff account show only to their recipient and to administrators.
   */
  activity(reader: AuthUser, asked: { page?: number; limit?: number }): Promise<string> {
    const viewer = reader.role === 'admin' ? null : reader.email;
    return jsonPage(asked, ACTIVITY_DEFAULT_LIMIT, (range) =>
      this.repository.activity(range, viewer),
    );
  }

  /**
   * The address's mails ((`MAIL_VIEW`)) as the answer's JSON text: the caller's own address,
   * or any address for an administrator (a staff member reading a colleague's would read the
   * colleague's invitations and password resets).
   */
  async mailsFor(reader: AuthUser, email: string, limit: number): Promise<string> {
    const address = email.trim();
    if (reader.role !== 'admin' && address.toLowerCase() !== reader.email.toLowerCase()) {
      throw forbidden("Only an administrator reads another user's mails");
    }
    const items = await this.repository.forAddress(address, limit);
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
