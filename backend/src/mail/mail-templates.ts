import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { formatCents, formatDate, parseEurosInput } from '@registra/domain';
import Handlebars from 'handlebars';
import { BACKEND_ROOT } from '../platform/config/backend-root';
import { MAIL_TEMPLATES } from './mail-template-catalogue';
import type { MailTemplateDefinition } from './mail-template-catalogue';
import type { MailParams } from './mail.schema';

/** backend/templates: the files ship with the package and are never copied into a build. */
export const MAIL_TEMPLATES_DIR = join(BACKEND_ROOT, 'templates');

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

interface CompiledTemplate {
  definition: MailTemplateDefinition;
  subject: Handlebars.TemplateDelegate;
  html: Handlebars.TemplateDelegate;
  text: Handlebars.TemplateDelegate;
}

const HELPERS = { formatDate: true, formatAmount: true, safeUrl: true } as const;

/** A calendar date shown dd/MM/yyyy like every screen; anything else as written. */
function dateHelper(value: unknown): string {
  if (typeof value !== 'string') return '';
  return formatDate(value) || value;
}

/** "250" or "250,5" shown €250.00; anything that is not an amount as written. */
function amountHelper(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const cents = parseEurosInput(String(value));
  return cents === null ? String(value) : formatCents(cents);
}

/** Only http(s) addresses become links: a `javascript:` one would run in some mail readers. */
function safeUrlHelper(value: unknown): string {
  return typeof value === 'string' && /^https?:\/\//i.test(value.trim()) ? value.trim() : '';
}

/**
 * The mail templates: Handlebars files read and compiled once at start, so a missing or broken
 * file stops the server instead of a mail. The HTML part escapes every parameter (`{{var}}`);
 * subject and text are plain text, where escaping would only garble `&` and quotes.
 */
@Injectable()
export class MailTemplates {
  private readonly compiled = new Map<string, CompiledTemplate>();

  constructor() {
    this.load(MAIL_TEMPLATES_DIR);
  }

  definition(templateId: string): MailTemplateDefinition | undefined {
    return this.compiled.get(templateId)?.definition;
  }

  /** Throws on an unknown id: callers check `definition()` first. */
  render(templateId: string, params: MailParams): RenderedMail {
    const template = this.compiled.get(templateId);
    if (!template) throw new Error(`Unknown mail template "${templateId}"`);
    return {
      // One line: a subject is a header.
      subject: template.subject(params).replace(/\s+/g, ' ').trim(),
      html: template.html(params),
      text: template.text(params).trim() + '\n',
    };
  }

  private load(directory: string): void {
    const engine = Handlebars.create();
    engine.registerHelper('formatDate', dateHelper);
    engine.registerHelper('formatAmount', amountHelper);
    engine.registerHelper('safeUrl', safeUrlHelper);
    const read = (name: string): string => {
      const path = join(directory, name);
      if (!existsSync(path)) throw new Error(`Mail template file missing: ${path}`);
      return readFileSync(path, 'utf8');
    };
    engine.registerPartial('layout', read('partials/layout.html.hbs'));
    const options = { strict: false, knownHelpers: HELPERS, knownHelpersOnly: true };
    for (const [id, definition] of Object.entries(MAIL_TEMPLATES)) {
      const template: CompiledTemplate = {
        definition,
        subject: engine.compile(read(`${definition.file}.subject.hbs`), {
          ...options,
          noEscape: true,
        }),
        html: engine.compile(read(`${definition.file}.html.hbs`), options),
        text: engine.compile(read(`${definition.file}.text.hbs`), { ...options, noEscape: true }),
      };
      this.compiled.set(id, template);
      // Handlebars compiles lazily: render the sample now so a syntax error fails the start.
      this.render(id, definition.sample);
    }
  }
}
