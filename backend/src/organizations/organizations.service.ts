import { Injectable } from '@nestjs/common';
import { attachmentOwnerOf } from '../platform/database/attached-files';
import type { AttachmentOwner } from '../platform/database/attached-files';
import { importTargetOver } from '../platform/ports/import-target';
import type { ImportTarget } from '../platform/ports/import-target';
import {
  addMonths,
  ardAfterFiledReturn,
  croDeadline,
  applyAmlPatch,
  checkAmlPatch,
  CREATION_STATUSES,
  SYSTEM_ACTOR_NAME,
  FINOTOR_FILTER_STATUSES,
  todayInDublin,
} from '@registra/domain';
import type { AmlReviewer, CreationStatus, FinotorFilter, RiskLevel } from '@registra/domain';
import { ORGANIZATION_MERGE_FIELDS, joinNotes, unionBy } from '@registra/domain';
import {
  deletedRecord,
  mergedAway,
  notFound,
  validationError,
} from '../platform/errors/app-exception';
import type { AppException } from '../platform/errors/app-exception';
import { FollowUpStarter } from '../platform/ports/follow-up-starter';
import { RecordMerge } from '../platform/ports/record-merge';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { page, pageJsonText } from '../platform/http/envelope';
import type { Page } from '../platform/http/envelope';
import { namedFields } from '../platform/http/named-fields';
import { DEFAULT_PAGE_LIMIT, pickerSort } from '../platform/http/list-query.dto';
import { parseExpectedVersion, updateWithVersion } from '../platform/database/versioned-update';
import {
  CreateOrganizationDto,
  MergeOrganizationsDto,
  UpdateOrganizationDto,
} from './dto/organization.dto';
import { SearchOrganizationsDto } from './dto/search-organizations.dto';
import { deriveOrganizationValues, ORGANIZATION_SERVICES } from './organization-derivations';
import { toOrganizationView } from './organization.view';
import type { OrganizationView } from './organization.view';
import { attachedFilesChange } from '../platform/http/attached-files-input';
import { StoredFiles } from '../platform/ports/stored-files';
import { changedEmailProblems } from '../platform/http/validators';
import { OrganizationsRepository } from './organizations.repository';
import type { DuplicateGroup } from './organizations.repository';
import type { NewOrganizationRow, OrganizationRow } from './organizations.schema';
import type { SearchHit } from '@registra/domain';
import { FIRST_HITS } from '../platform/http/search-hits';

const DUPLICATE_GROUPS_MAX = 500;

/** The fields a client may write; everything else on a row is derived or read-only. */
type Writable = Omit<
  NewOrganizationRow,
  | 'id'
  | 'firstAr'
  | 'corporationTaxPaidReminder'
  | 'domiciliationPaidReminder'
  | 'secretaryCompanyPaidReminder'
  | 'anonymousShareholderPaidReminder'
  | 'searchText'
  | 'duplicateKey'
  | 'createdAt'
  | 'updatedAt'
  | 'deletedAt'
>;

/** An organization as answered to an update: its view, `attachedFiles` as URLs whatever was sent. */
export type OrganizationAnswer = OrganizationView;

/** The list's filters as the repository reads them; dates relative to today in Dublin. */
function filtersOf(dto: SearchOrganizationsDto) {
  const today = todayInDublin();
  return {
    search: dto.search?.trim() || undefined,
    nextArReminderOnOrBefore:
      dto.nextArReminderMonths !== undefined
        ? addMonths(today, dto.nextArReminderMonths)
        : undefined,
    status: dto.status,
    bilan: dto.bilan,
    creationStatus: dto.creationStatus,
    knownCreationStatuses: CREATION_STATUSES,
    finotorIn: dto.finotor ? FINOTOR_FILTER_STATUSES[dto.finotor as FinotorFilter] : undefined,
    arColumn: dto.arColumn,
    arDate: dto.arDate,
    paidReminderBefore: dto.latePaidReminders ? today : undefined,
    userId: dto.user,
    followUpType: dto.followUp,
    deadlineOrder: dto.deadline,
    amlRiskLevel: dto.amlRiskLevel,
    amlNextReviewOnOrBefore:
      dto.amlReviewDue !== undefined ? addMonths(today, dto.amlReviewDue) : undefined,
  };
}

