import { Inject, Injectable } from '@nestjs/common';
import { and, arrayOverlaps, asc, eq, isNull } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { peopleOrganizationLinks as links } from './links.schema';
import type { LinkRow } from './links.schema';

export interface LinkValues {
  roles: string[];
  /** Decimal text for the numeric column, so no float rounding reaches the database. */
  beneficiaryPercentage: string;
}

const live = isNull(links.deletedAt);

/**
 * The links table only: people and organizations are reached through their services. Unlinking
 * soft-deletes (the history keeps referring to the link); every read sees live links only.
 */
@Injectable()
export class LinksRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Throws the unique violation when the pair is already linked. */
  async insert(
    peopleId: string,
    organizationId: string,
    values: LinkValues,
    at: Date,
  ): Promise<LinkRow> {
    const [row] = await this.db
      .insert(links)
      .values({ peopleId, organizationId, ...values, createdAt: at, updatedAt: at })
      .returning();
    return row;
  }

  async findById(id: string): Promise<LinkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(links)
      .where(and(eq(links.id, id), live))
      .limit(1);
    return row;
  }

  async update(id: string, values: LinkValues, at: Date): Promise<LinkRow | undefined> {
    const [row] = await this.db
      .update(links)
      .set({ ...values, updatedAt: at })
      .where(and(eq(links.id, id), live))
      .returning();
    return row;
  }

  async softDelete(id: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(links)
      .set({ deletedAt: at, updatedAt: at })
      .where(and(eq(links.id, id), live))
      .returning({ id: links.id });
    return rows.length > 0;
  }

  /** One side's links, oldest first; `anyOfRoles` keeps links having at least one of them. */
  async findBy(
    side: { peopleId: string } | { organizationId: string },
    anyOfRoles?: string[],
  ): Promise<LinkRow[]> {
    const conditions: SQL[] = [
      live,
      'peopleId' in side
        ? eq(links.peopleId, side.peopleId)
        : eq(links.organizationId, side.organizationId),
    ];
    if (anyOfRoles) conditions.push(arrayOverlaps(links.roles, anyOfRoles));
    return this.db
      .select()
      .from(links)
      .where(and(...conditions))
      .orderBy(asc(links.createdAt), asc(links.id));
  }
}
