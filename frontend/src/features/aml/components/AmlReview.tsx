import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import {
  APPENDIX2_QUESTIONS,
  appendix2Assessment,
  formatDate,
  formatDateTime,
  isAmlReviewDue,
  riskLevelInWords,
  todayInDublin,
} from '@registra/domain';
import type { AmlRecord, Appendix2Answers, RiskLevel } from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { savedWords, useFileTransfers } from '../../../lib/files';
import { DateField } from '../../../components/DateField';
import { ReasonButton } from '../../../components/ReasonButton';

/** "high red, medium yellow, low green" */
export const RISK_BADGE: Readonly<Record<RiskLevel, { bg: string; text?: 'dark' }>> = {
  high: { bg: 'danger' },
  medium: { bg: 'warning', text: 'dark' },
  low: { bg: 'success' },
};

/** Appendix 2 never saved: neither a colour nor a level. */
const NOT_ASSESSED_BADGE = { bg: 'secondary', text: undefined };

/**
 * The score and level of the answers on screen (updated as they change; the server's value
 * replaces it on save), the last review and the next one (red once due), and the AML file. An
 * organization whose appendix 2 was never saved is "Not assessed" (neutral) until someone starts
 * answering it: a score of 0 is not a low risk anyone assessed.
 */
export function AmlReview({
  organizationId,
  values,
  stored,
}: {
  organizationId: string;
  values: AmlRecord;
  stored: AmlRecord;
}) {
  const transfers = useFileTransfers();
  const [downloading, setDownloading] = useState(false);
  // The file as it stood on a past day, for an inspector (from the change history).
  const [asOf, setAsOf] = useState('');
  const live = appendix2Assessment(values as Appendix2Answers);
  const assessed =
    typeof stored.appendix2_risk_level === 'string' ||
    APPENDIX2_QUESTIONS.some(
      (question) => (values[question] ?? null) !== (stored[question] ?? null),
    );
  const badge = assessed ? RISK_BADGE[live.appendix2_risk_level] : NOT_ASSESSED_BADGE;
  const nextReview = stored.appendix2_next_review as string | undefined;
  const reviewer = stored.appendix2_reviewed_by as { user_name?: string } | undefined;
  const due = Boolean(nextReview) && isAmlReviewDue(nextReview, todayInDublin());

  const download = async () => {
    setDownloading(true);
    try {
      toast.success(
        savedWords(
          await transfers.download(
            `/organization/${organizationId}/aml.pdf`,
            asOf ? { at: asOf } : {},
          ),
        ),
      );
    } catch (error) {
      toast.error(errorText(error, 'The AML file could not be downloaded.', 'code'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card className="mb-3">
      <Card.Body className="d-flex flex-wrap align-items-center gap-4">
        <div>
          <div className="text-muted small">Total score</div>
          <div className="fs-4 fw-semibold" data-testid="aml-total-score">
            {assessed ? live.appendix2_total_score : '—'}
          </div>
        </div>
        <div>
          <div className="text-muted small">Risk level</div>
          <Badge bg={badge.bg} text={badge.text} className="fs-6" data-testid="aml-live-risk-level">
            {riskLevelInWords(assessed ? live.appendix2_risk_level : null)}
          </Badge>
        </div>
        <div>
          <div className="text-muted small">Last review</div>
          <div>
            {stored.appendix2_reviewed_at
              ? `${formatDateTime(stored.appendix2_reviewed_at as string)}${reviewer?.user_name ? ` by ${reviewer.user_name}` : ''}`
              : 'Not reviewed yet'}
          </div>
        </div>
        <div>
          <div className="text-muted small">Next review</div>
          <div
            className={due ? 'text-danger fw-semibold' : undefined}
            data-testid="aml-next-review"
          >
            {nextReview ? formatDate(nextReview) : '—'}
            {due && ' (overdue)'}
          </div>
        </div>
        <div className="ms-auto d-flex flex-wrap align-items-end gap-2">
          <div style={{ width: '11rem' }}>
            <Form.Label htmlFor="aml-as-of" className="small text-muted mb-0">
              As it stood on (optional)
            </Form.Label>
            <DateField
              id="aml-as-of"
              label="As it stood on"
              size="sm"
              min="2000-01-01"
              max={todayInDublin()}
              value={asOf}
              onChange={setAsOf}
            />
          </div>
          <ReasonButton
            variant="outline-secondary"
            onClick={() => void download()}
            whyDisabled={downloading && 'Downloading…'}
          >
            {downloading && (
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
            )}
            Download AML file (PDF)
          </ReasonButton>
        </div>
      </Card.Body>
    </Card>
  );
}
