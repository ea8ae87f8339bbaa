import { Injectable } from '@nestjs/common';
import { chosenValues, movedFolder, unionBy } from '@registra/domain';
import type { AttachedFile, MergeChoice, MergeField } from '@registra/domain';
import { AuditService } from '../audit/audit.service';
import { validationError } from '../errors/app-exception';

/**
 * What a context does when staff merge two duplicate people or organizations: it moves every
 * record of its own that points at the merged-away record onto the kept one.
 * Called inside the merge's transaction; the audit triggers record each moved row.
 */
export interface RecordMergeParticipant {
  /** The context's name, for errors and logs ('follow-ups', 'tasks', …). */
  readonly name: string;
  /** Moves this context's records of organization `mergeId` onto organization `keepId`. */
  moveOrganization?(mergeId: string, keepId: string): Promise<void>;
  /** Moves this context's records of person `mergeId` onto person `keepId`. */
  movePerson?(mergeId: string, keepId: string): Promise<void>;
}

/** The records staff merge, named as the history names them (and their files' folders). */
export type MergedRecordType = 'people' | 'organization';

const INTO_ITSELF: Readonly<Record<MergedRecordType, string>> = {
  people: 'A person cannot be merged into itself',
  organization: 'An organization cannot be merged into itself',
};

/** What the merge reads of each of the two records: their views. */
interface MergedView {
  _id: string;
  files: readonly AttachedFile[];
}

/** What staff asked (`mergeDto`): the record kept, the one merged into it, their choices. */
export interface MergeRequest {
  keepId: string;
  mergeId: string;
  /** Field by field, which value survives ('merge': the other record's). */
  fields?: Readonly<Record<string, MergeChoice>>;
}

/** How a record's context takes part in merging two of its records. */
export interface DuplicateMerge<View extends MergedView, Answer> {
  recordType: MergedRecordType;
  /** The fields staff choose between. */
  mergeFields: readonly MergeField[];
  /** The live record's view; throws the context's answer when it is not live. */
  load(id: string): Promise<View>;
  /** What else the kept record takes of the other besides chosen values and files (notes, users). */
  combined?(keep: View, other: View): Record<string, unknown>;
  /** Soft-deletes the other record, pointing at the kept one. */
  markMerged(mergeId: string, keepId: string, at: Date): Promise<unknown>;
  /** Writes the kept record's new values through the context's update. */
  update(keepId: string, changes: Record<string, unknown>): Promise<Answer>;
  /** The record's name, as the history shows it. */
  label(record: View | Answer): string;
}

/**
 * The merge use case (people/organizations) asks every registered context to move its records;
 * each context registers its participant when its module starts, so neither imports the other.
 */
@Injectable()
export class RecordMerge {
  private readonly participants: RecordMergeParticipant[] = [];

  constructor(private readonly audit: AuditService) {}

  /**
   * Merges record `mergeId` into `keepId`, in the request's one transaction: the kept record
   * takes the other's value for each field chosen 'merge' and both lists of files (the other's
   * moved to the kept record's folders), with whatever else its context combines; every context
   * moves its records onto the kept one; the other is soft-deleted, pointing at the kept one; the
   * history records the merge on the kept record.
   */
  async merge<View extends MergedView, Answer>(
    request: MergeRequest,
    merge: DuplicateMerge<View, Answer>,
  ): Promise<Answer> {
    const { recordType } = merge;
    if (request.keepId === request.mergeId) {
      throw validationError([{ field: 'mergeId', message: INTO_ITSELF[recordType] }]);
    }
    const keep = await merge.load(request.keepId);
    const other = await merge.load(request.mergeId);
    const values = chosenValues(
      merge.mergeFields,
      other as unknown as Record<string, unknown>,
      request.fields ?? {},
    );
    const attachedFiles = unionBy(
      keep.files,
      other.files.map((file) => ({
        ...file,
        folder: movedFolder(file.folder, recordType, other._id, keep._id),
      })),
      (file) => file.url,
    );
    await this.moveRecords(recordType, other._id, keep._id);
    await merge.markMerged(other._id, keep._id, new Date());
    const merged = await merge.update(keep._id, {
      ...values,
      ...merge.combined?.(keep, other),
      attachedFiles,
    });
    await this.audit.record({
      action: 'merge',
      recordType,
      recordId: keep._id,
      recordLabel: merge.label(merged),
      data: { mergedId: other._id, mergedName: merge.label(other), fields: Object.keys(values) },
    });
    return merged;
  }

  register(participant: RecordMergeParticipant): void {
    this.participants.push(participant);
  }

  get registered(): readonly RecordMergeParticipant[] {
    return this.participants;
  }

  /** Every registered context moves its records of the merged-away record onto the kept one. */
  private async moveRecords(recordType: MergedRecordType, mergeId: string, keepId: string) {
    for (const participant of this.participants) {
      if (recordType === 'people') await participant.movePerson?.(mergeId, keepId);
      else await participant.moveOrganization?.(mergeId, keepId);
    }
  }
}