const sortOf = (dto: SearchOrganizationsDto) => pickerSort(dto, 'createdAt');

@Injectable()
export class OrganizationsService {
  constructor(
    private readonly repository: OrganizationsRepository,
    private readonly recordMerge: RecordMerge,
    private readonly unitOfWork: UnitOfWork,
    private readonly storedFiles: StoredFiles,
    private readonly followUps: FollowUpStarter,
  ) {
    this.attachments = attachmentOwnerOf(repository);
    this.importTarget = importTargetOver<OrganizationRow, NewOrganizationRow>(repository, {
      derive: (current, next) => deriveOrganizationValues(current, next),
      label: (row) => row.name,
    });
  }

  /** Who saves: an appendix-2 save records them as the AML reviewer. */
  private reviewer(): AmlReviewer {
    const actor = this.unitOfWork.actor;
    return { user_id: actor?.id ?? null, user_name: actor?.name ?? SYSTEM_ACTOR_NAME };
  }

  /** The files module attaches uploads to these records through this port. */
  readonly attachments: AttachmentOwner;

  /**
   * The import writes organizations through this port: values as an import row gives them
   * (only fields with a value), derived values computed as on every other write.
   */
  readonly importTarget: ImportTarget;

  /** The live organizations an import's rows may repeat: by CRO number or by duplicate key. */
  findForImport(cros: string[], duplicateKeys: string[]) {
    return this.repository.findByCroOrDuplicateKey(cros, duplicateKeys);
  }

  async create(dto: CreateOrganizationDto): Promise<OrganizationView> {
    const row = await this.repository.insert({
      name: dto.name,
      ...deriveOrganizationValues(undefined, { name: dto.name }),
    });
    return toOrganizationView(row);
  }

  /**
   * A company-creation request turned into a client (ADR 0084): the organization starts with its
   * name, business activity, country and creation status in one insert (one history row).
   */
  async createFromRequest(values: {
    name: string;
    businessActivity: string | null;
    country: string;
    creationStatus: CreationStatus;
    language: 'en' | 'fr';
  }): Promise<OrganizationView> {
    const row = await this.repository.insert({
      ...values,
      ...deriveOrganizationValues(undefined, values),
    });
    return toOrganizationView(row);
  }

  /** The organization with its active follow-ups (the record's `followUps` list), earliest deadline first. */
  async get(id: string): Promise<OrganizationView> {
    const found = await this.repository.findLiveWithActiveFollowUps(id);
    if (!found) throw await this.notLive(id);
    return { ...toOrganizationView(found.row), followUps: found.followUps };
  }

  /** Whole or partial update: only the named fields change; derived values are recomputed. */
  async update(id: string, dto: UpdateOrganizationDto): Promise<OrganizationAnswer> {
    const changes = this.writableChanges(dto);
    // The AML appendices are checked field by field; their score, level and review are the
    // server's (ADR 0085).
    const amlCheck = dto.aml === undefined ? undefined : checkAmlPatch(dto.aml);
    if (amlCheck && !amlCheck.ok)
      throw validationError(amlCheck.errors, 'Some AML fields are invalid');
    let addressChanged = false;
    const row = await updateWithVersion({
      what: 'Organization',
      expected: parseExpectedVersion(dto.updatedAt),
      load: () => this.repository.findLive(id),
      write: async (current, updatedAt) => {
        // The e-mail is checked only when it changes (ADR 0134): an organization imported or
        // saved with a bad address is still updated on its other fields.
        const problems = changedEmailProblems([
          { field: 'mail', next: changes.mail, stored: current.mail },
        ]);
        if (problems.length > 0) throw validationError(problems, problems[0].message);
        addressChanged =
          changes.address !== undefined &&
          Boolean(changes.address?.trim()) &&
          (changes.address ?? null) !== (current.address ?? null);
        const files = await attachedFilesChange(dto, current, this.storedFiles);
        const aml = amlCheck?.ok
          ? applyAmlPatch(current.aml, amlCheck, this.reviewer(), updatedAt)
          : undefined;
        return this.repository.update(
          id,
          {
            ...changes,
            ...files,
            ...(aml
              ? {
                  aml,
                  amlRiskLevel: (aml.appendix2_risk_level as RiskLevel | undefined) ?? null,
                  amlNextReview: (aml.appendix2_next_review as string | undefined) ?? null,
                }
              : {}),
            ...deriveOrganizationValues(current, { ...current, ...changes }),
            updatedAt,
          },
          current.updatedAt,
        );
      },
    });
    if (addressChanged && !dto.alreadyFiled) {
      // A new registered office starts the CRO's B2 clock: 14 days from today, the change's day.
      const today = todayInDublin();
      await this.followUps.startClock(id, 'CHANGE_OF_REGISTERED_ADDRESS', {
        startDate: today,
        deadline: croDeadline('b2', today),
      });
    }
    return toOrganizationView(row);
  }

