import { Injectable } from '@nestjs/common';

/** Ends what a context holds open for an account (in the caller's transaction). */
export type EndAccountAccess = (userId: string) => Promise<void>;

/**
 * Access a context gives an account outside a session (a calendar feed's address) ends with the
 * account: when an administrator deactivates it, the users context tells every context that
 * registered here, in the same transaction, without importing them (they depend on it).
 */
@Injectable()
export class AccountDeactivation {
  private readonly listeners: EndAccountAccess[] = [];

  register(listener: EndAccountAccess): void {
    this.listeners.push(listener);
  }

  async deactivated(userId: string): Promise<void> {
    for (const listener of this.listeners) await listener(userId);
  }
}
