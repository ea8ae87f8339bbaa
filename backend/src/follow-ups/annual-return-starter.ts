import { Injectable } from '@nestjs/common';
import {
  annualReturnFollowUpType,
  annualReturnPreviewWindow,
  annualReturnStartDay,
  annualReturnStartWindow,
  type AnnualReturnStartPreview,
  deadlineFromArd,
  lastStepIndex,
  SYSTEM_ACTOR_NAME,
} from '@registra/domain';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { SettingsService } from '../settings/settings.service';
import { AccountsService } from '../users/accounts.service';
import { FollowUpsRepository } from './follow-ups.repository';
import type { AnnualReturnCandidate } from './follow-ups.repository';

const BATCH = 200;
/** The preview lists at most this many companies. */
const PREVIEW_LIMIT = 500;

/**
 * Annual-return work started by itself (ADR 0106): each day the job starts the catalogue's
 * annual-return follow-up of every company whose ARD enters the firm's window (lead days before
 * it), assigned to the company's first user, once per company and ARD: the job claims the pair
 * in `annual_return_starts` (primary key) in the transaction that creates the follow-up, so a
 * second run, the same day or on another instance, finds it claimed.
 */
@Injectable()
export class AnnualReturnStarter {
  constructor(
    private readonly repository: FollowUpsRepository,
    private readonly users: AccountsService,
    private readonly settings: SettingsService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** Starts what is due on `today`; answers how many follow-ups it created. */
  async startDue(today: string): Promise<{ started: number }> {
    const { annualReturnLeadDays } = await this.settings.get();
    const [from, to] = annualReturnStartWindow(today, annualReturnLeadDays);
    let started = 0;
    for (;;) {
      const { seen, created } = await this.unitOfWork.runAs(
        { id: null, name: SYSTEM_ACTOR_NAME },
        () =>
          this.unitOfWork.transaction(async () => {
            const due = await this.repository.annualReturnCandidates(from, to, BATCH);
            let count = 0;
            for (const candidate of due) {
              if (await this.start(candidate)) count += 1;
            }
            return { seen: due.length, created: count };
          }),
      );
      started += created;
      if (seen < BATCH) return { started };
    }
  }

  /** What the job will start in the next 30 days, by start day (the calendar's preview). */
  async upcoming(today: string): Promise<AnnualReturnStartPreview[]> {
    const { annualReturnLeadDays } = await this.settings.get();
    const [from, to] = annualReturnPreviewWindow(today, annualReturnLeadDays);
    const candidates = await this.repository.annualReturnCandidates(from, to, PREVIEW_LIMIT);
    return candidates.map((candidate) => ({
      organizationId: candidate.organizationId,
      organizationName: candidate.organizationName,
      ard: candidate.ard,
      startsOn: annualReturnStartDay(candidate.ard, annualReturnLeadDays, today),
      followUpName: annualReturnFollowUpType(candidate.firstArDone),
      assignedTo: candidate.firstUser?.userId
        ? { userId: candidate.firstUser.userId, userName: candidate.firstUser.userName ?? '' }
        : null,
    }));
  }

  /** Claims the company's ARD and starts its follow-up; false when already claimed. */
  private async start(candidate: AnnualReturnCandidate): Promise<boolean> {
    const { organizationId, ard } = candidate;
    if (!(await this.repository.claimAnnualReturnStart(organizationId, ard))) return false;
    const name = annualReturnFollowUpType(candidate.firstArDone);
    // Staff started it by hand already: the claim stands, nothing more to start.
    if (await this.repository.activeOfTypeExists(organizationId, name)) return false;
    const firstUserId = candidate.firstUser?.userId;
    const found = firstUserId ? await this.users.findLive(firstUserId) : undefined;
    // A deactivated account is assigned nothing: the follow-up starts unassigned.
    const assignee = found?.active ? found : undefined;
    const userName = assignee ? `${assignee.firstName} ${assignee.lastName}`.trim() : null;
    const now = new Date();
    const by = { from_first_name: SYSTEM_ACTOR_NAME, from_last_name: '' };
    const row = await this.repository.insert({
      organizationId,
      name,
      stepIndex: 0,
      maxStepIndex: lastStepIndex(name),
      ard,
      deadline: deadlineFromArd(ard),
      comments: '',
      userId: assignee?._id ?? null,
      userName,
      history: [
        {
          action: 'created',
          date: now.toISOString(),
          ...by,
          last_step_index: 0,
          current_step_index: 0,
          assigned_to_user_name: null,
          last_assigned_to_user_name: null,
          automatic: true,
        },
        ...(userName
          ? [
              {
                action: 'assigned' as const,
                date: now.toISOString(),
                ...by,
                last_step_index: 0,
                current_step_index: 0,
                assigned_to_user_name: userName,
                last_assigned_to_user_name: null,
              },
            ]
          : []),
      ],
      createdById: null,
      createdAt: now,
      updatedAt: now,
    });
    await this.repository.setAnnualReturnFollowUp(organizationId, ard, row.id);
    return true;
  }
}
