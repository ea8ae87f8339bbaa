import { HttpStatus, Injectable } from '@nestjs/common';
import { ErrorCode } from '@registra/domain';
import type { AuditAction, AuditEntryView, AuditRecordType } from '@registra/domain';
import { toAuditEntryView } from './audit-entry.view';
import { isUniqueViolation } from '../database/pg-errors';
import { UnitOfWork } from '../database/unit-of-work';
import { AppException, forbidden, notFound, validationError } from '../errors/app-exception';
import { page } from '../http/envelope';
import type { Page } from '../http/envelope';
import { AuditRepository } from './audit.repository';
import type { AuditEvent } from './audit.repository';
import type { RestoreRecordDto, SearchAuditDto } from './dto/audit.dto';

const DEFAULT_AUDIT_LIMIT = 25;

/** The reader of a history: any staff member for one record, admins for the whole log. */
export interface AuditReader {
  role: 'admin' | 'staff';
  email: string;
}

type Actor = { id: string | null; name: string };

/** An event a use case records: what happened to which record, and what it carried. */
interface RecordedEvent {
  action: AuditAction;
  recordType: AuditRecordType;
  recordId: string | null;
  recordLabel?: string | null;
  data?: Record<string, unknown>;
  /** An update's columns that changed: `{ column: [old, new] }`, as the audit trigger writes them. */
  changes?: Record<string, [unknown, unknown]>;
  /** The records this one also shows under (a task's organization and person). */
  relatedIds?: string[];
}

/** The log's row of an event, by its actor (none: the system). */
const auditEvent = (
  { recordLabel, ...event }: RecordedEvent,
  actor: Actor | null | undefined,
): AuditEvent => ({
  ...event,
  recordLabel: recordLabel ?? null,
  userId: actor?.id ?? null,
  userName: actor?.name ?? null,
});

/**
 * The change history (ADR 0008). Data changes are recorded by the audited tables' triggers; this
 * service reads the log, restores soft-deleted records, and records the events that change no
 * row of their own.
 */
@Injectable()
export class AuditService {
  constructor(
    private readonly repository: AuditRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /**
   * Appends an event in the current scope's transaction (or on its own): a refused sign-in, a
   * merge, a change kept in a table of its own (a task's assigned users). The actor defaults to the
   * scope's.
   */
  async record({ actor, ...event }: RecordedEvent & { actor?: Actor | null }): Promise<void> {
    await this.repository.append(
      auditEvent(event, actor === undefined ? this.unitOfWork.actor : actor),
    );
  }

  /** Many events of the scope's actor at once (an import names its file on each record). */
  async recordMany(events: RecordedEvent[]): Promise<void> {
    const actor = this.unitOfWork.actor;
    await this.repository.appendMany(events.map((event) => auditEvent(event, actor)));
  }

  async search(reader: AuditReader, dto: SearchAuditDto): Promise<Page<AuditEntryView>> {
    const oneRecord = Boolean(dto.recordType && dto.recordId);
    if (!oneRecord && reader.role !== 'admin') {
      throw forbidden(
        "Only an admin can read the whole log; give recordType and recordId for one record's history",
      );
    }
    // Accounts' history (sign-ins, failed sign-ins, role changes) is the administrators' alone.
    if (dto.recordType === 'user' && reader.role !== 'admin') {
      throw forbidden("Only an admin can read the accounts' history");
    }
    if (dto.from && dto.to && dto.from > dto.to) {
      throw validationError([{ field: 'to', message: 'to must not be before from' }]);
    }
    const pageNumber = dto.page ?? 1;
    const limit = dto.limit ?? DEFAULT_AUDIT_LIMIT;
    const { rows, total, totalIsLowerBound } = await this.repository.search(
      dto,
      { offset: (pageNumber - 1) * limit, limit },
      reader.role === 'admin' ? undefined : reader.email,
    );
    return page(rows.map(toAuditEntryView), total, pageNumber, limit, totalIsLowerBound);
  }

  async restorableTypes(): Promise<AuditRecordType[]> {
    return [...(await this.repository.restorableTypes())] as AuditRecordType[];
  }

  /** Admins bring a soft-deleted record back; its table's trigger records the 'restore'. */
  async restore(dto: RestoreRecordDto): Promise<void> {
    let restored: boolean;
    try {
      restored = await this.repository.restore(dto.recordType, dto.recordId);
    } catch (error) {
      // A live record took its place meanwhile (the same link, e-mail or follow-up type).
      if (isUniqueViolation(error)) {
        throw new AppException(
          HttpStatus.CONFLICT,
          ErrorCode.RESTORE_CONFLICT,
          'An active record already takes the place of the one to restore',
        );
      }
      throw error;
    }
    if (!restored) throw notFound('Deleted record');
  }
}
