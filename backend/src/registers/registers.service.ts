import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import {
  addYears,
  annualReturnMissing,
  croDeadline,
  defaultBeneficialInterest,
  ErrorCode,
  heldOn,
  holdingPercentage,
  holdingsFromEntries,
  isBeneficialOwnerShare,
  isOfficerRole,
  issuedShares,
  OFFICER_ROLES,
  percentageMismatch,
  shareEntryError,
  todayInDublin,
} from '@registra/domain';
import type {
  AnnualReturnAnswer,
  BeneficialOwnerRegisterEntry,
  MemberRegisterEntry,
  OfficerRegisterEntry,
  RegisterAnswer,
  RegisterEntry,
  RegisterKind,
  ShareClassView,
  ShareEntry,
  ShareEntryView,
} from '@registra/domain';
import { MailDigestService } from '../mail/mail-digest.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { PeopleService } from '../people/people.service';
import { isUniqueViolation } from '../platform/database/pg-errors';
import { AppException, notFound, validationError } from '../platform/errors/app-exception';
import { RecordMerge } from '../platform/ports/record-merge';
import { ShareCapitalImports } from '../platform/ports/share-capital-imports';
import type { CreateShareClassDto, CreateShareEntryDto } from './dto/share-capital.dto';
import { RegistersRepository } from './registers.repository';
import type { RegisterLinkRow, RegisterSource } from './registers.repository';
import type { ShareEntryRow } from './registers.schema';
import { toShareClassView, toShareEntryView } from './share-capital.view';

const ROLE_ORDER = new Map<string, number>(OFFICER_ROLES.map((role, index) => [role, index]));

/** Each register's entries as of a day, by its kind. */
const REGISTER_ENTRIES = {
  'directors-secretaries': officersOf,
  members: membersOf,
  'beneficial-owners': beneficialOwnersOf,
} satisfies Record<RegisterKind, (source: RegisterSource, asOf: string) => RegisterEntry[]>;

/** A date shown on a register as of `asOf`: a later one had not happened yet. */
const byThen = (date: string | null, asOf: string): string | null =>
  date !== null && date <= asOf ? date : null;

/**
 * What the officers' and the beneficial owners' registers both say of a link's person as of
 * `asOf`: who, until when (a later end had not happened yet), whether still, and their particulars.
 */
const personOnRegister = (link: RegisterLinkRow, asOf: string) => ({
  linkId: link.linkId,
  peopleId: link.peopleId,
  firstName: link.firstName,
  lastName: link.lastName,
  ceasedOn: byThen(link.ceasedOn, asOf),
  current: heldOn(link, asOf),
  dateOfBirth: link.dateOfBirth,
  nationality: link.nationality,
  address: link.address,
});

/** Current entries first, then the former ones, each group in the order given. */
const currentFirst = <T extends { current: boolean }>(entries: T[]): T[] => [
  ...entries.filter((entry) => entry.current),
  ...entries.filter((entry) => !entry.current),
];

const asShareEntry = (row: ShareEntryRow): ShareEntry => ({
  kind: row.kind,
  date: row.date,
  shareClassId: row.shareClassId,
  shares: row.shares,
  toPeopleId: row.toPeopleId,
  fromPeopleId: row.fromPeopleId,
});

/**
 * Share capital (classes, dated allotments and transfers) and the statutory registers built
 * from the links' dates and the entries (docs/product/links-and-registers.md, ADR 0138).
 */
@Injectable()
export class RegistersService implements OnModuleInit {
  constructor(
    private readonly repository: RegistersRepository,
    private readonly organizations: OrganizationsService,
    private readonly people: PeopleService,
    private readonly recordMerge: RecordMerge,
    private readonly digest: MailDigestService,
    private readonly shareCapitalImports: ShareCapitalImports,
  ) {}

