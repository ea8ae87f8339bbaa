import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import {
  croDeadline,
  DEFAULT_SHARE_CLASS_NAME,
  effectiveBeneficiaryPercentage,
  ErrorCode,
  newLinkDefaults,
  officerChangeFollowUp,
  roleDatesError,
  todayInDublin,
} from '@registra/domain';
import type { LinkRow } from './links.schema';
import { FollowUpStarter } from '../platform/ports/follow-up-starter';
import {
  missingOrConflict,
  parseExpectedVersion,
  versionConflict,
} from '../platform/database/versioned-update';
import { ShareCapitalImports } from '../platform/ports/share-capital-imports';
import { OrganizationsService } from '../organizations/organizations.service';
import { PeopleService } from '../people/people.service';
import { isUniqueViolation } from '../platform/database/pg-errors';
import { RecordMerge } from '../platform/ports/record-merge';
import type { ImportTarget } from '../platform/ports/import-target';
import { AppException, notFound, validationError } from '../platform/errors/app-exception';
import { CreateLinkDto, UpdateLinkDto } from './dto/link.dto';
import { SearchLinksDto } from './dto/search-links.dto';
import { toLinkView } from './link.view';
import type { LinkView, LinkWithOrganization, LinkWithPerson } from './link.view';
import type { LinkValues, RoleExportLine } from './links.repository';
import { LinksRepository } from './links.repository';

function linkValues(roles: string[], percentage: number | null | undefined): LinkValues {
  return {
    roles,
    beneficiaryPercentage: effectiveBeneficiaryPercentage(roles, percentage).toFixed(2),
  };
}

/** A cessation is never before the appointment: 400 naming ceasedOn. */
function assertRoleDates(dates: { appointedOn: string | null; ceasedOn: string | null }): void {
  const message = roleDatesError(dates);
  if (message) throw validationError([{ field: 'ceasedOn', message }], message);
}

@Injectable()
export class LinksService implements OnModuleInit {
  constructor(
    private readonly repository: LinksRepository,
    private readonly people: PeopleService,
    private readonly organizations: OrganizationsService,
    private readonly recordMerge: RecordMerge,
    private readonly followUps: FollowUpStarter,
    private readonly shareCapital: ShareCapitalImports,
  ) {}

  /** Merging duplicates moves their links onto the kept record. */
  onModuleInit(): void {
    this.recordMerge.register({
      name: 'links',
      movePerson: (fromId, toId) => this.repository.moveSide('people', fromId, toId, new Date()),
      moveOrganization: (fromId, toId) =>
        this.repository.moveSide('organization', fromId, toId, new Date()),
    });
  }

