import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { FormattedDate } from './FormattedDate';

/**
 * A record page's header: the back arrow, the record's title and its 'Last updated' and
 * 'Created at' dates (dd/MM/yyyy) — people, company-creation requests, orders.
 */
export function RecordHeader({
  title,
  updatedAt,
  createdAt,
  onBack,
}: {
  title: ReactNode;
  updatedAt: string;
  createdAt: string;
  onBack: () => void;
}) {
  return (
    <div className="d-flex align-items-start gap-3 mb-3">
      <Button variant="light" aria-label="Back" title="Back" onClick={onBack}>
        <span aria-hidden="true">←</span>
      </Button>
      <div style={{ minWidth: 0 }}>
        <h1 className="record-title h3 mb-1">{title}</h1>
        <div className="text-muted small d-flex flex-wrap gap-3">
          <span>
            Last updated: <FormattedDate value={updatedAt} />
          </span>
          <span>
            Created at: <FormattedDate value={createdAt} />
          </span>
        </div>
      </div>
    </div>
  );
}
