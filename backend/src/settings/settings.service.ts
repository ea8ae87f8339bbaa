import { Injectable } from '@nestjs/common';
import {
  ANNUAL_RETURN_LEAD_DAYS_DEFAULT,
  DEFAULT_RETENTION_PERIODS,
  RETENTION_PERIOD_FIELDS,
  type FirmSettingsView,
  type RetentionPeriods,
} from '@registra/domain';
import { AuditService } from '../platform/audit/audit.service';
import { validationError } from '../platform/errors/app-exception';
import type { UpdateFirmSettingsDto } from './dto/settings.dto';
import { SettingsRepository } from './settings.repository';

/** The firm-wide settings: any staff member reads them, administrators change them. */
@Injectable()
export class SettingsService {
  constructor(
    private readonly repository: SettingsRepository,
    private readonly audit: AuditService,
  ) {}

  async get(): Promise<FirmSettingsView> {
    const row = await this.repository.get();
    return {
      annualReturnLeadDays: row?.annualReturnLeadDays ?? ANNUAL_RETURN_LEAD_DAYS_DEFAULT,
      requireTwoFactor: row?.requireTwoFactor ?? false,
      amlRetentionYears: row?.amlRetentionYears ?? DEFAULT_RETENTION_PERIODS.amlRetentionYears,
      prospectRetentionMonths:
        row?.prospectRetentionMonths ?? DEFAULT_RETENTION_PERIODS.prospectRetentionMonths,
      mailBodyRetentionMonths:
        row?.mailBodyRetentionMonths ?? DEFAULT_RETENTION_PERIODS.mailBodyRetentionMonths,
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  /**
   * An administrator's change (the route is theirs alone): the settings named, the others kept.
   * The table has no trigger (one row, no id): each change is written to the history here, with
   * its old and new value.
   */
  async update(dto: UpdateFirmSettingsDto): Promise<FirmSettingsView> {
    const fields = (['annualReturnLeadDays', ...RETENTION_PERIOD_FIELDS] as const).filter(
      (field) => dto[field] !== undefined,
    );
    if (fields.length === 0) {
      throw validationError(
        [{ field: 'annualReturnLeadDays', message: 'Name at least one setting to change' }],
        'Name at least one setting to change',
      );
    }
    const before = await this.get();
    const values = Object.fromEntries(fields.map((field) => [field, dto[field]]));
    await this.repository.save({ ...values, updatedAt: new Date() });
    const changes = Object.fromEntries(
      fields
        .filter((field) => before[field] !== dto[field])
        .map((field) => [
          // Stored under the column's name, as the history stores every change.
          field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
          [before[field], dto[field]] as [unknown, unknown],
        ]),
    );
    if (Object.keys(changes).length > 0) {
      await this.audit.record({
        action: 'update',
        recordType: 'settings',
        recordId: null,
        recordLabel: 'Firm settings',
        changes,
      });
    }
    return this.get();
  }

  /** The retention periods the erasure, the review and the daily retention job follow. */
  async retentionPeriods(): Promise<RetentionPeriods> {
    const { amlRetentionYears, prospectRetentionMonths, mailBodyRetentionMonths } =
      await this.get();
    return { amlRetentionYears, prospectRetentionMonths, mailBodyRetentionMonths };
  }

  /** Whether every account must sign in with an authenticator code (asked at each sign-in). */
  async twoFactorRequired(): Promise<boolean> {
    return (await this.repository.get())?.requireTwoFactor ?? false;
  }

  /**
   * Requires two-factor sign-in of everyone, or stops requiring it. The users context calls this
   * (it also ends the sessions the change concerns) from a route only administrators call. The table has no trigger (one row, no id): the change is written to the
   * history here, with its old and new value.
   */
  async setTwoFactorRequired(required: boolean): Promise<FirmSettingsView> {
    const before = await this.twoFactorRequired();
    await this.repository.save({ requireTwoFactor: required, updatedAt: new Date() });
    if (before !== required) {
      await this.audit.record({
        action: 'update',
        recordType: 'settings',
        recordId: null,
        recordLabel: 'Firm settings',
        changes: { require_two_factor: [before, required] },
      });
    }
    return this.get();
  }
}
