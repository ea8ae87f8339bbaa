import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@registra/domain';
import type { FileView } from '@registra/domain';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { OrganizationsService } from '../organizations/organizations.service';
import { PeopleService } from '../people/people.service';
import { RecordMerge } from '../platform/ports/record-merge';
import { StoredFiles } from '../platform/ports/stored-files';
import { APP_CONFIG } from '../platform/config/app-config';
import type { AppConfig } from '../platform/config/app-config';
import type { AttachmentOwner } from '../platform/database/attached-files';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { AppException, notFound } from '../platform/errors/app-exception';
import { jsonPage } from '../platform/http/envelope';
import { DEFAULT_PAGE_LIMIT } from '../platform/http/list-query.dto';
import { FILE_STORAGE } from '../platform/storage/file-storage';
import type { FileStorage, ObjectRange } from '../platform/storage/file-storage';
import type { AuthUser } from '../users/user.view';
import { fileUrl, toFileView } from './file.view';
import { FilesRepository } from './files.repository';
import type { FileRow } from './files.schema';
import { receiveUpload } from './multipart-upload';
import { parseUploadFolder } from './upload-folder';
import type { UploadTarget } from './upload-folder';

const refusedFolder = (message: string) =>
  new AppException(HttpStatus.BAD_REQUEST, ErrorCode.VALIDATION_ERROR, message);

@Injectable()
export class FilesService {
  constructor(
    private readonly repository: FilesRepository,
    people: PeopleService,
    organizations: OrganizationsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly unitOfWork: UnitOfWork,
    recordMerge: RecordMerge,
    storedFiles: StoredFiles,
  ) {
    // Tasks register theirs when their module starts (registerOwner).
    this.owners = { people: people.attachments, organization: organizations.attachments };
    // Merging duplicates hands the merged-away record's files to the kept one.
    recordMerge.register({
      name: 'files',
      movePerson: (fromId, toId) => this.repository.moveOwner('people', fromId, toId),
      moveOrganization: (fromId, toId) => this.repository.moveOwner('organization', fromId, toId),
    });
    // Records and mails given a file address ask here whether it names a stored file.
    storedFiles.register((ids) => this.repository.liveIds(ids));
  }

  private readonly owners: Partial<Record<UploadTarget['ownerKind'], AttachmentOwner>>;

  /** A context whose records carry files in their own folder (tasks: `task/{id}`). */
  registerOwner(kind: 'task', owner: AttachmentOwner): void {
    this.owners[kind] = owner;
  }

  /**
   * The record is being deleted: its files are marked deleted with it, and their bytes leave
   * storage once that has committed (no orphan bytes; a rolled-back delete keeps them).
   */
  async deleteOwnerFiles(kind: 'task', ownerId: string): Promise<number> {
    const deleted = await this.repository.softDeleteOwner(kind, ownerId, new Date());
    await this.unitOfWork.afterCommit(async () => {
      for (const row of deleted) await this.storage.delete(row.storageKey).catch(() => undefined);
    });
    return deleted.length;
  }

  /** Streams the upload to storage, then records it and attaches it to its record in one transaction. */
  async upload(request: IncomingMessage, user: AuthUser): Promise<FileView> {
    const upload = await receiveUpload(request, this.storage, this.config.fileMaxBytes);
    try {
      const target = parseUploadFolder(upload.folder);
      if (!target) {
        throw refusedFolder(
          'folder must be people/{id}, organization/{id}/{folder} with a known folder, or task/{id}',
        );
      }
      const owner = this.owners[target.ownerKind];
      if (!owner || !(await owner.exists(target.ownerId))) {
        throw refusedFolder(`folder names no existing ${target.ownerKind} record`);
      }
      const row = await this.repository.transaction(async (tx) => {
        const inserted = await this.repository.insert(tx, {
          storageKey: upload.storageKey,
          folder: target.folder,
          ownerKind: target.ownerKind,
          ownerId: target.ownerId,
          fileName: upload.fileName,
          size: upload.size,
          contentType: upload.contentType,
          uploadedBy: user._id,
          uploadedByName: `${user.firstName} ${user.lastName}`.trim(),
        });
        const { _id: _fileId, ...entry } = toFileView(inserted);
        if (!(await owner.appendFile(tx, target.ownerId, entry))) {
          throw refusedFolder(`folder names no existing ${target.ownerKind} record`);
        }
        return inserted;
      });
      return toFileView(row);
    } catch (error) {
      // Nothing stays in storage for an upload that was not recorded.
      await this.storage.delete(upload.storageKey).catch(() => undefined);
      throw error;
    }
  }

  async find(id: string): Promise<FileRow> {
    const row = await this.repository.find(id);
    if (!row) throw notFound('File');
    return row;
  }

  read(row: FileRow, range: ObjectRange | undefined): Promise<Readable> {
    return this.storage.read(row.storageKey, range);
  }

  /**
   * Removes the entry from its record and marks the file row deleted together; the stored object
   * goes once that has committed (a rolled-back delete keeps its bytes).
   */
  async delete(id: string): Promise<void> {
    await this.repository.transaction(async (tx) => {
      const deleted = await this.repository.softDelete(tx, id, new Date());
      if (!deleted) throw notFound('File');
      await this.owners[deleted.ownerKind]?.removeFile(tx, deleted.ownerId, fileUrl(deleted.id));
      await this.unitOfWork.afterCommit(() => this.storage.delete(deleted.storageKey));
    });
  }

  /** The page's envelope as JSON text, its files written by PostgreSQL (ADR 0090). */
  recent(asked: { page?: number; limit?: number }): Promise<string> {
    return jsonPage(asked, DEFAULT_PAGE_LIMIT, (range) => this.repository.recent(range));
  }
}
