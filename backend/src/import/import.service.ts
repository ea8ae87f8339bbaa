import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import {
  checkImportMapping,
  ErrorCode,
  formatImportLimit,
  guessImportMapping,
  IMPORT_ANSWER_LIST_MAX,
  IMPORT_DEFAULT_DATE_FORMAT,
  IMPORT_PREVIEW_ROWS,
  IMPORT_ROWS_MAX,
  IMPORT_UNDO_DAYS,
  IMPORT_UNUSED_FILE_DAYS,
  isImportKind,
} from '@registra/domain';
import type {
  AuditRecordType,
  ImportCell,
  ImportCheckView,
  ImportDateFormat,
  ImportDuplicate,
  ImportDuplicateChoice,
  ImportEncoding,
  ImportKind,
  ImportMapping,
  ImportRecordType,
  ImportRowError,
  ImportUndoView,
  ImportUploadView,
  ImportView,
} from '@registra/domain';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { fileTooLarge, receiveUpload } from '../files/multipart-upload';
import { LinksService } from '../links/links.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { PeopleService } from '../people/people.service';
import { AuditService } from '../platform/audit/audit.service';
import { APP_CONFIG } from '../platform/config/app-config';
import type { AppConfig } from '../platform/config/app-config';
import { UnitOfWork } from '../platform/database/unit-of-work';
import {
  AppException,
  forbidden,
  notFound,
  validationError,
} from '../platform/errors/app-exception';
import { page } from '../platform/http/envelope';
import type { Page } from '../platform/http/envelope';
import type { CsvRowSource } from '../platform/http/csv';
import type { ImportTarget, ImportWrite } from '../platform/ports/import-target';
import { FILE_STORAGE } from '../platform/storage/file-storage';
import type { FileStorage } from '../platform/storage/file-storage';
import type { AuthUser } from '../users/user.view';
import type { CheckImportDto } from './dto/import.dto';
import {
  batchKeys,
  bookMatches,
  bookOrganization,
  bookPerson,
  checkRow,
  choiceFor,
  FileMemory,
  missingFromBook,
  pairKey,
} from './import-plan';
import type { BookMatches, Known } from './import-plan';
import { mapRow, planColumns, recordLabel, storedOrganizationValues } from './import-rows';
import type { MappedRow, RecordValues } from './import-rows';
import { CHECK_JOB, ImportQueue, RUN_JOB, UNDO_JOB } from './import.queue';
import type { ImportJobName } from './import.queue';
import { IMPORT_LOST_JOBS_MAX, sweepAction } from './import-sweep';
import { ImportRepository } from './import.repository';
import type { ListedImport, WrittenRecord } from './import.repository';
import type { ImportRecordUndo, ImportRow } from './import.schema';
import { badFile } from './file-errors';
import { decideEncoding, detectSource, inspectSheet, readSheet } from './spreadsheet-reader';
import type { EncodingSurvey, SheetInspection, SheetRow, SheetSource } from './spreadsheet-reader';

/** Rows read, checked and written together (one transaction per batch in a run). */
export const IMPORT_BATCH_ROWS = 500;
/** Written records an undo takes back together (one transaction per batch). */
export const IMPORT_UNDO_BATCH = 500;
/**
 * The check reads its file twice: first only through the reader's limits, counting the rows (a
 * file past a limit is refused in seconds, before any lookup), then row by row against the book.
 * The first reading is this share of the check's progress.
 */
const CHECK_SCAN_SHARE = 0.2;
/** While the first reading goes on, its progress is written at most this often. */
const CHECK_PROGRESS_EVERY_MS = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const AUDIT_TYPES: Readonly<Record<ImportRecordType, AuditRecordType>> = {
  organization: 'organization',
  person: 'people',
  link: 'link',
};

/** The job an import at each of these statuses is waiting for or being worked on by. */
const JOB_OF_STATUS: Readonly<Record<string, ImportJobName>> = {
  checking: CHECK_JOB,
  running: RUN_JOB,
  undoing: UNDO_JOB,
};

/** How a job of the import ended: to its end (whatever the outcome), or handed back. */
export type ImportJobEnd = 'finished' | 'handed back';

/**
 * Thrown at a safe point (a batch committed, none begun) when the worker is stopping: the job
 * ends there, the import stays as it is, and the next worker resumes it (ADR 0145).
 */
class HandedBack extends Error {
  constructor() {
    super('The worker is stopping: handed back at a safe point');
  }
}

/**
 * A batch found the import moved on without it (another worker's run of the same import, after a
 * lock taken for lost; or the import failed meanwhile): the batch rolls back and this job stops,
 * leaving the import to the other.
 */
class TakenOver extends Error {
  constructor() {
    super('Another worker went on with this import: this one stops');
  }
}

const handBackIfStopping = (stop: AbortSignal | undefined): void => {
  if (stop?.aborted) throw new HandedBack();
};

/** The counts of the sweep's pass, for its log line and its tests. */
export interface ImportSweepPass {
  queued: number;
  resumed: number;
  failed: number;
}

const stateConflict = (message: string) =>
  new AppException(HttpStatus.CONFLICT, ErrorCode.IMPORT_STATE_CONFLICT, message);

/** The statuses from which a check may start (again). */
const CHECKABLE = new Set(['uploaded', 'check_failed', 'checked']);

function undoableUntil(row: ListedImport): Date | null {
  if (!row.finishedAt || row.undoneAt) return null;
  if (row.status !== 'done' && row.status !== 'failed') return null;
  return new Date(row.finishedAt.getTime() + IMPORT_UNDO_DAYS * DAY_MS);
}

function progressOf(row: ListedImport): number {
  if (row.status === 'done' || row.status === 'undone') return 1;
  if (row.status === 'checking') return Math.min(1, row.checkProgress);
  // While an undo goes on (or after it stopped), the bar follows the records it went through.
  if (row.status === 'undoing' || row.status === 'undo_failed')
    return row.undoTotal > 0 ? Math.min(1, row.undoDone / row.undoTotal) : 0;
  return row.rows > 0 ? Math.min(1, row.rowsDone / row.rows) : 0;
}

