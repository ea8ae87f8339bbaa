import { Injectable } from '@nestjs/common';

/** Starts a follow-up process of the catalogue on an organization (in the current transaction). */
export type StartFollowUp = (organizationId: string, name: string) => Promise<{ _id: string }>;

/**
 * Starts a follow-up dated by a change (a CRO clock): its start date the change's, its deadline
 * the CRO's. Answers the follow-up started, or null when one of that type is already active on
 * the organization (it covers the change: a clock is started once).
 */
export type StartFollowUpClock = (
  organizationId: string,
  name: string,
  dates: { startDate: string; deadline: string },
) => Promise<{ _id: string } | null>;

/**
 * The follow-ups context starts processes for other contexts through this port (a company-creation
 * request turned into a client starts its INCORPORATION; an officer's appointment its
 * CHANGE_OF_DIRECTOR). The follow-ups module registers the starter when it starts; without it,
 * `available` is false and callers skip that step.
 */
@Injectable()
export class FollowUpStarter {
  private starter: StartFollowUp | undefined;
  private clockStarter: StartFollowUpClock | undefined;

  register(starter: StartFollowUp, clockStarter?: StartFollowUpClock): void {
    this.starter = starter;
    this.clockStarter = clockStarter;
  }

  get available(): boolean {
    return this.starter !== undefined;
  }

  start(organizationId: string, name: string): Promise<{ _id: string }> {
    if (!this.starter) throw new Error('The follow-ups module is not loaded');
    return this.starter(organizationId, name);
  }

  /** See {@link StartFollowUpClock}; null without the follow-ups module. */
  async startClock(
    organizationId: string,
    name: string,
    dates: { startDate: string; deadline: string },
  ): Promise<{ _id: string } | null> {
    if (!this.clockStarter) return null;
    return this.clockStarter(organizationId, name, dates);
  }
}
