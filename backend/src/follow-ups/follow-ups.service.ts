import { HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';
import {
  addDays,
  assignmentAction,
  checkNewFollowUp,
  deadlineFromArd,
  deadlineFromStartDate,
  ErrorCode,
  FOLLOW_UP_DUE_SOON_DAYS,
  followUpDefinition,
  isFollowUpType,
  lastStepIndex,
  MESSAGES,
  stepLabel,
  todayInDublin,
} from '@registra/domain';
import type {
  FollowUpHistoryAction,
  FollowUpHistoryEntry,
  FollowUpSummary,
} from '@registra/domain';
import { MailDigestService } from '../mail/mail-digest.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { isUniqueViolation } from '../platform/database/pg-errors';
import { parseExpectedVersion, updateWithVersion } from '../platform/database/versioned-update';
import { AppException, notFound, validationError } from '../platform/errors/app-exception';
import { pageJsonText } from '../platform/http/envelope';
import type { Page } from '../platform/http/envelope';
import { DEFAULT_PAGE_LIMIT } from '../platform/http/list-query.dto';
import { FollowUpStarter } from '../platform/ports/follow-up-starter';
import { RecordMerge } from '../platform/ports/record-merge';
import { AccountsService } from '../users/accounts.service';
import { CreateFollowUpDto, SearchFollowUpsDto, UpdateFollowUpDto } from './dto/follow-up.dto';
import { toFollowUpView } from './follow-up.view';
import type { FollowUpView } from './follow-up.view';
import { FollowUpsRepository } from './follow-ups.repository';
import type { FollowUpFilters } from './follow-ups.repository';
import type { FollowUpRow, NewFollowUpRow } from './follow-ups.schema';

/** Who acts, as the history names them. */
export interface FollowUpActor {
  id: string | null;
  firstName: string;
  lastName: string;
}

/** The changes PUT /followUp/{id} takes, one at a time. */
const CHANGES = ['step_index', 'comments', 'ARD', 'start_date', 'archived_at', 'user_id'] as const;

export type FollowUpSearchAnswer = Page<FollowUpView> & { summary: FollowUpSummary };

const alreadyExists = (message: string) =>
  new AppException(HttpStatus.CONFLICT, ErrorCode.FOLLOW_UP_ALREADY_EXISTS, message);

/** The catalogue's annual returns: completing one files the B1 of its ARD. */
const ANNUAL_RETURN_TYPES: ReadonlySet<string> = new Set([
  'FIRST_AR',
  'AR_TRADING',
  'AR_NO_TRADING',
]);

/** The active/archived choice of the organization tab: null or false active, anything else archived. */
const isArchivedFilter = (value: SearchFollowUpsDto['archived_at']) =>
  value !== undefined && value !== null && value !== false;

@Injectable()
export class FollowUpsService implements OnModuleInit {
  constructor(
    private readonly repository: FollowUpsRepository,
    private readonly organizations: OrganizationsService,
    private readonly users: AccountsService,
    private readonly unitOfWork: UnitOfWork,
    private readonly digest: MailDigestService,
    private readonly starter: FollowUpStarter,
    private readonly recordMerge: RecordMerge,
  ) {}

  onModuleInit(): void {
    // A company-creation request turned into a client starts its INCORPORATION here.
    this.starter.register(
      async (organizationId, name) => {
        if (!isFollowUpType(name)) throw new RangeError(`Unknown follow-up type: ${name}`);
        const created = await this.create({ name, organization_id: organizationId }, this.actor());
        return { _id: created._id };
      },
      // A CRO clock (an officer's change, a registered-office change): dated by the change, with
      // the CRO's deadline rather than the catalogue's day count; an active one of the type
      // already covers the change, so the clock starts once.
      async (organizationId, name, dates) => {
        if (!isFollowUpType(name)) throw new RangeError(`Unknown follow-up type: ${name}`);
        if (await this.repository.activeOfTypeExists(organizationId, name)) return null;
        const actor = this.actor();
        const created = await this.create({ name, organization_id: organizationId }, actor, dates);
        // Assigned, as the annual returns started by themselves are, to the company's first
        // user (an active account), so its deadline reaches their digest.
        const { users } = await this.organizations.get(organizationId);
        const firstUserId = users[0]?.userId;
        const assignee = firstUserId ? await this.users.findLive(firstUserId) : undefined;
        if (assignee?.active) {
          await this.update(created._id, { user_id: assignee._id } as UpdateFollowUpDto, actor);
        }
        return { _id: created._id };
      },
    );
    // Merging duplicate organizations moves their follow-ups.
    this.recordMerge.register({
      name: 'follow-ups',
      moveOrganization: (fromId, toId) =>
        this.repository.moveOrganization(fromId, toId, new Date()),
    });
    // The daily digest lists each user's follow-ups late or due within its window.
    this.digest.addSource({
      name: 'follow-up deadlines',
      entriesFor: async (userId, { date, until }) =>
        (await this.repository.dueForUser(userId, until)).map(({ row, organizationName }) => ({
          name: organizationName,
          items: [
            {
              label: `${followUpDefinition(row.name).displayName}: ${stepLabel(row.name, row.stepIndex)}`,
              date: row.deadline as string,
              late: (row.deadline as string) < date,
            },
          ],
        })),
    });
  }

  /** `dates`: a clock's start date and deadline (otherwise both are set later by staff). */
  async create(
    dto: CreateFollowUpDto,
    actor: FollowUpActor,
    dates?: { startDate: string; deadline: string },
  ): Promise<FollowUpView> {
    if (!isFollowUpType(dto.name)) {
      throw validationError([{ field: 'name', message: 'name must be a type of the catalogue' }]);
    }
    await this.organizations.assertLive(dto.organization_id);
    if (await this.repository.activeOfTypeExists(dto.organization_id, dto.name)) {
      const check = checkNewFollowUp([dto.name], dto.name);
      throw alreadyExists(check.ok ? MESSAGES.followUpCreateFailed : check.message);
    }
    const now = new Date();
    try {
      const row = await this.repository.insert({
        organizationId: dto.organization_id,
        name: dto.name,
        stepIndex: 0,
        maxStepIndex: lastStepIndex(dto.name),
        comments: '',
        startDate: dates?.startDate ?? null,
        deadline: dates?.deadline ?? null,
        history: [
          historyEntry('created', actor, now, { step: 0, assignee: null, lastAssignee: null }),
        ],
        createdById: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      return this.get(row.id);
    } catch (error) {
      if (isUniqueViolation(error)) {
        const check = checkNewFollowUp([dto.name], dto.name);
        throw alreadyExists(check.ok ? MESSAGES.followUpCreateFailed : check.message);
      }
      throw error;
    }
  }

  async get(id: string): Promise<FollowUpView> {
    const found = await this.repository.findLive(id);
    if (!found) throw notFound('Follow-up');
    return toFollowUpView(found);
  }

  /**
   * A page of follow-ups with the list's summary, as JSON text: the views are written by
   * PostgreSQL (ADR 0090). Its shape is {@link FollowUpSearchAnswer}.
   */
  async search(dto: SearchFollowUpsDto, now = new Date()): Promise<string> {
    const filters: FollowUpFilters = {
      organizationId: dto.organization_id,
      archived: isArchivedFilter(dto.archived_at),
      organizationName: dto.organization_name?.trim() || undefined,
      name: dto.name || undefined,
      inProgress: dto.inProgress ?? true,
      completed: dto.completed ?? true,
      startedOnOrAfter: dto.startDate || undefined,
      deadlineOnOrBefore: dto.deadline || undefined,
      assignedTo: dto.assigned_to || undefined,
    };
    const pageNumber = dto.page ?? 1;
    const limit = dto.limit ?? DEFAULT_PAGE_LIMIT;
    const today = todayInDublin(now);
    const { items, total, counts } = await this.repository.search(
      filters,
      { field: dto.sortField || 'createdAt', order: dto.sortOrder ?? 'desc' },
      { offset: (pageNumber - 1) * limit, limit },
      today,
      addDays(today, FOLLOW_UP_DUE_SOON_DAYS),
    );
    const summary: FollowUpSummary = counts;
    return pageJsonText(items, total, pageNumber, limit, { summary });
  }

  async update(id: string, dto: UpdateFollowUpDto, actor: FollowUpActor): Promise<FollowUpView> {
    const given = CHANGES.filter((field) => dto[field] !== undefined);
    if (dto.user_name !== undefined && dto.user_id === undefined) {
      throw validationError([{ field: 'user_id', message: 'user_name goes with user_id' }]);
    }
    if (given.length !== 1) {
      const message = `Give exactly one of ${CHANGES.join(', ')}`;
      throw validationError([{ field: given[1] ?? 'step_index', message }], message);
    }
    const [change] = given;
    // The assignee is looked up once, outside the write loop: their stored name is recorded.
    const assignee =
      change === 'user_id' && dto.user_id ? await this.users.findLive(dto.user_id) : undefined;
    if (change === 'user_id' && dto.user_id && !assignee) {
      throw validationError([{ field: 'user_id', message: 'No such user' }]);
    }
    if (assignee && !assignee.active) {
      const message = `${`${assignee.firstName} ${assignee.lastName}`.trim()}'s account is deactivated: choose an active user`;
      throw validationError([{ field: 'user_id', message }], message);
    }
    await updateWithVersion<FollowUpRow, FollowUpRow>({
      what: 'Follow-up',
      expected: parseExpectedVersion(dto.updatedAt),
      load: async () => (await this.repository.findLive(id))?.row,
      write: async (current, nextUpdatedAt) => {
        const values = await this.changeOf(current, change, dto, assignee, actor, nextUpdatedAt);
        if (!values) return current;
        try {
          return await this.repository.update(
            id,
            { ...values, updatedAt: nextUpdatedAt },
            current.updatedAt,
          );
        } catch (error) {
          if (isUniqueViolation(error)) throw alreadyExists(MESSAGES.unarchiveConflict);
          throw error;
        }
      },
    });
    return this.get(id);
  }

  async delete(id: string): Promise<void> {
    if (!(await this.repository.softDelete(id, new Date()))) throw notFound('Follow-up');
  }

  /** The acting user of the current unit of work (a job, or a port call from another context). */
  private actor(): FollowUpActor {
    const actor = this.unitOfWork.actor;
    const [firstName = 'System', ...rest] = (actor?.name ?? 'System').split(' ');
    return { id: actor?.id ?? null, firstName, lastName: rest.join(' ') };
  }

  /** The columns one change writes, history entry included; undefined when it changes nothing. */
  private async changeOf(
    current: FollowUpRow,
    change: (typeof CHANGES)[number],
    dto: UpdateFollowUpDto,
    assignee: { _id: string; firstName: string; lastName: string } | undefined,
    actor: FollowUpActor,
    at: Date,
  ): Promise<Partial<NewFollowUpRow> | undefined> {
    const step = current.stepIndex;
    const assigneeNow = { assignee: current.userName, lastAssignee: current.userName };
    const append = (entry: FollowUpHistoryEntry) => [...current.history, entry];
    switch (change) {
      case 'step_index': {
        const next = dto.step_index as number;
        const last = current.maxStepIndex;
        if (!Number.isInteger(next) || next < 0 || next > last) {
          throw validationError([
            { field: 'step_index', message: `step_index must be from 0 to ${last}` },
          ]);
        }
        if (next === step) return undefined;
        // An annual return completed moves the company's next ARD a year on from the one filed.
        if (next === last && current.ard && ANNUAL_RETURN_TYPES.has(current.name)) {
          await this.organizations.moveNextArdAfterFiling(current.organizationId, current.ard);
        }
        return {
          stepIndex: next,
          history: append(
            historyEntry('updated', actor, at, { lastStep: step, step: next, ...assigneeNow }),
          ),
        };
      }
      case 'comments': {
        const comments = dto.comments ?? '';
        if (comments === current.comments) return undefined;
        return {
          comments,
          history: append(historyEntry('updated', actor, at, { step, ...assigneeNow }, 'comments')),
        };
      }
      case 'ARD': {
        if (!followUpDefinition(current.name).ardEnabled) {
          throw validationError([
            {
              field: 'ARD',
              message: `${followUpDefinition(current.name).displayName} has no annual return date`,
            },
          ]);
        }
        const ard = dto.ARD as string;
        return {
          ard,
          deadline: deadlineFromArd(ard),
          history: append(historyEntry('updated', actor, at, { step, ...assigneeNow }, 'ARD')),
        };
      }
      case 'start_date': {
        const startDate = dto.start_date as string;
        return {
          startDate,
          deadline: deadlineFromStartDate(current.name, startDate),
          history: append(
            historyEntry('updated', actor, at, { step, ...assigneeNow }, 'start_date'),
          ),
        };
      }
      case 'archived_at': {
        if (dto.archived_at === null) {
          if (!current.archivedAt) return undefined;
          if (
            await this.repository.activeOfTypeExists(
              current.organizationId,
              current.name,
              current.id,
            )
          ) {
            throw alreadyExists(MESSAGES.unarchiveConflict);
          }
          return {
            archivedAt: null,
            history: append(historyEntry('unarchived', actor, at, { step, ...assigneeNow })),
          };
        }
        if (current.archivedAt) return undefined;
        return {
          archivedAt: at,
          history: append(historyEntry('archived', actor, at, { step, ...assigneeNow })),
        };
      }
      case 'user_id': {
        const action = assignmentAction(current.userId, assignee?._id ?? null);
        if (!action) return undefined;
        const name = assignee ? `${assignee.firstName} ${assignee.lastName}` : null;
        return {
          userId: assignee?._id ?? null,
          userName: name,
          history: append(
            historyEntry(action, actor, at, {
              step,
              assignee: name,
              lastAssignee: current.userName,
            }),
          ),
        };
      }
    }
  }
}

interface HistoryState {
  step: number;
  /** The step before a move; the current step otherwise. */
  lastStep?: number;
  assignee: string | null;
  lastAssignee: string | null;
}

function historyEntry(
  action: FollowUpHistoryAction,
  actor: FollowUpActor,
  at: Date,
  state: HistoryState,
  field?: string,
): FollowUpHistoryEntry {
  return {
    action,
    date: at.toISOString(),
    from_first_name: actor.firstName,
    from_last_name: actor.lastName,
    last_step_index: state.lastStep ?? state.step,
    current_step_index: state.step,
    assigned_to_user_name: state.assignee,
    last_assigned_to_user_name: state.lastAssignee,
    ...(field ? { field } : {}),
  };
}