  /** Merging duplicates moves the share capital onto the kept record. */
  onModuleInit(): void {
    this.recordMerge.register({
      name: 'share capital',
      movePerson: (fromId, toId) => this.repository.movePerson(fromId, toId, new Date()),
      moveOrganization: (fromId, toId) =>
        this.repository.moveOrganization(fromId, toId, new Date()),
    });
    // A roles import's "Shares" and "Class" columns, written with the links it creates.
    this.shareCapitalImports.register({
      allot: (allotments, at) => this.repository.allotImported(allotments, at),
      undo: (links, at) => this.repository.undoImported(links, at),
      holdings: (pairs) => this.repository.holdingsOf(pairs),
    });
    // The morning digest lists the B5s due of the user's companies, as the calendar does.
    this.digest.addSource({
      name: 'B5 deadlines',
      entriesFor: async (userId, { date, until }) =>
        (await this.repository.b5DueForUser(userId, until)).map((row) => ({
          name: row.organizationName,
          items: [
            {
              label: `B5 (allotment of ${row.shares} shares)`,
              date: row.b5Due,
              late: row.b5Due < date,
            },
          ],
        })),
    });
  }

  async createClass(organizationId: string, dto: CreateShareClassDto): Promise<ShareClassView> {
    await this.organizations.assertLive(organizationId);
    try {
      const row = await this.repository.insertClass({
        organizationId,
        name: dto.name,
        nominalValue: dto.nominalValue.toFixed(6),
        currency: dto.currency,
      });
      return toShareClassView(row);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppException(
          HttpStatus.CONFLICT,
          ErrorCode.SHARE_CLASS_ALREADY_EXISTS,
          `This company already has a share class named ${dto.name}`,
        );
      }
      throw error;
    }
  }

  async classes(organizationId: string): Promise<ShareClassView[]> {
    await this.organizations.assertLive(organizationId);
    return (await this.repository.classesOf(organizationId)).map(toShareClassView);
  }

  /** A class of which shares were ever allotted is part of the register: 409 while held. */
  async deleteClass(organizationId: string, classId: string): Promise<void> {
    await this.organizations.assertLive(organizationId);
    await this.repository.lockShareCapital(organizationId);
    const found = await this.repository.findClass(organizationId, classId);
    if (!found) throw notFound('Share class');
    if (await this.repository.classIsHeld(classId)) {
      throw new AppException(
        HttpStatus.CONFLICT,
        ErrorCode.SHARE_CLASS_HELD,
        `Shares of ${found.name} are held: the class cannot be deleted`,
      );
    }
    await this.repository.softDeleteClass(classId, new Date());
  }

  /**
   * An allotment or a transfer. The class must be the organization's, the people live, and a
   * transfer within what the transferor holds on its date and after (checked under the
   * organization's share-capital lock). An allotment keeps its B5 deadline, 30 days on, unless
   * already filed.
   */
  async createEntry(organizationId: string, dto: CreateShareEntryDto): Promise<ShareEntryView> {
    await this.organizations.assertLive(organizationId);
    await this.repository.lockShareCapital(organizationId);
    if (!(await this.repository.findClass(organizationId, dto.shareClassId))) {
      throw validationError([
        { field: 'shareClassId', message: 'shareClassId is not a share class of this company' },
      ]);
    }
    const fromPeopleId = dto.fromPeopleId ?? null;
    for (const [field, id] of [
      ['toPeopleId', dto.toPeopleId],
      ['fromPeopleId', fromPeopleId],
    ] as const) {
      if (id && !(await this.isLivePerson(id))) {
        throw validationError([{ field, message: `${field} is not a person of the book` }]);
      }
    }
    const entry: ShareEntry = {
      kind: dto.kind,
      date: dto.date,
      shareClassId: dto.shareClassId,
      shares: dto.shares,
      toPeopleId: dto.toPeopleId,
      fromPeopleId,
    };
    const existing = (await this.repository.entriesOf(organizationId)).map(asShareEntry);
    const error = shareEntryError(existing, entry);
    if (error) {
      const field = dto.kind === 'transfer' && fromPeopleId ? 'shares' : 'fromPeopleId';
      throw validationError([{ field, message: error }], error);
    }
    const row = await this.repository.insertEntry({
      organizationId,
      ...entry,
      b5Due: dto.kind === 'allotment' && !dto.alreadyFiled ? croDeadline('b5', dto.date) : null,
    });
    return toShareEntryView(row);
  }

  async entries(organizationId: string): Promise<ShareEntryView[]> {
    await this.organizations.assertLive(organizationId);
    return (await this.repository.entriesOf(organizationId)).map(toShareEntryView);
  }

  /** One register of the organization as of a day (today in Dublin by default). */
  async register(
    organizationId: string,
    kind: RegisterKind,
    asOf: string = todayInDublin(),
  ): Promise<RegisterAnswer> {
    const source = await this.source(organizationId);
    return {
      kind,
      asOf,
      organizationId,
      organizationName: source.company.name,
      cro: source.company.cro,
      entries: REGISTER_ENTRIES[kind](source, asOf),
    };
  }

  /**
   * The B1's particulars at an ARD: the registered office, the officers and members then, the
   * share capital, the changes since the previous ARD (a year before), and what is missing.
   */
  async annualReturn(organizationId: string, ard: string): Promise<AnnualReturnAnswer> {
    const source = await this.source(organizationId);
    const officers = officersOf(source, ard).filter((officer) => officer.current);
    const members = membersOf(source, ard).filter((member) => member.current);
    const entries = source.entries.map(asShareEntry);
    const issued = issuedShares(entries, ard);
    const holdings = holdingsFromEntries(entries, ard);
    const shareCapital = source.classes
      .filter((shareClass) => issued.has(shareClass.id))
      .map((shareClass) => ({
        shareClassId: shareClass.id,
        name: shareClass.name,
        nominalValue: Number(shareClass.nominalValue),
        currency: shareClass.currency,
        issued: issued.get(shareClass.id) ?? 0,
        held: holdings
          .filter((holding) => holding.shareClassId === shareClass.id && holding.shares > 0)
          .reduce((sum, holding) => sum + holding.shares, 0),
      }));
    const rolesByPerson = new Map<string, string[]>();
    for (const officer of officers) {
      rolesByPerson.set(officer.peopleId, [
        ...(rolesByPerson.get(officer.peopleId) ?? []),
        officer.role,
      ]);
    }
    const officerPeople = [...rolesByPerson].map(([peopleId, roles]) => {
      const officer = officers.find((candidate) => candidate.peopleId === peopleId)!;
      return {
        name: `${officer.firstName} ${officer.lastName}`.trim(),
        roles,
        dateOfBirth: officer.dateOfBirth,
        address: officer.address,
      };
    });
    const missing = annualReturnMissing({
      officers: officerPeople,
      registeredOffice: source.company.address,
      classes: shareCapital,
    });
    for (const member of members.filter((entry) => entry.shareClassId === null)) {
      missing.push(
        `${member.firstName} ${member.lastName}: a member without shares recorded`.trim(),
      );
    }
    return {
      ard,
      filingDeadline: croDeadline('b1', ard),
      organizationName: source.company.name,
      cro: source.company.cro,
      registeredOffice: source.company.address,
      officers,
      members,
      shareCapital,
      changes: changesBetween(source, addYears(ard, -1), ard),
      missing,
    };
  }

  private async isLivePerson(id: string): Promise<boolean> {
    try {
      await this.people.assertLive(id);
      return true;
    } catch (error) {
      if (error instanceof AppException && error.getStatus() === HttpStatus.NOT_FOUND) return false;
      throw error;
    }
  }

  private async source(organizationId: string): Promise<RegisterSource> {
    const source = await this.repository.registerSource(organizationId);
    if (!source) throw notFound('Organization');
    return source;
  }
}

