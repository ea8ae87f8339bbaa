import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode } from '@registra/domain';
import type { DataExportStatus } from '@registra/domain';
import { AuditService } from '../platform/audit/audit.service';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { AppException, notFound } from '../platform/errors/app-exception';
import { FILE_STORAGE } from '../platform/storage/file-storage';
import type { FileStorage } from '../platform/storage/file-storage';
import { PeopleService } from '../people/people.service';
import { DataExportQueue } from './data-export.queue';
import { PrivacyRepository } from './privacy.repository';
import { subjectPackage } from './subject-package';
import { zipStream } from './zip-stream';

/** Where the package's building stands: the sections read, then each stored file. */
const READ_PROGRESS = 20;

export interface DataExportState {
  status: DataExportStatus;
  progress: number;
}

/**
 * The subject-access export (GDPR Art. 15): an administrator asks for a person's package, a job
 * builds it (every record naming them, their files, mails and history, as JSON, CSV and a PDF
 * summary in one ZIP), and it is downloaded once, after which its bytes are removed.
 */
@Injectable()
export class DataExportService {
  private readonly logger = new Logger(DataExportService.name);

  constructor(
    private readonly repository: PrivacyRepository,
    private readonly people: PeopleService,
    private readonly queue: DataExportQueue,
    private readonly audit: AuditService,
    private readonly unitOfWork: UnitOfWork,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** Starts a person's export; the history records who asked ("subject access export by …"). */
  async request(personId: string): Promise<{ _id: string }> {
    const person = await this.people.get(personId);
    const row = await this.repository.createExport({ personId }, this.unitOfWork.actor);
    await this.audit.record({
      action: 'subject access export',
      recordType: 'people',
      recordId: personId,
      recordLabel: `${person.firstName} ${person.lastName}`.trim(),
      data: { exportId: row.id },
    });
    await this.unitOfWork.afterCommit(() => this.queue.enqueue(row.id));
    return { _id: row.id };
  }

  /**
   * Starts the export of an e-mail found only in the public form's requests (or the mails), with
   * no person record created for it: 404 when nothing names it. The history records who asked on
   * the first request (or mail) found, without the e-mail.
   */
  async requestByMail(mail: string): Promise<{ _id: string }> {
    const { forms, mails } = await this.repository.recordsOfMail(mail);
    const first = forms[0] ?? mails[0];
    if (!first) {
      throw new AppException(
        HttpStatus.NOT_FOUND,
        ErrorCode.NOT_FOUND,
        'No request of the public form and no mail names this e-mail',
      );
    }
    const row = await this.repository.createExport({ mail }, this.unitOfWork.actor);
    await this.audit.record({
      action: 'subject access export',
      recordType: forms[0] ? 'form' : 'email',
      recordId: String(first._id),
      recordLabel: forms[0] ? String(forms[0].organizationName1) : 'Mail',
      data: { exportId: row.id },
    });
    await this.unitOfWork.afterCommit(() => this.queue.enqueue(row.id));
    return { _id: row.id };
  }

  async state(id: string): Promise<DataExportState> {
    const row = await this.repository.findExport(id);
    if (!row) throw notFound('Data export');
    return { status: row.status, progress: row.progress };
  }

  /**
   * The built ZIP, once: the first call takes it (and its bytes go once sent), any later one, or
   * one before the package is built, answers 404.
   */
  async download(id: string): Promise<{ body: Readable; fileName: string }> {
    const row = await this.repository.findExport(id);
    const key = row
      ? await this.repository.claimDownload(id, this.unitOfWork.actor?.id ?? null)
      : undefined;
    if (!row || !key) throw notFound('Data export (it is built once and downloaded once)');
    const body = await this.storage.read(key);
    const remove = () => {
      void this.storage.delete(key).catch((error: Error) => {
        this.logger.warn(`A downloaded export stays in storage: ${error.message}`);
      });
    };
    body.once('end', remove);
    body.once('error', remove);
    return { body, fileName: `subject-access-${row.createdAt.toISOString().slice(0, 10)}.zip` };
  }

  /** The job: reads every section, writes the ZIP to storage, marks the export done. */
  async build(id: string): Promise<void> {
    const row = await this.repository.findExport(id);
    if (!row || row.status !== 'running') return;
    const key = randomUUID();
    try {
      const records = row.personId
        ? await this.repository.subjectRecords(row.personId)
        : await this.repository.subjectRecordsOfMail(row.subjectMail ?? '');
      await this.repository.setProgress(id, READ_PROGRESS);
      const files = records.files.length;
      const entries = subjectPackage(
        records,
        row.requestedByName ?? 'an administrator',
        (file) => this.storage.read(file.storageKey),
        (index) =>
          this.repository.setProgress(
            id,
            READ_PROGRESS + Math.floor(((100 - READ_PROGRESS - 1) * index) / Math.max(files, 1)),
          ),
      );
      await this.storage.put(key, zipStream(entries), 'application/zip');
      await this.repository.finishExport(id, { status: 'done', storageKey: key });
    } catch (error) {
      await this.storage.delete(key).catch(() => undefined);
      await this.repository.finishExport(id, {
        status: 'failed',
        error: (error as Error).message,
      });
      this.logger.warn(`Data export ${id} failed: ${(error as Error).message}`);
    }
  }

  /** Queues again the exports a stopped server left running. */
  async resumeInterrupted(): Promise<void> {
    for (const id of await this.repository.runningExports()) await this.queue.enqueue(id);
  }
}