export function toImportView(
  row: ListedImport & { checkResult?: ImportRow['checkResult'] },
  now = new Date(),
  leftAlone: ImportUndoView['leftAlone'] = [],
): ImportView {
  const until = undoableUntil(row);
  return {
    _id: row.id,
    kind: row.kind as ImportKind,
    fileName: row.fileName,
    status: row.status as ImportView['status'],
    progress: progressOf(row),
    rows: row.rows,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    failed: row.failed,
    onDuplicate: (row.onDuplicate as ImportDuplicateChoice | null) ?? null,
    userId: row.userId,
    userName: row.userName,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    undoableUntil: until && until > now ? until.toISOString() : null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    failure: row.failure,
    check: row.checkResult ? { rows: row.rows, ...row.checkResult } : null,
    undo: row.undoStartedAt
      ? {
          records: row.undoTotal,
          recordsDone: row.undoDone,
          deleted: row.deleted,
          restored: row.restored,
          leftAloneCount: row.leftAlone,
          leftAlone,
        }
      : null,
    fileRemovedAt: row.fileRemovedAt?.toISOString() ?? null,
    waitingForQueue: row.waitingForQueue && Object.hasOwn(JOB_OF_STATUS, row.status),
    resumes: row.resumes,
  };
}

/** An upload left unused is removed by the housekeeping: it must be sent again. */
function assertFileKept(row: ImportRow): void {
  if (row.fileRemovedAt)
    throw stateConflict(
      `The file was removed ${IMPORT_UNUSED_FILE_DAYS} days after its upload, unused: upload it again`,
    );
}

const sourceOf = (row: ImportRow): SheetSource => ({
  format: row.format,
  encoding: row.encoding as ImportEncoding | null,
  delimiter: row.delimiter,
  sheet: row.sheet,
  headerRow: row.headerRow,
});

/** A header that names at least one field of the kind. */
const namesAField = (kind: ImportKind) => (columns: string[]) =>
  Object.values(guessImportMapping(kind, columns)).some(Boolean);

/** A row as it will be stored, for the previews of the upload and the check. */
const previewOf = (mapped: MappedRow): Record<string, unknown> => ({
  row: mapped.row,
  ...(mapped.organization ? { organization: mapped.organization } : {}),
  ...(mapped.person ? { person: mapped.person } : {}),
  ...(mapped.link ? { link: mapped.link } : {}),
  errors: mapped.errors,
});

/** What a run decided for one row. */
/** A failed row as its download gives it: the file's cells and why it was refused. */
export interface FailedRow {
  row: number;
  cells: ImportCell[];
  reasons: string[];
}

type Outcome = 'created' | 'updated' | 'skipped' | 'failed';

interface BatchWrites {
  creates: Record<ImportRecordType, Array<ImportWrite & { row: number; label: string }>>;
  updates: Array<{
    type: ImportRecordType;
    id: string;
    values: RecordValues;
    row: number;
    label: string;
  }>;
}

/**
 * Importing a firm's book (organizations, people, their roles) from CSV or Excel: upload (the
 * file streamed to storage, its columns and a guessed mapping), check (every row through the
 * API's rules and the duplicates keys, nothing written), run (a queue job, batch by batch,
 * resumable), the errors as CSV, undo within 30 days, and the history of imports.
 */
@Injectable()
export class ImportService {
  private readonly logger = new Logger(ImportService.name);

