import { Inject, Injectable } from '@nestjs/common';
import { addDays, todayInDublin } from '@registra/domain';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { liveMembersOf, peopleOrganizationLinks } from '../links/links.schema';
import { organizations } from '../organizations/organizations.schema';
import { auditLog } from '../platform/audit/audit.schema';
import { people } from '../people/people.schema';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';

export interface ShareholderRow {
  linkId: string;
  personId: string;
  firstName: string;
  lastName: string;
  birth: string | null;
  nationality: string | null;
  country: string | null;
  mail: string | null;
  pps: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  state: string | null;
  addressCountry: string | null;
  roles: string[];
  beneficiaryPercentage: string;
}

/** The instant a Dublin calendar day begins (Irish time is UTC or UTC+1). */
export function dublinStartOf(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  for (const hours of [-1, 0]) {
    const instant = new Date(utcMidnight + hours * 3_600_000);
    if (todayInDublin(instant) === day && todayInDublin(new Date(instant.getTime() - 1)) !== day) {
      return instant;
    }
  }
  return new Date(utcMidnight);
}

@Injectable()
export class AmlRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The live shareholders of a live organization with their identity fields, biggest first. */
  async shareholders(organizationId: string): Promise<ShareholderRow[]> {
    return this.db
      .select({
        linkId: peopleOrganizationLinks.id,
        personId: people.id,
        firstName: people.firstName,
        lastName: people.lastName,
        birth: people.birth,
        nationality: people.nationality,
        country: people.country,
        mail: people.mail,
        pps: people.pps,
        street: people.addressStreet1,
        zip: people.addressZip1,
        city: people.addressCity1,
        state: people.addressState1,
        addressCountry: people.addressCountry1,
        roles: peopleOrganizationLinks.roles,
        beneficiaryPercentage: peopleOrganizationLinks.beneficiaryPercentage,
      })
      .from(peopleOrganizationLinks)
      .innerJoin(people, eq(people.id, peopleOrganizationLinks.peopleId))
      .where(
        and(
          liveMembersOf(organizationId),
          sql`'shareholder' = ANY(${peopleOrganizationLinks.roles})`,
        ),
      )
      .orderBy(
        sql`${peopleOrganizationLinks.beneficiaryPercentage} DESC`,
        asc(people.lastName),
        asc(people.firstName),
      ) as Promise<ShareholderRow[]>;
  }

  /**
   * The organization's `aml` as it stood at the end of `day` (Dublin): the value the first change
   * after that day replaced, or undefined when it has not changed since (the current one holds).
   */
  async amlAsOf(organizationId: string, day: string): Promise<Record<string, unknown> | undefined> {
    const result = (await this.db.execute(sql`
      SELECT ${auditLog.changes} -> 'aml' -> 0 AS aml
      FROM ${auditLog}
      WHERE ${auditLog.recordType} = 'organization' AND ${auditLog.recordId} = ${organizationId}
        AND ${auditLog.changes} ? 'aml'
        AND ${auditLog.at} >= ${dublinStartOf(addDays(day, 1))}
      ORDER BY ${auditLog.at}, ${auditLog.id}
      LIMIT 1`)) as unknown as { rows: Array<{ aml: Record<string, unknown> | null }> };
    const row = result.rows[0];
    return row ? (row.aml ?? {}) : undefined;
  }

  /** Organizations assigned to the user whose AML review is due on or before `date`. */
  async reviewsDueForUser(
    userId: string,
    date: string,
  ): Promise<Array<{ name: string; nextReview: string }>> {
    const rows = await this.db
      .select({ name: organizations.name, nextReview: organizations.amlNextReview })
      .from(organizations)
      .where(
        and(
          isNull(organizations.deletedAt),
          lte(organizations.amlNextReview, date),
          sql`${organizations.users} @> ${JSON.stringify([{ userId }])}::jsonb`,
        ),
      )
      .orderBy(asc(organizations.amlNextReview), asc(organizations.name))
      .limit(200);
    return rows as Array<{ name: string; nextReview: string }>;
  }
}
