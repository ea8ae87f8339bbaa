import { HttpStatus, Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ErrorCode, taskEmailRecipients, taskPath } from '@registra/domain';
import { FilesService } from '../files/files.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { TASK_NOTIFICATION_TEMPLATE } from '../mail/mail-template-catalogue';
import { MailService } from '../mail/mail.service';
import { APP_CONFIG } from '../platform/config/app-config';
import type { AppConfig } from '../platform/config/app-config';
import { parseExpectedVersion, updateWithVersion } from '../platform/database/versioned-update';
import { searchTextOf } from '../platform/database/search';
import { AppException, notFound, validationError } from '../platform/errors/app-exception';
import {
  answerAttachedFilesAsSent,
  attachedFilesChange,
  isOwnFileUrl,
  requireStoredFiles,
  resolveAttachedFiles,
} from '../platform/http/attached-files-input';
import { jsonPage } from '../platform/http/envelope';
import { DEFAULT_PAGE_LIMIT, listSort } from '../platform/http/list-query.dto';
import { AuditService } from '../platform/audit/audit.service';
import { RecordMerge } from '../platform/ports/record-merge';
import { StoredFiles } from '../platform/ports/stored-files';
import type { AuthUser } from '../users/user.view';
import { AccountsService } from '../users/accounts.service';
import { CreateTaskDto, SearchTasksDto, SendTaskDto, UpdateTaskDto } from './dto/task.dto';
import { toTaskView } from './task.view';
import type { TaskView } from './task.view';
import { TasksRepository } from './tasks.repository';
import type { NewTaskRow, TaskRow } from './tasks.schema';
import type { AssignedUser, SearchHit } from '@registra/domain';
import { FIRST_HITS, hitsOf } from '../platform/http/search-hits';

export type TaskAnswer = ReturnType<typeof answerAttachedFilesAsSent<TaskView>>;

const fullName = (user: { firstName: string; lastName: string }) =>
  `${user.firstName} ${user.lastName}`.trim();

/** 400 with the product's words as the message (the toast shows it). */
const refused = (field: string, message: string) => validationError([{ field, message }], message);

@Injectable()
export class TasksService implements OnModuleInit {
  constructor(
    private readonly repository: TasksRepository,
    private readonly users: AccountsService,
    private readonly files: FilesService,
    private readonly organizations: OrganizationsService,
    private readonly mail: MailService,
    private readonly recordMerge: RecordMerge,
    private readonly audit: AuditService,
    private readonly storedFiles: StoredFiles,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // Attachments go into task/{id} through the files module.
    this.files.registerOwner('task', {
      exists: async (id) => Boolean(await this.repository.findLive(id)),
      appendFile: (executor, id, entry) => this.repository.appendAttachedFile(executor, id, entry),
      removeFile: (executor, id, url) => this.repository.removeAttachedFile(executor, id, url),
    });
    // Merging duplicates moves the tasks that name the merged-away record.
    this.recordMerge.register({
      name: 'tasks',
      moveOrganization: (fromId, toId) =>
        this.repository.moveOrganization(fromId, toId, new Date()),
      movePerson: (fromId, toId) => this.repository.movePerson(fromId, toId, new Date()),
    });
  }

  async create(dto: CreateTaskDto, user: AuthUser): Promise<TaskView> {
    const now = new Date();
    const row = await this.repository.insert({
      title: dto.title,
      searchText: searchTextOf(dto.title),
      createdById: user._id,
      createdAt: now,
      updatedAt: now,
    });
    return toTaskView(row, []);
  }

  async get(id: string): Promise<TaskView> {
    const found = await this.repository.findLiveWithUsers(id);
    if (!found) throw notFound('Task');
    return toTaskView(found.row, found.users);
  }

  /** The whole task; the users', organization's and person's names are the records' own. */
  async update(id: string, dto: UpdateTaskDto): Promise<TaskAnswer> {
    // Only the users: updateWithVersion reads the task itself.
    const before = await this.repository.assignedUsers(id);
    const users = await this.assignedUsers(
      dto.users.map((user) => user.userId),
      before,
    );
    const organizationName = dto.organizationId
      ? await this.organizations.findLiveName(dto.organizationId)
      : null;
    if (dto.organizationId && organizationName === undefined) {
      throw refused('organizationId', 'No such organization');
    }
    const peopleName = dto.peopleId ? await this.repository.personName(dto.peopleId) : null;
    if (dto.peopleId && peopleName === undefined) throw refused('peopleId', 'No such person');
    const description = dto.description ?? '';
    const row = await updateWithVersion<TaskRow, TaskRow>({
      what: 'Task',
      expected: parseExpectedVersion(dto.updatedAt),
      load: () => this.repository.findLive(id),
      write: async (current, nextUpdatedAt) => {
        const values: Partial<NewTaskRow> = {
          title: dto.title,
          description,
          status: dto.status ?? current.status,
          organizationId: dto.organizationId ?? null,
          organizationName: organizationName ?? null,
          peopleId: dto.peopleId ?? null,
          peopleName: peopleName ?? null,
          searchText: searchTextOf(dto.title, description),
          updatedAt: nextUpdatedAt,
          ...(await attachedFilesChange(dto, current, this.storedFiles)),
        };
        return this.repository.update(id, values, current.updatedAt);
      },
    });
    if (JSON.stringify(before) !== JSON.stringify(users)) {
      // The assigned users are rows of their own: the change is recorded here, in the task's
      // history and in its organization's and person's, as the task's other changes are.
      await this.repository.replaceUsers(id, users);
      await this.audit.record({
        action: 'update',
        recordType: 'task',
        recordId: id,
        recordLabel: row.title,
        changes: { users: [before, users] },
        relatedIds: [row.organizationId, row.peopleId].filter((related) => related !== null),
      });
    }
    return answerAttachedFilesAsSent(toTaskView(row, users), dto.attachedFiles);
  }

