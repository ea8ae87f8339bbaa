import { Injectable } from '@nestjs/common';

/** Of the given file ids, those of stored files not deleted (one query for them all). */
export type FindLiveFileIds = (ids: readonly string[]) => Promise<ReadonlySet<string>>;

/**
 * Whether `/api/file/{id}` addresses name files the product stores: people, organizations, tasks
 * and mails check the files they are given here, while the files context depends on the people
 * and organizations contexts (it cannot be imported by them). The files module registers the
 * look-up when it starts.
 */
@Injectable()
export class StoredFiles {
  private find: FindLiveFileIds | undefined;

  register(find: FindLiveFileIds): void {
    this.find = find;
  }

  async liveIds(ids: readonly string[]): Promise<ReadonlySet<string>> {
    if (ids.length === 0) return new Set();
    if (!this.find) throw new Error('The files module is not loaded');
    return this.find(ids);
  }
}
