import { describe, expect, it } from 'vitest';
import {
  APPENDIX2_QUESTIONS,
  appendix2Assessment,
  appendix2Points,
  appendix2TotalScore,
  riskLevel,
  type Appendix2Answers,
  type Appendix2Question,
} from './aml';

describe('02-5.5 "Scoring rules (appendix 2), points per answer"', () => {
  // | q1 | 6 | 1 |
  // | q2, q3, q4, q7, q8 | 1 | 3 |
  // | q5, q9, q10, q11, q12, q13 | 3 | 1 |
  // | q6 | 1 when answered (either answer) | 1 when answered |
  it.each([
    [1, 6, 1],
    [2, 1, 3],
    [3, 1, 3],
    [4, 1, 3],
    [7, 1, 3],
    [8, 1, 3],
    [5, 3, 1],
    [9, 3, 1],
    [10, 3, 1],
    [11, 3, 1],
    [12, 3, 1],
    [13, 3, 1],
    [6, 1, 1],
  ])('q%i: yes %i, no %i, "Unanswered scores 0"', (n, yes, no) => {
    const question = `appendix2_q${n}` as Appendix2Question;
    expect(appendix2Points(question, true)).toBe(yes);
    expect(appendix2Points(question, false)).toBe(no);
    expect(appendix2Points(question, null)).toBe(0);
    expect(appendix2Points(question, undefined)).toBe(0);
  });

  const all = (answer: boolean): Appendix2Answers =>
    Object.fromEntries(APPENDIX2_QUESTIONS.map((q) => [q, answer]));

  // "The total is the sum."
  it.each([
    ['nothing answered', {}, 0],
    ['all yes: 6 + 5×1 + 6×3 + 1', all(true), 30],
    ['all no: 1 + 5×3 + 6×1 + 1', all(false), 23],
    ['q1 yes only', { appendix2_q1: true }, 6],
    ['q6 no only', { appendix2_q6: false }, 1],
    ['q2 no, q5 yes, q6 yes', { appendix2_q2: false, appendix2_q5: true, appendix2_q6: true }, 7],
  ])('%s → %i', (_, answers, total) => {
    expect(appendix2TotalScore(answers)).toBe(total);
  });
});

describe('02-4.1 / 02-9.1 "Above 22 is high, 18 to 22 is medium, below 18 is low" (high red, medium yellow, low green)', () => {
  it.each([
    [0, 'low'],
    [17, 'low'],
    [18, 'medium'],
    [20, 'medium'],
    [22, 'medium'],
    [23, 'high'],
    [40, 'high'],
  ])('total %i → %s', (total, level) => {
    expect(riskLevel(total)).toBe(level);
  });

  it.each([
    [{}, 0, 'low', 'green'],
    // Low-risk client: q1 yes (6), q2-4 yes (3), q5 no (1), q6 (1), q7-8 yes (2), q9-13 no (5) = 18.
    [
      {
        appendix2_q1: true,
        appendix2_q2: true,
        appendix2_q3: true,
        appendix2_q4: true,
        appendix2_q5: false,
        appendix2_q6: true,
        appendix2_q7: true,
        appendix2_q8: true,
        appendix2_q9: false,
        appendix2_q10: false,
        appendix2_q11: false,
        appendix2_q12: false,
        appendix2_q13: false,
      },
      18,
      'medium',
      'yellow',
    ],
    [Object.fromEntries(APPENDIX2_QUESTIONS.map((q) => [q, false])), 23, 'high', 'red'],
  ])('answers %j → stored total %i, level %s (%s)', (answers, total, level, colour) => {
    expect(appendix2Assessment(answers)).toEqual({
      appendix2_total_score: total,
      appendix2_risk_level: level,
      colour,
    });
  });

  // 02-5.4 "AML forms: no field-level validation is shown": any partial form scores, none fails.
  it('an empty appendix 2 is not refused: it scores 0, low', () => {
    expect(appendix2Assessment({}).appendix2_risk_level).toBe('low');
  });
});
