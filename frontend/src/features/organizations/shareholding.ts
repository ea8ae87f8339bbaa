import type { ShareEntry } from './types';

/**
 * A link's role is held on `today` unless it ended on or before that day: the day a role ends
 * the person is a former member (the register of members' "date ceased").
 */
export const isCurrentLink = (link: { ceasedOn?: string | null }, today: string): boolean =>
  !link.ceasedOn || link.ceasedOn > today;

/** Shares held per person and in all, from the entries dated up to `asOf` (all when absent). */
export interface Holdings {
  byPerson: ReadonlyMap<string, number>;
  /** The issued shares: every allotment (a transfer moves shares, it adds none). */
  issued: number;
}

export function holdingsFromEntries(entries: readonly ShareEntry[], asOf?: string): Holdings {
  const byPerson = new Map<string, number>();
  let issued = 0;
  const add = (peopleId: string, shares: number) =>
    byPerson.set(peopleId, (byPerson.get(peopleId) ?? 0) + shares);
  for (const entry of entries) {
    if (asOf && entry.date > asOf) continue;
    add(entry.toPeopleId, entry.shares);
    if (entry.kind === 'allotment') issued += entry.shares;
    else if (entry.fromPeopleId) add(entry.fromPeopleId, -entry.shares);
  }
  return { byPerson, issued };
}

/**
 * A stated beneficiary percentage is read to two decimals (as the Members tab shows it): it agrees
 * with the shares when it is within half a hundredth of a percent of what they give.
 */
const PERCENT_TOLERANCE = 0.005;

/** 33.333… → "33.33"; 40 → "40". */
const percentText = (value: number) => String(Math.round(value * 100) / 100);

/**
 * Words for a shareholder whose stated percentage is not what the shares give; null when they
 * agree, or when no share has been issued (nothing to compare with).
 */
export function percentageDisagreement(
  stated: number,
  held: number,
  issued: number,
): string | null {
  if (issued <= 0) return null;
  const actual = (held / issued) * 100;
  if (Math.abs(actual - stated) <= PERCENT_TOLERANCE) return null;
  return `The shares held give ${percentText(actual)} % (${held.toLocaleString('en-IE')} of ${issued.toLocaleString('en-IE')}), not the ${percentText(stated)} % stated.`;
}
