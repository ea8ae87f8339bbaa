import { Inject, Injectable } from '@nestjs/common';
import { and, arrayOverlaps, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { softDeleteUnchanged } from '../platform/database/unchanged-soft-delete';
import type { WrittenVersion } from '../platform/database/unchanged-soft-delete';
import { readInBatches } from '../platform/database/cursor';
import { softDeleteLive } from '../platform/database/soft-delete';
import { organizations } from '../organizations/organizations.schema';
import { people } from '../people/people.schema';
import { peopleOrganizationLinks as links } from './links.schema';
import type { LinkRow, PersonRoles } from './links.schema';

/** One line of the roles export. */
export interface LinkExportRow extends PersonRoles {
  organizationId: string;
  peopleId: string;
  organizationName: string;
  cro: string | null;
}

/** A line of the roles export: a link, and one class its member holds (none: both null). */
export interface RoleExportLine extends LinkExportRow {
  shares: number | null;
  shareClass: string | null;
}

export interface LinkValues {
  roles: string[];
  /** Decimal text for the numeric column, so no float rounding reaches the database. */
  beneficiaryPercentage: string;
  /** Left out: unchanged (an import's update of roles keeps the dates). */
  appointedOn?: string | null;
  ceasedOn?: string | null;
  beneficialInterest?: string | null;
}

const live = isNull(links.deletedAt);

/** A link and the names of the person and the organization it joins. */
const LINK_WITH_NAMES = {
  link: links,
  firstName: people.firstName,
  lastName: people.lastName,
  name: organizations.name,
};

/**
 * The links table; the two lists of a side (members of an organization, organizations of a
 * person) also read the other side's name in the same statement (ADR 0082). Unlinking
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

  /**
   * Every live link between a live person and a live organization, by organization name then
   * person, batch by batch (the roles CSV export).
   */
  exportInBatches(onBatch: (rows: LinkExportRow[]) => Promise<void>): Promise<number> {
    const query = sql`SELECT l.organization_id AS "organizationId", l.people_id AS "peopleId",
        o.name AS "organizationName", o.cro AS "cro",
        p.first_name AS "firstName", p.last_name AS "lastName",
        l.roles AS "roles", l.beneficiary_percentage::float8 AS "beneficiaryPercentage",
        to_char(l.appointed_on, 'YYYY-MM-DD') AS "appointedOn",
        to_char(l.ceased_on, 'YYYY-MM-DD') AS "ceasedOn"
      FROM ${links} l
      JOIN ${organizations} o ON o.id = l.organization_id AND o.deleted_at IS NULL
      JOIN ${people} p ON p.id = l.people_id AND p.deleted_at IS NULL
      WHERE l.deleted_at IS NULL
      ORDER BY o.name, o.id, p.last_name, p.first_name, l.id`;
    return readInBatches(this.db, query, onBatch);
  }

  /** An import's batch of new links in one statement. */
  async insertMany(
    values: Array<LinkValues & { id: string; peopleId: string; organizationId: string }>,
    at: Date,
  ): Promise<Array<{ id: string; updatedAt: Date }>> {
    if (values.length === 0) return [];
    return this.db
      .insert(links)
      .values(values.map((value) => ({ ...value, createdAt: at, updatedAt: at })))
      .returning({ id: links.id, updatedAt: links.updatedAt });
  }

  /** The live links between these people and organizations (an import's check). */
  async findPairs(
    peopleIds: string[],
    organizationIds: string[],
  ): Promise<Array<{ id: string; peopleId: string; organizationId: string }>> {
    if (peopleIds.length === 0 || organizationIds.length === 0) return [];
    return this.db
      .select({ id: links.id, peopleId: links.peopleId, organizationId: links.organizationId })
      .from(links)
      .where(
        and(
          live,
          inArray(links.peopleId, peopleIds),
          inArray(links.organizationId, organizationIds),
        ),
      );
  }

  /**
   * Soft-deletes the live links among `records` still at the `updatedAt` each was written with,
   * in one statement (an import's undo); answers the ids deleted.
   */
  softDeleteUnchanged(records: readonly WrittenVersion[], at: Date): Promise<Set<string>> {
    return softDeleteUnchanged(this.db, links, records, at);
  }

  /** Links by id, deleted ones too (an undo's links, just deleted): their pair and creation. */
  async findAnyByIds(
    ids: readonly string[],
  ): Promise<Array<{ organizationId: string; peopleId: string; createdAt: Date }>> {
    if (ids.length === 0) return [];
    return this.db
      .select({
        organizationId: links.organizationId,
        peopleId: links.peopleId,
        createdAt: links.createdAt,
      })
      .from(links)
      .where(inArray(links.id, [...ids]));
  }

  async findById(id: string): Promise<LinkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(links)
      .where(and(eq(links.id, id), live))
      .limit(1);
    return row;
  }

  /** With `expectedUpdatedAt`, only the version the client loaded is updated. */
  async update(
    id: string,
    values: LinkValues,
    at: Date,
    expectedUpdatedAt?: Date,
  ): Promise<LinkRow | undefined> {
    const [row] = await this.db
      .update(links)
      .set({ ...values, updatedAt: at })
      .where(
        and(
          eq(links.id, id),
          live,
          expectedUpdatedAt ? eq(links.updatedAt, expectedUpdatedAt) : undefined,
        ),
      )
      .returning();
    return row;
  }

  softDelete(id: string, at: Date): Promise<boolean> {
    return softDeleteLive(this.db, links, id, at);
  }

  /**
   * One record's live links (`side`: which kind of record `id` names) with the names of the
   * records at both ends, oldest link first, in one statement; a link whose person or
   * organization is deleted is none.
   */
  async linksOf(
    side: 'people' | 'organization',
    id: string,
    anyOfRoles?: string[],
  ): Promise<Array<{ link: LinkRow; firstName: string; lastName: string; name: string }>> {
    return this.db
      .select(LINK_WITH_NAMES)
      .from(links)
      .innerJoin(people, eq(people.id, links.peopleId))
      .innerJoin(organizations, eq(organizations.id, links.organizationId))
      .where(
        and(
          eq(side === 'people' ? links.peopleId : links.organizationId, id),
          live,
          isNull(people.deletedAt),
          isNull(organizations.deletedAt),
          anyOfRoles ? arrayOverlaps(links.roles, anyOfRoles) : undefined,
        ),
      )
      .orderBy(asc(links.createdAt), asc(links.id));
  }

  /**
   * Moves one side's live links from a merged-away record to the kept one. A pair the
   * kept record already has becomes one link: roles united, the higher beneficiary percentage;
   * the other link is unlinked (soft-deleted), so the one-live-link-per-pair rule holds.
   */
  async moveSide(side: 'people' | 'organization', fromId: string, toId: string, at: Date) {
    const own = side === 'people' ? sql.raw('people_id') : sql.raw('organization_id');
    const other = side === 'people' ? sql.raw('organization_id') : sql.raw('people_id');
    await this.db.execute(sql`
      UPDATE ${links} AS kept
         SET roles = (SELECT coalesce(array_agg(DISTINCT role ORDER BY role), '{}')
                        FROM unnest(kept.roles || moved.roles) AS role),
             beneficiary_percentage = greatest(kept.beneficiary_percentage, moved.beneficiary_percentage),
             updated_at = ${at}
        FROM ${links} AS moved
       WHERE kept.${own} = ${toId} AND moved.${own} = ${fromId}
         AND kept.${other} = moved.${other}
         AND kept.deleted_at IS NULL AND moved.deleted_at IS NULL`);
    await this.db.execute(sql`
      UPDATE ${links} AS moved SET deleted_at = ${at}, updated_at = ${at}
       WHERE moved.${own} = ${fromId} AND moved.deleted_at IS NULL
         AND EXISTS (SELECT 1 FROM ${links} AS kept
                      WHERE kept.${own} = ${toId} AND kept.${other} = moved.${other}
                        AND kept.deleted_at IS NULL)`);
    await this.db.execute(sql`
      UPDATE ${links} SET ${own} = ${toId}, updated_at = ${at}
       WHERE ${own} = ${fromId} AND deleted_at IS NULL`);
  }
}
