import { describe, expect, it } from 'vitest';
import {
  FOLLOW_UP_DUE_SOON_DAYS,
  FOLLOW_UP_OPTIONS,
  deadlineUrgency,
  canUnarchiveFollowUp,
  checkNewFollowUp,
  deadlineFromArd,
  deadlineFromStartDate,
  followUpDefinition,
  followUpProgress,
  followUpState,
  isFollowUpCompleted,
  isValidStepIndex,
  lastStepIndex,
  moveToStep,
  stepCounterText,
  stepLabel,
} from './follow-ups';

describe('01-4.7 / 02-4.2 follow-up progress', () => {
  it.each([
    ['AR_NO_TRADING', 8],
    ['DISTRICT_COURT', 13],
    ['RBO_UPDATED', 3],
  ])(
    'lastStepIndex(%s) = %i ("step_index runs from 0 to the number of steps minus one")',
    (type, last) => {
      expect(lastStepIndex(type)).toBe(last);
      expect(followUpDefinition(type).steps).toHaveLength(last + 1);
    },
  );

  it('refuses a name the catalogue does not hold', () => {
    expect(() => lastStepIndex('ANNUAL_RETURN')).toThrow(RangeError);
  });

  // "It counts as completed when step_index equals the last step index, otherwise in progress."
  it.each([
    ['AR_NO_TRADING', 0, false, 'inProgress', 0],
    ['AR_NO_TRADING', 4, false, 'inProgress', 50],
    ['AR_NO_TRADING', 8, true, 'completed', 100],
    ['RBO_UPDATED', 1, false, 'inProgress', 33],
    ['RBO_UPDATED', 3, true, 'completed', 100],
    ['AR_TRADING', 12, true, 'completed', 100],
    ['AR_TRADING', 7, false, 'inProgress', 58],
  ])(
    '%s at step %i: completed %s (%s), progress %i %%',
    (type, step, completed, state, progress) => {
      expect(isFollowUpCompleted(type, step)).toBe(completed);
      expect(followUpState(type, step)).toBe(state);
      expect(followUpProgress(type, step)).toBe(progress);
    },
  );

  it.each([
    [-2, 0],
    [99, 100],
  ])('progress of an out-of-range step %i is clamped to %i %%', (step, progress) => {
    expect(followUpProgress('PPS', step)).toBe(progress);
  });

  // Dashboard: "Step i/last" with the step text.
  it.each([
    ['AR_NO_TRADING', 3, 'Step 3/8'],
    ['COMPTE_BANCAIRE', 0, 'Step 0/8'],
    ['DISTRICT_COURT', 13, 'Step 13/13'],
  ])('%s step %i reads "%s"', (type, step, text) => {
    expect(stepCounterText(type, step)).toBe(text);
  });

  it.each([
    ['COMPTE_BANCAIRE', 1, 'E-mail sent'],
    ['COMPTE_BANCAIRE', 0, 'Start of the process'],
    ['COMPTE_BANCAIRE', 8, 'End of the process'],
    ['COMPTE_BANCAIRE', 9, ''],
  ])('%s step %i is labelled "%s"', (type, step, label) => {
    expect(stepLabel(type, step)).toBe(label);
  });

  it.each([
    [0, true],
    [5, true],
    [6, false],
    [-1, false],
    [1.5, false],
    ['2', false],
  ])('step %j is a valid index of VAT_REGISTRATION: %s', (index, valid) => {
    expect(isValidStepIndex('VAT_REGISTRATION', index)).toBe(valid);
  });

  // "Clicking any step other than the current one moves to it (forward or back)."
  it.each([
    [2, 5, 5],
    [5, 2, 2],
    [3, 3, null],
  ])('from step %i, clicking %i gives %j', (current, clicked, expected) => {
    expect(moveToStep('PPS', current, clicked)).toBe(expected);
  });

  it('cannot move beyond the last step', () => {
    expect(() => moveToStep('PPS', 0, 7)).toThrow(RangeError);
  });
});

describe('01-9.5 "Setting a follow-up ARD sets its deadline 56 days later; setting its start date sets the deadline by the per-type day count"', () => {
  it.each([
    ['2026-11-21', '2027-01-16'],
    ['2026-12-31', '2027-02-25'],
    ['2028-01-10', '2028-03-06'], // across 29 February
  ])('ARD %s → deadline %s', (ard, deadline) => {
    expect(deadlineFromArd(ard)).toBe(deadline);
  });

  it.each([
    ['AR_TRADING', '2026-11-21', '2027-01-16'], // 56
    ['COMPTE_BANCAIRE', '2026-11-21', '2026-12-06'], // 15
    ['INCORPORATION', '2026-11-21', '2026-12-01'], // 10
    ['VAT_REGISTRATION', '2026-11-21', '2026-11-21'], // 0: the start date itself
  ])('%s started %s → deadline %s', (type, start, deadline) => {
    expect(deadlineFromStartDate(type, start)).toBe(deadline);
  });
});

describe('01-5.10 "A follow-up cannot be added if one with the same name is already in the list (message \'X already exists!\')"', () => {
  it.each([
    [
      ['AR_TRADING'],
      'AR_TRADING',
      { ok: false, message: 'Annual Return (trading) already exists!' },
    ],
    [['AR_TRADING'], 'FIRST_AR', { ok: true }],
    [[], 'PPS', { ok: true }],
  ])('list %j, adding %s → %j', (existing, type, expected) => {
    expect(checkNewFollowUp(existing, type)).toEqual(expected);
  });
});

describe('01-4.7 "Unarchive is refused when an active follow-up of the same name exists"', () => {
  it.each([
    [['PPS', 'VAT_REGISTRATION'], 'PPS', false],
    [['VAT_REGISTRATION'], 'PPS', true],
  ])('active %j, unarchiving %s → allowed %s', (active, name, allowed) => {
    expect(canUnarchiveFollowUp(active, name)).toBe(allowed);
  });
});

it('offers the 21 types as select options with their display names', () => {
  expect(FOLLOW_UP_OPTIONS).toHaveLength(21);
  expect(FOLLOW_UP_OPTIONS).toContainEqual({ value: 'FIRST_AR', label: 'First Annual Return' });
});

describe('follow-up deadlines: "Deadlines past are shown in red, within 7 days in amber"', () => {
  it.each([
    ['2026-11-22', '2026-11-23', false, 'late'],
    ['2026-11-23', '2026-11-23', false, 'soon'],
    ['2026-11-30', '2026-11-23', false, 'soon'],
    ['2026-12-01', '2026-11-23', false, null],
    ['2026-11-01', '2026-11-23', true, null],
    [null, '2026-11-23', false, null],
  ] as const)('deadline %s on %s (completed %s) is %s', (deadline, today, completed, urgency) => {
    expect(deadlineUrgency(deadline, today, completed)).toBe(urgency);
  });

  it('"within 7 days"', () => {
    expect(FOLLOW_UP_DUE_SOON_DAYS).toBe(7);
  });
});
