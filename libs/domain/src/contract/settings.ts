import type { RetentionPeriods } from '../rules/retention';

/** GET /api/settings: the firm-wide settings. */
export interface FirmSettingsView extends RetentionPeriods {
  /** Days before a company's ARD its annual-return follow-up starts by itself (default 60). */
  annualReturnLeadDays: number;
  /**
   * Every account signs in with an authenticator code: one without it enrols before its first
   * session (default false).
   */
  requireTwoFactor: boolean;
  /** When an administrator last saved them; null: the defaults. */
  updatedAt: string | null;
}
