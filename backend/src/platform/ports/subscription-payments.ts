import { Injectable } from '@nestjs/common';

/** Recomputes a subscription's stored next due date (in the current transaction). */
export type RefreshNextDueDate = (subscriptionId: string) => Promise<void>;

/**
 * A subscription's next due date depends on how many live orders pay it. The orders context
 * tells the subscriptions context through this port when a linked order leaves (deleted), without
 * either importing the other's module in both directions. The subscriptions module registers the
 * refresh when it starts; without it there is nothing to keep.
 */
@Injectable()
export class SubscriptionPayments {
  private refresh: RefreshNextDueDate | undefined;

  register(refresh: RefreshNextDueDate): void {
    this.refresh = refresh;
  }

  async paymentsChanged(subscriptionId: string): Promise<void> {
    await this.refresh?.(subscriptionId);
  }
}
