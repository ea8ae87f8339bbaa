import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { organizations } from '../organizations/organizations.schema';
import type { OrganizationRow } from '../organizations/organizations.schema';
import { people } from '../people/people.schema';
import type { PersonRow } from '../people/people.schema';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { rowsFromJson } from '../platform/database/json-rows';
import { liveRecordCounts } from '../platform/database/record-counts.schema';

export interface DashboardRows {
  organizationsTotal: number;
  peopleTotal: number;
  organizationsRecent: OrganizationRow[];
  peopleRecent: PersonRow[];
}

/** The dashboard's cards in one statement (ADR 0082): maintained totals and the newest rows. */
@Injectable()
export class DashboardRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async cards(recentCount: number): Promise<DashboardRows> {
    const total = (table: string) =>
      sql`coalesce((SELECT ${liveRecordCounts.total} FROM ${liveRecordCounts} WHERE ${liveRecordCounts.tableName} = ${table}), 0)::int`;
    const newest = (table: typeof organizations | typeof people) => sql`(
      SELECT coalesce(json_agg(to_json(newest) ORDER BY newest.created_at DESC, newest.id DESC), '[]')
      FROM (
        SELECT * FROM ${table} WHERE ${table.deletedAt} IS NULL
        ORDER BY ${table.createdAt} DESC, ${table.id} DESC LIMIT ${recentCount}
      ) AS newest)`;
    const result = (await this.db.execute(sql`
      SELECT ${total('organizations')} AS "organizationsTotal",
             ${total('people')} AS "peopleTotal",
             ${newest(organizations)} AS "organizationsRecent",
             ${newest(people)} AS "peopleRecent"
    `)) as unknown as {
      rows: {
        organizationsTotal: number;
        peopleTotal: number;
        organizationsRecent: Record<string, unknown>[];
        peopleRecent: Record<string, unknown>[];
      }[];
    };
    const [row] = result.rows;
    return {
      organizationsTotal: row.organizationsTotal,
      peopleTotal: row.peopleTotal,
      organizationsRecent: rowsFromJson(organizations, row.organizationsRecent),
      peopleRecent: rowsFromJson(people, row.peopleRecent),
    };
  }
}
