import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { firmSettings, type FirmSettingsRow } from './settings.schema';

@Injectable()
export class SettingsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async get(): Promise<FirmSettingsRow | undefined> {
    const [row] = await this.db.select().from(firmSettings).limit(1);
    return row;
  }

  async save(
    values: Partial<Omit<FirmSettingsRow, 'single' | 'updatedAt'>> & { updatedAt: Date },
  ): Promise<FirmSettingsRow> {
    const [row] = await this.db
      .insert(firmSettings)
      .values({ single: true, ...values })
      .onConflictDoUpdate({ target: firmSettings.single, set: values })
      .returning();
    return row;
  }
}
