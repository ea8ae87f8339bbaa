import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import {
  AML_RETENTION_YEARS,
  PROSPECT_RETENTION_MONTHS_DEFAULT,
  ErrorCode,
  addYears,
  dublinDate,
  erasureDecision,
  prospectErasableFrom,
  retentionEndsOn,
  retentionHoldMessage,
} from '@registra/domain';
import type { ErasureDecision } from '@registra/domain';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { AppException } from '../platform/errors/app-exception';
import { FILE_STORAGE } from '../platform/storage/file-storage';
import type { FileStorage } from '../platform/storage/file-storage';
import { PeopleService } from '../people/people.service';
import { PrivacyRepository } from './privacy.repository';

/** 409 RETENTION_HOLD: the date erasure becomes possible, why, and the clients that hold it. */
function retentionHold(decision: Extract<ErasureDecision, { erasable: false }>): AppException {
  return new AppException(
    HttpStatus.CONFLICT,
    ErrorCode.RETENTION_HOLD,
    retentionHoldMessage(decision),
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

/** A data-protection request's use cases: erasure under Art. 17 within the AML retention. */
@Injectable()
export class PrivacyService {
  private readonly logger = new Logger(PrivacyService.name);

  constructor(
    private readonly repository: PrivacyRepository,
    private readonly people: PeopleService,
    private readonly unitOfWork: UnitOfWork,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** Whether the person may be erased today, and if not, from when and because of whom. */
  async erasureDecision(personId: string): Promise<ErasureDecision> {
    await this.people.assertLive(personId);
    return erasureDecision(await this.repository.relationshipsOf(personId), dublinDate(new Date()));
  }

  /**
   * Erases a person irreversibly, in the request's one transaction, or refuses with
   * RETENTION_HOLD while the AML law keeps their records. Their files' bytes go after the commit
   * (a failed commit keeps them).
   */
  async erase(personId: string): Promise<{ _id: string }> {
    const decision = await this.erasureDecision(personId);
    if (!decision.erasable) throw retentionHold(decision);
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
   * What the retention allows to erase today: the people whose every client relationship ended
   * five years ago or more (the longest over first, at most RETENTION_REVIEW_MAX).
   */
  async retentionReview(now = new Date()): Promise<RetentionReview> {
    const today = dublinDate(now);
    const people = await this.repository.erasableByRetention(
      addYears(today, -AML_RETENTION_YEARS),
      RETENTION_REVIEW_MAX,
    );
    // A request last changed at an instant before this one is past the months kept.
    const before = new Date(now);
    before.setUTCMonth(before.getUTCMonth() - PROSPECT_RETENTION_MONTHS_DEFAULT);
    const prospects = await this.repository.prospectsPastRetention(before, RETENTION_REVIEW_MAX);
    return {
      today,
      people: people.map((person) => ({
        ...person,
        erasableFrom: retentionEndsOn(person.lastEndedOn),
      })),
      prospects: prospects.map((request) => {
        const lastChangedOn = dublinDate(request.lastChangedAt);
        return {
          _id: request._id,
          organizationName1: request.organizationName1,
          lastChangedOn,
          erasableFrom: prospectErasableFrom(lastChangedOn),
        };
      }),
    };
  }

  /**
   * The reviewed bulk erase: each person checked again and erased, all in the request's one
   * transaction; those still held (a role added since the review) are answered, not erased.
   */
  async eraseMany(
    personIds: string[],
    prospectIds: string[] = [],
  ): Promise<{ erased: string[]; held: string[] }> {
    const erased: string[] = [];
    const held: string[] = [];
    for (const id of new Set(prospectIds)) {
      // A request that became a client since the review is the client's now: kept.
      if (await this.repository.eraseProspectRequest(id)) erased.push(id);
      else held.push(id);
    }
    for (const id of new Set(personIds)) {
      const decision = await this.erasureDecision(id);
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
  today: string;
  people: {
    _id: string;
    firstName: string;
    lastName: string;
    lastEndedOn: string;
    erasableFrom: string;
  }[];
  /** Prospects' requests that never became a client, past the months kept. */
  prospects: {
    _id: string;
    organizationName1: string;
    lastChangedOn: string;
    erasableFrom: string;
  }[];
}
