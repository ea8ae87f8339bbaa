import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { DATABASE } from '../database/database';
import type { Database } from '../database/database';
import type { HousekeepingCount } from '../ports/housekeeping-tasks';
import { housekeepingRuns } from './housekeeping.schema';

@Injectable()
export class HousekeepingRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Claims `day` for this instance; false when another run (here or elsewhere) has it. */
  async claim(day: string): Promise<boolean> {
    const rows = await this.db
      .insert(housekeepingRuns)
      .values({ day })
      .onConflictDoNothing()
      .returning({ day: housekeepingRuns.day });
    return rows.length > 0;
  }

  async record(day: string, counts: Record<HousekeepingCount, number>) {
    await this.db
      .update(housekeepingRuns)
      .set(counts)
      .where(eq(housekeepingRuns.day, sql`${day}::date`));
  }
}