  /**
   * The import writes links through this port: roles and percentage as on every other write
   * (the percentage kept only with the shareholder role).
   */
  readonly importTarget: ImportTarget = {
    create: async (records) => {
      const now = new Date();
      const defaults = newLinkDefaults();
      // A created link's "Shares" (and "Class") are an allotment on its appointment day (today
      // when none), stamped with the link's creation time so that the undo finds it.
      await this.shareCapital.allot(
        records
          .filter(({ values }) => typeof values.shares === 'number')
          .map(({ values }) => ({
            organizationId: values.organizationId as string,
            peopleId: values.peopleId as string,
            shareClass: (values.shareClass as string | undefined) || DEFAULT_SHARE_CLASS_NAME,
            shares: values.shares as number,
            date: (values.appointedOn as string | undefined) ?? todayInDublin(),
          })),
        now,
      );
      const rows = await this.repository.insertMany(
        records.map(({ id, values }) => ({
          id,
          peopleId: values.peopleId as string,
          organizationId: values.organizationId as string,
          ...linkValues(
            (values.roles as string[] | undefined) ?? defaults.roles,
            (values.beneficiaryPercentage as number | undefined) ?? defaults.beneficiaryPercentage,
          ),
          // An import records history: its dates start no CRO clock.
          appointedOn: (values.appointedOn as string | undefined) ?? null,
          ceasedOn: (values.ceasedOn as string | undefined) ?? null,
        })),
        now,
      );
      return new Map(rows.map((row) => [row.id, row.updatedAt]));
    },
    update: async (id, values) => {
      const current = await this.repository.findById(id);
      if (!current) return undefined;
      const roles = (values.roles as string[] | undefined) ?? current.roles;
      const percentage =
        (values.beneficiaryPercentage as number | undefined) ??
        Number(current.beneficiaryPercentage);
      const dates = {
        appointedOn: (values.appointedOn as string | undefined) ?? current.appointedOn,
        ceasedOn: (values.ceasedOn as string | undefined) ?? current.ceasedOn,
      };
      // A date of the file against one already stored: refused as on every other write.
      if (roleDatesError(dates)) return undefined;
      const row = await this.repository.update(
        id,
        { ...linkValues(roles, percentage), ...dates },
        new Date(),
      );
      if (!row) return undefined;
      return {
        previous: {
          roles: current.roles,
          beneficiaryPercentage: Number(current.beneficiaryPercentage),
          appointedOn: current.appointedOn,
          ceasedOn: current.ceasedOn,
        },
        writtenAt: row.updatedAt,
      };
    },
    undoCreates: async (written) => {
      const at = new Date();
      const deleted = await this.repository.softDeleteUnchanged(written, at);
      // The allotments written with the links deleted go with them.
      const links = await this.repository.findAnyByIds([...deleted]);
      await this.shareCapital.undo(links, at);
      return deleted;
    },
    undoUpdate: async (id, previous, writtenAt) => {
      const current = await this.repository.findById(id);
      if (!current || current.updatedAt.getTime() !== writtenAt.getTime()) return false;
      const row = await this.repository.update(
        id,
        {
          ...linkValues(previous.roles as string[], previous.beneficiaryPercentage as number),
          // Written before dates were imported, an update's previous values have none.
          ...('appointedOn' in previous
            ? {
                appointedOn: previous.appointedOn as string | null,
                ceasedOn: previous.ceasedOn as string | null,
              }
            : {}),
        },
        new Date(),
      );
      return Boolean(row);
    },
    label: async (id) => {
      const link = await this.repository.findById(id);
      if (!link) return '';
      const [person, organization] = await Promise.all([
        this.people.get(link.peopleId).then(
          (person) => `${person.firstName} ${person.lastName}`.trim(),
          () => undefined,
        ),
        this.organizations.findLiveName(link.organizationId),
      ]);
      return `${person ?? ''} – ${organization ?? ''}`;
    },
  };

  /**
   * Every live link with its organization and person, batch by batch (the roles CSV export), with
   * what the member holds: a line per class held (a member of one class, the usual case, keeps one
   * line), the link's fields repeated; a link holding nothing has empty "Shares" and "Class".
   */
  exportInBatches(onBatch: (rows: RoleExportLine[]) => Promise<void>): Promise<number> {
    return this.repository.exportInBatches(async (rows) => {
      const holdings = await this.shareCapital.holdings(rows);
      const byPair = new Map<string, typeof holdings>();
      for (const h of holdings) {
        const key = `${h.organizationId} ${h.peopleId}`;
        byPair.set(key, [...(byPair.get(key) ?? []), h]);
      }
      await onBatch(
        rows.flatMap((row): RoleExportLine[] => {
          const held = byPair.get(`${row.organizationId} ${row.peopleId}`);
          if (!held) return [{ ...row, shares: null, shareClass: null }];
          return held.map((h) => ({ ...row, shares: h.shares, shareClass: h.shareClass }));
        }),
      );
    });
  }

  /** The live links between these people and organizations (an import's duplicates). */
  findForImport(peopleIds: string[], organizationIds: string[]) {
    return this.repository.findPairs(peopleIds, organizationIds);
  }

  /** Links a live person to a live organization; new links start with no role and 0 %. */
  async create(dto: CreateLinkDto): Promise<LinkView> {
    await Promise.all([
      this.people.assertLive(dto.peopleId),
      this.organizations.assertLive(dto.organizationId),
    ]);
    const defaults = newLinkDefaults();
    const dates = { appointedOn: dto.appointedOn ?? null, ceasedOn: dto.ceasedOn ?? null };
    assertRoleDates(dates);
    try {
      const row = await this.repository.insert(
        dto.peopleId,
        dto.organizationId,
        {
          ...linkValues(
            dto.roles ?? defaults.roles,
            dto.beneficiaryPercentage ?? defaults.beneficiaryPercentage,
          ),
          ...dates,
          beneficialInterest: dto.beneficialInterest ?? null,
        },
        new Date(),
      );
      if (!dto.alreadyFiled) await this.startClocks(undefined, row);
      return toLinkView(row);
    } catch (error) {
      // The unique (people_id, organization_id) index decides, even for two requests at once.
      if (isUniqueViolation(error)) {
        throw new AppException(
          HttpStatus.CONFLICT,
          ErrorCode.LINK_ALREADY_EXISTS,
          'This person is already linked to this organization',
        );
      }
      throw error;
    }
  }

