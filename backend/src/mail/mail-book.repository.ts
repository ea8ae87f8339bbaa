import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { peopleOrganizationLinks } from '../links/links.schema';
import { organizations } from '../organizations/organizations.schema';
import { people } from '../people/people.schema';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';

/**
 * Whether an address belongs to the book: the mail of an organization or of a person (ADR 0113).
 * Read here, in SQL, rather than through the two contexts' services: one indexed question per
 * send instead of loading records.
 */
@Injectable()
export class MailBookRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The live organization's name, or undefined. */
  async organizationName(organizationId: string): Promise<string | undefined> {
    const rows = await this.rows<{ name: string }>(
      sql`SELECT ${organizations.name} AS name FROM ${organizations}
          WHERE ${organizations.id} = ${organizationId} AND ${organizations.deletedAt} IS NULL`,
    );
    return rows[0]?.name;
  }

  /**
   * True when `email` (any case) is the mail of that organization or of a person linked to it;
   * without an organization, of any live organization or person.
   */
  async addressInBook(email: string, organizationId: string | null): Promise<boolean> {
    const address = email.trim().toLowerCase();
    const query = organizationId
      ? sql`SELECT EXISTS (
              SELECT 1 FROM ${organizations}
              WHERE ${organizations.id} = ${organizationId}
                AND ${organizations.deletedAt} IS NULL
                AND lower(trim(${organizations.mail})) = ${address}
            ) OR EXISTS (
              SELECT 1 FROM ${peopleOrganizationLinks}
              JOIN ${people} ON ${people.id} = ${peopleOrganizationLinks.peopleId}
              WHERE ${peopleOrganizationLinks.organizationId} = ${organizationId}
                AND ${peopleOrganizationLinks.deletedAt} IS NULL
                AND ${people.deletedAt} IS NULL
                AND lower(trim(${people.mail})) = ${address}
            ) AS found`
      : sql`SELECT EXISTS (
              SELECT 1 FROM ${organizations}
              WHERE ${organizations.deletedAt} IS NULL
                AND lower(trim(${organizations.mail})) = ${address}
            ) OR EXISTS (
              SELECT 1 FROM ${people}
              WHERE ${people.deletedAt} IS NULL AND lower(trim(${people.mail})) = ${address}
            ) AS found`;
    const rows = await this.rows<{ found: boolean }>(query);
    return rows[0]?.found === true;
  }

  private async rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await this.db.execute(query)) as unknown as { rows: T[] }).rows;
  }
}
