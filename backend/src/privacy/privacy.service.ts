import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode, dublinDate, erasureDecision, retentionHoldMessage } from '@registra/domain';
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
    return erasureDecision(
      await this.repository.relationshipsOf(personId),
      dublinDate(new Date()),
    );
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
}