  constructor(
    private readonly repository: ImportRepository,
    private readonly organizations: OrganizationsService,
    private readonly people: PeopleService,
    private readonly links: LinksService,
    private readonly audit: AuditService,
    private readonly unitOfWork: UnitOfWork,
    private readonly queue: ImportQueue,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private targets(): Record<ImportRecordType, ImportTarget> {
    return {
      organization: this.organizations.importTarget,
      person: this.people.importTarget,
      link: this.links.importTarget,
    };
  }

  // ---------------------------------------------------------------- upload

  async upload(request: IncomingMessage, user: AuthUser): Promise<ImportUploadView> {
    const maxBytes = this.config.importMaxBytes;
    const upload = await receiveUpload(request, this.storage, maxBytes, () =>
      fileTooLarge(
        `File size exceeds the ${formatImportLimit(maxBytes, 'bytes')} limit of an import file.`,
      ),
    );
    try {
      const kind = upload.fields.kind;
      if (!isImportKind(kind)) {
        throw validationError(
          [{ field: 'kind', message: 'kind must be organizations, people, roles or combined' }],
          'kind must be organizations, people, roles or combined',
        );
      }
      const encoding = upload.fields.encoding || undefined;
      if (encoding !== undefined && encoding !== 'utf-8' && encoding !== 'windows-1252') {
        throw validationError([
          { field: 'encoding', message: 'encoding must be utf-8 or windows-1252' },
        ]);
      }
      const headerRow = upload.fields.headerRow ? Number(upload.fields.headerRow) : null;
      if (
        headerRow !== null &&
        (!Number.isInteger(headerRow) || headerRow < 1 || headerRow > IMPORT_ROWS_MAX)
      ) {
        throw validationError([
          {
            field: 'headerRow',
            message: `headerRow must be a row number from 1 to ${IMPORT_ROWS_MAX}`,
          },
        ]);
      }
      const source = await detectSource(
        this.storage,
        upload.storageKey,
        upload.fileName,
        upload.size,
        {
          encoding,
          sheet: upload.fields.sheet || undefined,
        },
      );
      const inspection = await this.inspectUpload(
        upload.storageKey,
        { ...source, headerRow },
        kind,
      );
      const mapping = guessImportMapping(kind, inspection.columns);
      const row = await this.unitOfWork.transaction(() =>
        this.repository.insert({
          kind,
          fileName: upload.fileName,
          storageKey: upload.storageKey,
          size: upload.size,
          format: inspection.format,
          encoding: inspection.encoding,
          delimiter: inspection.delimiter,
          sheets: inspection.sheets,
          sheet: inspection.sheet,
          headerRow: inspection.headerRow,
          columns: inspection.columns,
          mapping,
          userId: user._id,
          userName: `${user.firstName} ${user.lastName}`.trim(),
        }),
      );
      return this.uploadView(row, inspection.firstRows);
    } catch (error) {
      // Nothing stays in storage for a file that was refused.
      await this.storage.delete(upload.storageKey).catch(() => undefined);
      throw error;
    }
  }

  /**
   * The sheet an upload is read from: the one asked for, else the first; a workbook whose first
   * sheet is a note (no data rows, or a header that maps no field) is read from its first sheet
   * that fits, and the mapping step offers every sheet. When none fits, the refusal names them.
   */
  private async inspectUpload(
    key: string,
    source: SheetSource,
    kind: ImportKind,
  ): Promise<SheetInspection> {
    let sheets: string[] = [];
    const inspect = async (sheet: string | null) => {
      try {
        const inspection = await inspectSheet(
          this.storage,
          key,
          { ...source, sheet },
          IMPORT_PREVIEW_ROWS,
          (names) => (sheets = names),
          namesAField(kind),
        );
        const maps = namesAField(kind)(inspection.columns);
        return { inspection, fits: maps };
      } catch (error) {
        if (error instanceof AppException && error.getStatus() === HttpStatus.BAD_REQUEST)
          return { error, fits: false };
        throw error;
      }
    };
    const first = await inspect(source.sheet);
    if (first.fits || source.format !== 'xlsx' || source.sheet) {
      if (first.inspection) return first.inspection;
      throw first.error;
    }
    for (const name of sheets.slice(1)) {
      const other = await inspect(name);
      if (other.fits && other.inspection) return other.inspection;
    }
    if (sheets.length > 1) {
      throw badFile(
        `No sheet of the workbook has a header row the import knows with data rows below it (sheets: ${sheets.join(', ')}): choose the sheet to read, or check its headers`,
      );
    }
    if (first.inspection) return first.inspection;
    throw first.error;
  }

  private uploadView(row: ImportRow, firstRows: SheetRow[]): ImportUploadView {
    const kind = row.kind as ImportKind;
    const plan = planColumns(kind, row.columns, row.mapping);
    const dateFormat = row.dateFormat as ImportDateFormat;
    return {
      _id: row.id,
      kind,
      fileName: row.fileName,
      format: row.format,
      encoding: row.encoding,
      delimiter: row.delimiter,
      sheets: row.sheets,
      sheet: row.sheet,
      headerRow: row.headerRow ?? 1,
      columns: row.columns,
      mapping: row.mapping,
      preview: firstRows.map((sheetRow) =>
        previewOf(mapRow(kind, plan, sheetRow.row, sheetRow.cells, dateFormat)),
      ),
    };
  }

  // ---------------------------------------------------------------- check

  /**
   * Starts the check of an upload with the chosen mapping, date format, encoding and sheet: the
   * settings are kept and a queue job reads the file (`executeCheck`), after this request
   * commits; the import is `checking`, then `checked` (its `check` holds what was found) or
   * `check_failed` (its `failure` says why). A mapping that does not fit the columns is refused
   * here, with 400. Nothing of the book is written.
   */
  async check(id: string, dto: CheckImportDto): Promise<ImportView> {
    const row = await this.get(id);
    if (row.status === 'checking') {
      throw stateConflict('The import is being checked: wait for the result of that check');
    }
    if (!CHECKABLE.has(row.status)) {
      throw stateConflict(`The import is ${row.status}: only an uploaded file can be checked`);
    }
    assertFileKept(row);
    const kind = row.kind as ImportKind;
    let columns = row.columns;
    const encoding =
      row.format === 'csv' ? (dto.encoding ?? (row.encoding as ImportEncoding)) : null;
    const sheet = row.format === 'xlsx' ? (dto.sheet ?? row.sheet) : null;
    const otherSheet = sheet !== row.sheet;
    // Another sheet has its own header row: guessed again unless the request names one.
    let headerRow = dto.headerRow ?? (otherSheet ? null : row.headerRow);
    const reread = encoding !== row.encoding || otherSheet || headerRow !== row.headerRow;
    if (reread) {
      // Another encoding, sheet or header row has other headers: read from the file's head, as
      // the upload did (within the same limits).
      const inspection = await inspectSheet(
        this.storage,
        row.storageKey,
        { ...sourceOf(row), encoding, sheet, headerRow },
        IMPORT_PREVIEW_ROWS,
        undefined,
        namesAField(kind),
      );
      columns = inspection.columns;
      headerRow = inspection.headerRow;
    }
    const mapping: ImportMapping =
      dto.mapping ?? (reread ? guessImportMapping(kind, columns) : row.mapping);
    const problems = checkImportMapping(kind, columns, mapping);
    if (problems.length > 0) {
      throw validationError(
        problems.map((message) => ({ field: 'mapping', message })),
        problems[0],
      );
    }
    const dateFormat =
      dto.dateFormat ?? (row.dateFormat as ImportDateFormat) ?? IMPORT_DEFAULT_DATE_FORMAT;
    await this.unitOfWork.transaction(async () => {
      const started = await this.repository.update(
        id,
        {
          status: 'checking',
          encoding,
          sheet,
          headerRow,
          columns,
          mapping,
          dateFormat,
          onDuplicate: dto.onDuplicate,
          choices: dto.choices ?? {},
          rows: 0,
          checkProgress: 0,
          checkResult: null,
          failure: null,
          ...this.jobStart(),
        },
        row.status,
      );
      if (!started) throw stateConflict('The import changed meanwhile: check it again');
      await this.unitOfWork.afterCommit(() => this.queueOrWait(id, CHECK_JOB));
    });
    return toImportView(await this.get(id));
  }

  /**
   * The check itself (the queue job): every row read with the import's settings, through the
   * API's rules and the duplicates keys (against the book and the file's earlier rows). First the
   * file is read once through the reader's limits alone, counting its rows (a file past a limit
   * is refused in seconds, before any lookup, and the second reading knows how far it has to
   * go). The errors are written batch by batch (`import_errors`, for errors.csv); the first
   * errors and duplicates, their counts and the preview are kept on the import. A check that
   * cannot finish leaves the import `check_failed`, its `failure` saying why; it can be checked
   * again. A check a stopped server left `checking` starts over.
   */
  async executeCheck(id: string, stop?: AbortSignal): Promise<ImportJobEnd> {
    const row = await this.repository.find(id);
    if (!row || row.status !== 'checking') return 'finished';
    await this.jobTaken(row);
    try {
      await this.repository.clearErrors(id, 'check');
      const { rows, encoding } = await this.countRows(row, stop);
      if (rows === 0) throw badFile('The file has a header row but no data rows');
      // The encoding is decided on the whole file: the check and the run read it so.
      const decided = { ...row, encoding: encoding ?? row.encoding };
      const result = await this.checkRows(decided, rows, stop);
      await this.repository.update(
        id,
        {
          status: 'checked',
          rows,
          checkProgress: 1,
          checkResult: result,
          encoding: decided.encoding,
        },
        'checking',
      );
    } catch (error) {
      // A check writes nothing of the book: the next worker starts it over.
      if (error instanceof HandedBack) return 'handed back';
      const message =
        error instanceof AppException
          ? error.message
          : `The check stopped: ${(error as Error).message}`;
      if (!(error instanceof AppException)) this.logger.warn(`Import ${id}: ${message}`);
      await this.repository.update(
        id,
        { status: 'check_failed', failure: message, checkProgress: 0 },
        'checking',
      );
    }
    return 'finished';
  }

  /**
   * The check's first reading: the file through the reader's limits, its data rows counted; a
   * CSV file's encoding decided on all its rows (`decideEncoding`: a file that is not UTF-8 past
   * its first 64 KB is Windows-1252, one mixing both is refused naming its first row that differs).
   */
  private async countRows(
    row: ImportRow,
    stop?: AbortSignal,
  ): Promise<{ rows: number; encoding: ImportEncoding | null }> {
    let fraction = 0;
    let written = Date.now();
    let rows = 0;
    const survey: EncodingSurvey = { firstUtf8Row: null, firstNotUtf8Row: null };
    const read = readSheet(this.storage, row.storageKey, sourceOf(row), () => undefined, {
      onProgress: (value) => (fraction = value),
      encodingSurvey: row.format === 'csv' ? survey : undefined,
    });
    for await (const _row of read) {
      void _row;
      rows += 1;
      if (rows % IMPORT_BATCH_ROWS === 0) handBackIfStopping(stop);
      if (Date.now() - written >= CHECK_PROGRESS_EVERY_MS) {
        written = Date.now();
        await this.repository.update(
          row.id,
          { checkProgress: CHECK_SCAN_SHARE * fraction },
          'checking',
        );
      }
    }
    const chosen = row.encoding as ImportEncoding | null;
    return { rows, encoding: chosen && decideEncoding(chosen, survey) };
  }

  /** The check's second reading: each batch of rows mapped, validated and looked up. */
  private async checkRows(
    row: ImportRow,
    rows: number,
    stop?: AbortSignal,
  ): Promise<Omit<ImportCheckView, 'rows'>> {
    const kind = row.kind as ImportKind;
    const dateFormat = row.dateFormat as ImportDateFormat;
    const plan = planColumns(kind, row.columns, row.mapping);
    const memory = new FileMemory();
    // The answer lists the first errors and duplicates and counts them all: a file whose every
    // row repeats the book would otherwise hold an entry per row until the end.
    const errors: ImportRowError[] = [];
    let errorCount = 0;
    const duplicates: ImportDuplicate[] = [];
    let duplicateCount = 0;
    const preview: Array<Record<string, unknown>> = [];
    let done = 0;
    let batch: MappedRow[] = [];
    const flush = async () => {
      handBackIfStopping(stop);
      const valid = batch.filter((mapped) => mapped.errors.length === 0);
      const book = await this.lookUpBook(kind, valid);
      const found: ImportRowError[] = [];
      for (const mapped of batch) {
        if (mapped.errors.length > 0) {
          found.push(...mapped.errors);
          continue;
        }
        const result = checkRow(kind, mapped, book, memory);
        found.push(...result.errors);
        duplicateCount += result.duplicates.length;
        for (const duplicate of result.duplicates) {
          if (duplicates.length < IMPORT_ANSWER_LIST_MAX) duplicates.push(duplicate);
        }
      }
      await this.repository.addErrors(row.id, 'check', found);
      errorCount += found.length;
      for (const error of found) {
        if (errors.length >= IMPORT_ANSWER_LIST_MAX) break;
        errors.push(error);
      }
      done += batch.length;
      batch = [];
      await this.repository.update(
        row.id,
        { checkProgress: CHECK_SCAN_SHARE + (1 - CHECK_SCAN_SHARE) * Math.min(1, done / rows) },
        'checking',
      );
    };
    const read = readSheet(this.storage, row.storageKey, sourceOf(row), () => undefined);
    for await (const sheetRow of read) {
      const mapped = mapRow(kind, plan, sheetRow.row, sheetRow.cells, dateFormat);
      if (preview.length < IMPORT_PREVIEW_ROWS) preview.push(previewOf(mapped));
      batch.push(mapped);
      if (batch.length >= IMPORT_BATCH_ROWS) await flush();
    }
    await flush();
    return { errors, errorCount, duplicates, duplicateCount, preview };
  }

  /** The book's organizations, people and links a batch of rows may repeat. */
  private async lookUpBook(kind: ImportKind, rows: readonly MappedRow[]): Promise<BookMatches> {
    const keys = batchKeys(rows);
    const [organizations, people] = await Promise.all([
      kind === 'people' ? [] : this.organizations.findForImport(keys.cros, keys.organizationNames),
      kind === 'organizations' ? [] : this.people.findForImport(keys.people),
    ]);
    const book = bookMatches(organizations, people);
    if (kind === 'roles' || kind === 'combined') {
      const personIds = new Set<string>();
      const organizationIds = new Set<string>();
      for (const row of rows) {
        const organization = bookOrganization(book, row.organization ?? {});
        const person = bookPerson(book, row.person ?? {});
        if (organization?.id && person?.id) {
          organizationIds.add(organization.id);
          personIds.add(person.id);
        }
      }
      const links = await this.links.findForImport([...personIds], [...organizationIds]);
      for (const link of links) {
        book.linkByPair.set(pairKey(link.peopleId, link.organizationId), {
          id: link.id,
          row: null,
          label: '',
        });
      }
    }
    return book;
  }

  // ---------------------------------------------------------------- run

  /** Starts the run of a checked import as a queue job (after this request commits). */
  async run(id: string): Promise<ImportView> {
    const row = await this.get(id);
    if (row.status !== 'checked') {
      throw stateConflict(
        row.status === 'uploaded'
          ? 'Check the import before running it'
          : row.status === 'checking'
            ? 'The import is being checked: run it once the check is over'
            : row.status === 'check_failed'
              ? 'The check of this import failed: check it again before running it'
              : `The import is ${row.status}: it cannot be run again`,
      );
    }
    assertFileKept(row);
    if (
      !(await this.repository.update(
        id,
        { status: 'running', rowsDone: 0, ...this.jobStart() },
        'checked',
      ))
    ) {
      throw stateConflict('The import changed meanwhile');
    }
    await this.repository.clearErrors(id, 'run');
    await this.unitOfWork.afterCommit(() => this.queueOrWait(id, RUN_JOB));
    return toImportView(await this.get(id));
  }

  /**
   * The run itself (the queue job): every row from where the last committed batch stopped, one
   * transaction per batch with its progress, so a restart resumes exactly. A run that cannot go
   * on is marked failed, saying how far it got: what it wrote stays listed for undo.
   */
  async execute(id: string, stop?: AbortSignal): Promise<ImportJobEnd> {
    const row = await this.repository.find(id);
    if (!row || row.status !== 'running') return 'finished';
    await this.jobTaken(row);
    const actor = { id: row.userId, name: row.userName };
    return this.unitOfWork.runAs(actor, async (): Promise<ImportJobEnd> => {
      const kind = row.kind as ImportKind;
      const plan = planColumns(kind, row.columns, row.mapping);
      let index = 0;
      let batch: MappedRow[] = [];
      // The rows done as this job last wrote them: a failure finding another number was not ours.
      let committed = row.rowsDone;
      try {
        for await (const sheetRow of readSheet(
          this.storage,
          row.storageKey,
          sourceOf(row),
          () => undefined,
        )) {
          index += 1;
          if (index <= row.rowsDone) continue;
          batch.push(
            mapRow(kind, plan, sheetRow.row, sheetRow.cells, row.dateFormat as ImportDateFormat),
          );
          if (batch.length >= IMPORT_BATCH_ROWS) {
            // The last batch committed, the next not begun: where a stopping worker lets go.
            handBackIfStopping(stop);
            const done = index;
            const rows = batch;
            batch = [];
            await this.unitOfWork.transaction(() => this.applyBatch(row, rows, done));
            committed = done;
          }
        }
        if (batch.length > 0) {
          handBackIfStopping(stop);
          const rows = batch;
          await this.unitOfWork.transaction(() => this.applyBatch(row, rows, index));
        }
        await this.repository.update(
          id,
          { status: 'done', finishedAt: new Date(), rowsDone: index },
          'running',
        );
      } catch (error) {
        if (error instanceof HandedBack) return 'handed back';
        const current = await this.repository.find(id);
        if (
          error instanceof TakenOver ||
          current?.status !== 'running' ||
          current.rowsDone !== committed
        ) {
          // Another worker's run of it (a unique key it wrote first, or its progress) or its
          // failure meanwhile: the import is theirs, not failed by this one.
          this.logger.warn(
            `Import ${id}: ${new TakenOver().message} (${(error as Error).message})`,
          );
          return 'finished';
        }
        const message = `The run stopped after ${current?.rowsDone ?? 0} of ${row.rows} rows: ${(error as Error).message}`;
        this.logger.warn(`Import ${id}: ${message}`);
        await this.repository.update(
          id,
          { status: 'failed', failure: message, finishedAt: new Date() },
          'running',
        );
      }
      return 'finished';
    });
  }

  /**
   * One batch of a run: decide each row, write in bulk, record what was written and the progress.
   * Only the batch's own rows are held in memory (they refer to each other before the insert):
   * what earlier batches wrote is committed, so the book lookup finds it and `import_records`
   * says it is this run's own, exactly as for a run resumed after a restart. The server's memory
   * stays that of one batch, however long the file.
   */
  private async applyBatch(row: ImportRow, rows: MappedRow[], rowsDone: number): Promise<void> {
    const memory = new FileMemory();
    const kind = row.kind as ImportKind;
    const onDuplicate = (row.onDuplicate as ImportDuplicateChoice | null) ?? 'skip';
    const valid = rows.filter((mapped) => mapped.errors.length === 0);
    const book = await this.lookUpBook(kind, valid);
    const bookIds = [
      ...book.organizationByCro.values(),
      ...[...book.organizationByName.values()].flat(),
      ...book.personByKey.values(),
      ...book.linkByPair.values(),
    ].flatMap((known) => (known.id ? [known.id] : []));
    const own = await this.repository.writtenIds(row.id, bookIds);
    const writes: BatchWrites = {
      creates: { organization: [], person: [], link: [] },
      updates: [],
    };
    const outcomes = new Map<number, Outcome>();
    const errors: ImportRowError[] = [];

    for (const mapped of rows) {
      if (mapped.errors.length > 0) {
        errors.push(...mapped.errors);
        outcomes.set(mapped.row, 'failed');
        continue;
      }
      const choice = choiceFor(mapped.row, row.choices, onDuplicate);
      const result = this.decideRow(kind, mapped, choice, book, own, memory, writes);
      if (typeof result === 'string') outcomes.set(mapped.row, result);
      else {
        errors.push(...result);
        outcomes.set(mapped.row, 'failed');
      }
    }

    const written: WrittenRecord[] = [];
    const targets = this.targets();
    for (const type of ['organization', 'person', 'link'] as const) {
      const creates = writes.creates[type];
      if (creates.length === 0) continue;
      const stamps = await targets[type].create(creates.map(({ id, values }) => ({ id, values })));
      for (const create of creates) {
        written.push({
          row: create.row,
          recordType: type,
          recordId: create.id,
          action: 'create',
          previous: null,
          writtenAt: stamps.get(create.id) as Date,
        });
      }
    }
    const labels = new Map<string, string>();
    for (const type of ['organization', 'person', 'link'] as const)
      for (const create of writes.creates[type]) labels.set(create.id, create.label);
    for (const update of writes.updates) {
      const result = await targets[update.type].update(update.id, update.values);
      if (!result) {
        errors.push({ row: update.row, column: null, message: 'The record was deleted meanwhile' });
        outcomes.set(update.row, 'failed');
        continue;
      }
      labels.set(update.id, update.label);
      written.push({
        row: update.row,
        recordType: update.type,
        recordId: update.id,
        action: 'update',
        previous: result.previous,
        writtenAt: result.writtenAt,
      });
    }
    await this.repository.addRecords(row.id, written);
    await this.audit.recordMany(
      written.map((record) => ({
        action: 'import' as const,
        recordType: AUDIT_TYPES[record.recordType],
        recordId: record.recordId,
        recordLabel: labels.get(record.recordId) ?? null,
        data: { fileName: row.fileName, importId: row.id, action: record.action },
      })),
    );
    // In file order (an update refused at the write comes after its batch's rows): the failed
    // rows' download reads them beside the file, row by row.
    errors.sort((a, b) => a.row - b.row);
    await this.repository.addErrors(row.id, 'run', errors);
    const counts = { created: 0, updated: 0, skipped: 0, failed: 0 };
    for (const outcome of outcomes.values()) counts[outcome] += 1;
    if (!(await this.repository.addProgress(row.id, rowsDone - rows.length, rowsDone, counts)))
      throw new TakenOver();
  }

  /**
   * What one row does: the records it creates or updates (added to `writes`), or its errors.
   * A record the file named before is that record; one of the book follows the duplicate choice.
   */
  private decideRow(
    kind: ImportKind,
    mapped: MappedRow,
    choice: ImportDuplicateChoice,
    book: BookMatches,
    own: Set<string>,
    memory: FileMemory,
    writes: BatchWrites,
  ): Outcome | ImportRowError[] {
    const touched = { created: false, updated: false };
    // The company type is read for the duplicates check only: the record has no such field.
    const stored = (type: ImportRecordType, values: RecordValues) =>
      type === 'organization' ? storedOrganizationValues(values) : values;
    const create = (type: ImportRecordType, values: RecordValues, label: string): string => {
      const id = randomUUID();
      writes.creates[type].push({ id, values: stored(type, values), row: mapped.row, label });
      touched.created = true;
      return id;
    };
    const update = (type: ImportRecordType, id: string, values: RecordValues, label: string) => {
      writes.updates.push({ type, id, values: stored(type, values), row: mapped.row, label });
      touched.updated = true;
    };
    /** The record a row names: from the file so far, or the book ("own" = written by this run). */
    const resolve = (
      fromMemory: Known | undefined,
      fromBook: Known | undefined,
    ): { known: Known; repeated: boolean } | undefined => {
      if (fromMemory?.id) return { known: fromMemory, repeated: true };
      if (fromBook?.id) return { known: fromBook, repeated: own.has(fromBook.id) };
      return undefined;
    };

    const record = (
      type: 'organization' | 'person',
      values: RecordValues,
      standalone: boolean,
    ): string | null => {
      const label = recordLabel(type, values);
      const match =
        type === 'organization'
          ? resolve(memory.organization(values), bookOrganization(book, values))
          : resolve(memory.person(values), bookPerson(book, values));
      const remember = (id: string) => {
        const known = { id, row: mapped.row, label };
        if (type === 'organization') memory.rememberOrganization(values, known);
        else memory.rememberPerson(values, known);
      };
      if (!match) {
        const id = create(type, values, label);
        remember(id);
        return id;
      }
      const id = match.known.id as string;
      // In a combined file a company's or person's later rows are the same record (a company
      // skipped on its first row stays skipped on the others).
      if (!standalone && match.repeated) return match.known.skipped ? null : id;
      if (choice === 'skip') {
        // A company of the book left as it is takes no new people either: its rows are skipped
        // whole, unless the user chose to update it.
        if (type === 'organization') {
          memory.rememberOrganization(values, { id, row: mapped.row, label, skipped: true });
          return null;
        }
        remember(id);
        return id;
      }
      if (choice === 'update') {
        update(type, id, values, label);
        remember(id);
        return id;
      }
      const created = create(type, values, label);
      if (!standalone) remember(created);
      return created;
    };

    const link = (
      personId: string,
      organizationId: string,
      values: RecordValues,
      label: string,
    ) => {
      const existing =
        memory.link(personId, organizationId) ??
        book.linkByPair.get(pairKey(personId, organizationId));
      if (!existing?.id) {
        const id = create('link', { ...values, peopleId: personId, organizationId }, label);
        memory.rememberLink(personId, organizationId, { id, row: mapped.row, label });
        return;
      }
      // A person holds one link per organization: "create anyway" updates it too.
      if (choice !== 'skip') update('link', existing.id, values, label);
    };

    switch (kind) {
      case 'organizations':
        record('organization', mapped.organization as RecordValues, true);
        break;
      case 'people':
        record('person', mapped.person as RecordValues, true);
        break;
      case 'roles': {
        const organizationValues = mapped.organization as RecordValues;
        const personValues = mapped.person as RecordValues;
        const organization = resolve(
          memory.organization(organizationValues),
          bookOrganization(book, organizationValues),
        );
        const person = resolve(memory.person(personValues), bookPerson(book, personValues));
        if (!organization || !person) {
          return missingFromBook(mapped.row, {
            organization: organization ? undefined : organizationValues,
            person: person ? undefined : personValues,
          });
        }
        link(
          person.known.id as string,
          organization.known.id as string,
          mapped.link ?? {},
          `${person.known.label} – ${organization.known.label}`,
        );
        break;
      }
      case 'combined': {
        const organizationValues = mapped.organization as RecordValues;
        const personValues = mapped.person as RecordValues;
        const organizationId = record('organization', organizationValues, false);
        // A skipped company: nothing of its row is written, and the row counts as skipped.
        if (organizationId === null) break;
        const personId = record('person', personValues, false);
        if (organizationId && personId)
          link(
            personId,
            organizationId,
            mapped.link ?? {},
            `${recordLabel('person', personValues)} – ${recordLabel('organization', organizationValues)}`,
          );
        break;
      }
    }
    return touched.created ? 'created' : touched.updated ? 'updated' : 'skipped';
  }

  /**
   * Checks, runs and undos a stopped server left `checking`, `running` or `undoing`: queued again
   * when a worker starts (a job still in the queue is not queued twice), they resume.
   */
  async resumeInterrupted(): Promise<number> {
    const interrupted = await this.repository.interrupted();
    for (const row of interrupted) {
      if (await this.queue.enqueue(row.id, JOB_OF_STATUS[row.status])) await this.jobTaken(row);
    }
    return interrupted.length;
  }

  /**
   * The worker's periodic sweep (ADR 0145): every import `checking`, `running` or `undoing` has
   * its job in the queue, or is queued now (asked for while the queue was away; its job gone,
   * failed or finished while the import is not: a worker killed twice, Redis emptied), or, lost
   * IMPORT_LOST_JOBS_MAX times in a row without a batch done, is failed saying what it wrote. A
   * job BullMQ holds as active is left to BullMQ, which moves it back once its lock expires.
   */
  async sweep(now = new Date()): Promise<ImportSweepPass> {
    const pass: ImportSweepPass = { queued: 0, resumed: 0, failed: 0 };
    if (!this.queue.ready) return pass;
    for (const row of await this.repository.interrupted()) {
      const name = JOB_OF_STATUS[row.status];
      const job = await this.queue.jobState(row.id, name);
      const action = sweepAction(job.state, {
        waitingForQueue: row.waitingForQueue,
        lostJobs: row.lostJobs,
        movedMsAgo: now.getTime() - row.updatedAt.getTime(),
      });
      if (action === 'queue') {
        if (!(await this.queue.enqueue(row.id, name))) break;
        await this.jobTaken(row);
        this.logger.log(`Import ${row.id}: its ${name} is queued, now that the queue answers`);
        pass.queued += 1;
      } else if (action === 'resume') {
        if (!(await this.repository.countResume(row.id, row.status, row.lostJobs))) continue;
        const lost =
          job.state === 'unknown'
            ? 'was gone from the queue'
            : job.state === 'failed'
              ? 'had failed'
              : `was ${job.state}`;
        const why = job.failedReason ? ` (${job.failedReason})` : '';
        this.logger.warn(
          `Import ${row.id}: its ${name} job ${lost}${why}; queued again, it resumes after its last committed batch`,
        );
        if (!(await this.queue.enqueue(row.id, name)))
          await this.repository.update(row.id, { waitingForQueue: true }, row.status);
        pass.resumed += 1;
      } else if (action === 'fail') {
        if (await this.failLost(row, job.failedReason)) pass.failed += 1;
      }
    }
    return pass;
  }

  /** An import whose job was lost IMPORT_LOST_JOBS_MAX times in a row: failed, with what it wrote. */
  private async failLost(row: ImportRow, failedReason: string | undefined): Promise<boolean> {
    const lost =
      `its job was lost ${IMPORT_LOST_JOBS_MAX} times in a row with no batch done ` +
      `(a worker stopped or the queue lost it${failedReason ? `; last: ${failedReason}` : ''})`;
    let values: Parameters<ImportRepository['update']>[1];
    if (row.status === 'running') {
      values = {
        status: 'failed',
        finishedAt: new Date(),
        failure:
          `The run stopped after ${row.rowsDone} of ${row.rows} rows (${row.created} created, ` +
          `${row.updated} updated, ${row.skipped} skipped, ${row.failed} failed): ${lost}. ` +
          'What it wrote can be undone.',
      };
    } else if (row.status === 'undoing') {
      values = {
        status: 'undo_failed',
        failure:
          `The undo stopped after ${row.undoDone} of ${row.undoTotal} records (${row.deleted} ` +
          `deleted, ${row.restored} restored, ${row.leftAlone} left alone): ${lost}. ` +
          'Undo again to go on.',
      };
    } else {
      values = {
        status: 'check_failed',
        checkProgress: 0,
        failure: `The check stopped: ${lost}. Check it again.`,
      };
    }
    const failed = await this.repository.failLost(row.id, row.status, row.lostJobs, values);
    if (failed) this.logger.warn(`Import ${row.id}: ${values.failure}`);
    return failed;
  }

  /** What every start of a job (check, run, undo) resets: its resumes, and the queue's state. */
  private jobStart(): { waitingForQueue: boolean; resumes: number; lostJobs: number } {
    return { waitingForQueue: !this.queue.ready, resumes: 0, lostJobs: 0 };
  }

  /** Queues the job after its request committed; the import waits for the queue when it is away. */
  private async queueOrWait(id: string, name: ImportJobName): Promise<void> {
    if (!(await this.queue.enqueue(id, name)))
      await this.repository.update(id, { waitingForQueue: true });
  }

  /** The import's job is in the queue (or taken): no longer waiting for it. */
  private async jobTaken(row: ImportRow): Promise<void> {
    if (row.waitingForQueue) await this.repository.update(row.id, { waitingForQueue: false });
  }

  // ---------------------------------------------------------------- reading

  async get(id: string): Promise<ImportRow> {
    const row = await this.repository.find(id);
    if (!row) throw notFound('Import');
    return row;
  }

  /** One import; once undone (or undoing), with the first records its undo left alone. */
  async status(id: string): Promise<ImportView> {
    const row = await this.get(id);
    const leftAlone =
      row.leftAlone > 0
        ? (await this.repository.leftAlone(id, IMPORT_ANSWER_LIST_MAX)).map((record) => ({
            recordType: record.recordType,
            recordId: record.recordId,
            label: record.label ?? '',
          }))
        : [];
    return toImportView(row, new Date(), leftAlone);
  }

  async history(pageNumber: number, limit: number): Promise<Page<ImportView>> {
    const { rows, total } = await this.repository.page((pageNumber - 1) * limit, limit);
    const now = new Date();
    return page(
      rows.map((row) => toImportView(row, now)),
      total,
      pageNumber,
      limit,
    );
  }

  /**
   * The failed rows of the run (or of the check, before a run), in file order, each as the file
   * holds it (its cells, read again from the stored file) with its reasons: what the user fixes
   * and imports again. The errors and the file are read side by side, a batch at a time (the
   * errors are written in row order). Once the file is removed, the rows keep only their number
   * and reasons.
   */
  async failedRows(id: string): Promise<{ columns: string[]; rows: CsvRowSource<FailedRow> }> {
    const row = await this.get(id);
    const phase = CHECKABLE.has(row.status) || row.status === 'checking' ? 'check' : 'run';
    const rows: CsvRowSource<FailedRow> = async (onBatch) => {
      const sheet = row.fileRemovedAt
        ? undefined
        : readSheet(this.storage, row.storageKey, sourceOf(row), () => undefined)[
            Symbol.asyncIterator
          ]();
      let current = sheet ? await sheet.next() : undefined;
      const cellsOf = async (number: number): Promise<ImportCell[]> => {
        while (current && !current.done && current.value.row < number)
          current = await (sheet as AsyncIterator<SheetRow>).next();
        return current && !current.done && current.value.row === number ? current.value.cells : [];
      };
      // A row's reasons may span two batches of errors: the last row of a batch waits for the next.
      let carried: { row: number; reasons: string[] } | undefined;
      const lines = async (groups: Array<{ row: number; reasons: string[] }>) => {
        const out: FailedRow[] = [];
        for (const group of groups)
          out.push({ row: group.row, cells: await cellsOf(group.row), reasons: group.reasons });
        await onBatch(out);
      };
      try {
        await this.repository.errorsInBatches(id, phase, async (errors) => {
          const groups = carried ? [carried] : [];
          for (const error of errors) {
            const reason = error.column ? `${error.column}: ${error.message}` : error.message;
            const last = groups[groups.length - 1];
            if (last && last.row === error.row) last.reasons.push(reason);
            else groups.push({ row: error.row, reasons: [reason] });
          }
          carried = groups.pop();
          await lines(groups);
        });
        if (carried) await lines([carried]);
      } finally {
        await sheet?.return?.(undefined);
      }
    };
    return { columns: row.columns, rows };
  }

  // ---------------------------------------------------------------- undo

  /**
   * Starts taking an import back (within 30 days of its end) as a queue job, after this request
   * commits: `undoing`, then `undone`. An undo that stopped (`undo_failed`) is started again and
   * goes on from where it stopped. Only the import's own user (who uploaded it, in whose name it
   * ran) and administrators may undo it: it deletes records across the book.
   */
  async undo(id: string, user: AuthUser): Promise<ImportView> {
    const row = await this.get(id);
    if (user.role !== 'admin' && row.userId !== user._id) {
      throw forbidden(
        `Only ${row.userName || 'the person who ran it'} or an administrator can undo this import`,
      );
    }
    if (row.status === 'running') throw stateConflict('The import is still running');
    if (row.status === 'undoing') throw stateConflict('The import is being undone already');
    if (row.status === 'undone') throw stateConflict('The import was undone already');
    if (row.status !== 'undo_failed') {
      const until = undoableUntil(row);
      if (!until) throw stateConflict('Only a finished import can be undone');
      if (until <= new Date())
        throw stateConflict(
          `An import can be undone for ${IMPORT_UNDO_DAYS} days after it finished`,
        );
    }
    const started = await this.repository.update(
      id,
      {
        status: 'undoing',
        failure: null,
        undoUserId: user._id,
        undoUserName: `${user.firstName} ${user.lastName}`.trim(),
        ...this.jobStart(),
        // A first start counts what there is to take back; a restart keeps what was done.
        ...(row.undoStartedAt
          ? {}
          : { undoStartedAt: new Date(), undoTotal: await this.repository.countRecords(id) }),
      },
      row.status,
    );
    if (!started) throw stateConflict('The import changed meanwhile');
    await this.unitOfWork.afterCommit(() => this.queueOrWait(id, UNDO_JOB));
    return toImportView(await this.get(id));
  }

  /**
   * The undo itself (the queue job), batch by batch, each in one transaction with its progress:
   * the records the import created are deleted and the fields it updated get their values back,
   * except records changed since (by anyone), left as they are and listed. A restart resumes
   * after the last committed batch; an undo that cannot go on is marked `undo_failed`, saying
   * what it did so far, and can be started again.
   */
  async executeUndo(id: string, stop?: AbortSignal): Promise<ImportJobEnd> {
    const row = await this.repository.find(id);
    if (!row || row.status !== 'undoing') return 'finished';
    await this.jobTaken(row);
    const actor = { id: row.undoUserId, name: row.undoUserName ?? row.userName };
    let committed = row.undoDone;
    return this.unitOfWork.runAs(actor, async (): Promise<ImportJobEnd> => {
      try {
        // Each batch commits with its progress; between two, a stopping worker lets go.
        for (;;) {
          handBackIfStopping(stop);
          const done = await this.unitOfWork.transaction(() => this.undoBatch(id));
          if (done === 0) break;
          committed += done;
        }
        await this.repository.update(id, { status: 'undone', undoneAt: new Date() }, 'undoing');
      } catch (error) {
        if (error instanceof HandedBack) return 'handed back';
        const current = await this.repository.find(id);
        if (
          error instanceof TakenOver ||
          current?.status !== 'undoing' ||
          current.undoDone !== committed
        ) {
          this.logger.warn(
            `Import ${id}: ${new TakenOver().message} (${(error as Error).message})`,
          );
          return 'finished';
        }
        const message =
          `The undo stopped after ${current?.undoDone ?? 0} of ${row.undoTotal} records ` +
          `(${current?.deleted ?? 0} deleted, ${current?.restored ?? 0} restored, ` +
          `${current?.leftAlone ?? 0} left alone): ${(error as Error).message}`;
        this.logger.warn(`Import ${id}: ${message}`);
        await this.repository.update(id, { status: 'undo_failed', failure: message }, 'undoing');
      }
      return 'finished';
    });
  }

  /**
   * One batch of an undo (records of one type: links, then people, then organizations): how many
   * records it went through, 0 when there was nothing left to take back. The records it created are deleted in one
   * statement, those unchanged since the import wrote them (ADR 0137); the fields it updated are
   * put back record by record (each has its own previous values). The others are left alone,
   * with their names for the list.
   */
  private async undoBatch(id: string): Promise<number> {
    // Where this batch starts: its progress is written only if no one else moved it meanwhile.
    const from = (await this.repository.find(id))?.undoDone ?? 0;
    const records = await this.repository.recordsToUndo(id, IMPORT_UNDO_BATCH);
    if (records.length === 0) return 0;
    const targets = this.targets();
    const created = records.filter((record) => record.action === 'create');
    const deleted = await targets[records[0].recordType].undoCreates(
      created.map((record) => ({ id: record.recordId, writtenAt: record.writtenAt })),
    );
    const counts = { done: records.length, deleted: 0, restored: 0, leftAlone: 0 };
    const outcomes: Array<{ id: number; undo: ImportRecordUndo; label: string | null }> = [];
    for (const record of records) {
      const target = targets[record.recordType];
      if (record.action === 'create' && deleted.has(record.recordId)) {
        counts.deleted += 1;
        outcomes.push({ id: record.id, undo: 'deleted', label: null });
      } else if (
        record.action === 'update' &&
        (await target.undoUpdate(record.recordId, record.previous ?? {}, record.writtenAt))
      ) {
        counts.restored += 1;
        outcomes.push({ id: record.id, undo: 'restored', label: null });
      } else {
        counts.leftAlone += 1;
        outcomes.push({
          id: record.id,
          undo: 'left alone',
          label: await target.label(record.recordId),
        });
      }
    }
    await this.repository.markUndone(outcomes);
    if (!(await this.repository.addUndoProgress(id, from, counts))) throw new TakenOver();
    return records.length;
  }

  // ---------------------------------------------------------------- housekeeping

  /**
   * The daily housekeeping: the stored files no import needs any more (finished ones past the
   * undo window or undone; uploads left unused for IMPORT_UNUSED_FILE_DAYS) are removed; each
   * import row keeps its summary. A file storage cannot remove now is tried again tomorrow.
   */
  async removeUnneededFiles(now: Date): Promise<number> {
    const rows = await this.repository.withFileToRemove(
      new Date(now.getTime() - IMPORT_UNDO_DAYS * DAY_MS),
      new Date(now.getTime() - IMPORT_UNUSED_FILE_DAYS * DAY_MS),
    );
    let removed = 0;
    for (const row of rows) {
      try {
        await this.storage.delete(row.storageKey);
      } catch (error) {
        this.logger.warn(`Import file ${row.id} not removed: ${(error as Error).message}`);
        continue;
      }
      await this.repository.update(row.id, { fileRemovedAt: now });
      removed += 1;
    }
    return removed;
  }
}
