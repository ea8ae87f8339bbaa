import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { liveMembersOf, peopleOrganizationLinks as links } from '../links/links.schema';
import type { PersonRoles } from '../links/links.schema';
import { organizations } from '../organizations/organizations.schema';
import { people } from '../people/people.schema';
import { DATABASE } from '../platform/database/database';
import type { Database } from '../platform/database/database';
import { anyRow } from '../platform/database/any-row';
import { softDeleteLive } from '../platform/database/soft-delete';
import { shareClasses, shareEntries } from './registers.schema';
import type { ShareClassRow, ShareEntryRow } from './registers.schema';
import type { MemberHolding } from '../platform/ports/share-capital-imports';

/** The organization a register is headed with. */
export interface RegisterCompany {
  id: string;
  name: string;
  cro: string | null;
  address: string | null;
  incorporationDate: string | null;
}

/** A live link of the organization (ceased ones included) with its person's particulars. */
export interface RegisterLinkRow extends PersonRoles {
  linkId: string;
  peopleId: string;
  beneficialInterest: string | null;
  dateOfBirth: string | null;
  nationality: string | null;
  address: string | null;
}

/** What every register of one organization is built from, read in four statements. */
export interface RegisterSource {
  company: RegisterCompany;
  links: RegisterLinkRow[];
  classes: ShareClassRow[];
  entries: ShareEntryRow[];
  /** Names of the people the entries name who have no live link (a former member). */
  entryPeople: Array<{ peopleId: string; firstName: string; lastName: string }>;
}

const liveClass = isNull(shareClasses.deletedAt);
const liveEntry = isNull(shareEntries.deletedAt);

/** A person's address in one line, as the registers print it. */
const PERSON_ADDRESS = sql<string | null>`nullif(concat_ws(', ',
    nullif(${people.addressStreet1}, ''), nullif(${people.addressCity1}, ''),
    nullif(${people.addressState1}, ''), nullif(${people.addressZip1}, ''),
    nullif(${people.addressCountry1}, '')), '')`;

/**
 * Share classes and share entries, and the reads the registers need: an organization's links
 * with their people, its classes and its entries, each one statement on an index by organization.
 */
