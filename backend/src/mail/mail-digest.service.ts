import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import {
  addDays,
  FIRM_TIME_ZONE,
  isReminderPast,
  SERVICE_FIELDS,
  SERVICES,
  todayInDublin,
} from '@registra/domain';
import type { OrganizationView } from '../organizations/organization.view';
import { ScheduledRuns } from '../platform/metrics/scheduled-runs';
import { OrganizationsService } from '../organizations/organizations.service';
import { AccountsService } from '../users/accounts.service';
import { DAILY_DIGEST_TEMPLATE } from './mail-template-catalogue';
import { digestJobId, MailQueue } from './mail.queue';
import type { DigestJobData } from './mail.queue';
import { MailService } from './mail.service';
import { MAIL_SETTINGS } from './mail.settings';
import type { MailSettings } from './mail.settings';

/** The digest lists what is late or falls due within this many days. */
export const DIGEST_DAYS_AHEAD = 7;
/** The digest's name among the scheduled jobs of the metrics (docs/operations.md). */
export const DIGEST_RUN = 'digest';
/** Staff accounts are few; this only bounds a runaway query. */
const MAX_DIGEST_USERS = 10_000;
/** Organizations listed in one mail; the rest are counted. */
const MAX_DIGEST_ORGANIZATIONS = 100;

const SERVICE_LABELS: Record<(typeof SERVICES)[number], string> = {
  domiciliation: 'Domiciliation payment',
  secretaryCompany: 'Secretary company payment',
  anonymousShareholder: 'Anonymous shareholder payment',
};

// Type aliases, not interfaces: they have to fit the JSON the template parameters hold.
/** One line of the digest: what, when, and whether it is already late. */
export type DigestItem = { label: string; date: string; late: boolean };
/** A record of the digest (an organization, a task…) and its lines. */
export type DigestEntry = { name: string; items: DigestItem[] };

/**
 * A context's contribution to the daily digest (follow-up deadlines, AML reviews…): the lines of
 * the records assigned to the user that are late or due on or before `until`. Contexts register
 * theirs with `MailDigestService.addSource` when their module starts.
 */
export interface DigestSource {
  name: string;
  entriesFor(
    userId: string,
    window: { date: string; until: string; asOf: Date },
  ): Promise<DigestEntry[]>;
}

/** The organization's reminders on or before `until`; `asOf` decides which are late. */
function dueItems(organization: OrganizationView, until: string, asOf: Date): DigestItem[] {
  const candidates: { label: string; date: string | null }[] = [
    { label: 'Annual return', date: organization.nextArReminder },
    { label: 'Corporation tax', date: organization.corporationTaxPaidReminder },
    ...SERVICES.filter((service) => organization[SERVICE_FIELDS[service].flag]).map((service) => ({
      label: SERVICE_LABELS[service],
      date: organization[SERVICE_FIELDS[service].paidReminder],
    })),
  ];
  return candidates
    .filter((item): item is { label: string; date: string } => !!item.date && item.date <= until)
    .map((item) => ({ ...item, late: isReminderPast(item.date, asOf) }));
}

/**
 * The daily digest of each user's late and due work (ADR 0006). At 07:00 in Dublin the cron only enqueues one job per user
 * whose id carries the day and the user, so however many instances run it, each user's job exists
 * once; the job builds the list and queues one mail, or none when nothing is due.
 */
@Injectable()
export class MailDigestService implements OnApplicationShutdown {
  private readonly logger = new Logger(MailDigestService.name);
  private retryTimer: NodeJS.Timeout | undefined;
  /** The organizations' own reminders first; other contexts add theirs. */
  private readonly sources: DigestSource[] = [
    {
      name: 'organization reminders',
      entriesFor: async (userId, { until, asOf }) =>
        (await this.organizations.dueForUser(userId, until)).map((organization) => ({
          name: organization.name,
          items: dueItems(organization, until, asOf),
        })),
    },
  ];

