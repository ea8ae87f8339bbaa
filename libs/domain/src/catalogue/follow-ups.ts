/** Follow-up progress, steps and deadlines (docs/product/follow-ups.md). */
import { ARD_DEADLINE_DAYS } from '../limits';
import { alreadyExistsMessage } from '../messages';
import { addDays, type IsoDate } from '../rules/dates';
import {
  FOLLOW_UP_CATALOGUE,
  isFollowUpType,
  type FollowUpDefinition,
  type FollowUpType,
} from './follow-up-types';

/** The catalogue entry of a type; throws for a name the catalogue does not hold. */
export function followUpDefinition(type: string): FollowUpDefinition {
  if (!isFollowUpType(type)) throw new RangeError(`Unknown follow-up type: ${type}`);
  return FOLLOW_UP_CATALOGUE[type];
}

/** "Steps are indexed from 0 to the last step." */
export const lastStepIndex = (type: FollowUpType | string): number =>
  followUpDefinition(type).steps.length - 1;

export const isValidStepIndex = (type: FollowUpType | string, index: unknown): index is number =>
  Number.isInteger(index) && (index as number) >= 0 && (index as number) <= lastStepIndex(type);

/** "It counts as completed when step_index equals the last step index, otherwise in progress." */
export const isFollowUpCompleted = (type: FollowUpType | string, stepIndex: number): boolean =>
  stepIndex === lastStepIndex(type);

export const followUpState = (
  type: FollowUpType | string,
  stepIndex: number,
): 'completed' | 'inProgress' =>
  isFollowUpCompleted(type, stepIndex) ? 'completed' : 'inProgress';

/** Progress bar value, 0 to 100, rounded to a whole percent. */
export function followUpProgress(type: FollowUpType | string, stepIndex: number): number {
  const last = lastStepIndex(type);
  const clamped = Math.min(Math.max(stepIndex, 0), last);
  return Math.round((clamped / last) * 100);
}

/** The label of a step ('' for an index outside the type's steps). */
export const stepLabel = (type: FollowUpType | string, stepIndex: number): string =>
  followUpDefinition(type).steps[stepIndex] ?? '';

/** "Step i/last" as the dashboard shows it, e.g. "Step 3/8". */
export const stepCounterText = (type: FollowUpType | string, stepIndex: number): string =>
  `Step ${stepIndex}/${lastStepIndex(type)}`;

/**
 * "Clicking any step other than the current one moves to it (forward or back)": the new index,
 * or null when the click changes nothing.
 */
export function moveToStep(
  type: FollowUpType | string,
  current: number,
  clicked: number,
): number | null {
  if (!isValidStepIndex(type, clicked)) throw new RangeError(`No step ${clicked} in ${type}`);
  return clicked === current ? null : clicked;
}

/** "Setting a follow-up ARD sets its deadline 56 days later." */
export const deadlineFromArd = (ard: IsoDate): IsoDate => addDays(ard, ARD_DEADLINE_DAYS);

/**
 * "Setting its start date sets the deadline by the per-type day count." A type of 0 days has its
 * deadline on the start date itself: its count is 0, not "none".
 */
export const deadlineFromStartDate = (type: FollowUpType | string, startDate: IsoDate): IsoDate =>
  addDays(startDate, followUpDefinition(type).deadlineDays);

/**
 * "A follow-up cannot be added if one with the same name is already in the list (message 'X
 * already exists!')". X is the type's display name.
 */
export function checkNewFollowUp(
  existingNames: readonly string[],
  type: FollowUpType | string,
): { ok: true } | { ok: false; message: string } {
  const definition = followUpDefinition(type);
  return existingNames.includes(definition.name)
    ? { ok: false, message: alreadyExistsMessage(definition.displayName) }
    : { ok: true };
}

/** "Unarchive is refused when an active follow-up of the same name exists." */
export const canUnarchiveFollowUp = (activeNames: readonly string[], name: string): boolean =>
  !activeNames.includes(name);

/** Select options for the follow-up type pickers, in catalogue order. */
export const FOLLOW_UP_OPTIONS: ReadonlyArray<{ value: FollowUpType; label: string }> =
  Object.values(FOLLOW_UP_CATALOGUE).map((definition) => ({
    value: definition.name,
    label: definition.displayName,
  }));

/** A deadline within this many days is "due soon" (amber in the list, in the daily digest). */
export const FOLLOW_UP_DUE_SOON_DAYS = 7;

/**
 * How urgent an unfinished follow-up's deadline is on `today`: past ('late', red), within
 * {@link FOLLOW_UP_DUE_SOON_DAYS} days, today included ('soon', amber), or neither. A completed
 * process, or one without a deadline, is never urgent.
 */
export function deadlineUrgency(
  deadline: IsoDate | null | undefined,
  today: IsoDate,
  completed = false,
): 'late' | 'soon' | null {
  if (!deadline || completed) return null;
  if (deadline < today) return 'late';
  return deadline <= addDays(today, FOLLOW_UP_DUE_SOON_DAYS) ? 'soon' : null;
}