  /**
   * An annual return filed for `filedArd` moves the next ARD a year on from it, unless staff
   * already set a later one.
   */
  async moveNextArdAfterFiling(id: string, filedArd: string): Promise<void> {
    const next = ardAfterFiledReturn(filedArd);
    await updateWithVersion({
      what: 'Organization',
      expected: undefined,
      load: () => this.repository.findLive(id),
      write: async (current, updatedAt) => {
        if (current.nextArReminder && current.nextArReminder >= next) return current;
        return this.repository.update(id, { nextArReminder: next, updatedAt }, current.updatedAt);
      },
    });
  }

  async delete(id: string): Promise<void> {
    if (!(await this.repository.softDelete(id, new Date()))) throw notFound('Organization');
  }

  /** The top bar's search: the first organizations by name whose name, CRO or e-mail holds the term. */
  async find(term: string): Promise<SearchHit[]> {
    const items = await this.repository.firstViews(
      { searchBox: term, knownCreationStatuses: CREATION_STATUSES },
      // Names starting with the text first, as a picker (ADR 0155).
      { field: 'name', order: 'asc', picker: true },
      FIRST_HITS,
    );
    return items.map((item) => {
      const organization = JSON.parse(item) as OrganizationView;
      return { _id: organization._id, label: organization.name, detail: organization.cro ?? '' };
    });
  }

  /**
   * A page of organizations as the answer's JSON text: PostgreSQL writes each organization's view
   * (ADR 0090), except for the lists that add each one's active follow-ups or read the
   * follow-ups' deadlines (the Follow Ups card), which are mapped here.
   */
  async search(dto: SearchOrganizationsDto): Promise<string> {
    const pageNumber = dto.page ?? 1;
    const limit = dto.limit ?? DEFAULT_PAGE_LIMIT;
    const filters = filtersOf(dto);
    const range = { offset: (pageNumber - 1) * limit, limit };
    if (!dto.followUps && !filters.deadlineOrder) {
      const { items, total, totalIsLowerBound } = await this.repository.searchViews(
        filters,
        sortOf(dto),
        range,
      );
      return pageJsonText(items, total, pageNumber, limit, {}, totalIsLowerBound);
    }
    const { rows, total, totalIsLowerBound } = await this.repository.search(
      filters,
      sortOf(dto),
      range,
    );
    const views = rows.map(toOrganizationView);
    if (!dto.followUps || views.length === 0)
      return JSON.stringify(page(views, total, pageNumber, limit, totalIsLowerBound));
    const followUps = await this.repository.activeFollowUpsOf(
      views.map((view) => view._id),
      filters.followUpType,
    );
    return JSON.stringify(
      page(
        views.map((view) => ({ ...view, followUps: followUps.get(view._id) ?? [] })),
        total,
        pageNumber,
        limit,
        totalIsLowerBound,
      ),
    );
  }

