import { Injectable } from '@nestjs/common';
import { ANNUAL_RETURN_LEAD_DAYS_DEFAULT, type FirmSettingsView } from '@registra/domain';
import { forbidden } from '../platform/errors/app-exception';
import type { AuthUser } from '../users/user.view';
import type { UpdateFirmSettingsDto } from './dto/settings.dto';
import { SettingsRepository } from './settings.repository';

/** The firm-wide settings: any staff member reads them, administrators change them. */
@Injectable()
export class SettingsService {
  constructor(private readonly repository: SettingsRepository) {}

  async get(): Promise<FirmSettingsView> {
    const row = await this.repository.get();
    return {
      annualReturnLeadDays: row?.annualReturnLeadDays ?? ANNUAL_RETURN_LEAD_DAYS_DEFAULT,
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  async update(user: AuthUser, dto: UpdateFirmSettingsDto): Promise<FirmSettingsView> {
    if (user.role !== 'admin') {
      throw forbidden('Only an administrator can change the firm settings');
    }
    await this.repository.save({
      annualReturnLeadDays: dto.annualReturnLeadDays,
      updatedAt: new Date(),
    });
    return this.get();
  }
}
