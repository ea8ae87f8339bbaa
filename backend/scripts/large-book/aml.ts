/**
 * AML on two thirds of the book's organizations: a third each high, medium and low, reviewed on a
 * day of the last four years, so the review-due and risk filters have realistic shares.
 */
import { AML_REVIEW_MONTHS, APPENDIX2_QUESTIONS, appendix2Assessment } from '@registra/domain';
import type { Appendix2Answers, RiskLevel } from '@registra/domain';
import { sql } from 'drizzle-orm';
import type { LargeBookPart } from './support';

const answers = (value: boolean | null): Appendix2Answers =>
  Object.fromEntries(APPENDIX2_QUESTIONS.map((q) => [q, value]));

/** One set of answers per level: all yes (30, high), all no but q6 (22, medium), none (0, low). */
const TEMPLATES: Record<RiskLevel, Appendix2Answers> = {
  high: answers(true),
  medium: { ...answers(false), appendix2_q6: null },
  low: answers(null),
};

export const amlPart: LargeBookPart = {
  name: 'aml',
  tables: ['organizations'],
  async seed(db) {
    const started = Date.now();
    const cases = (['high', 'medium', 'low'] as const).map((level, index) => {
      const template = TEMPLATES[level];
      const assessment = appendix2Assessment(template);
      const aml = {
        ...template,
        appendix2_total_score: assessment.appendix2_total_score,
        appendix2_risk_level: assessment.appendix2_risk_level,
        appendix2_reviewed_by: { user_id: null, user_name: 'Mary Byrne' },
      };
      const months = AML_REVIEW_MONTHS[level];
      return sql`WHEN ${index} THEN jsonb_build_object(
          'appendix2_reviewed_at', to_char(reviewed, 'YYYY-MM-DD"T"10:00:00.000"Z"'),
          'appendix2_next_review', to_char(reviewed + make_interval(months => ${months}), 'YYYY-MM-DD')
        ) || ${JSON.stringify(aml)}::jsonb`;
    });
    await db.execute(sql`
      WITH picked AS (
        SELECT id, abs(hashtext(id::text)) AS h FROM organizations
        WHERE deleted_at IS NULL AND aml = '{}'::jsonb
      ), chosen AS (
        SELECT id, (h % 3) AS level_index, DATE '2023-01-01' + (h % 1460)::int AS reviewed
        FROM picked WHERE (h / 3) % 3 <> 0
      )
      UPDATE organizations o SET aml = CASE chosen.level_index ${sql.join(cases, sql` `)} END
      FROM chosen WHERE o.id = chosen.id`);
    await db.execute(sql`
      UPDATE organizations SET
        aml_risk_level = aml->>'appendix2_risk_level',
        aml_next_review = (aml->>'appendix2_next_review')::date
      WHERE aml ? 'appendix2_risk_level' AND aml_risk_level IS NULL`);
    process.stdout.write(`aml: written (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  },
};