/**
 * The register of directors and secretaries as of `asOf`: every office appointed by then (or
 * of an unknown date), one entry per office, a cessation shown once it happened.
 */
function officersOf(source: RegisterSource, asOf: string): OfficerRegisterEntry[] {
  const entries: OfficerRegisterEntry[] = [];
  for (const link of source.links) {
    if (link.appointedOn !== null && link.appointedOn > asOf) continue;
    const roles = link.roles
      .filter(isOfficerRole)
      .sort((a, b) => (ROLE_ORDER.get(a) ?? 0) - (ROLE_ORDER.get(b) ?? 0));
    for (const role of roles) {
      entries.push({ ...personOnRegister(link, asOf), role, appointedOn: link.appointedOn });
    }
  }
  return currentFirst(entries);
}

/** Each person's name, from their link or, for a former member without one, the entries. */
function namesOf(source: RegisterSource): Map<string, { firstName: string; lastName: string }> {
  const names = new Map<string, { firstName: string; lastName: string }>();
  for (const person of source.entryPeople) names.set(person.peopleId, person);
  for (const link of source.links) names.set(link.peopleId, link);
  return names;
}

/** Each person's share of the company at `asOf` from the entries; null when nothing is issued. */
function percentagesAt(source: RegisterSource, asOf: string): Map<string, number> | null {
  const entries = source.entries.map(asShareEntry);
  const issued = [...issuedShares(entries, asOf).values()].reduce((sum, n) => sum + n, 0);
  if (issued === 0) return null;
  const held = new Map<string, number>();
  for (const holding of holdingsFromEntries(entries, asOf)) {
    held.set(holding.peopleId, (held.get(holding.peopleId) ?? 0) + Math.max(0, holding.shares));
  }
  return new Map(
    [...held].map(([peopleId, shares]) => [peopleId, holdingPercentage(shares, issued)]),
  );
}

