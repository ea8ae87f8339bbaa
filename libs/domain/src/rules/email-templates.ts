/** E-mail template choice (docs/product/mail.md). */
import type { Language } from '../enums';

/** "Signup e-mail uses template 7 when language is en, else 6." */
export const SIGNUP_TEMPLATE_EN = 7;
export const SIGNUP_TEMPLATE_OTHER = 6;
export const signupTemplateId = (language: Language | string | null | undefined): number =>
  language === 'en' ? SIGNUP_TEMPLATE_EN : SIGNUP_TEMPLATE_OTHER;

/** "Reminder e-mails use template 1 (FR) or 2 (EN)... Email language radios: FR=1, EN=2." */
export const REMINDER_TEMPLATES = { fr: 1, en: 2 } as const satisfies Record<Language, number>;
export const reminderTemplateId = (language: Language): 1 | 2 => REMINDER_TEMPLATES[language];

/** The radio preselected for a reminder: the organization's language, French when unknown. */
export const defaultReminderLanguage = (language: string | null | undefined): Language =>
  language === 'en' ? 'en' : 'fr';

/** The params of the signup e-mail (POST /organization/send). */
export const signupEmailParams = (firstname: string, signupLink: string) => ({
  firstname,
  signupLink,
});
