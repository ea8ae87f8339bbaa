/** GET /api/settings: the firm-wide settings. */
export interface FirmSettingsView {
  /** Days before a company's ARD its annual-return follow-up starts by itself (default 60). */
  annualReturnLeadDays: number;
  /** When an administrator last saved them; null: the defaults. */
  updatedAt: string | null;
}
