import { Injectable } from '@nestjs/common';
import { ANNUAL_RETURN_LEAD_DAYS_DEFAULT, type FirmSettingsView } from '@registra/domain';
import { AuditService } from '../platform/audit/audit.service';
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
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  /** An administrator's change (the route is theirs alone). */
  async update(dto: UpdateFirmSettingsDto): Promise<FirmSettingsView> {
    await this.repository.save({
      annualReturnLeadDays: dto.annualReturnLeadDays,
      updatedAt: new Date(),
    });
    return this.get();
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
