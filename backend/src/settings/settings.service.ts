import { HttpStatus, Injectable } from '@nestjs/common';
import {
  ANNUAL_RETURN_LEAD_DAYS_DEFAULT,
  ErrorCode,
  type FirmSettingsView,
} from '@registra/domain';
import { AuditService } from '../platform/audit/audit.service';
import { AppException } from '../platform/errors/app-exception';
import type { AuthUser } from '../users/user.view';
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

  async update(user: AuthUser, dto: UpdateFirmSettingsDto): Promise<FirmSettingsView> {
    if (user.role !== 'admin') {
      throw new AppException(
        HttpStatus.FORBIDDEN,
        ErrorCode.FORBIDDEN,
        'Only an administrator can change the firm settings',
      );
    }
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
   * (it also ends the sessions the change concerns), having checked the caller is an
   * administrator. The table has no trigger (one row, no id): the change is written to the
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
