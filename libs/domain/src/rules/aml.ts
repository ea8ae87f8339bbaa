/**
 * AML appendix 2: points per answer, total and risk level (docs/product/aml.md).
 * Computed by the server on save and by the client for its live preview.
 */
import { RISK_LEVEL_COLOURS, type RiskLevel } from '../enums';

export const APPENDIX2_QUESTIONS = [
  'appendix2_q1',
  'appendix2_q2',
  'appendix2_q3',
  'appendix2_q4',
  'appendix2_q5',
  'appendix2_q6',
  'appendix2_q7',
  'appendix2_q8',
  'appendix2_q9',
  'appendix2_q10',
  'appendix2_q11',
  'appendix2_q12',
  'appendix2_q13',
] as const;
export type Appendix2Question = (typeof APPENDIX2_QUESTIONS)[number];

/** Points for a yes and for a no answer; an unanswered question scores 0. */
export const APPENDIX2_POINTS: Readonly<Record<Appendix2Question, { yes: number; no: number }>> = {
  appendix2_q1: { yes: 6, no: 1 },
  appendix2_q2: { yes: 1, no: 3 },
  appendix2_q3: { yes: 1, no: 3 },
  appendix2_q4: { yes: 1, no: 3 },
  appendix2_q5: { yes: 3, no: 1 },
  // q6 scores 1 when answered, either way.
  appendix2_q6: { yes: 1, no: 1 },
  appendix2_q7: { yes: 1, no: 3 },
  appendix2_q8: { yes: 1, no: 3 },
  appendix2_q9: { yes: 3, no: 1 },
  appendix2_q10: { yes: 3, no: 1 },
  appendix2_q11: { yes: 3, no: 1 },
  appendix2_q12: { yes: 3, no: 1 },
  appendix2_q13: { yes: 3, no: 1 },
};

/** "Above 22 is high, 18 to 22 is medium, below 18 is low." */
export const RISK_HIGH_ABOVE = 22;
export const RISK_MEDIUM_FROM = 18;

export type Appendix2Answers = Partial<Record<Appendix2Question, boolean | null | undefined>>;

/** Points of one answer: yes/no per the table, 0 when unanswered (null or absent). */
export function appendix2Points(
  question: Appendix2Question,
  answer: boolean | null | undefined,
): number {
  if (answer === true) return APPENDIX2_POINTS[question].yes;
  if (answer === false) return APPENDIX2_POINTS[question].no;
  return 0;
}

/** "The total is the sum." */
export const appendix2TotalScore = (answers: Appendix2Answers): number =>
  APPENDIX2_QUESTIONS.reduce((total, q) => total + appendix2Points(q, answers[q]), 0);

export function riskLevel(totalScore: number): RiskLevel {
  if (totalScore > RISK_HIGH_ABOVE) return 'high';
  if (totalScore >= RISK_MEDIUM_FROM) return 'medium';
  return 'low';
}

/** What the server stores on save: appendix2_total_score and appendix2_risk_level. */
export function appendix2Assessment(answers: Appendix2Answers): {
  appendix2_total_score: number;
  appendix2_risk_level: RiskLevel;
  colour: 'red' | 'yellow' | 'green';
} {
  const total = appendix2TotalScore(answers);
  const level = riskLevel(total);
  return {
    appendix2_total_score: total,
    appendix2_risk_level: level,
    colour: RISK_LEVEL_COLOURS[level],
  };
}
