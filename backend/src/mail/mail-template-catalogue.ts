import { REMINDER_TEMPLATES, SIGNUP_TEMPLATE_EN, SIGNUP_TEMPLATE_OTHER } from '@registra/domain';
import type { Language } from '@registra/domain';
import type { MailParams } from './mail.schema';

/** A parameter a template reads: text (from the API or a caller) or a list (internal callers). */
export interface MailTemplateParam {
  name: string;
  required: boolean;
  kind: 'text' | 'list';
  /**
   * A one-time secret (an invitation's or reset's link): it goes out in the mail and nowhere
   * else. The outbox keeps it apart until the mail is sent; the stored copy says what was sent.
   */
  secret?: boolean;
}

export interface MailTemplateDefinition {
  /** Files backend/templates/<file>.{subject,html,text}.hbs */
  file: string;
  language: Language;
  /** Tag of the mail unless the caller gives one (the activity's Tag column). */
  tag: string;
  /** Whether POST /organization/send and /templates accept it; the digest is the scheduler's. */
  api: boolean;
  params: MailTemplateParam[];
  /** Preview values for parameters the caller leaves out (POST /organization/templates). */
  sample: MailParams;
}

export const TASK_NOTIFICATION_TEMPLATE = 'task-notification';
export const DAILY_DIGEST_TEMPLATE = 'daily-digest';
export const FOLLOW_UP_DEADLINE_TEMPLATE = 'follow-up-deadline';
export const FORM_REQUEST_RECEIVED_TEMPLATE = 'form-request-received';
export const USER_INVITATION_TEMPLATE = 'user-invitation';
export const PASSWORD_RESET_TEMPLATE = 'password-reset';

const text = (name: string, required = true): MailTemplateParam => ({
  name,
  required,
  kind: 'text',
});
const secret = (name: string): MailTemplateParam => ({
  name,
  required: true,
  kind: 'text',
  secret: true,
});
const list = (name: string, required = true): MailTemplateParam => ({
  name,
  required,
  kind: 'list',
});

const reminderParams = [
  text('organizationName'),
  text('service'),
  text('reminderDate'),
  text('amount', false),
];
const reminderSample = {
  organizationName: 'Example Trading Limited',
  service: 'Domiciliation',
  reminderDate: '2026-12-01',
  amount: '250.00',
};
const signupParams = [text('firstname'), text('signupLink')];
const signupSample = {
  firstname: 'Aoife',
  signupLink: 'https://signup.example.com/?origin=registra',
};

/**
 * Template ids staff send through the API (1/2 reminders FR/EN, 6/7 sign-up FR/EN, the numbers
 * the web client has always sent; the task's mail) and the two the server sends by itself.
 */
