import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import {
  ErrorCode,
  addYears,
  dublinDate,
  erasureDecision,
  prospectErasableFrom,
  retentionEndsOn,
  retentionHoldMessage,
} from '@registra/domain';
import type { ErasureDecision, RetentionPeriods } from '@registra/domain';
import { AuditService } from '../platform/audit/audit.service';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { AppException, validationError } from '../platform/errors/app-exception';
import { FILE_STORAGE } from '../platform/storage/file-storage';
import type { FileStorage } from '../platform/storage/file-storage';
import { PeopleService } from '../people/people.service';
import { SettingsService } from '../settings/settings.service';
import { PrivacyRepository } from './privacy.repository';

/** 409 RETENTION_HOLD: the date erasure becomes possible, why, and the clients that hold it. */
function retentionHold(
  decision: Extract<ErasureDecision, { erasable: false }>,
  years: number,
): AppException {
  return new AppException(
    HttpStatus.CONFLICT,
    ErrorCode.RETENTION_HOLD,
    retentionHoldMessage(decision, years),
    [{ field: 'erasableFrom', message: decision.erasableFrom }],
    undefined,
    {
      organizations: decision.holds.map((hold) => ({
        _id: hold.organizationId,
        name: hold.organizationName,
        relationshipEndedOn: hold.relationshipEndedOn,
        erasableFrom: hold.erasableFrom,
      })),
    },
  );
}

/** `months` calendar months before the instant `now`. */
export function monthsBefore(now: Date, months: number): Date {
  const before = new Date(now);
  before.setUTCMonth(before.getUTCMonth() - months);
  return before;
}

/**
 * A data-protection request's use cases: erasure under Art. 17 within the AML retention, and the
 * storage limitation the firm's retention periods set (the prepared review, the daily job).
 */
@Injectable()
export class PrivacyService {
  private readonly logger = new Logger(PrivacyService.name);

