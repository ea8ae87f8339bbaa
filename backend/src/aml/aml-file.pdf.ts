import type { Writable } from 'node:stream';
import {
  AML_FIELDS,
  APPENDIX2_POINTS,
  APPENDIX2_QUESTIONS,
  amlValue,
  appendix2Points,
  formatDate,
  formatDateTime,
  nationalityLabel,
} from '@registra/domain';
import type { AmlField, AmlRecord, Appendix2Question } from '@registra/domain';
import PDFDocument from 'pdfkit';

export interface AmlFileSubject {
  name: string;
  cro: string | null;
  aml: AmlRecord;
  /** The day the file shows the AML as it stood (from the history); today when absent. */
  asOf?: string;
}

const APPENDIX_TITLES = {
  appendix2: 'Appendix 2: Client risk assessment & KYC checklist',
  appendix3: 'Appendix 3: Individual client identity form',
  appendix4: 'Appendix 4: Corporate client identification form',
  appendix6: 'Appendix 6: Identification form for remote or overseas client',
} as const;

const RISK_COLOURS = { high: '#c0392b', medium: '#b7950b', low: '#1e8449' } as const;
const MUTED = '#52606d';

/** A stored value as the printed file reads it. */
function printed(field: AmlField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (field.type.kind) {
    case 'yesNo':
      return value === true ? 'Yes' : value === false ? 'No' : '—';
    case 'date':
      return formatDate(value as string) || '—';
    case 'multi':
      return (value as string[]).length ? (value as string[]).join(', ') : '—';
    case 'userSignature':
      return (value as { user_name?: string }).user_name || '—';
    default:
      // The appendix 6 nationality is typed free text: shown as a name ("irish" → "Irish").
      return field.name === 'nationality' ? nationalityLabel(String(value)) : String(value);
  }
}

/**
 * Writes the organization's AML file (the four appendices, the score, the level, the reviewer and
 * the dates) as a PDF into `out`, with pdfkit: no browser, streamed as it is laid out.
 */
export function writeAmlFile(subject: AmlFileSubject, out: Writable, now = new Date()): void {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `AML file: ${subject.name}`, Author: 'Registra' },
  });
  doc.pipe(out);
  const { aml } = subject;
  const width = doc.page.width - 100;

  doc.fontSize(18).font('Helvetica-Bold').text('AML file');
  doc.moveDown(0.3);
  doc.fontSize(13).text(subject.name);
  doc
    .fontSize(10)
    .font('Helvetica')
    .fillColor(MUTED)
    .text(`CRO number: ${subject.cro || '—'}    Printed: ${formatDateTime(now)}`);
  if (subject.asOf)
    doc.text(`As it stood on ${formatDate(subject.asOf)} (from the change history)`);
  doc.fillColor('black').moveDown();

  const level = aml.appendix2_risk_level as keyof typeof RISK_COLOURS | undefined;
  const score = aml.appendix2_total_score;
  const reviewer = aml.appendix2_reviewed_by as { user_name?: string } | undefined;
  doc.font('Helvetica-Bold').fontSize(11).text('Risk assessment');
  doc.font('Helvetica').fontSize(10);
  doc.text(`Total score: ${typeof score === 'number' ? score : '—'}`);
  doc
    .text('Risk level: ', { continued: true })
    .fillColor(level ? RISK_COLOURS[level] : 'black')
    .font('Helvetica-Bold')
    .text(level ? level.toUpperCase() : 'not assessed')
    .fillColor('black')
    .font('Helvetica');
  doc.text(`Reviewed by: ${reviewer?.user_name ?? '—'}`);
  doc.text(
    `Reviewed on: ${formatDateTime(aml.appendix2_reviewed_at as string | undefined) || '—'}`,
  );
  doc.text(`Next review: ${formatDate(aml.appendix2_next_review as string | undefined) || '—'}`);

  const section = (title: string) => {
    doc.moveDown();
    if (doc.y > doc.page.height - 150) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(12).text(title);
    doc
      .moveTo(50, doc.y + 2)
      .lineTo(50 + width, doc.y + 2)
      .strokeColor('#cbd2d9')
      .stroke();
    doc.moveDown(0.5).font('Helvetica').fontSize(10);
  };
  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true, width });
    doc.font('Helvetica').text(value, { width });
  };

  for (const appendix of ['appendix2', 'appendix3', 'appendix4', 'appendix6'] as const) {
    section(APPENDIX_TITLES[appendix]);
    for (const field of AML_FIELDS.filter((candidate) => candidate.appendix === appendix)) {
      const value = amlValue(aml, field);
      if (APPENDIX2_QUESTIONS.includes(field.name as Appendix2Question)) {
        const question = field.name as Appendix2Question;
        const points = appendix2Points(question, value as boolean | null);
        const { yes, no } = APPENDIX2_POINTS[question];
        line(
          `${question.replace('appendix2_', '').toUpperCase()}. ${field.label}`,
          `${printed(field, value)} (${points} point${points === 1 ? '' : 's'}; yes ${yes}, no ${no})`,
        );
      } else {
        line(field.label, printed(field, value));
      }
    }
  }
  doc.end();
}
