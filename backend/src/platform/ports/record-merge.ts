import { Injectable } from '@nestjs/common';

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

/**
 * The merge use case (people/organizations) asks every registered context to move its records;
 * each context registers its participant when its module starts, so neither imports the other.
 */
@Injectable()
export class RecordMerge {
  private readonly participants: RecordMergeParticipant[] = [];

  register(participant: RecordMergeParticipant): void {
    this.participants.push(participant);
  }

  get registered(): readonly RecordMergeParticipant[] {
    return this.participants;
  }

  async moveOrganization(mergeId: string, keepId: string): Promise<void> {
    for (const participant of this.participants) {
      await participant.moveOrganization?.(mergeId, keepId);
    }
  }

  async movePerson(mergeId: string, keepId: string): Promise<void> {
    for (const participant of this.participants) {
      await participant.movePerson?.(mergeId, keepId);
    }
  }
}
