import { Injectable } from '@nestjs/common';

/** An allotment a roles import writes with a link it creates ("Shares", "Class" columns). */
export interface ImportedAllotment {
  organizationId: string;
  peopleId: string;
  /** The class's name: the company's class of that name, made (nominal 1 EUR) when it has none. */
  shareClass: string;
  shares: number;
  date: string;
}

/** What a member holds of one class today, as the roles export writes it back ("Shares", "Class"). */
export interface MemberHolding {
  organizationId: string;
  peopleId: string;
  shareClass: string;
  shares: number;
}

export interface ShareCapitalImportHandler {
  /** Writes the allotments, each stamped `at` (the links' own creation time). */
  allot(allotments: readonly ImportedAllotment[], at: Date): Promise<void>;
  /**
   * Deletes the allotments written with links the import's undo deleted: those of the pair
   * stamped with the link's creation time.
   */
  undo(
    links: ReadonlyArray<{ organizationId: string; peopleId: string; createdAt: Date }>,
    at: Date,
  ): Promise<void>;
  /** The classes each pair's member holds a positive number of shares of, by class name. */
  holdings(
    pairs: ReadonlyArray<{ organizationId: string; peopleId: string }>,
  ): Promise<MemberHolding[]>;
}

/**
 * The registers context writes the shares a roles import gives (the links context's import
 * target calls this), and reads the holdings the roles export writes back, without either
 * importing the other's module. Without it, the shares are neither written nor exported.
 */
@Injectable()
export class ShareCapitalImports {
  private handler: ShareCapitalImportHandler | undefined;

  register(handler: ShareCapitalImportHandler): void {
    this.handler = handler;
  }

  async allot(allotments: readonly ImportedAllotment[], at: Date): Promise<void> {
    if (allotments.length > 0) await this.handler?.allot(allotments, at);
  }

  async undo(
    links: ReadonlyArray<{ organizationId: string; peopleId: string; createdAt: Date }>,
    at: Date,
  ): Promise<void> {
    if (links.length > 0) await this.handler?.undo(links, at);
  }

  async holdings(
    pairs: ReadonlyArray<{ organizationId: string; peopleId: string }>,
  ): Promise<MemberHolding[]> {
    if (pairs.length === 0 || !this.handler) return [];
    return this.handler.holdings(pairs);
  }
}