  /** Every organization the list's filters match, in its order, batch by batch (CSV export). */
  exportInBatches(
    dto: SearchOrganizationsDto,
    onBatch: (organizations: OrganizationView[]) => Promise<void>,
  ): Promise<number> {
    return this.repository.exportInBatches(filtersOf(dto), sortOf(dto), (rows) =>
      onBatch(rows.map(toOrganizationView)),
    );
  }

  /** A page of the groups of look-alike organizations, biggest first. */
  async duplicates(pageNumber = 1, limit = DUPLICATE_GROUPS_MAX): Promise<Page<DuplicateGroup>> {
    const [groups, total] = await Promise.all([
      this.repository.duplicateGroups((pageNumber - 1) * limit, limit),
      this.repository.duplicateGroupCount(),
    ]);
    return page(groups, total, pageNumber, limit);
  }

  // --- for other contexts (links, dashboard) ---

  /** A live organization's name, or undefined: for the records that keep it beside the id. */
  async findLiveName(id: string): Promise<string | undefined> {
    return (await this.repository.findLive(id))?.name;
  }

  async assertLive(id: string): Promise<void> {
    await this.getLiveRow(id);
  }

  /** For the mail digest: the user's organizations with a reminder on or before `until`. */
  async dueForUser(userId: string, until: string): Promise<OrganizationView[]> {
    return (await this.repository.dueForUser(userId, until)).map(toOrganizationView);
  }

  /**
   * Merges organization `mergeId` into `keepId` (RecordMerge.merge): besides the chosen values
   * and both lists of files, the kept one takes both notes and both lists of assigned users.
   */
  merge(dto: MergeOrganizationsDto): Promise<OrganizationAnswer> {
    return this.recordMerge.merge(dto, {
      recordType: 'organization',
      mergeFields: ORGANIZATION_MERGE_FIELDS,
      load: async (id) => toOrganizationView(await this.getLiveRow(id)),
      combined: (keep, other) => ({
        notes: joinNotes(keep.notes, other.notes),
        users: unionBy(keep.users, other.users, (user) => user.userId),
      }),
      markMerged: (mergeId, keepId, at) => this.repository.markMerged(mergeId, keepId, at),
      update: (keepId, changes) => this.update(keepId, changes as UpdateOrganizationDto),
      label: (organization) => organization.name,
    });
  }

  private async getLiveRow(id: string): Promise<OrganizationRow> {
    const row = await this.repository.findLive(id);
    if (row) return row;
    throw await this.notLive(id);
  }

  /** Why an organization cannot be read: merged into another (its new address), deleted, or none. */
  private async notLive(id: string): Promise<AppException> {
    const deletion = await this.repository.deletion(id);
    if (deletion?.mergedInto) return mergedAway('Organization', deletion.mergedInto);
    return deletion ? deletedRecord('Organization') : notFound('Organization');
  }

  private writableChanges(dto: UpdateOrganizationDto): Partial<Writable> {
    const {
      _id,
      createdAt,
      updatedAt,
      deletedAt,
      firstAr,
      corporationTaxPaidReminder,
      domiciliationPaidReminder,
      secretaryCompanyPaidReminder,
      anonymousShareholderPaidReminder,
      followUps,
      attachedFiles,
      files,
      B1B73,
      finotorEmailSentAt,
      finotorRegisteredAt,
      alreadyFiled,
      ...fields
    } = dto;
    const changes = namedFields(fields) as Partial<Writable>;
    // Merged and scored in update(), never written as sent.
    delete (changes as { aml?: unknown }).aml;
    if (B1B73 !== undefined) changes.b1b73 = B1B73;
    if (finotorEmailSentAt !== undefined)
      changes.finotorEmailSentAt = finotorEmailSentAt ? new Date(finotorEmailSentAt) : null;
    if (finotorRegisteredAt !== undefined)
      changes.finotorRegisteredAt = finotorRegisteredAt ? new Date(finotorRegisteredAt) : null;
    for (const service of ORGANIZATION_SERVICES) {
      const history = changes[service.history];
      if (history) {
        changes[service.history] = history.map((entry) => ({
          nextPaidReminder: entry.nextPaidReminder ?? null,
          paidDate: entry.paidDate ?? null,
        }));
      }
    }
    return changes;
  }
}