@Injectable()
export class RegistersRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Serializes the share entries of one organization until the transaction ends: a transfer is
   * checked against the holdings, and two at once must not both pass on the same shares.
   */
  async lockShareCapital(organizationId: string): Promise<void> {
    await this.db.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext('share_capital'), hashtext(${organizationId}))`,
    );
  }

  /** Throws the unique violation when the organization has a live class of that name. */
  async insertClass(values: {
    organizationId: string;
    name: string;
    nominalValue: string;
    currency: string;
  }): Promise<ShareClassRow> {
    const [row] = await this.db.insert(shareClasses).values(values).returning();
    return row;
  }

  classesOf(organizationId: string): Promise<ShareClassRow[]> {
    return this.db
      .select()
      .from(shareClasses)
      .where(and(eq(shareClasses.organizationId, organizationId), liveClass))
      .orderBy(asc(shareClasses.createdAt), asc(shareClasses.id));
  }

  async findClass(organizationId: string, classId: string): Promise<ShareClassRow | undefined> {
    const [row] = await this.db
      .select()
      .from(shareClasses)
      .where(
        and(
          eq(shareClasses.id, classId),
          eq(shareClasses.organizationId, organizationId),
          liveClass,
        ),
      )
      .limit(1);
    return row;
  }

  /** Whether any live entry names the class (an allotment is never undone: its shares are held). */
  async classIsHeld(classId: string): Promise<boolean> {
    return anyRow(this.db, shareEntries, and(eq(shareEntries.shareClassId, classId), liveEntry));
  }

  softDeleteClass(classId: string, at: Date): Promise<boolean> {
    return softDeleteLive(this.db, shareClasses, classId, at);
  }

  async insertEntry(values: typeof shareEntries.$inferInsert): Promise<ShareEntryRow> {
    const [row] = await this.db.insert(shareEntries).values(values).returning();
    return row;
  }

  /** The organization's live entries, oldest date first. */
  entriesOf(organizationId: string): Promise<ShareEntryRow[]> {
    return this.db
      .select()
      .from(shareEntries)
      .where(and(eq(shareEntries.organizationId, organizationId), liveEntry))
      .orderBy(asc(shareEntries.date), asc(shareEntries.createdAt), asc(shareEntries.id));
  }

  /** The live organization a register is headed with; undefined when deleted or unknown. */
  async company(organizationId: string): Promise<RegisterCompany | undefined> {
    const [row] = await this.db
      .select({
        id: organizations.id,
        name: organizations.name,
        cro: organizations.cro,
        address: organizations.address,
        incorporationDate: organizations.incorporationDate,
      })
      .from(organizations)
      .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)))
      .limit(1);
    return row;
  }

  /** Everything the registers of one organization need (undefined when it is not live). */
  async registerSource(organizationId: string): Promise<RegisterSource | undefined> {
    const company = await this.company(organizationId);
    if (!company) return undefined;
    const [linkRows, classes, entries] = await Promise.all([
      this.db
        .select({
          linkId: links.id,
          peopleId: links.peopleId,
          firstName: people.firstName,
          lastName: people.lastName,
          roles: links.roles,
          beneficiaryPercentage: sql<number>`${links.beneficiaryPercentage}::float8`,
          appointedOn: links.appointedOn,
          ceasedOn: links.ceasedOn,
          beneficialInterest: links.beneficialInterest,
          dateOfBirth: people.birth,
          nationality: people.nationality,
          address: PERSON_ADDRESS,
        })
        .from(links)
        .innerJoin(people, eq(people.id, links.peopleId))
        .where(liveMembersOf(organizationId))
        .orderBy(asc(people.lastName), asc(people.firstName), asc(links.id)),
      this.classesOf(organizationId),
      this.entriesOf(organizationId),
    ]);
    const linked = new Set(linkRows.map((row) => row.peopleId));
    const unlinked = [
      ...new Set(
        entries
          .flatMap((entry) => [entry.toPeopleId, entry.fromPeopleId])
          .filter((id): id is string => id !== null && !linked.has(id)),
      ),
    ];
    const entryPeople = unlinked.length
      ? await this.db
          .select({ peopleId: people.id, firstName: people.firstName, lastName: people.lastName })
          .from(people)
          .where(sql`${people.id} IN ${unlinked}`)
      : [];
    return { company, links: linkRows, classes, entries, entryPeople };
  }

  /**
   * An import's allotments, in two statements and an insert: each company's class of the
   * named name (whatever its case), made (nominal 1 EUR) when it has none, then the entries,
   * stamped `at`, with no B5 deadline (an import records history).
   */
  async allotImported(
    allotments: ReadonlyArray<{
      organizationId: string;
      peopleId: string;
      shareClass: string;
      shares: number;
      date: string;
    }>,
    at: Date,
  ): Promise<void> {
    const key = (organizationId: string, name: string) =>
      `${organizationId}\u0000${name.toLowerCase()}`;
    const wanted = new Map(allotments.map((a) => [key(a.organizationId, a.shareClass), a]));
    const organizationIds = [...new Set(allotments.map((a) => a.organizationId))];
    const existing = await this.db
      .select({
        id: shareClasses.id,
        organizationId: shareClasses.organizationId,
        name: shareClasses.name,
      })
      .from(shareClasses)
      .where(and(inArray(shareClasses.organizationId, organizationIds), liveClass));
    const classIds = new Map(existing.map((c) => [key(c.organizationId, c.name), c.id]));
    const missing = [...wanted].filter(([k]) => !classIds.has(k));
    if (missing.length > 0) {
      const made = await this.db
        .insert(shareClasses)
        .values(
          missing.map(([, a]) => ({
            organizationId: a.organizationId,
            name: a.shareClass,
            nominalValue: '1.000000',
            currency: 'EUR',
            createdAt: at,
            updatedAt: at,
          })),
        )
        .returning({
          id: shareClasses.id,
          organizationId: shareClasses.organizationId,
          name: shareClasses.name,
        });
      for (const c of made) classIds.set(key(c.organizationId, c.name), c.id);
    }
    await this.db.insert(shareEntries).values(
      allotments.map((a) => ({
        organizationId: a.organizationId,
        kind: 'allotment' as const,
        date: a.date,
        shareClassId: classIds.get(key(a.organizationId, a.shareClass)) as string,
        shares: a.shares,
        toPeopleId: a.peopleId,
        createdAt: at,
        updatedAt: at,
      })),
    );
  }

  /** Deletes the live allotments of these pairs stamped with these times (an import's undo). */
  async undoImported(
    links: ReadonlyArray<{ organizationId: string; peopleId: string; createdAt: Date }>,
    at: Date,
  ): Promise<void> {
    await this.db.execute(sql`
      UPDATE ${shareEntries} AS e SET deleted_at = ${at}, updated_at = ${at}
        FROM unnest(${sql.param(links.map((l) => l.organizationId))}::uuid[],
                    ${sql.param(links.map((l) => l.peopleId))}::uuid[],
                    ${sql.param(links.map((l) => l.createdAt.toISOString()))}::timestamptz[])
             AS undone(organization_id, people_id, created_at)
       WHERE e.organization_id = undone.organization_id AND e.to_people_id = undone.people_id
         AND e.created_at = undone.created_at AND e.kind = 'allotment'
         AND e.deleted_at IS NULL`);
  }

  /**
   * What each pair's member holds, class by class (the roles export): allotments and
   * transfers in, transfers out, summed per class; only positive holdings, by class name. One
   * statement per batch of pairs, on the entries' organization index.
   */
  async holdingsOf(
    pairs: ReadonlyArray<{ organizationId: string; peopleId: string }>,
  ): Promise<MemberHolding[]> {
    const result = await this.db.execute(sql`
      SELECT pair.organization_id AS "organizationId", pair.people_id AS "peopleId",
             c.name AS "shareClass", held.shares::int AS "shares"
        FROM unnest(${sql.param(pairs.map((p) => p.organizationId))}::uuid[],
                    ${sql.param(pairs.map((p) => p.peopleId))}::uuid[])
             AS pair(organization_id, people_id)
        CROSS JOIN LATERAL (
          SELECT e.share_class_id,
                 sum(CASE WHEN e.to_people_id = pair.people_id THEN e.shares ELSE -e.shares END)
                   AS shares
            FROM ${shareEntries} e
           WHERE e.organization_id = pair.organization_id AND e.deleted_at IS NULL
             AND (e.to_people_id = pair.people_id OR e.from_people_id = pair.people_id)
           GROUP BY e.share_class_id) held
        JOIN ${shareClasses} c ON c.id = held.share_class_id
       WHERE held.shares > 0
       ORDER BY pair.organization_id, pair.people_id, lower(c.name), c.id`);
    return (result as unknown as { rows: MemberHolding[] }).rows;
  }

  /**
   * The allotments whose B5 is due on or before `until`, of the live organizations that list the
   * user (the morning digest), by date; one statement on the B5 index.
   */
  b5DueForUser(
    userId: string,
    until: string,
  ): Promise<Array<{ organizationName: string; b5Due: string; shares: number }>> {
    return this.db
      .select({
        organizationName: organizations.name,
        b5Due: sql<string>`to_char(${shareEntries.b5Due}, 'YYYY-MM-DD')`,
        shares: shareEntries.shares,
      })
      .from(shareEntries)
      .innerJoin(organizations, eq(organizations.id, shareEntries.organizationId))
      .where(
        and(
          liveEntry,
          sql`${shareEntries.b5Due} IS NOT NULL AND ${shareEntries.b5Due} <= ${until}::date`,
          isNull(organizations.deletedAt),
          sql`${organizations.users} @> ${JSON.stringify([{ userId }])}::jsonb`,
        ),
      )
      .orderBy(asc(shareEntries.b5Due), asc(organizations.name));
  }

  /**
   * Merging organizations: the merged-away one's classes and entries move to the kept one; a
   * class of a name the kept one already has becomes that class (its entries move to it, the
   * emptied one is deleted), so one live class per name holds.
   */
  async moveOrganization(fromId: string, toId: string, at: Date): Promise<void> {
    await this.db.execute(sql`
      UPDATE ${shareEntries} AS e SET share_class_id = kept.id, updated_at = ${at}
        FROM ${shareClasses} AS moved, ${shareClasses} AS kept
       WHERE e.share_class_id = moved.id AND moved.organization_id = ${fromId}
         AND kept.organization_id = ${toId} AND lower(kept.name) = lower(moved.name)
         AND moved.deleted_at IS NULL AND kept.deleted_at IS NULL`);
    await this.db.execute(sql`
      UPDATE ${shareClasses} AS moved SET deleted_at = ${at}, updated_at = ${at}
       WHERE moved.organization_id = ${fromId} AND moved.deleted_at IS NULL
         AND EXISTS (SELECT 1 FROM ${shareClasses} AS kept
                      WHERE kept.organization_id = ${toId} AND lower(kept.name) = lower(moved.name)
                        AND kept.deleted_at IS NULL)`);
    await this.db.execute(sql`
      UPDATE ${shareClasses} SET organization_id = ${toId}, updated_at = ${at}
       WHERE organization_id = ${fromId} AND deleted_at IS NULL`);
    await this.db.execute(sql`
      UPDATE ${shareEntries} SET organization_id = ${toId}, updated_at = ${at}
       WHERE organization_id = ${fromId} AND deleted_at IS NULL`);
  }

  /** Merging people: the entries naming the merged-away person name the kept one. */
  async movePerson(fromId: string, toId: string, at: Date): Promise<void> {
    await this.db.execute(sql`
      UPDATE ${shareEntries} SET to_people_id = ${toId}, updated_at = ${at}
       WHERE to_people_id = ${fromId} AND deleted_at IS NULL`);
    await this.db.execute(sql`
      UPDATE ${shareEntries} SET from_people_id = ${toId}, updated_at = ${at}
       WHERE from_people_id = ${fromId} AND deleted_at IS NULL`);
  }
}