  /**
   * A person's organizations or an organization's people, oldest link first. Links whose other
   * side is deleted are left out, and a deleted person or organization has none.
   */
  async search(dto: SearchLinksDto): Promise<LinkWithOrganization[] | LinkWithPerson[]> {
    const { peopleId, organizationId } = dto;
    if (Boolean(peopleId) === Boolean(organizationId)) {
      const message = 'Give exactly one of peopleId or organizationId';
      throw validationError(
        [{ field: peopleId ? 'organizationId' : 'peopleId', message }],
        message,
      );
    }
    const roles = dto.roles?.length ? dto.roles : undefined;
    if (peopleId) return this.organizationsOf(peopleId, roles);
    return this.membersOf(organizationId as string, roles);
  }

  /** Replaces roles and percentage; a field left out keeps its value. */
  async update(id: string, dto: UpdateLinkDto): Promise<LinkView> {
    const current = await this.repository.findById(id);
    if (!current) throw notFound('Link');
    // A stale version (another member of staff changed the link since it was loaded): 409.
    const expected = parseExpectedVersion(dto.updatedAt);
    if (expected && expected.getTime() !== current.updatedAt.getTime()) throw versionConflict();
    // A link to a deleted person or organization is listed nowhere, so it cannot be edited either.
    await Promise.all([
      this.people.assertLive(current.peopleId),
      this.organizations.assertLive(current.organizationId),
    ]);
    const roles = dto.roles === undefined ? current.roles : (dto.roles ?? []);
    const percentage =
      dto.beneficiaryPercentage !== undefined
        ? dto.beneficiaryPercentage
        : Number(current.beneficiaryPercentage);
    const dates = {
      appointedOn: dto.appointedOn === undefined ? current.appointedOn : dto.appointedOn,
      ceasedOn: dto.ceasedOn === undefined ? current.ceasedOn : dto.ceasedOn,
    };
    assertRoleDates(dates);
    const beneficialInterest =
      dto.beneficialInterest === undefined ? current.beneficialInterest : dto.beneficialInterest;
    const row = await this.repository.update(
      id,
      { ...linkValues(roles, percentage), ...dates, beneficialInterest },
      new Date(Math.max(Date.now(), current.updatedAt.getTime() + 1)),
      expected ? current.updatedAt : undefined,
    );
    if (!row) throw missingOrConflict(Boolean(await this.repository.findById(id)), 'Link');
    if (!dto.alreadyFiled) await this.startClocks(current, row);
    return toLinkView(row);
  }

  /**
   * The CRO's B10 clock of an officer's change: a date of appointment or cessation newly
   * recorded (none before, or another) starts the catalogue's follow-up, dated by the change,
   * due 14 days later; an active one of the type already covers it.
   */
  private async startClocks(before: LinkRow | undefined, after: LinkRow): Promise<void> {
    const changes: Array<['appointed' | 'ceased', string]> = [];
    if (after.appointedOn && after.appointedOn !== before?.appointedOn) {
      changes.push(['appointed', after.appointedOn]);
    }
    if (after.ceasedOn && after.ceasedOn !== before?.ceasedOn) {
      changes.push(['ceased', after.ceasedOn]);
    }
    for (const [change, date] of changes) {
      const type = officerChangeFollowUp(after.roles, change);
      if (!type) continue;
      await this.followUps.startClock(after.organizationId, type, {
        startDate: date,
        deadline: croDeadline('b10', date),
      });
    }
  }

  /** Unlinking soft-deletes the link: it leaves every list, the history keeps it. */
  async delete(id: string): Promise<void> {
    if (!(await this.repository.softDelete(id, new Date()))) throw notFound('Link');
  }

  private async organizationsOf(
    peopleId: string,
    roles?: string[],
  ): Promise<LinkWithOrganization[]> {
    const rows = await this.repository.linksOf('people', peopleId, roles);
    return rows.map(({ link, name }) => ({
      ...toLinkView(link),
      organizationId: { _id: link.organizationId, name },
    }));
  }

  private async membersOf(organizationId: string, roles?: string[]): Promise<LinkWithPerson[]> {
    const rows = await this.repository.linksOf('organization', organizationId, roles);
    return rows.map(({ link, firstName, lastName }) => ({
      ...toLinkView(link),
      peopleId: { _id: link.peopleId, firstName, lastName },
    }));
  }
}