  constructor(
    private readonly users: AccountsService,
    private readonly organizations: OrganizationsService,
    private readonly mail: MailService,
    private readonly mailQueue: MailQueue,
    @Inject(MAIL_SETTINGS) private readonly settings: MailSettings,
    private readonly scheduledRuns: ScheduledRuns,
  ) {
    scheduledRuns.declare(DIGEST_RUN);
  }

  addSource(source: DigestSource): void {
    this.sources.push(source);
  }

  @Cron('0 7 * * *', { name: 'mail-daily-digest', timeZone: FIRM_TIME_ZONE })
  async scheduledDigest(): Promise<void> {
    await this.runUntilEnqueued(todayInDublin());
  }

  /** Enqueues the digest jobs of `date` (YYYY-MM-DD) for every live user not deactivated. */
  async runDailyDigest(date: string): Promise<{ users: number }> {
    // The pickers' list: it leaves deactivated accounts out.
    const users = await this.users.search(undefined, MAX_DIGEST_USERS);
    await this.mailQueue.enqueueDigests(
      users.map((user) => ({
        date,
        userId: user._id,
        email: user.email,
        firstName: user.firstName,
      })),
    );
    // Every user's job is queued: the morning's run is done (each mail is the outbox's to send).
    await this.scheduledRuns.succeeded(DIGEST_RUN);
    return { users: users.length };
  }

  /** The `digest` job. */
  async buildDigest(job: DigestJobData): Promise<'queued' | 'nothing due' | 'no recipient'> {
    // Enqueued at 07:00 for the accounts active then: one deactivated since is mailed nothing.
    if (!(await this.users.findLive(job.userId))?.active) return 'no recipient';
    const until = addDays(job.date, DIGEST_DAYS_AHEAD);
    // Noon UTC falls on the same calendar day in Dublin, whatever the season.
    const asOf = new Date(`${job.date}T12:00:00Z`);
    const window = { date: job.date, until, asOf };
    const contributions = await Promise.all(
      this.sources.map((source) => source.entriesFor(job.userId, window)),
    );
    // One block per record name, whichever contexts listed it, lines by date.
    const byName = new Map<string, DigestItem[]>();
    for (const entry of contributions.flat()) {
      byName.set(entry.name, [...(byName.get(entry.name) ?? []), ...entry.items]);
    }
    const organizations = [...byName]
      .map(([name, items]) => ({
        name,
        items: [...items].sort((a, b) => a.date.localeCompare(b.date)),
      }))
      .filter((entry) => entry.items.length > 0)
      .sort((a, b) => a.name.localeCompare(b.name));
    if (organizations.length === 0) return 'nothing due';
    const count = organizations.reduce((total, entry) => total + entry.items.length, 0);
    const listed = organizations.slice(0, MAX_DIGEST_ORGANIZATIONS);
    await this.mail.queueToUser(job, {
      templateId: DAILY_DIGEST_TEMPLATE,
      params: {
        date: job.date,
        until,
        count: String(count),
        organizations: listed,
        more:
          organizations.length > listed.length
            ? String(organizations.length - listed.length)
            : null,
      },
      // Whatever re-runs the job (a retry, Redis losing the completed job), one mail per day.
      dedupeKey: digestJobId(job.date, job.userId),
    });
    return 'queued';
  }

  onApplicationShutdown(): void {
    clearTimeout(this.retryTimer);
  }

  /** Redis down at 07:00 must not cost the day's digest: try again until the day is over. */
  private async runUntilEnqueued(date: string): Promise<void> {
    try {
      await this.runDailyDigest(date);
    } catch (error) {
      if (todayInDublin() !== date) return;
      this.logger.warn(
        `Daily digest of ${date} not enqueued (${(error as Error).message}); trying again`,
      );
      this.retryTimer = setTimeout(
        () => void this.runUntilEnqueued(date),
        this.settings.digestRetryMs,
      );
    }
  }
}
