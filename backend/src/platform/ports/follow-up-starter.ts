import { Injectable } from '@nestjs/common';

/** Starts a follow-up process of the catalogue on an organization (in the current transaction). */
export type StartFollowUp = (organizationId: string, name: string) => Promise<{ _id: string }>;

/**
 * The follow-ups context starts processes for other contexts through this port (a company-creation
 * request turned into a client starts its INCORPORATION). The follow-ups module registers the
 * starter when it starts; without it, `available` is false and callers skip that step.
 */
@Injectable()
export class FollowUpStarter {
  private starter: StartFollowUp | undefined;

  register(starter: StartFollowUp): void {
    this.starter = starter;
  }

  get available(): boolean {
    return this.starter !== undefined;
  }

  start(organizationId: string, name: string): Promise<{ _id: string }> {
    if (!this.starter) throw new Error('The follow-ups module is not loaded');
    return this.starter(organizationId, name);
  }
}