export const MAIL_TEMPLATES: Readonly<Record<string, MailTemplateDefinition>> = {
  [String(REMINDER_TEMPLATES.fr)]: {
    file: 'payment-reminder-fr',
    language: 'fr',
    tag: 'payment-reminder',
    api: true,
    params: reminderParams,
    sample: reminderSample,
  },
  [String(REMINDER_TEMPLATES.en)]: {
    file: 'payment-reminder-en',
    language: 'en',
    tag: 'payment-reminder',
    api: true,
    params: reminderParams,
    sample: reminderSample,
  },
  [String(SIGNUP_TEMPLATE_OTHER)]: {
    file: 'signup-invitation-fr',
    language: 'fr',
    tag: 'signup',
    api: true,
    params: signupParams,
    sample: signupSample,
  },
  [String(SIGNUP_TEMPLATE_EN)]: {
    file: 'signup-invitation-en',
    language: 'en',
    tag: 'signup',
    api: true,
    params: signupParams,
    sample: signupSample,
  },
  [TASK_NOTIFICATION_TEMPLATE]: {
    file: 'task-notification',
    language: 'en',
    tag: 'task',
    api: true,
    params: [
      text('title'),
      text('description', false),
      text('organizationName', false),
      text('peopleName', false),
      text('sentBy', false),
      text('link', false),
      // File addresses, or { fileName, url } entries.
      list('attachedFiles', false),
    ],
    sample: {
      title: 'Send the signed B10 to the CRO',
      description: 'The signature page came back this morning.',
      organizationName: 'Example Trading Limited',
      peopleName: 'Aoife Murphy',
      sentBy: 'Ciara Byrne',
      link: 'https://registra.example.com/task/1',
      attachedFiles: [],
    },
  },
  [DAILY_DIGEST_TEMPLATE]: {
    file: 'daily-digest',
    language: 'en',
    tag: 'digest',
    api: false,
    params: [
      text('firstName'),
      text('date'),
      text('until'),
      text('count'),
      // [{ name, items: [{ label, date, late }] }]
      list('organizations'),
      // Organizations left out of a long list.
      text('more', false),
    ],
    sample: {
      firstName: 'Ciara',
      date: '2026-11-23',
      until: '2026-11-30',
      count: '1',
      organizations: [
        {
          name: 'Example Trading Limited',
          items: [{ label: 'Annual return', date: '2026-11-25', late: false }],
        },
      ],
    },
  },
  [FOLLOW_UP_DEADLINE_TEMPLATE]: {
    file: 'follow-up-deadline',
    language: 'en',
    tag: 'follow-up-deadline',
    api: false,
    params: [
      text('firstName'),
      text('organizationName'),
      text('followUpName'),
      text('step'),
      text('deadline'),
    ],
    sample: {
      firstName: 'Ciara',
      organizationName: 'Example Trading Limited',
      followUpName: 'AR trading',
      step: 'Step 2/6: Accounts prepared',
      deadline: '2026-11-20',
    },
  },
  [FORM_REQUEST_RECEIVED_TEMPLATE]: {
    file: 'form-request-received',
    language: 'en',
    tag: 'form-request',
    api: false,
    params: [
      text('firstName'),
      text('organizationName1'),
      text('organizationName2', false),
      text('organizationName3', false),
      text('members'),
      text('directors', false),
      text('link'),
    ],
    sample: {
      firstName: 'Ciara',
      organizationName1: 'Emerald Consulting',
      organizationName2: 'Emerald Advisory',
      organizationName3: 'Green Isle Consulting',
      members: '2',
      directors: 'Aoife Murphy',
      link: 'https://registra.example.com/form/1',
    },
  },
  [USER_INVITATION_TEMPLATE]: {
    file: 'user-invitation',
    language: 'en',
    tag: 'account',
    api: false,
    params: [text('firstName'), text('invitedBy'), secret('link'), text('validDays')],
    sample: {
      firstName: 'Sean',
      invitedBy: 'Ciara Byrne',
      link: 'https://registra.example.com/signup?invite=sample',
      validDays: '7',
    },
  },
  [PASSWORD_RESET_TEMPLATE]: {
    file: 'password-reset',
    language: 'en',
    tag: 'account',
    api: false,
    params: [text('firstName'), secret('link'), text('validHours')],
    sample: {
      firstName: 'Sean',
      link: 'https://registra.example.com/reset-password?token=sample',
      validHours: '1',
    },
  },
};

/** What the stored copy of a mail says in place of a one-time secret. */
export const REDACTED_SECRET = 'a one-time link was sent';

/**
 * Templates whose mails are about a staff account itself (an invitation, a password reset): only
 * their recipient and administrators read them, wherever mail or its history is shown.
 */
export const ACCOUNT_TEMPLATES: readonly string[] = [
  USER_INVITATION_TEMPLATE,
  PASSWORD_RESET_TEMPLATE,
];

export const API_TEMPLATE_IDS = Object.entries(MAIL_TEMPLATES)
  .filter(([, definition]) => definition.api)
  .map(([id]) => id);
