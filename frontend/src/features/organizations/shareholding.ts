import { heldOn, holdingsFromEntries, issuedShares, percentageMismatch } from '@registra/domain';
import type { ShareEntry } from './types';

/**
 * A link's role is held on `today` unless it ended on or before that day (the day of cessation
 * is the first without it, as in the registers). A future appointment is a current member too:
 * the Members tab lists it with its date.
 */
export const isCurrentLink = (link: { ceasedOn?: string | null }, today: string): boolean =>
  heldOn({ appointedOn: null, ceasedOn: link.ceasedOn ?? null }, today);

/** Shares held per person (every class) and issued in all, from the entries up to `asOf`. */
export interface Holdings {
  byPerson: ReadonlyMap<string, number>;
  issued: number;
}

export function holdingsOf(entries: readonly ShareEntry[], asOf?: string): Holdings {
  const byPerson = new Map<string, number>();
  for (const holding of holdingsFromEntries(entries, asOf)) {
    byPerson.set(holding.peopleId, (byPerson.get(holding.peopleId) ?? 0) + holding.shares);
  }
  let issued = 0;
  for (const shares of issuedShares(entries, asOf).values()) issued += shares;
  return { byPerson, issued };
}

/** Shares of one class a member holds on a day: what a transfer from them may move at most. */
export function sharesHeld(
  entries: readonly ShareEntry[],
  shareClassId: string,
  peopleId: string,
  date: string,
): number {
  return (
    holdingsFromEntries(entries, date).find(
      (holding) => holding.peopleId === peopleId && holding.shareClassId === shareClassId,
    )?.shares ?? 0
  );
}

const numberText = (value: number) => value.toLocaleString('en-IE');

/**
 * Words for a shareholder whose stated percentage is not what the shares give (the domain's
 * percentageMismatch); null when they agree or no share is issued.
 */
export function percentageDisagreement(
  stated: number,
  held: number,
  issued: number,
): string | null {
  const fromShares = percentageMismatch(stated, held, issued);
  if (fromShares === null) return null;
  return `The shares held give ${fromShares} % (${numberText(held)} of ${numberText(issued)}), not the ${stated} % stated.`;
}
