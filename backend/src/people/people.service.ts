import { Injectable } from '@nestjs/common';
import { attachmentOwnerOf } from '../platform/database/attached-files';
import type { AttachmentOwner } from '../platform/database/attached-files';
import { importTargetOver } from '../platform/ports/import-target';
import type { ImportTarget } from '../platform/ports/import-target';
import { PERSON_MERGE_FIELDS, personDuplicateKey } from '@registra/domain';
import {
  deletedRecord,
  mergedAway,
  notFound,
  validationError,
} from '../platform/errors/app-exception';
import { changedEmailProblems } from '../platform/http/validators';
import { RecordMerge } from '../platform/ports/record-merge';
import { StoredFiles } from '../platform/ports/stored-files';
import { parseExpectedVersion, updateWithVersion } from '../platform/database/versioned-update';
import { foldForSearch } from '../platform/database/search';
import { jsonPage, pageJsonText } from '../platform/http/envelope';
import { namedFields } from '../platform/http/named-fields';
import { DEFAULT_PAGE_LIMIT, pickerSort } from '../platform/http/list-query.dto';
import { CreatePersonDto, MergePeopleDto, UpdatePersonDto } from './dto/person.dto';
import { SearchPeopleDto } from './dto/search-people.dto';
import { PeopleRepository } from './people.repository';
import type { NewPersonRow, PersonRow } from './people.schema';
import { derivePersonValues } from './person-derivations';
import { toPersonView } from './person.view';
import {
  attachedFilesChange,
  resolveStoredAttachedFiles,
} from '../platform/http/attached-files-input';
import type { PersonView } from './person.view';
import type { SearchHit } from '@registra/domain';
import { FIRST_HITS, hitsOf } from '../platform/http/search-hits';

export const DUPLICATE_GROUPS_MAX = 500;

/** The fields a client may write; ids, timestamps and derived keys are the server's. */
type Writable = Omit<
  NewPersonRow,
  'id' | 'searchText' | 'duplicateKey' | 'createdAt' | 'updatedAt' | 'deletedAt'
>;

export type { DuplicatePerson, PeopleDuplicateGroup } from './people.repository';

/** Only the fields the request named: `undefined` means "not sent", null means "clear it". */
function writableChanges(dto: CreatePersonDto | UpdatePersonDto): Partial<Writable> {
  const {
    _id: _ignoredId,
    createdAt: _ignoredCreatedAt,
    updatedAt: _ignoredUpdatedAt,
    deletedAt: _ignoredDeletedAt,
    files: _ignoredFiles,
    ...fields
  } = dto as UpdatePersonDto;
  // attachedFiles are resolved against the record's current list (URLs or entries).
  const { attachedFiles: _resolvedApart, ...rest } = fields;
  return namedFields(rest) as Partial<Writable>;
}

/**
 * The person's e-mail, checked by the one address rule when the write changes it (ADR 0134): an
 * address stored before, even a bad one, never blocks an update of the other fields.
 */
function assertEmailChange(changes: Partial<Writable>, stored: string | null | undefined): void {
  const problems = changedEmailProblems([{ field: 'mail', next: changes.mail, stored }]);
  if (problems.length > 0) throw validationError(problems, problems[0].message);
}

/** A person as answered to a write: its view, `attachedFiles` as URLs whatever was sent. */
export type PersonAnswer = PersonView;

const filtersOf = (dto: SearchPeopleDto) => ({
  search: (dto.search ? foldForSearch(dto.search) : '') || undefined,
  country: dto.country || undefined,
});

const sortOf = (dto: SearchPeopleDto) => pickerSort(dto, 'createdAt');

@Injectable()
export class PeopleService {
  constructor(
    private readonly repository: PeopleRepository,
    private readonly recordMerge: RecordMerge,
    private readonly storedFiles: StoredFiles,
  ) {
    this.attachments = attachmentOwnerOf(repository);
    this.importTarget = importTargetOver<PersonRow, NewPersonRow>(repository, {
      derive: (_current, next) => derivePersonValues(next),
      label: (row) => `${row.firstName} ${row.lastName}`.trim(),
    });
  }

  /** The files module attaches uploads to these records through this port. */
  readonly attachments: AttachmentOwner;

  /**
   * The import writes people through this port: values as an import row gives them (only fields
   * with a value), the search text and duplicate key derived as on every other write.
   */
  readonly importTarget: ImportTarget;

  /** The live people an import's rows may repeat, by the people-duplicates key. */
  findForImport(duplicateKeys: string[]) {
    return this.repository.findByDuplicateKeys(duplicateKeys);
  }