/**
 * The register of members as of `asOf`: each member's holding by class from the entries (former
 * members with 0 shares and the day they ceased), and the shareholders linked by then without
 * any recorded share (their link's dates). Each entry says whether the link's stated percentage
 * disagrees with the shares.
 */
function membersOf(source: RegisterSource, asOf: string): MemberRegisterEntry[] {
  const entries = source.entries.map(asShareEntry);
  const names = namesOf(source);
  const classNames = new Map(source.classes.map((shareClass) => [shareClass.id, shareClass.name]));
  const linkOf = new Map(source.links.map((link) => [link.peopleId, link]));
  const issued = [...issuedShares(entries, asOf).values()].reduce((sum, n) => sum + n, 0);
  const percentages = percentagesAt(source, asOf);
  const stated = (peopleId: string) => {
    const link = linkOf.get(peopleId);
    return link?.roles.includes('shareholder') ? link.beneficiaryPercentage : null;
  };
  const mismatch = (peopleId: string): number | null => {
    const statedPercentage = stated(peopleId);
    if (statedPercentage === null || !percentages) return null;
    const held = ((percentages.get(peopleId) ?? 0) * issued) / 100;
    return percentageMismatch(statedPercentage, held, issued);
  };
  const result: MemberRegisterEntry[] = holdingsFromEntries(entries, asOf).map((holding) => ({
    peopleId: holding.peopleId,
    firstName: names.get(holding.peopleId)?.firstName ?? '',
    lastName: names.get(holding.peopleId)?.lastName ?? '',
    shareClassId: holding.shareClassId,
    shareClassName: classNames.get(holding.shareClassId) ?? null,
    shares: Math.max(0, holding.shares),
    enteredOn: holding.enteredOn,
    ceasedOn: holding.shares > 0 ? null : holding.ceasedOn,
    current: holding.shares > 0,
    address: linkOf.get(holding.peopleId)?.address ?? null,
    percentage: percentages?.get(holding.peopleId) ?? 0,
    statedPercentage: stated(holding.peopleId),
    sharesPercentageDiffers: mismatch(holding.peopleId) !== null,
  }));
  const holders = new Set(result.map((entry) => entry.peopleId));
  for (const link of source.links) {
    if (!link.roles.includes('shareholder') || holders.has(link.peopleId)) continue;
    if (link.appointedOn !== null && link.appointedOn > asOf) continue;
    result.push({
      peopleId: link.peopleId,
      firstName: link.firstName,
      lastName: link.lastName,
      shareClassId: null,
      shareClassName: null,
      shares: 0,
      enteredOn: link.appointedOn,
      ceasedOn: byThen(link.ceasedOn, asOf),
      current: heldOn(link, asOf),
      address: link.address,
      percentage: percentages ? 0 : link.beneficiaryPercentage,
      statedPercentage: link.beneficiaryPercentage,
      sharesPercentageDiffers: percentages !== null && link.beneficiaryPercentage > 0,
    });
  }
  // Entries of one day (an import's allotments share even their creation time) come in the
  // register's order: by the day entered, then by name, then by class.
  const byName = (a: string | null, b: string | null) =>
    (a ?? '').localeCompare(b ?? '', 'en-IE', { sensitivity: 'base' });
  result.sort(
    (a, b) =>
      (a.enteredOn ?? '9999-12-31').localeCompare(b.enteredOn ?? '9999-12-31') ||
      byName(a.lastName, b.lastName) ||
      byName(a.firstName, b.firstName) ||
      byName(a.shareClassName, b.shareClassName),
  );
  return currentFirst(result);
}