  /** Soft delete; the task's files leave storage once the delete has committed. */
  async delete(id: string): Promise<void> {
    if (!(await this.repository.softDelete(id, new Date()))) throw notFound('Task');
    await this.files.deleteOwnerFiles('task', id);
  }

  /** The top bar's search: the latest changed tasks whose title or description holds the term. */
  async find(term: string): Promise<SearchHit[]> {
    const sort = { field: 'updatedAt', order: 'desc' } as const;
    const items = await this.repository.firstViews({ searchBox: term }, sort, FIRST_HITS, true);
    return hitsOf<TaskView>(items, (task) => ({
      _id: task._id,
      label: task.title,
      detail: task.status,
    }));
  }

  async search(dto: SearchTasksDto): Promise<string> {
    const filters = {
      search: dto.search?.trim() || undefined,
      userId: dto.user ?? undefined,
      status: dto.status ?? undefined,
    };
    const sort = listSort(dto, 'updatedAt');
    return jsonPage(dto, DEFAULT_PAGE_LIMIT, (range) =>
      this.repository.search(filters, sort, range),
    );
  }

  /**
   * PUT /task/send/{id}: the task-notification mail, through the outbox, to each recipient with a
   * valid address. No recipients → 'Please add at least one user'; none valid → 'No valid email
   * recipients' (MESSAGES). A deactivated account is no recipient: a task still naming
   * a colleague who left mails the others.
   */
  async send(id: string, dto: SendTaskDto, sender: AuthUser): Promise<{ queued: number }> {
    const task = await this.repository.findLive(id);
    if (!task) throw notFound('Task');
    const recipientIds = [...new Set(dto.recipients ?? [])];
    const found = await Promise.all(recipientIds.map((userId) => this.users.findLive(userId)));
    const check = taskEmailRecipients(
      recipientIds.length === 0
        ? []
        : found.map((user) => ({ email: user?.active ? user.email : null })),
    );
    if (!check.ok) throw refused('recipients', check.message);
    const resolved = resolveAttachedFiles(dto.attachedFiles ?? [], task.attachedFiles);
    // A mail carries only the product's own files, even where the task still holds an older
    // address (ADR 0113).
    const foreign = resolved.findIndex((entry) => !isOwnFileUrl(entry.url));
    if (foreign >= 0) {
      throw refused(
        'attachedFiles',
        `attachedFiles[${foreign}] must be a file stored by Registra to be mailed`,
      );
    }
    // Even one the task still lists: a mail links only to files that are there.
    await requireStoredFiles(
      resolved.map((entry) => entry.url),
      this.storedFiles,
      'attachedFiles',
    );
    const attachedFiles = resolved.map((entry) => ({
      fileName: entry.fileName,
      // Downloads need a signed-in user: the link opens the product, which asks for one.
      url: entry.url.startsWith('/') ? `${this.config.appUrl}${entry.url}` : entry.url,
    }));
    for (const to of check.recipients) {
      await this.mail.queue({
        templateId: TASK_NOTIFICATION_TEMPLATE,
        to,
        params: {
          title: dto.title?.trim() || task.title,
          description: dto.description ?? task.description,
          organizationName: dto.organizationName ?? task.organizationName ?? '',
          peopleName: dto.peopleName ?? task.peopleName ?? '',
          sentBy: fullName(sender),
          link: `${this.config.appUrl}${taskPath(task.id)}`,
          attachedFiles,
        },
        requestedBy: { id: sender._id, name: fullName(sender), email: sender.email },
      });
    }
    return { queued: check.recipients.length };
  }

  /**
   * The users as stored: each id must be a live account (400 otherwise), names from the account.
   * A deactivated account cannot be assigned (400 naming `users`); one the task already names
   * stays, as its history does.
   */
  private async assignedUsers(ids: string[], before: readonly AssignedUser[]) {
    const unique = [...new Set(ids)];
    const found = await Promise.all(unique.map((userId) => this.users.findLive(userId)));
    const missing = unique.filter((_, index) => !found[index]);
    if (missing.length > 0) {
      throw new AppException(HttpStatus.BAD_REQUEST, ErrorCode.VALIDATION_ERROR, 'No such user', [
        { field: 'users', message: `No such user: ${missing.join(', ')}` },
      ]);
    }
    const assigned = new Set(before.map((user) => user.userId));
    const leaver = found.find((user) => !user!.active && !assigned.has(user!._id));
    if (leaver) {
      const message = `${fullName(leaver)}'s account is deactivated: choose an active user`;
      throw validationError([{ field: 'users', message }], message);
    }
    return found.map((user) => ({ userId: user!._id, userName: fullName(user!) }));
  }
}