  async create(dto: CreatePersonDto): Promise<PersonAnswer> {
    const changes = writableChanges(dto);
    assertEmailChange(changes, undefined);
    if (dto.attachedFiles) {
      changes.attachedFiles = await resolveStoredAttachedFiles(
        dto.attachedFiles,
        [],
        this.storedFiles,
      );
    }
    const now = new Date();
    const row = await this.repository.insert({
      ...changes,
      firstName: dto.firstName,
      lastName: dto.lastName,
      ...derivePersonValues(changes),
      createdAt: now,
      updatedAt: now,
    });
    return toPersonView(row);
  }

  async get(id: string): Promise<PersonView> {
    return toPersonView(await this.liveRow(id));
  }

  /**
   * Whole or partial update: only the named fields change. With `updatedAt`, a record changed
   * since the client loaded it answers 409 and nothing is written.
   */
  async update(id: string, dto: UpdatePersonDto): Promise<PersonAnswer> {
    const changes = writableChanges(dto);
    const row = await updateWithVersion({
      what: 'Person',
      expected: parseExpectedVersion(dto.updatedAt),
      load: () => this.repository.findLive(id),
      // The keys are derived from `current`: the write is guarded by its version.
      write: async (current, updatedAt) => {
        assertEmailChange(changes, current.mail);
        const files = await attachedFilesChange(dto, current, this.storedFiles);
        return this.repository.update(
          id,
          { ...changes, ...files, ...derivePersonValues({ ...current, ...changes }), updatedAt },
          current.updatedAt,
        );
      },
    });
    return toPersonView(row);
  }

  async delete(id: string): Promise<void> {
    if (!(await this.repository.softDelete(id, new Date()))) throw notFound('Person');
  }

  /** The top bar's search: the first people by last name whose names or e-mail hold the term. */
  async find(term: string): Promise<SearchHit[]> {
    // Names starting with the text first, as a picker (ADR 0155).
    const sort = { field: 'lastName', order: 'asc', picker: true } as const;
    const items = await this.repository.firstViews({ searchBox: term }, sort, FIRST_HITS);
    return hitsOf<PersonView>(items, (person) => ({
      _id: person._id,
      label: `${person.firstName} ${person.lastName}`.trim(),
      detail: person.mail ?? '',
    }));
  }

  /** A page of people as the answer's JSON text: PostgreSQL writes each person's view (ADR 0090). */
  async search(dto: SearchPeopleDto): Promise<string> {
    return jsonPage(dto, DEFAULT_PAGE_LIMIT, (range) =>
      this.repository.searchViews(filtersOf(dto), sortOf(dto), range),
    );
  }

  /** Every person the list's filters match, in its order, batch by batch (CSV export). */
  exportInBatches(
    dto: SearchPeopleDto,
    onBatch: (people: PersonView[]) => Promise<void>,
  ): Promise<number> {
    return this.repository.exportInBatches(filtersOf(dto), sortOf(dto), (rows) =>
      onBatch(rows.map(toPersonView)),
    );
  }

  /** The duplicates groups (`PeopleDuplicateGroup[]`) as JSON text, ready to send. */
  /** A page of the groups of look-alike people, biggest first, as the answer's JSON text. */
  async duplicatesJson(pageNumber = 1, limit = DUPLICATE_GROUPS_MAX): Promise<string> {
    const { groups, total } = await this.repository.duplicateGroupsJson(
      (pageNumber - 1) * limit,
      limit,
    );
    return pageJsonText(groups, total, pageNumber, limit);
  }

  // --- for other contexts (links, dashboard) ---

  /** 404 NOT_FOUND unless the person exists and is not deleted. */
  /**
   * The person a new record with these names would duplicate (same duplicate key), if any: a
   * company-creation request turned into a client reuses them instead of creating a twin.
   */
  async findTwin(firstName: string, lastName: string): Promise<PersonView | undefined> {
    const key = personDuplicateKey(firstName, lastName);
    if (!key) return undefined;
    const row = await this.repository.findLiveByDuplicateKey(key);
    return row ? toPersonView(row) : undefined;
  }

  async assertLive(id: string): Promise<void> {
    await this.liveRow(id);
  }

  /** Merges person `mergeId` into `keepId` (RecordMerge.merge): chosen values and both files lists. */
  merge(dto: MergePeopleDto): Promise<PersonAnswer> {
    return this.recordMerge.merge(dto, {
      recordType: 'people',
      mergeFields: PERSON_MERGE_FIELDS,
      load: async (id) => toPersonView(await this.liveRow(id)),
      markMerged: (mergeId, keepId, at) => this.repository.markMerged(mergeId, keepId, at),
      update: (keepId, changes) => this.update(keepId, changes as UpdatePersonDto),
      label: (person) => `${person.firstName} ${person.lastName}`,
    });
  }

  private async liveRow(id: string): Promise<PersonRow> {
    const row = await this.repository.findLive(id);
    if (row) return row;
    const deletion = await this.repository.deletion(id);
    if (deletion?.mergedInto) throw mergedAway('Person', deletion.mergedInto);
    throw deletion ? deletedRecord('Person') : notFound('Person');
  }
}