  constructor(
    private readonly repository: PrivacyRepository,
    private readonly people: PeopleService,
    private readonly unitOfWork: UnitOfWork,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** Whether the person may be erased today, and if not, from when and because of whom. */
  async erasureDecision(personId: string, years?: number): Promise<ErasureDecision> {
    await this.people.assertLive(personId);
    return erasureDecision(
      await this.repository.relationshipsOf(personId),
      dublinDate(new Date()),
      years ?? (await this.settings.retentionPeriods()).amlRetentionYears,
    );
  }

  /**
   * Erases a person irreversibly, in the request's one transaction, or refuses with
   * RETENTION_HOLD while the AML law keeps their records. Their files' bytes go after the commit
   * (a failed commit keeps them).
   */
  async erase(personId: string): Promise<{ _id: string }> {
    const { amlRetentionYears } = await this.settings.retentionPeriods();
    const decision = await this.erasureDecision(personId, amlRetentionYears);
    if (!decision.erasable) throw retentionHold(decision, amlRetentionYears);
    const storageKeys = await this.repository.erasePerson(personId);
    await this.unitOfWork.afterCommit(async () => {
      for (const key of storageKeys) {
        await this.storage.delete(key).catch((error: Error) => {
          this.logger.warn(`An erased person's file stays in storage: ${error.message}`);
        });
      }
    });
    return { _id: personId };
  }

  /**
   * Prepares the retention review at `now` and keeps it: the people whose every client
   * relationship ended the AML period ago or more, the kept prospects' requests past the prospect
   * period (the others the daily job erases), and the instant before which mail bodies are past
   * the mail period. Ids and dates only: the names are read when the review is.
   */
  async prepareReview(now = new Date()): Promise<RetentionReview> {
    const periods = await this.settings.retentionPeriods();
    const today = dublinDate(now);
    const people = await this.repository.erasableByRetention(
      addYears(today, -periods.amlRetentionYears),
      RETENTION_REVIEW_MAX,
    );
    const prospects = await this.repository.prospectsPastRetention(
      monthsBefore(now, periods.prospectRetentionMonths),
      true,
      RETENTION_REVIEW_MAX,
    );
    await this.repository.saveReview({
      preparedAt: now,
      preparedByName: this.unitOfWork.actor?.name ?? null,
      people: people.map((person) => ({ _id: person._id, lastEndedOn: person.lastEndedOn })),
      prospects: prospects.map((request) => ({
        _id: request._id,
        lastChangedAt: request.lastChangedAt.toISOString(),
      })),
      mailBodiesBefore: monthsBefore(now, periods.mailBodyRetentionMonths),
    });
    return this.retentionReview(periods);
  }

  /**
   * The review as last prepared, without what was erased since (a bulk erase, a person's own
   * erasure, a request that became a client); null `preparedAt` before the first preparation.
   */
  async retentionReview(periods?: RetentionPeriods): Promise<RetentionReview> {
    const { amlRetentionYears, prospectRetentionMonths, mailBodyRetentionMonths } =
      periods ?? (await this.settings.retentionPeriods());
    const row = await this.repository.readReview();
    const base = {
      periods: { amlRetentionYears, prospectRetentionMonths, mailBodyRetentionMonths },
    };
    if (!row) {
      return {
        ...base,
        preparedAt: null,
        preparedBy: null,
        people: [],
        prospects: [],
        mailBodies: { before: null, count: 0, oldest: null },
      };
    }
    const names = new Map(
      (await this.repository.livePeople(row.people)).map((person) => [person._id, person]),
    );
    const requests = new Map(
      (await this.repository.liveProspects(row.prospects)).map((request) => [request._id, request]),
    );
    const mails = await this.repository.mailBodiesBefore(row.mailBodiesBefore);
    return {
      ...base,
      preparedAt: row.preparedAt.toISOString(),
      preparedBy: row.preparedByName,
      people: row.people.flatMap((person) => {
        const live = names.get(person._id);
        return live
          ? [
              {
                ...live,
                lastEndedOn: person.lastEndedOn,
                erasableFrom: retentionEndsOn(person.lastEndedOn, amlRetentionYears),
              },
            ]
          : [];
      }),
      prospects: row.prospects.flatMap((request) => {
        const live = requests.get(request._id);
        const lastChangedOn = dublinDate(new Date(request.lastChangedAt));
        return live
          ? [
              {
                _id: live._id,
                organizationName1: live.organizationName1,
                kept: live.kept,
                lastChangedOn,
                erasableFrom: prospectErasableFrom(lastChangedOn, prospectRetentionMonths),
              },
            ]
          : [];
      }),
      mailBodies: {
        before: row.mailBodiesBefore.toISOString(),
        count: mails.count,
        oldest: mails.oldest ? mails.oldest.toISOString() : null,
      },
    };
  }

  /**
   * The reviewed bulk erase of mail bodies: those of the mails created before `before`, which
   * must be past the mail period today (400 otherwise, nothing changed). One history entry for
   * the whole action, with the count and the instant, never the values.
   */
  async eraseMailBodies(before: Date, now = new Date()): Promise<{ erased: number }> {
    const { mailBodyRetentionMonths } = await this.settings.retentionPeriods();
    const limit = monthsBefore(now, mailBodyRetentionMonths);
    if (before.getTime() > limit.getTime()) {
      const message = `before must be on or before ${limit.toISOString()}: mail bodies are kept ${mailBodyRetentionMonths} months`;
      throw validationError([{ field: 'before', message }], message);
    }
    const erased = await this.repository.eraseMailBodies(before);
    await this.audit.record({
      action: 'erase mail bodies',
      recordType: 'email',
      recordId: null,
      recordLabel: 'Mail bodies',
      data: { before: before.toISOString(), mails: erased, months: mailBodyRetentionMonths },
    });
    return { erased };
  }

  /**
   * The daily job's erasure: the prospects' requests past the prospect period that staff did not
   * keep, each in its own transaction (an erasure holds the history's lock until it commits).
   */
  async eraseProspectsPastRetention(now = new Date()): Promise<number> {
    const { prospectRetentionMonths } = await this.settings.retentionPeriods();
    const before = monthsBefore(now, prospectRetentionMonths);
    let erased = 0;
    for (;;) {
      const batch = await this.repository.prospectsPastRetention(
        before,
        false,
        RETENTION_REVIEW_MAX,
      );
      if (batch.length === 0) return erased;
      let erasedInBatch = 0;
      for (const request of batch) {
        const done = await this.unitOfWork.transaction(() =>
          this.repository.eraseProspectRequest(request._id),
        );
        if (done) erasedInBatch += 1;
      }
      erased += erasedInBatch;
      // A batch the routine refused whole would come back as it is: tomorrow's run tries again.
      if (erasedInBatch === 0) return erased;
    }
  }

  /**
   * The reviewed bulk erase: each person checked again and erased, all in the request's one
   * transaction; those still held (a role added since the review) are answered, not erased.
   */
  async eraseMany(
    personIds: string[],
    prospectIds: string[] = [],
  ): Promise<{ erased: string[]; held: string[] }> {
    const { amlRetentionYears } = await this.settings.retentionPeriods();
    const erased: string[] = [];
    const held: string[] = [];
    for (const id of new Set(prospectIds)) {
      // A request that became a client since the review is the client's now: kept.
      if (await this.repository.eraseProspectRequest(id)) erased.push(id);
      else held.push(id);
    }
    for (const id of new Set(personIds)) {
      const decision = await this.erasureDecision(id, amlRetentionYears);
      if (!decision.erasable) {
        held.push(id);
        continue;
      }
      await this.erase(id);
      erased.push(id);
    }
    return { erased, held };
  }
}

/** The most people the retention review lists at once (the oldest ends first). */
export const RETENTION_REVIEW_MAX = 200;

export interface RetentionReview {
  /** When the daily job or an administrator last prepared it; null: never yet. */
  preparedAt: string | null;
  /** Who prepared it (the job's name, or the administrator's). */
  preparedBy: string | null;
  /** The periods it reads with (the firm's settings). */
  periods: RetentionPeriods;
  people: {
    _id: string;
    firstName: string;
    lastName: string;
    lastEndedOn: string;
    erasableFrom: string;
  }[];
  /** Prospects' requests past the prospect period that staff keep: for review, never erased by the job. */
  prospects: {
    _id: string;
    organizationName1: string;
    kept: boolean;
    lastChangedOn: string;
    erasableFrom: string;
  }[];
  /** Mails created before `before` whose body the mail period no longer keeps. */
  mailBodies: { before: string | null; count: number; oldest: string | null };
}