/**
 * The register of beneficial owners as of `asOf`: the links with a stated interest, and the
 * members holding more than 25 % (from the entries, or the link's stated percentage while no
 * share is recorded); became and ceased are the link's dates.
 */
function beneficialOwnersOf(source: RegisterSource, asOf: string): BeneficialOwnerRegisterEntry[] {
  const percentages = percentagesAt(source, asOf);
  const entries: BeneficialOwnerRegisterEntry[] = [];
  for (const link of source.links) {
    if (link.appointedOn !== null && link.appointedOn > asOf) continue;
    const percentage = percentages
      ? (percentages.get(link.peopleId) ?? 0)
      : link.roles.includes('shareholder')
        ? link.beneficiaryPercentage
        : 0;
    if (link.beneficialInterest === null && !isBeneficialOwnerShare(percentage)) continue;
    entries.push({
      ...personOnRegister(link, asOf),
      interest: link.beneficialInterest ?? defaultBeneficialInterest(percentage),
      percentage,
      becameOn: link.appointedOn,
    });
  }
  return currentFirst(entries);
}

/** What changed after `from` up to `to` included: offices and memberships, and share entries. */
function changesBetween(
  source: RegisterSource,
  from: string,
  to: string,
): AnnualReturnAnswer['changes'] {
  const within = (date: string | null): date is string =>
    date !== null && date > from && date <= to;
  const names = namesOf(source);
  const nameOf = (peopleId: string) => {
    const name = names.get(peopleId);
    return name ? `${name.firstName} ${name.lastName}`.trim() : 'an unknown person';
  };
  const classNames = new Map(source.classes.map((shareClass) => [shareClass.id, shareClass.name]));
  const changes: AnnualReturnAnswer['changes'] = [];
  for (const link of source.links) {
    const roles = link.roles.join(', ') || 'no role';
    if (within(link.appointedOn)) {
      changes.push({
        date: link.appointedOn,
        description: `${nameOf(link.peopleId)} appointed (${roles})`,
      });
    }
    if (within(link.ceasedOn)) {
      changes.push({
        date: link.ceasedOn,
        description: `${nameOf(link.peopleId)} ceased (${roles})`,
      });
    }
  }
  for (const entry of source.entries) {
    if (!within(entry.date)) continue;
    const shares = `${entry.shares} ${classNames.get(entry.shareClassId) ?? ''} shares`.replace(
      '  ',
      ' ',
    );
    changes.push({
      date: entry.date,
      description:
        entry.kind === 'allotment'
          ? `Allotment of ${shares} to ${nameOf(entry.toPeopleId)}`
          : `Transfer of ${shares} from ${nameOf(entry.fromPeopleId as string)} to ${nameOf(entry.toPeopleId)}`,
    });
  }
  return changes.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
